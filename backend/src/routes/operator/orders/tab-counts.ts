/**
 * POST /api/secured/oper/order/exch/tab-counts — the number of orders in every operator tab (new, work, deals,
 * results, all; ../queries.ts module header) for the list's filters, in one call and one SQL statement (issue 15),
 * instead of one POST …/filter/count per tab. Status counters when the filter allows (at most one of client, employee
 * and payment agent, no number), else one `GROUP BY status` over the matching orders. Rights as …/filter/count.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { operTabCounts } from '../queries.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, RIGHT_ERRORS } from '../../schemas.js';
import { BASE, TAGS, TabCountsBody, filterOf } from './schemas.js';

/** The answer: one non-negative integer per operator tab. */
export const OperTabCountsSchema = Type.Object(
  {
    new: Type.Integer({ minimum: 0, description: 'Orders in the tab "new": VALIDATION' }),
    work: Type.Integer({ minimum: 0, description: 'Orders in the tab "work": IN_VALIDATION, ACTIVE' }),
    deals: Type.Integer({
      minimum: 0,
      description: 'Orders in the tab "deals": OFFER_ACCEPTED, PAYMENT_CHECKING, EXECUTING',
    }),
    results: Type.Integer({ minimum: 0, description: 'Orders in the tab "results": EXECUTED, REJECTED, CANCELED' }),
    all: Type.Integer({ minimum: 0, description: 'Every order matching the filters' }),
  },
  { description: 'Number of orders per operator tab for the filters (issue 15)' },
);

export default async function operatorTabCountsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  app.post(
    `${BASE}/tab-counts`,
    {
      preHandler: app.requireRight('ORDERS_VIEW'),
      schema: {
        tags: TAGS,
        summary: 'Number of orders in every operator tab at once (spec core §7 Operator "Orders: count"; issue 15)',
        description:
          'Body as .../filter/count without `tab` and `pageable`: `{ statuses?, id?, client?, employee?, partner? }` → ' +
          '`{ new, work, deals, results, all }`, what POST .../filter/count answers with each `tab` and the same filters, ' +
          'in one call and one grouped query. Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN (not an ' +
          'operator) / RIGHT_REQUIRED / CSRF_INVALID.',
        body: TabCountsBody,
        response: { 200: OperTabCountsSchema, ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS) },
      },
    },
    async (request) => operTabCounts(db, filterOf(request.body)),
  );
}
