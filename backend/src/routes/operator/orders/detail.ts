/**
 * One order for the operator: read with history and comments, edit the request data while on the check, comment
 * (spec core §7 Operator "GET and PUT {id}", "comment"; §4 "Operator actions"); the designed GET batch of several orders
 * (issue 14 defect 7).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { operatorCanEdit } from '@platform/domain/deal/permissions';
import { isOrderStatus } from '@platform/domain/deal/statuses';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../../db/schema/core.js';
import { operatorComments } from '../../../db/schema/deal.js';
import { orders, orderStatusHistory } from '../../../db/schema/orders.js';
import { refTnved } from '../../../db/schema/reference.js';
import { appendOrderEvents } from '../../../deal/order-events.js';
import { loadHistory } from '../../../deal/views.js';
import { MAX_COMMENT_LENGTH } from '../../../domain/deal/apply.js';
import { businessToday, isTnvedCodeShape, validateOrderInput, type OrderInput } from '../../../domain/orders.js';
import { AppError, MESSAGES } from '../../../errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { batchAnswer, OrderIdsQuery, OrderInputSchema } from '../../orders/schemas.js';
import { loadOperatorComments, loadOperOrders } from '../queries.js';
import { Type } from 'typebox';
import { BASE, TAGS, OperOrderSchema, OperOrderDetailSchema, IdParams, CommentBody, operOrder } from './schemas.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, RIGHT_ERRORS } from '../../schemas.js';

export default async function operatorOrderDetailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const view = app.requireRight('ORDERS_VIEW');
  const manage = app.requireRight('ORDERS_MANAGE');

  app.get(
    `${BASE}/:id`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary: 'One order, operator side (spec core §7 Operator "GET {id}"; §3 "Operator-side order row")',
        description:
          'The operator-side row with the request data, every partner order with offer details and bill, the unified ' +
          'history (ORDER, OFFER, PAYMENT rows with actor and comment) and `operatorComments` (every operator comment, newest first: ' +
          '`{ id, name, dateTimeCreate, comment }`, also the reject / close reasons). Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN / RIGHT_REQUIRED, 404 NOT_FOUND.',
        params: IdParams,
        response: {
          200: OperOrderDetailSchema,
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const o = await operOrder(db, id);
      return { ...o, history: await loadHistory(db, id), operatorComments: await loadOperatorComments(db, id) };
    },
  );

  app.get(
    `${BASE}/batch`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary: 'Several orders, operator side, in one call (designed; issue 14 defect 7)',
        description:
          '`?ids=1&ids=2…`: 1–100 distinct order ids. Answers `{ items: Array<detail | null> }`, one entry per id in request ' +
          'order: each exactly as GET {id} answers it (operator-side row, history, operatorComments), or null where GET {id} ' +
          'would be 404 (no such order). Errors: 400 VALIDATION_ERROR (ids missing, empty, over 100, repeated, not positive ' +
          'integers), 401 UNAUTHORIZED, 403 FORBIDDEN / RIGHT_REQUIRED (ORDERS_VIEW).',
        querystring: OrderIdsQuery,
        response: {
          200: batchAnswer(OperOrderDetailSchema),
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'] }),
        },
      },
    },
    async (request) => {
      const { ids } = request.query;
      // The rows in one query set (as the list loads them), then each order's history and comments as GET {id} does.
      const rows = new Map((await loadOperOrders(db, ids)).map((o) => [o.orderId, o]));
      const items = [];
      for (const id of ids) {
        const o = rows.get(id);
        items.push(
          o ? { ...o, history: await loadHistory(db, id), operatorComments: await loadOperatorComments(db, id) } : null,
        );
      }
      return { items };
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      preHandler: manage,
      schema: {
        tags: TAGS,
        summary:
          'Edit the request data while it is checked (spec core §7 Operator "PUT {id}"; §4 "Operator actions: edit")',
        description:
          "Body: OrderInput, the same rules as the client's create (spec core §3, §5: required fields, decimal amount, ISO codes, " +
          'SWIFT, TN VED from the directory, payment dates not in the past and From ≤ To, comment ≤ 2000). `fileIds` is ignored: the files ' +
          "stay the client's. Only in VALIDATION or IN_VALIDATION; written with compare-and-set on the order version and recorded in the " +
          "history (status unchanged, comment 'Данные заявки изменены оператором'). Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, " +
          '403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID, 404 NOT_FOUND, 409 INVALID_STATE (already sent to agents or ended) / CONFLICT (changed meanwhile).',
        params: IdParams,
        body: OrderInputSchema,
        response: {
          200: OperOrderSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['BIK_INVALID', 'BIK_NOT_FOUND', 'CORR_ACCOUNT_INVALID'],
            404: ['COMPANY_NOT_FOUND', 'REQUISITE_NOT_FOUND'],
            409: ['REQUISITE_DUPLICATE'],
          }),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE'],
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = request.user as AuthUser;
      const input = request.body;
      if (typeof (input.amount as { cost?: unknown })?.cost === 'number') {
        throw AppError.validation([
          { field: 'amount.cost', code: 'WRONG_TYPE', message: 'Сумма передаётся строкой, например "12500.00"' },
        ]);
      }
      const now = app.clock.now();
      await db.transaction(async (tx) => {
        const [cur] = await tx
          .select({ status: orders.status, version: orders.version })
          .from(orders)
          .where(eq(orders.id, id));
        if (!cur) throw AppError.notFound('Заявка не найдена');
        if (!isOrderStatus(cur.status) || !operatorCanEdit(cur.status)) {
          throw AppError.conflict('Заявку можно изменить только на проверке', 'INVALID_STATE');
        }
        const tnvedCode = typeof input.tnvedCode === 'string' ? input.tnvedCode.trim() : '';
        let tnvedKnown: boolean | undefined;
        if (isTnvedCodeShape(tnvedCode)) {
          const [row] = await tx
            .select({ code: refTnved.code })
            .from(refTnved)
            .where(eq(refTnved.code, tnvedCode))
            .limit(1);
          tnvedKnown = !!row;
        }
        // The schema checks shapes (strings); the rule checks the values, each error with its own code (core §5).
        const { errors: errs, value: v } = validateOrderInput({ ...input, fileIds: [] } as Partial<OrderInput>, {
          today: businessToday(now),
          tnvedKnown,
        });
        if (errs.length || !v)
          throw AppError.validation(errs, errs.length === 1 ? errs[0].message : MESSAGES.validation);
        const rows = await tx
          .update(orders)
          .set({
            paymentType: v.paymentType,
            amount: v.amount,
            currency: v.currency,
            countryCode: v.countryCode,
            city: v.city,
            bankName: v.bankName,
            swift: v.swift,
            tnvedCode: v.tnvedCode,
            goodsLocation: v.goodsLocation,
            paymentDateFrom: v.paymentDateFrom,
            paymentDateTo: v.paymentDateTo,
            comment: v.comment,
            version: sql`${orders.version} + 1`,
          })
          .where(and(eq(orders.id, id), eq(orders.version, cur.version)))
          .returning({ id: orders.id });
        if (rows.length !== 1) throw AppError.conflict('Статус заявки уже изменился, обновите страницу', 'CONFLICT');
        await tx.insert(orderStatusHistory).values({
          orderId: id,
          entity: 'ORDER',
          entityId: id,
          fromStatus: cur.status,
          toStatus: cur.status,
          byUserId: user.id,
          actorRole: 'OPER',
          at: now,
          comment: 'Данные заявки изменены оператором',
        });
      });
      return operOrder(db, id);
    },
  );

  app.post(
    `${BASE}/:id/comment`,
    {
      preHandler: manage,
      schema: {
        tags: TAGS,
        summary: 'Comment on an order (spec core §7 Operator "comment"; §4 "Operator actions: comment")',
        description:
          "Body `{ comment }` (1–2000 characters after trimming). Any status. The newest comment is the order's lastOperComment. " +
          'Answers 201 `{ id, name, dateTimeCreate, comment }`. Errors: 400 VALIDATION_ERROR (COMMENT_REQUIRED, MAX_LENGTH), 401 UNAUTHORIZED, ' +
          '403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID, 404 NOT_FOUND.',
        params: IdParams,
        body: CommentBody,
        response: {
          201: Type.Object({
            id: Type.Integer(),
            name: Type.String(),
            dateTimeCreate: Type.String(),
            comment: Type.String(),
          }),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const text = request.body.comment.trim();
      if (!text)
        throw AppError.validation(
          [{ field: 'comment', code: 'COMMENT_REQUIRED', message: 'Укажите комментарий' }],
          'Укажите комментарий',
        );
      if (text.length > MAX_COMMENT_LENGTH)
        throw AppError.validation(
          [{ field: 'comment', code: 'MAX_LENGTH', message: 'Превышен лимит символов' }],
          'Превышен лимит символов',
        );
      const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      if (!exists) throw AppError.notFound('Заявка не найдена');
      const user = request.user as AuthUser;
      const now = app.clock.now();
      const row = await db.transaction(async (tx) => {
        const [c] = await tx
          .insert(operatorComments)
          .values({ orderId: id, authorUserId: user.id, text, createdAt: now })
          .returning({ id: operatorComments.id });
        // Live order events (issue 12): the comment, in the same transaction.
        await appendOrderEvents(tx, id, [{ type: 'COMMENT_ADDED', entityId: c.id }], now);
        return c;
      });
      const [u] = await db
        .select({ name: users.name, surname: users.surname })
        .from(users)
        .where(eq(users.id, user.id));
      return reply.status(201).send({
        id: row.id,
        name: [u.surname, u.name].filter(Boolean).join(' '),
        dateTimeCreate: now.toISOString(),
        comment: text,
      });
    },
  );
}
