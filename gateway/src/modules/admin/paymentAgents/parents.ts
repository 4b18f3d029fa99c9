/**
 * Parent shapes of the payment agent types (issue 10), read by gateway/scripts/codegen.mjs (`// mapper: <GraphQLType>`).
 * A payment agent is a list row of POST /api/secured/oper/partners/filter and/or the card of
 * GET /api/secured/oper/partners/{id}; card-only fields load the card (once per operation) when only the row is known.
 */
import type { AnswerOf, ItemOf } from '../../../rest/openapi.js';

/** A list row of the backend. */
export type PaymentAgentRow = ItemOf<AnswerOf<'POST', '/api/secured/oper/partners/filter'>['content']>;
/** The card of the backend. */
export type PaymentAgentCard = AnswerOf<'GET', '/api/secured/oper/partners/{id}'>;

/** A payment agent: its company id with the list row, the card, or both. */
// mapper: PaymentAgent
export type PaymentAgentParent = { id: number; row?: PaymentAgentRow; card?: PaymentAgentCard };

/** A payment company of the card. */
// mapper: PaymentAgentPaymentCompany
export type PaymentAgentPaymentCompanyParent = ItemOf<PaymentAgentCard['paymentCompanies']>;
