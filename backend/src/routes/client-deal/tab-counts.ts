/**
 * GET /api/secured/client/order/exch/tab-counts — the number of the company's requests in each client tab (spec core §4
 * "Client tabs": current, completed, cancelled) in one call and one grouped query (issue 15), instead of one
 * POST …/filter/count per tab. Role CLIENT, own company only.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { clientTabCounts } from '../../deal/tab-counts.js';
import { AppError } from '../../errors.js';
import { errorResponses, ROLE_ERRORS } from '../schemas.js';
import { BASE } from './schemas.js';

/** The answer: one non-negative integer per client tab. */
export const ClientTabCountsSchema = Type.Object(
  {
    current: Type.Integer({
      minimum: 0,
      description:
        'Requests in the tab "Текущие": VALIDATION, IN_VALIDATION, ACTIVE, OFFER_ACCEPTED, EXECUTING, PAYMENT_CHECKING',
    }),
    completed: Type.Integer({ minimum: 0, description: 'Requests in the tab "Завершённые": EXECUTED' }),
    cancelled: Type.Integer({ minimum: 0, description: 'Requests in the tab "Отменённые": CANCELED, REJECTED' }),
  },
  { description: "Number of the company's requests per client tab (spec core §4)" },
);

export default async function clientTabCountsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  app.get(
    `${BASE}/tab-counts`,
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: ['client-orders'],
        summary: "Number of the company's requests in every client tab at once (spec core §4 client tabs; issue 15)",
        description:
          "Answers `{ current, completed, cancelled }`: what POST .../filter/count answers for each tab's `statuses`, in one " +
          "call and one grouped query. Only the caller's company's requests. Errors: 401 UNAUTHORIZED, 403 FORBIDDEN.",
        response: { 200: ClientTabCountsSchema, ...errorResponses(ROLE_ERRORS) },
      },
    },
    async (request) => {
      const companyId = request.user?.companyId;
      if (!companyId) throw AppError.forbidden(); // a client without a company sees nothing (as …/filter/count)
      return clientTabCounts(db, companyId);
    },
  );
}
