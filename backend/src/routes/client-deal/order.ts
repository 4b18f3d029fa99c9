/** Cancel the order (spec core §7 Client "DELETE {id}") and its history as the client sees it. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { runTransition } from '../../deal/repository.js';
import { HistoryEntrySchema, loadHistory } from '../../deal/views.js';
import { HIDDEN_DETAILS_OFFER_STATUSES } from '@platform/domain/deal/display';
import type { OfferStatus } from '@platform/domain/deal/statuses';
import type { AuthUser } from '../../plugins/auth.js';
import { BASE, TAGS, IdParams, OptionalComment, ClientDealSchema, ownOrder, clientDeal } from './schemas.js';
import { errorResponses, CSRF_ERRORS, ROLE_ERRORS } from '../schemas.js';

export default async function clientOrderLifecycleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const client = app.requireRole('CLIENT');

  app.delete(
    `${BASE}/:id`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          'Cancel the request (spec core §7 Client "DELETE order/exch/{id}"; §4 exits "the client cancels") → CANCELED',
        description:
          'Allowed until the client marks the payment made (VALIDATION, IN_VALIDATION, ACTIVE, OFFER_ACCEPTED); every open offer ' +
          "becomes REFUSE_OPER (the agent sees 'Отказ клиента'), open bills are archived. The order is kept (status CANCELED), not erased. " +
          'Optional body `{ comment }`. Errors: 400, 401, 403 FORBIDDEN / CSRF_INVALID, 404 NOT_FOUND, 409 INVALID_STATE (payment made: only the ' +
          'operator can close it now) / CONFLICT.',
        params: IdParams,
        body: OptionalComment,
        response: {
          200: ClientDealSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['COMPANY_NOT_FOUND', 'REQUISITE_NOT_FOUND'],
          }),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE'],
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await ownOrder(db, request, id);
      const comment = request.body?.comment ?? null;
      await runTransition(db, {
        action: 'CLIENT_CANCEL',
        actor: request.user as AuthUser,
        orderId: id,
        comment,
        now: app.clock.now(),
      });
      return clientDeal(db, request, id);
    },
  );

  app.get(
    `${BASE}/:id/history`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'History of the request as the client sees it (designed; issue 3 "recorded in a history")',
        description:
          'Oldest first: every ORDER and PAYMENT row, and OFFER rows whose new status is visible to the client (not ALLOWED, ' +
          'IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER, spec core §4). The acting user is not shown (only the role); ' +
          "comments only on ORDER rows (e.g. the operator's rejection reason). Errors: 400, 401, 403, 404 NOT_FOUND.",
        params: IdParams,
        response: {
          200: Type.Array(HistoryEntrySchema),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await ownOrder(db, request, id);
      const all = await loadHistory(db, id);
      return all
        .filter((h) => h.entity !== 'OFFER' || !HIDDEN_DETAILS_OFFER_STATUSES.includes(h.to as OfferStatus))
        .map((h) => ({ ...h, actor: null, comment: h.entity === 'ORDER' ? h.comment : null }));
    },
  );
}
