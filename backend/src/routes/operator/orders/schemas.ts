/**
 * Schemas and helpers shared by the operator's order calls (spec core §3 "Operator-side order row", §7 Operator
 * "Orders"): the order row, filter body, path params, error sets, and the load / transition helpers.
 */
import type { FastifyInstance } from 'fastify';
import { runTransition } from '../../../deal/repository.js';
import { HistoryEntrySchema, PartnerOrderViewSchema } from '../../../deal/views.js';
import { MAX_COMMENT_LENGTH } from '../../../domain/deal/apply.js';
import { type DealAction } from '@platform/domain/deal/rules';
import { type OrderStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../../../errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { OrderSchema, OrderStatusSchema } from '../../orders/schemas.js';
import {
  loadOperOrders,
  OPER_SORT_FIELDS,
  OPER_TABS,
  type OperFilter,
  type OperSortField,
  type OperTab,
} from '../queries.js';
import { Type } from 'typebox';
import type { Db } from '../../../db/client.js';

/** Base path of the operator's order calls (spec core §7 Operator). */
export const BASE = '/api/secured/oper/order/exch';
/** OpenAPI tag of these routes. */
export const TAGS = ['operator-orders'];

/** `t` or null, with an optional description. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
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

/** GET {id}: the operator-side order plus its unified history and every operator comment. */
export const OperOrderDetailSchema = Type.Intersect([
  OperOrderSchema,
  Type.Object({
    history: Type.Array(HistoryEntrySchema),
    operatorComments: Type.Array(OperCommentSchema, {
      description: 'Every operator comment of the order, newest first (plain comments and reject / close reasons)',
    }),
  }),
]);

/** Path `{ id }`: the order id (positive integer). */
export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Order id' }),
});
/** Body `{ comment }` of a plain operator comment (1–2000 characters after trimming; spec core §4). */
export const CommentBody = Type.Object({
  comment: Type.String({ maxLength: 4000, description: `Comment, 1–${MAX_COMMENT_LENGTH} characters after trimming` }),
});
/** Body `{ comment? }` of take / reject / close; may be omitted. */
export const OptionalCommentBody = Type.Object(
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
/** Body of .../filter and .../filter/count: `{ pageable?, tab?, statuses?, id?, client?, employee?, partner? }`. */
export const FilterBody = Type.Object({ pageable: Type.Optional(PageableSchema), ...filterProps });
/** Body of .../tab-counts (issue 15): the filters of {@link FilterBody} without `tab` and `pageable`. */
export const TabCountsBody = Type.Object({
  statuses: filterProps.statuses,
  id: filterProps.id,
  client: filterProps.client,
  employee: filterProps.employee,
  partner: filterProps.partner,
});

/** The static type of {@link FilterBody}. */
export interface FilterBodyT {
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

/** The query filter of a filter body; `id` applies only when numeric (spec core §5). */
export function filterOf(b: Omit<FilterBodyT, 'tab'> & { tab?: OperTab }): OperFilter {
  let number: number | undefined;
  if (typeof b.id === 'number') number = b.id;
  else if (typeof b.id === 'string' && /^\d{1,15}$/.test(b.id.trim())) number = Number(b.id.trim());
  return { tab: b.tab, statuses: b.statuses, number, client: b.client, employee: b.employee, partner: b.partner };
}

/** The operator-side order `id` (spec core §3 "Operator-side order row"); 404 NOT_FOUND 'Заявка не найдена'. */
export async function operOrder(db: Db, id: number) {
  const [o] = await loadOperOrders(db, [id]);
  if (!o) throw AppError.notFound('Заявка не найдена');
  return o;
}

/**
 * Runs `action` on order `id` as the signed-in operator (deal/repository.ts runTransition: compare-and-set, history;
 * 404 / 409 INVALID_STATE / CONFLICT) and answers the operator-side order.
 */
export async function operTransition(
  app: FastifyInstance,
  request: { user: AuthUser | null },
  id: number,
  action: DealAction,
  extra: { comment?: string | null; partnerIds?: number[]; partnerOrderId?: number } = {},
) {
  const db = app.dbh.db;
  await runTransition(db, { action, actor: request.user as AuthUser, orderId: id, now: app.clock.now(), ...extra });
  return operOrder(db, id);
}
