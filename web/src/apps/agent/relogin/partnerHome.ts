/** Where a referral partner returns from a re-logged session (spec core §2 agent area entry). */
export const PARTNER_HOME = '/agent/fea';
