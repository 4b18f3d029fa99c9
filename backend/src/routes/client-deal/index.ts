/**
 * The client's deal calls (issue 3; designed in the style of spec core §7 Client, whose deal paths are "not shown"):
 *
 *   GET    /api/secured/client/order/exch/{id}/offers                              offers (details hidden per §4)
 *   POST   /api/secured/client/order/exch/{id}/offers/{partnerOrderId}/accept      §4 step 4 → order OFFER_ACCEPTED
 *   GET    /api/secured/client/order/exch/{id}/offer/docs | /offer/final-docs      documents the agent SENT (or confirmed)
 *   GET    /api/secured/client/order/exch/{id}/offer/documents/{docId}/content     download one of them
 *   GET    /api/secured/client/order/exch/{id}/offers/{partnerOrderId}/sample-contract  the offer's sample contract
 *   POST   /api/secured/client/order/exch/{id}/offer/{docs|final-docs}/{docId}/sign  qualified signature of one sent document (issue 8)
 *   POST   /api/secured/client/order/exch/{id}/offer/docs/confirm                  §4 step 5 → offer ACCEPTED_OFFER_DOCS
 *   GET    /api/secured/client/order/exch/{id}/pay-checks/active                   the bill to pay (§4 step 6)
 *   POST   /api/secured/client/order/exch/{id}/payment/made                        §4 step 7 → PAYMENT_CHECKING
 *   POST   /api/secured/client/order/exch/{id}/offer/final-docs/confirm            §4 step 9 → EXECUTED
 *   DELETE /api/secured/client/order/exch/{id}                                     §7 "DELETE {id}": cancel → CANCELED
 *   GET    /api/secured/client/order/exch/{id}/history                             the order's history as the client sees it
 *   GET    /api/secured/client/order/exch/tab-counts                               every client tab's count at once (issue 15)
 *
 * Role CLIENT, own company only: another company's order answers 404 like a missing one (spec core §6). Where the
 * agent requires a signature (partnerSignRequired; spec core §4 steps 5 and 9 "client signs or confirms") every sent
 * document must carry the client's qualified electronic signature (…/{docId}/sign, verified against the client's
 * company: verification/signatures.ts) before the confirmation call (409 SIGNATURE_REQUIRED otherwise); without it the
 * confirmation alone is enough. Transitions go through deal/repository.ts runTransition (compare-and-set, history).
 *
 * By concern: offers.ts (offers, accept, sample contract), documents.ts (lists, download, sign, confirm), payment.ts
 * (bill, payment made), order.ts (cancel, history), tab-counts.ts (the list's tab counts); schemas.ts holds the deal view and the shared helpers.
 */
import type { FastifyInstance } from 'fastify';
import documents from './documents.js';
import offers from './offers.js';
import order from './order.js';
import payment from './payment.js';
import tabCounts from './tab-counts.js';

export { SIGNATURE_REQUIRED } from './schemas.js';

export default async function clientDealRoutes(app: FastifyInstance): Promise<void> {
  // Calls whose body is optional (`{ comment? }`) may come without one: validate it as `{}` (these routes only).
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  for (const routes of [offers, documents, payment, order, tabCounts]) await app.register(routes);
}
