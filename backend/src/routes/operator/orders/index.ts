/**
 * The operator's order calls (spec core §7 Operator "Orders: exch filter, count, GET and PUT {id}, comment, take,
 * reject, partners, partners/send, partner doc example and offer docs, pay-checks confirm"; "GET /partners/active"),
 * and the designed `close` (spec core §4 exits: "the operator rejects or closes with a comment"), by concern:
 *
 *   list.ts          filter, filter/count
 *   tab-counts.ts    tab-counts (every tab's count in one call, issue 15)
 *   detail.ts        GET / PUT {id}, comment
 *   transitions.ts   take, reject, close, partners/send, pay-checks/confirm
 *   partners.ts      partners/active, {id}/partners
 *   documents.ts     doc example, offer docs, document and file downloads, payment company of a bill
 *   schemas.ts       the operator-side order and shared schemas, operOrder / operTransition
 *
 * Role OPER only (spec core §6: operators see every order). Transitions go through deal/repository.ts runTransition
 * (compare-and-set, history); tabs and filters are defined in ../queries.ts.
 */
import type { FastifyInstance } from 'fastify';
import detail from './detail.js';
import documents from './documents.js';
import list from './list.js';
import partners from './partners.js';
import tabCounts from './tab-counts.js';
import transitions from './transitions.js';

export { OperCommentSchema, OperOrderSchema } from './schemas.js';

export default async function operatorOrderRoutes(app: FastifyInstance): Promise<void> {
  // Calls whose body is optional (`{ comment? }`) may come without one: validate it as `{}` (these routes only).
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  for (const routes of [list, tabCounts, detail, transitions, partners, documents]) await app.register(routes);
}
