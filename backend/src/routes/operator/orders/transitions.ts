/**
 * The operator's deal transitions (spec core §4 "Deal flow", exits; §7 Operator "take", "reject", "partners/send",
 * "pay-checks confirm" and the designed "close"): each goes through deal/repository.ts runTransition.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, partnerOrders } from '../../../db/schema/orders.js';
import { type DealAction } from '@platform/domain/deal/rules';
import { AppError } from '../../../errors.js';
import { Type } from 'typebox';
import { BASE, TAGS, Nullable, OperOrderSchema, IdParams, OptionalCommentBody, operTransition } from './schemas.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, RIGHT_ERRORS } from '../../schemas.js';

export default async function operatorOrderTransitionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const manage = app.requireRight('ORDERS_MANAGE');

  const simple: Array<{
    path: string;
    action: DealAction;
    summary: string;
    description: string;
    comment: 'required' | 'optional';
  }> = [
    {
      path: 'take',
      action: 'OPER_TAKE',
      comment: 'optional',
      summary: 'Take an order for checking (spec core §7 Operator "take"): VALIDATION → IN_VALIDATION',
      description:
        'The caller becomes the validator. Body `{ comment? }` optional. Errors: 401 UNAUTHORIZED, 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID, 404 NOT_FOUND, ' +
        '409 INVALID_STATE (not in VALIDATION, e.g. already taken) / CONFLICT (taken at the same moment by another operator).',
    },
    {
      path: 'reject',
      action: 'OPER_REJECT',
      comment: 'required',
      summary:
        'Reject an order with a comment (spec core §7 Operator "reject"; §4 exits): VALIDATION | IN_VALIDATION → REJECTED',
      description:
        "Body `{ comment }` required (the reason; it becomes lastOperComment and the client sees 'Отклонена сервисом'). Once the order " +
        'went to agents use .../close. Errors: 400 COMMENT_REQUIRED / COMMENT_TOO_LONG, 401, 403 (RIGHT_REQUIRED without the right), 404, 409 INVALID_STATE / CONFLICT.',
    },
    {
      path: 'close',
      action: 'OPER_CLOSE',
      comment: 'required',
      summary:
        'Close an order with a comment (designed; spec core §4 exits "the operator closes with a comment"): ACTIVE … EXECUTING → REJECTED',
      description:
        "Body `{ comment }` required. Every open offer becomes REFUSE_OPER ('Отклонена сервисом' to the agent), open bills are archived. " +
        'Errors: 400 COMMENT_REQUIRED / COMMENT_TOO_LONG, 401, 403 (RIGHT_REQUIRED without the right), 404, 409 INVALID_STATE (still on the check: use reject; or ended) / CONFLICT.',
    },
  ];
  for (const s of simple) {
    app.post(
      `${BASE}/:id/${s.path}`,
      {
        preHandler: manage,
        schema: {
          tags: TAGS,
          summary: s.summary,
          description: s.description,
          params: IdParams,
          body:
            s.comment === 'required'
              ? Type.Object({ comment: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))) })
              : OptionalCommentBody,
          response: {
            200: OperOrderSchema,
            ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
              400: ['COMMENT_REQUIRED', 'COMMENT_TOO_LONG', 'PARTNERS_REQUIRED', 'PARTNER_UNKNOWN'],
              404: ['NOT_FOUND'],
              409: ['CONFLICT', 'INVALID_STATE', 'PARTNER_ALREADY_SENT', 'PARTNER_REFUSED', 'PAYMENT_NOT_FOUND'],
            }),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const comment = request.body?.comment ?? null;
        return operTransition(app, request, id, s.action, { comment });
      },
    );
  }

  // POST …/:id/partners/send lives in ./partners.ts (scoring, fit and overrides; issue 10, helper "agents").

  app.post(
    `${BASE}/:id/pay-checks/confirm`,
    {
      preHandler: manage,
      schema: {
        tags: TAGS,
        summary:
          'Confirm the client\'s payment (spec core §7 Operator "pay-checks confirm"): PAYMENT_CHECKING → EXECUTING',
        description:
          'The operator confirms receipt of the payment in place of the agent (transitions.ts decision 9): the order and the accepted ' +
          'offer become EXECUTING, the bill CHECK_PAYMENT → PAYMENT_CONFIRMED. Body `{ comment? }`. Errors: 401, 403 (RIGHT_REQUIRED without the right), 404, 409 INVALID_STATE ' +
          '(the client has not marked the payment made) / PAYMENT_NOT_FOUND / CONFLICT.',
        params: IdParams,
        body: OptionalCommentBody,
        response: {
          200: OperOrderSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE', 'PAYMENT_NOT_FOUND'],
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [po] = await db
        .select({ id: partnerOrders.id })
        .from(partnerOrders)
        .where(and(eq(partnerOrders.orderId, id), eq(partnerOrders.status, 'PAYMENT_CHECKING')));
      if (!po) {
        const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
        if (!o) throw AppError.notFound('Заявка не найдена');
        throw AppError.conflict('Нет оплаты, ожидающей подтверждения', 'INVALID_STATE');
      }
      const comment = request.body?.comment ?? null;
      return operTransition(app, request, id, 'PARTNER_CONFIRM_PAYMENT', { partnerOrderId: po.id, comment });
    },
  );
}
