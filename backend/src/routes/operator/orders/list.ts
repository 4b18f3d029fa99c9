/** The operator's order list: page and count by tab and filters (spec core §7 Operator "Orders: exch filter, count"; §9). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  countOperOrders,
  countOperOrdersByStatus,
  loadOperOrders,
  operStatusesOf,
  pageOperOrderIds,
} from '../queries.js';
import { Type } from 'typebox';
import { BASE, TAGS, OperOrderSchema, FilterBody, filterOf } from './schemas.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, RIGHT_ERRORS } from '../../schemas.js';

export default async function operatorOrderListRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const view = app.requireRight('ORDERS_VIEW');

  app.post(
    `${BASE}/filter`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary: 'Page of orders for the operator (spec core §7 Operator "Orders: exch filter"; §9 page size 10)',
        description:
          'Body `{ pageable, tab?, statuses?, id?, client?, employee?, partner? }`. Tabs: new = VALIDATION; work = IN_VALIDATION, ' +
          'ACTIVE; deals = OFFER_ACCEPTED, PAYMENT_CHECKING, EXECUTING; results = EXECUTED, REJECTED, CANCELED; all. `client` numeric = INN ' +
          'prefix, else name words; `employee` = validator user id; `partner` = payment agent company id. Default order created DESC. ' +
          'Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN (not an operator) / RIGHT_REQUIRED / CSRF_INVALID.',
        body: FilterBody,
        response: {
          200: Type.Object({
            content: Type.Array(OperOrderSchema),
            totalElements: Type.Integer(),
            page: Type.Integer(),
            pageSize: Type.Integer(),
            last: Type.Boolean(),
          }),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const f = filterOf(body);
      const page = body.pageable?.page ?? 0;
      const pageSize = body.pageable?.pageSize ?? 10;
      const sort = (body.pageable?.sortFields ?? []).map((s) => ({
        field: s.field,
        direction: s.direction ?? ('DESC' as const),
      }));
      // one count per status (status counters: issue 15), summed for the total; with a client, employee or payment
      // agent filter it also tells the page which statuses hold no match (not walked), else both run at once
      const narrowed = f.partner !== undefined || f.employee !== undefined || !!f.client?.trim();
      const counting = countOperOrdersByStatus(db, f, operStatusesOf(f));
      const [byStatus, pageIds] = narrowed
        ? await counting.then(async (c) => [c, await pageOperOrderIds(db, f, sort, page, pageSize, c)] as const)
        : await Promise.all([counting, pageOperOrderIds(db, f, sort, page, pageSize)]);
      let total = 0;
      for (const n of byStatus.values()) total += n;
      const content = await loadOperOrders(db, pageIds);
      return { content, totalElements: total, page, pageSize, last: (page + 1) * pageSize >= total };
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary: 'Number of orders for the operator (spec core §7 Operator "Orders: count")',
        description:
          'Body as .../filter (pageable ignored) → `{ count }`. Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID.',
        body: FilterBody,
        response: {
          200: Type.Object({ count: Type.Integer() }),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => ({ count: await countOperOrders(db, filterOf(request.body)) }),
  );
}
