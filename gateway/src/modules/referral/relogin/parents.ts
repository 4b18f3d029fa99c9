/**
 * Parent shapes of the re-login, requests and commissions region (issue 11); gateway/scripts/codegen.mjs reads the
 * `mapper:` lines. The rows are the backend's answers (docs/rest-api.md "Re-login, requests and commissions").
 */
import type { AnswerOf } from '../../../rest/openapi.js';

type OrderPage = AnswerOf<'POST', '/api/secured/agent/order/exch/filter'>;
type CommissionPage = AnswerOf<'GET', '/api/secured/agent/commissions'>;

/** A request of the partner's client: a row of the list, or the card with `documents`. */
// mapper: ReferralOrder
export type ReferralOrderParent = OrderPage['content'][number] & {
  documents?: AnswerOf<'GET', '/api/secured/agent/order/exch/{id}'>['documents'];
};

/** One commission row. */
// mapper: ReferralCommission
export type ReferralCommissionParent = CommissionPage['content'][number];
