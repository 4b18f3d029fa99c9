/**
 * The operator's order calls (spec core §7 Operator "Orders: exch filter, count, GET and PUT {id}, comment, take,
 * reject, partners, partners/send, partner doc example and offer docs, pay-checks confirm"; "GET /partners/active"),
 * and the designed `close` (spec core §4 exits: "the operator rejects or closes with a comment").
 *
 * Role OPER only (spec core §6: operators see every order). Transitions go through deal/repository.ts runTransition
 * (compare-and-set, history); tabs and filters are defined in ./queries.ts.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { companies, users } from '../../db/schema/core.js';
import { dealDocuments, operatorComments, payChecks } from '../../db/schema/deal.js';
import { orders, orderStatusHistory, partnerOrders, storedFiles } from '../../db/schema/orders.js';
import { refTnved } from '../../db/schema/reference.js';
import { partnerCurrencySettings, partnerLimits, partnerProfiles } from '../../db/schema/partner.js';
import { runTransition } from '../../deal/repository.js';
import {
  DocumentSchema,
  HistoryEntrySchema,
  loadDocuments,
  loadHistory,
  loadPaymentCompany,
  PartnerOrderViewSchema,
  PaymentCompanyObjectSchema,
} from '../../deal/views.js';
import { MAX_COMMENT_LENGTH } from '../../domain/deal/apply.js';
import { compareDecimal } from '@platform/domain/deal/money';
import { isOpenOffer, type OfferStatus } from '@platform/domain/deal/statuses';
import { type DealAction } from '@platform/domain/deal/rules';
import { businessToday, isTnvedCodeShape, validateOrderInput, type OrderInput } from '../../domain/orders.js';
import { type OrderStatus } from '@platform/domain/deal/statuses';
import { AppError, MESSAGES } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { OrderFileParams, OrderInputSchema, OrderSchema, OrderStatusSchema } from '../orders/schemas.js';
import { sendStoredFile } from '../../files/storage.js';
import { ErrorSchema } from '../schemas.js';
import {
  countOperOrders,
  loadOperatorComments,
  loadOperOrders,
  OPER_SORT_FIELDS,
  OPER_TABS,
  pageOperOrderIds,
  type OperFilter,
  type OperSortField,
  type OperTab,
} from './queries.js';

const BASE = '/api/secured/oper/order/exch';
const TAGS = ['operator-orders'];

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});

/** Operator-side order (spec core §3 "Operator-side order row") plus the request data. */
export const OperOrderSchema = Type.Object({
  orderId: Type.Integer(),
  clientId: Type.Integer({ description: 'Client company id' }),
  clientName: Type.String({ description: 'Short name of the client company' }),
  inn: Type.String(),
  dateTimeCreate: Type.String({ description: 'UTC ISO 8601' }),
  lastOperComment: Nullable(
    Type.Object({ name: Type.String(), dateTimeCreate: Type.String(), comment: Type.String() }),
    'The latest operator comment (also reject/close reasons)',
  ),
  partnerOrders: Type.Array(PartnerOrderViewSchema, {
    description: 'Payment agents the order was sent to, with offer details and bill (never hidden to the operator)',
  }),
  status: OrderStatusSchema,
  statusDate: Type.String(),
  validator: Nullable(
    Type.Object({
      userId: Type.Integer(),
      name: Type.String(),
      surname: Type.String(),
      patronymic: Nullable(Type.String()),
      email: Type.String(),
    }),
    'The operator who took the check',
  ),
  displayStatus: Type.Object(
    { code: Type.String(), label: Type.String() },
    {
      description:
        'Operator-facing display status (spec core §4): ON_REVIEW, OFFER, or the order / leading offer status',
    },
  ),
  order: OrderSchema,
});

/** One operator comment (the shape of lastOperComment, with its id). */
export const OperCommentSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Comment id' }),
    name: Type.String({ description: 'Author: "Surname Name"' }),
    dateTimeCreate: Type.String({ description: 'UTC ISO 8601' }),
    comment: Type.String(),
  },
  { description: 'An operator comment on an order (spec core §4 "Operator actions: comment")' },
);

const OperOrderDetailSchema = Type.Intersect([
  OperOrderSchema,
  Type.Object({
    history: Type.Array(HistoryEntrySchema),
    operatorComments: Type.Array(OperCommentSchema, {
      description: 'Every operator comment of the order, newest first (plain comments and reject / close reasons)',
    }),
  }),
]);

const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Order id' }),
});
const CommentBody = Type.Object({
  comment: Type.String({ maxLength: 4000, description: `Comment, 1–${MAX_COMMENT_LENGTH} characters after trimming` }),
});
const OptionalCommentBody = Type.Object(
  { comment: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))) },
  { description: 'Optional body; may be omitted' },
);

const filterProps = {
  tab: Type.Optional(
    Type.Union(
      OPER_TABS.map((t) => Type.Literal(t)),
      {
        description:
          'new = VALIDATION; work = IN_VALIDATION, ACTIVE; deals = OFFER_ACCEPTED, PAYMENT_CHECKING, EXECUTING; results = EXECUTED, REJECTED, CANCELED; all (default)',
      },
    ),
  ),
  statuses: Type.Optional(Type.Array(OrderStatusSchema, { description: 'Further restrict to these order statuses' })),
  id: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 40 })], {
      description: 'Order number; applied only when numeric (spec core §5)',
    }),
  ),
  client: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Client: numeric = INN prefix, otherwise words of the company name (spec core §5)',
    }),
  ),
  employee: Type.Optional(Type.Integer({ minimum: 1, description: 'User id of the validator operator' })),
  partner: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Company id of a payment agent the order was sent to' }),
  ),
};
const PageableSchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Default 10 (spec core §9)' }),
  ),
  sortFields: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.Union(OPER_SORT_FIELDS.map((f) => Type.Literal(f))),
        direction: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
      }),
      { maxItems: 4 },
    ),
  ),
});
const FilterBody = Type.Object({ pageable: Type.Optional(PageableSchema), ...filterProps });

interface FilterBodyT {
  pageable?: {
    page?: number;
    pageSize?: number;
    sortFields?: Array<{ field: OperSortField; direction?: 'ASC' | 'DESC' }>;
  };
  tab?: OperTab;
  statuses?: OrderStatus[];
  id?: number | string;
  client?: string;
  employee?: number;
  partner?: number;
}

function filterOf(b: FilterBodyT): OperFilter {
  let number: number | undefined;
  if (typeof b.id === 'number') number = b.id;
  else if (typeof b.id === 'string' && /^\d{1,15}$/.test(b.id.trim())) number = Number(b.id.trim());
  return { tab: b.tab, statuses: b.statuses, number, client: b.client, employee: b.employee, partner: b.partner };
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const withNotFound = { ...errors, 404: ErrorSchema };
const transitionErrors = { ...withNotFound, 409: ErrorSchema };

export default async function operatorOrderRoutes(app: FastifyInstance): Promise<void> {
  const db = app.dbh.db;
  const oper = app.requireRole('OPER');
  // Calls whose body is optional (`{ comment? }`) may come without one: validate it as `{}` (this plugin's routes only).
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  async function one(id: number) {
    const [o] = await loadOperOrders(db, [id]);
    if (!o) throw AppError.notFound('Заявка не найдена');
    return o;
  }
  async function transition(
    request: { user: AuthUser | null },
    id: number,
    action: DealAction,
    extra: { comment?: string | null; partnerIds?: number[]; partnerOrderId?: number } = {},
  ) {
    await runTransition(db, { action, actor: request.user as AuthUser, orderId: id, now: app.clock.now(), ...extra });
    return one(id);
  }

  app.post(
    `${BASE}/filter`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary: 'Page of orders for the operator (spec core §7 Operator "Orders: exch filter"; §9 page size 10)',
        description:
          'Body `{ pageable, tab?, statuses?, id?, client?, employee?, partner? }`. Tabs: new = VALIDATION; work = IN_VALIDATION, ' +
          'ACTIVE; deals = OFFER_ACCEPTED, PAYMENT_CHECKING, EXECUTING; results = EXECUTED, REJECTED, CANCELED; all. `client` numeric = INN ' +
          'prefix, else name words; `employee` = validator user id; `partner` = payment agent company id. Default order created DESC. ' +
          'Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN (not an operator) / CSRF_INVALID.',
        body: FilterBody,
        response: {
          200: Type.Object({
            content: Type.Array(OperOrderSchema),
            totalElements: Type.Integer(),
            page: Type.Integer(),
            pageSize: Type.Integer(),
            last: Type.Boolean(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const body = request.body as FilterBodyT;
      const f = filterOf(body);
      const page = body.pageable?.page ?? 0;
      const pageSize = body.pageable?.pageSize ?? 10;
      const sort = (body.pageable?.sortFields ?? []).map((s) => ({
        field: s.field,
        direction: s.direction ?? ('DESC' as const),
      }));
      const total = await countOperOrders(db, f);
      const content = await loadOperOrders(db, await pageOperOrderIds(db, f, sort, page, pageSize));
      return { content, totalElements: total, page, pageSize, last: (page + 1) * pageSize >= total };
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary: 'Number of orders for the operator (spec core §7 Operator "Orders: count")',
        description:
          'Body as .../filter (pageable ignored) → `{ count }`. Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN / CSRF_INVALID.',
        body: FilterBody,
        response: { 200: Type.Object({ count: Type.Integer() }), ...errors },
      },
    },
    async (request) => ({ count: await countOperOrders(db, filterOf(request.body as FilterBodyT)) }),
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary: 'One order, operator side (spec core §7 Operator "GET {id}"; §3 "Operator-side order row")',
        description:
          'The operator-side row with the request data, every partner order with offer details and bill, the unified ' +
          'history (ORDER, OFFER, PAYMENT rows with actor and comment) and `operatorComments` (every operator comment, newest first: ' +
          '`{ id, name, dateTimeCreate, comment }`, also the reject / close reasons). Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND.',
        params: IdParams,
        response: { 200: OperOrderDetailSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const o = await one(id);
      return { ...o, history: await loadHistory(db, id), operatorComments: await loadOperatorComments(db, id) };
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary:
          'Edit the request data while it is checked (spec core §7 Operator "PUT {id}"; §4 "Operator actions: edit")',
        description:
          "Body: OrderInput, the same rules as the client's create (spec core §3, §5: required fields, decimal amount, ISO codes, " +
          'SWIFT, TN VED from the directory, payment dates not in the past and From ≤ To, comment ≤ 2000). `fileIds` is ignored: the files ' +
          "stay the client's. Only in VALIDATION or IN_VALIDATION; written with compare-and-set on the order version and recorded in the " +
          "history (status unchanged, comment 'Данные заявки изменены оператором'). Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, " +
          '403 FORBIDDEN / CSRF_INVALID, 404 NOT_FOUND, 409 INVALID_STATE (already sent to agents or ended) / CONFLICT (changed meanwhile).',
        params: IdParams,
        body: OrderInputSchema,
        response: { 200: OperOrderSchema, ...transitionErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const user = request.user as AuthUser;
      const input = request.body as OrderInput;
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
        if (cur.status !== 'VALIDATION' && cur.status !== 'IN_VALIDATION') {
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
        const { errors: errs, value: v } = validateOrderInput(
          { ...input, fileIds: [] },
          { today: businessToday(now), tnvedKnown },
        );
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
      return one(id);
    },
  );

  app.post(
    `${BASE}/:id/comment`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary: 'Comment on an order (spec core §7 Operator "comment"; §4 "Operator actions: comment")',
        description:
          "Body `{ comment }` (1–2000 characters after trimming). Any status. The newest comment is the order's lastOperComment. " +
          'Answers 201 `{ id, name, dateTimeCreate, comment }`. Errors: 400 VALIDATION_ERROR (COMMENT_REQUIRED, MAX_LENGTH), 401 UNAUTHORIZED, ' +
          '403 FORBIDDEN / CSRF_INVALID, 404 NOT_FOUND.',
        params: IdParams,
        body: CommentBody,
        response: {
          201: Type.Object({
            id: Type.Integer(),
            name: Type.String(),
            dateTimeCreate: Type.String(),
            comment: Type.String(),
          }),
          ...withNotFound,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const text = (request.body as { comment: string }).comment.trim();
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
      const [row] = await db
        .insert(operatorComments)
        .values({ orderId: id, authorUserId: user.id, text, createdAt: now })
        .returning({ id: operatorComments.id });
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
        'The caller becomes the validator. Body `{ comment? }` optional. Errors: 401 UNAUTHORIZED, 403 FORBIDDEN / CSRF_INVALID, 404 NOT_FOUND, ' +
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
        'went to agents use .../close. Errors: 400 COMMENT_REQUIRED / COMMENT_TOO_LONG, 401, 403, 404, 409 INVALID_STATE / CONFLICT.',
    },
    {
      path: 'close',
      action: 'OPER_CLOSE',
      comment: 'required',
      summary:
        'Close an order with a comment (designed; spec core §4 exits "the operator closes with a comment"): ACTIVE … EXECUTING → REJECTED',
      description:
        "Body `{ comment }` required. Every open offer becomes REFUSE_OPER ('Отклонена сервисом' to the agent), open bills are archived. " +
        'Errors: 400 COMMENT_REQUIRED / COMMENT_TOO_LONG, 401, 403, 404, 409 INVALID_STATE (still on the check: use reject; or ended) / CONFLICT.',
    },
  ];
  for (const s of simple) {
    app.post(
      `${BASE}/:id/${s.path}`,
      {
        preHandler: oper,
        schema: {
          tags: TAGS,
          summary: s.summary,
          description: s.description,
          params: IdParams,
          body:
            s.comment === 'required'
              ? Type.Object({ comment: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))) })
              : OptionalCommentBody,
          response: { 200: OperOrderSchema, ...transitionErrors },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const comment = (request.body as { comment?: string | null } | undefined)?.comment ?? null;
        return transition(request, id, s.action, { comment });
      },
    );
  }

  app.get(
    '/api/secured/oper/partners/active',
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary: 'Active payment agents (spec core §7 Operator "GET /partners/active")',
        description:
          'Payment agent companies (data role PARTNER) with at least one active user, by brand: `[{ id, brand, shortName, inn, ' +
          'signRequired, currencies }]`. Errors: 401 UNAUTHORIZED, 403 FORBIDDEN.',
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.Integer({ description: 'Company id (partnerId)' }),
              brand: Nullable(Type.String()),
              shortName: Type.String(),
              inn: Type.String(),
              signRequired: Type.Boolean(),
              currencies: Type.Array(Type.String({ description: 'ISO 4217 codes the agent works with' })),
            }),
          ),
          401: ErrorSchema,
          403: ErrorSchema,
        },
      },
    },
    async () => activePartners(),
  );

  async function activePartners() {
    const rows = await db
      .select({
        id: companies.id,
        brand: companies.brand,
        shortName: companies.shortName,
        inn: companies.inn,
        signRequired: partnerProfiles.signRequired,
      })
      .from(companies)
      .leftJoin(partnerProfiles, eq(partnerProfiles.partnerCompanyId, companies.id))
      .where(
        and(
          eq(companies.kind, 'PARTNER'),
          sql`exists (select 1 from ${users} where ${users.companyId} = ${companies.id} and ${users.status} = 'ACTIVE')`,
        ),
      )
      .orderBy(asc(companies.brand), asc(companies.id));
    const ids = rows.map((r) => r.id);
    const cur = ids.length
      ? await db
          .select({ p: partnerCurrencySettings.partnerCompanyId, c: partnerCurrencySettings.currencyCode })
          .from(partnerCurrencySettings)
          .where(inArray(partnerCurrencySettings.partnerCompanyId, ids))
          .orderBy(asc(partnerCurrencySettings.currencyCode))
      : [];
    return rows.map((r) => ({
      ...r,
      signRequired: r.signRequired ?? false,
      currencies: cur.filter((c) => c.p === r.id).map((c) => c.c),
    }));
  }

  app.get(
    `${BASE}/:id/partners`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary:
          'Scoring: which payment agents are chosen or available for an order (spec core §7 Operator "partners"; §1 step 2)',
        description:
          'Every active payment agent with: `currencySupported` (the order currency is in its currency settings), `withinLimits` ' +
          '(the amount is inside its limits for that currency; false without limits for it), `partnerOrderStatus` (its offer status when the ' +
          'order was sent to it, else null), `sent` (it holds an open offer) and `available` (it can be chosen now: not holding an open offer ' +
          'and not having refused). Errors: 400, 401, 403, 404 NOT_FOUND.',
        params: IdParams,
        response: {
          200: Type.Array(
            Type.Object({
              partnerId: Type.Integer(),
              brand: Nullable(Type.String()),
              shortName: Type.String(),
              inn: Type.String(),
              signRequired: Type.Boolean(),
              currencySupported: Type.Boolean(),
              withinLimits: Type.Boolean(),
              partnerOrderStatus: Nullable(Type.String()),
              sent: Type.Boolean(),
              available: Type.Boolean(),
            }),
          ),
          ...withNotFound,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const [o] = await db
        .select({ amount: orders.amount, currency: orders.currency })
        .from(orders)
        .where(eq(orders.id, id));
      if (!o) throw AppError.notFound('Заявка не найдена');
      const partners = await activePartners();
      const pos = await db
        .select({ partnerId: partnerOrders.partnerCompanyId, status: partnerOrders.status })
        .from(partnerOrders)
        .where(eq(partnerOrders.orderId, id));
      const limits = await db.select().from(partnerLimits).where(eq(partnerLimits.currencyCode, o.currency));
      return partners.map((p) => {
        const po = pos.find((x) => x.partnerId === p.id);
        const lim = limits.find((l) => l.partnerCompanyId === p.id);
        const within =
          !!lim &&
          (lim.amountFrom === null || compareDecimal(o.amount, lim.amountFrom) >= 0) &&
          (lim.amountTo === null || compareDecimal(o.amount, lim.amountTo) <= 0);
        const open = !!po && isOpenOffer(po.status as OfferStatus);
        return {
          partnerId: p.id,
          brand: p.brand,
          shortName: p.shortName,
          inn: p.inn,
          signRequired: p.signRequired,
          currencySupported: p.currencies.includes(o.currency),
          withinLimits: within,
          partnerOrderStatus: po?.status ?? null,
          sent: open,
          available: !open && po?.status !== 'REJECTED',
        };
      });
    },
  );

  app.post(
    `${BASE}/:id/partners/send`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary:
          'Send an order to chosen payment agents (spec core §7 Operator "partners/send"; §1 step 2): → ACTIVE, their offers ALLOWED',
        description:
          'Body `{ partnerIds: [companyId…], comment? }`. From IN_VALIDATION (the order becomes ACTIVE) or ACTIVE (more agents while ' +
          'no offer is accepted). Each chosen agent gets a partner order in ALLOWED (partnerSignRequired from its profile); an agent whose offer ' +
          'was withdrawn is re-opened. Errors: 400 PARTNERS_REQUIRED / PARTNER_UNKNOWN (not a payment agent), 401, 403, 404, ' +
          '409 INVALID_STATE (not taken yet, or past ACTIVE) / PARTNER_ALREADY_SENT / PARTNER_REFUSED / CONFLICT.',
        params: IdParams,
        body: Type.Object({
          partnerIds: Type.Array(Type.Integer({ minimum: 1 }), {
            maxItems: 100,
            description: 'Company ids of the chosen payment agents',
          }),
          comment: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
        }),
        response: { 200: OperOrderSchema, ...transitionErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as { partnerIds: number[]; comment?: string | null };
      return transition(request, id, 'OPER_SEND_TO_PARTNERS', {
        partnerIds: body.partnerIds,
        comment: body.comment ?? null,
      });
    },
  );

  app.get(
    `${BASE}/:id/partner/:partnerId/doc-example`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary: 'Document examples of a payment agent (spec core §7 Operator "partner doc example")',
        description:
          "The agent's DOC_EXAMPLE documents: agent-level examples and those of its partner order of this order. Download with " +
          '.../{id}/documents/{docId}/content. Errors: 400, 401, 403, 404 NOT_FOUND (no such order or no such payment agent).',
        params: Type.Object({
          id: IdParams.properties.id,
          partnerId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
        }),
        response: { 200: Type.Array(DocumentSchema), ...withNotFound },
      },
    },
    async (request) => {
      const { id, partnerId } = request.params as { id: number; partnerId: number };
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      const [p] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, partnerId), eq(companies.kind, 'PARTNER')));
      if (!o || !p) throw AppError.notFound();
      const pos = await db
        .select({ id: partnerOrders.id })
        .from(partnerOrders)
        .where(and(eq(partnerOrders.orderId, id), eq(partnerOrders.partnerCompanyId, partnerId)));
      return loadDocuments(db, {
        partnerCompanyId: partnerId,
        kinds: ['DOC_EXAMPLE'],
        partnerOrderIds: pos.map((x) => x.id),
        agentLevelExamples: true,
      });
    },
  );

  app.get(
    `${BASE}/:id/offer/docs`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary: 'Offer and closing documents of an order (spec core §7 Operator "offer docs")',
        description:
          'Every OFFER_DOCS and FINAL_DOCS document of every partner order of the order, any status, oldest first (operators read ' +
          'everything). Download with .../{id}/documents/{docId}/content. Errors: 400, 401, 403, 404 NOT_FOUND.',
        params: IdParams,
        response: { 200: Type.Array(DocumentSchema), ...withNotFound },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      if (!o) throw AppError.notFound('Заявка не найдена');
      return loadDocuments(db, { orderId: id, kinds: ['OFFER_DOCS', 'FINAL_DOCS'] });
    },
  );

  app.get(
    `${BASE}/:id/documents/:docId/content`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary: 'Download a deal document of an order (designed; spec core §3 "Documents")',
        description:
          'The bytes of an OFFER_DOCS / FINAL_DOCS document of the order, or a DOC_EXAMPLE of any payment agent, with its stored type, ' +
          '`Content-Disposition: attachment` and `X-Content-Type-Options: nosniff`. Errors: 400, 401, 403, 404 NOT_FOUND.',
        params: Type.Object({
          id: IdParams.properties.id,
          docId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
        }),
        produces: ['application/octet-stream'],
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...withNotFound },
      },
    },
    async (request, reply) => {
      const { id, docId } = request.params as { id: number; docId: number };
      const [doc] = await db
        .select({
          kind: dealDocuments.kind,
          orderId: dealDocuments.orderId,
          name: dealDocuments.name,
          sha256: storedFiles.sha256,
          contentType: storedFiles.contentType,
        })
        .from(dealDocuments)
        .innerJoin(storedFiles, eq(storedFiles.id, dealDocuments.fileId))
        .where(eq(dealDocuments.id, docId));
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      if (!doc || !o || (doc.kind !== 'DOC_EXAMPLE' && doc.orderId !== id))
        throw AppError.notFound('Документ не найден');
      return sendStoredFile(app, request, reply, doc);
    },
  );

  app.get(
    `${BASE}/:id/files/:fileId`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary:
          'Download a file of the client\'s request (designed; spec core §3 order "files (invoice/contract)", §6 operators see every order)',
        description:
          "The client's invoice or contract attached to the order, with the same headers as the client's download (stored Content-Type, " +
          '`Content-Disposition: attachment` with the UTF-8 name, `X-Content-Type-Options: nosniff`). Errors: 400 VALIDATION_ERROR (id not numeric, ' +
          "fileId not a UUID), 401 UNAUTHORIZED, 403 FORBIDDEN (not an operator), 404 NOT_FOUND 'Заявка не найдена' or 'Файл не найден' " +
          '(the file is not attached to that order).',
        params: OrderFileParams,
        produces: ['application/octet-stream'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file bytes' }),
          ...withNotFound,
        },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params as { id: number; fileId: string };
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      if (!o) throw AppError.notFound('Заявка не найдена');
      const [file] = await db
        .select({ sha256: storedFiles.sha256, contentType: storedFiles.contentType, name: storedFiles.originalName })
        .from(storedFiles)
        .where(and(eq(storedFiles.id, fileId.toLowerCase()), eq(storedFiles.orderId, id)));
      if (!file) throw AppError.notFound('Файл не найден');
      return sendStoredFile(app, request, reply, file);
    },
  );

  app.get(
    `${BASE}/:id/pay-checks/:payCheckId/payment-company`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary:
          'The payment agent\'s payment company of a bill, with requisites (designed; spec core §7 Operator "pay-checks"; §3 payment agent profile "companies and requisites for client payments")',
        description:
          "Where the client pays a bill of one of the order's offers (any bill status, also ARCHIVED): the agent's company with its bank " +
          'requisites; the actual address is the legal one when they coincide. Errors: 400 VALIDATION_ERROR (ids not numeric), 401 UNAUTHORIZED, ' +
          "403 FORBIDDEN (not an operator), 404 NOT_FOUND 'Счёт не найден' (no such bill of that order, or the bill names no company).",
        params: Type.Object({
          id: IdParams.properties.id,
          payCheckId: Type.Integer({
            minimum: 1,
            maximum: Number.MAX_SAFE_INTEGER,
            description: 'Bill id (PayCheck.id)',
          }),
        }),
        response: { 200: PaymentCompanyObjectSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { id, payCheckId } = request.params as { id: number; payCheckId: number };
      const [bill] = await db
        .select({ paymentCompanyId: payChecks.paymentCompanyId })
        .from(payChecks)
        .innerJoin(partnerOrders, eq(partnerOrders.id, payChecks.partnerOrderId))
        .where(and(eq(payChecks.id, payCheckId), eq(partnerOrders.orderId, id)));
      const company = bill ? await loadPaymentCompany(db, bill.paymentCompanyId) : null;
      if (!company) throw AppError.notFound('Счёт не найден', 'PAYCHECK_NOT_FOUND');
      return company;
    },
  );

  app.post(
    `${BASE}/:id/pay-checks/confirm`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary:
          'Confirm the client\'s payment (spec core §7 Operator "pay-checks confirm"): PAYMENT_CHECKING → EXECUTING',
        description:
          'The operator confirms receipt of the payment in place of the agent (transitions.ts decision 9): the order and the accepted ' +
          'offer become EXECUTING, the bill CHECK_PAYMENT → PAYMENT_CONFIRMED. Body `{ comment? }`. Errors: 401, 403, 404, 409 INVALID_STATE ' +
          '(the client has not marked the payment made) / PAYMENT_NOT_FOUND / CONFLICT.',
        params: IdParams,
        body: OptionalCommentBody,
        response: { 200: OperOrderSchema, ...transitionErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const [po] = await db
        .select({ id: partnerOrders.id })
        .from(partnerOrders)
        .where(and(eq(partnerOrders.orderId, id), eq(partnerOrders.status, 'PAYMENT_CHECKING')));
      if (!po) {
        const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
        if (!o) throw AppError.notFound('Заявка не найдена');
        throw AppError.conflict('Нет оплаты, ожидающей подтверждения', 'INVALID_STATE');
      }
      const comment = (request.body as { comment?: string | null } | undefined)?.comment ?? null;
      return transition(request, id, 'PARTNER_CONFIRM_PAYMENT', { partnerOrderId: po.id, comment });
    },
  );
}

export { OrderSchema };
