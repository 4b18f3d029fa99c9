/**
 * Parent shapes of the referral partner types (issue 10), read by gateway/scripts/codegen.mjs
 * (`// mapper: <GraphQLType>`). A partner is a row of POST /api/secured/oper/agents/filter, or the card of
 * GET /api/secured/oper/agents/{id} (which has every list field too); card-only fields load the card when the parent is
 * a list row.
 */
import type { AnswerOf, ItemOf } from '../../../rest/openapi.js';

/** A list row of the backend. */
export type ReferralPartnerRow = ItemOf<AnswerOf<'POST', '/api/secured/oper/agents/filter'>['content']>;
/** The card of the backend. */
export type ReferralPartnerCard = AnswerOf<'GET', '/api/secured/oper/agents/{id}'>;

/** A referral partner: a list row, or the card. */
// mapper: ReferralPartner
export type ReferralPartnerParent = ReferralPartnerRow & Partial<ReferralPartnerCard>;

/** A document of the backend with the id of its partner (for the global id and the download path). */
// mapper: ReferralPartnerDocument
export type ReferralPartnerDocumentParent = ItemOf<AnswerOf<'GET', '/api/secured/oper/agents/{id}/documents'>> & {
  partnerId: number;
};
