/**
 * TypeBox schemas of the order calls (docs/rest-api.md "Client": OrderInput, Order, files, filter/count).
 * Formats that carry a business rule (amount, codes, dates, SWIFT) are checked by src/domain/orders.ts so that the
 * answer has the rule's own code and Russian text; the schemas check shapes and types.
 */
import { Type, type TSchema } from 'typebox';
import { PartnerOrderViewSchema } from '../../deal/views.js';
import { GOODS_LOCATIONS, PAYMENT_TYPES } from '../../domain/orders.js';
import { ORDER_STATUSES } from '@platform/domain/deal/statuses';
import { literalUnion } from '../schemas.js';

const literals = <T extends string>(values: readonly T[], description: string) => literalUnion(values, { description });

export const OrderStatusSchema = literals(ORDER_STATUSES, 'Order status (spec core §4)');
export const PaymentTypeSchema = literals(
  PAYMENT_TYPES,
  'SENDING: the client pays abroad; RECEIVING: the client receives a payment',
);
export const GoodsLocationSchema = literals(GOODS_LOCATIONS, 'Whether the goods are already imported');

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** OrderInput (docs/rest-api.md). */
export const OrderInputSchema = Type.Object(
  {
    paymentType: Type.String({ description: 'SENDING | RECEIVING' }),
    amount: Type.Object({
      cost: Type.String({
        description: 'Decimal string > 0 with at most 2 decimals, e.g. "12500.00" (never a JSON number)',
      }),
      currency: Type.String({ description: 'ISO 4217 code, e.g. "USD"' }),
    }),
    counterparty: Type.Object({
      countryCode: Type.String({ description: 'ISO 3166-1 alpha-2 code, e.g. "CN"' }),
      city: Type.String({ description: 'Up to 100 characters' }),
      bankName: Type.String({ description: 'Up to 255 characters' }),
      swift: Type.Optional(
        Type.Union([Type.String(), Type.Null()], {
          description: 'SWIFT BIC of 8 or 11 characters; null or "" when not found (spec core §5)',
        }),
      ),
    }),
    tnvedCode: Type.String({
      description: 'TN VED EAEU code from the directory: a heading (4 digits) or a subheading (10 digits)',
    }),
    goodsLocation: Type.String({ description: 'IMPORTED | NOT_IMPORTED' }),
    paymentDateFrom: Type.String({ description: 'YYYY-MM-DD, not in the past (Moscow calendar day)' }),
    paymentDateTo: Type.String({ description: 'YYYY-MM-DD, not before paymentDateFrom' }),
    comment: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Up to 2000 characters' })),
    fileIds: Type.Optional(
      Type.Array(Type.String({ pattern: UUID_PATTERN }), {
        description:
          "Ids of the caller's own files uploaded with POST .../exch/files and not attached yet; at most 20, 50 MB in total, no duplicate names",
      }),
    ),
  },
  { description: 'A new payment request (spec core §3 "Request (order)")' },
);

/** A stored file as the API shows it. */
export const FileInfoSchema = Type.Object({
  id: Type.String({ description: 'File id (UUID)' }),
  name: Type.String({ description: 'Original file name' }),
  size: Type.Integer({ description: 'Size in bytes' }),
  contentType: Type.String({ description: 'MIME type detected from the content' }),
});

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T, description: string) =>
  Type.Union([t, Type.Null()], { description });

/** Order (docs/rest-api.md). */
export const OrderSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Order id' }),
    number: Type.Integer({ description: 'Display number; equals id (spec core §5 "order id filter")' }),
    created: Type.String({ description: 'Creation time, UTC ISO 8601' }),
    paymentType: PaymentTypeSchema,
    amount: Type.Object({
      cost: Type.String({ description: 'Decimal string with 2 decimals' }),
      currency: Type.String({ description: 'ISO 4217 code' }),
    }),
    counterparty: Type.Object({
      countryCode: Type.String({ description: 'ISO 3166-1 alpha-2' }),
      countryName: Type.String({ description: 'Russian country name (CLDR)' }),
      city: Type.String(),
      bankName: Type.String(),
      swift: Nullable(Type.String(), 'SWIFT BIC or null when not given'),
    }),
    tnvedCode: Type.String(),
    tnvedName: Nullable(Type.String(), 'Russian name of the TN VED code from the directory'),
    goodsLocation: GoodsLocationSchema,
    paymentDateFrom: Type.String({ description: 'YYYY-MM-DD' }),
    paymentDateTo: Type.String({ description: 'YYYY-MM-DD' }),
    comment: Nullable(Type.String(), 'Client comment'),
    files: Type.Array(FileInfoSchema),
    client: Type.Object({
      companyId: Type.Integer(),
      name: Type.String({ description: 'Short name of the company' }),
      inn: Type.String(),
    }),
    consultant: Type.Union(
      [
        Type.Object({
          name: Type.String({ description: 'Full name: surname, name, patronymic' }),
          phone: Nullable(Type.String(), '10 digits'),
          email: Type.String(),
        }),
        Type.Null(),
      ],
      { description: 'Referral partner attached to the order, or null' },
    ),
    status: OrderStatusSchema,
    statusDate: Type.String({ description: 'Time of the last status change, UTC ISO 8601' }),
    partnerOrders: Type.Array(PartnerOrderViewSchema, {
      description:
        "Payment agents' sides (spec core §3 partnerOrders item): partner order id, brand, status, partnerSignRequired, the offer " +
        '(null while none was sent, and for the client while hidden: ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, ' +
        'SIGNED_ANOTHER_OFFER, spec core §4) and the active bill; empty until the operator sends the order',
    }),
  },
  { description: 'A payment request (spec core §3 "Request (order)")' },
);

export const ORDER_SORT_FIELDS = ['created', 'number', 'amount', 'status'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/** Filters shared by filter and count. */
const filterProps = {
  statuses: Type.Optional(
    Type.Array(OrderStatusSchema, {
      description:
        'Only these statuses (a client tab, spec core §4: current = ACTIVE, EXECUTING, IN_VALIDATION, OFFER_ACCEPTED, PAYMENT_CHECKING, VALIDATION; completed = EXECUTED; cancelled = CANCELED, REJECTED). Absent or empty: all.',
    }),
  ),
  id: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 40 })], {
      description: 'Order number filter; applied only when numeric (spec core §5), a non-numeric string is ignored',
    }),
  ),
};

export const PageableRequestSchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: '0-based page index' })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Page size, default 10 (spec core §9)' }),
  ),
  sortFields: Type.Optional(
    Type.Array(
      Type.Object({
        field: literals(ORDER_SORT_FIELDS, 'Sort key'),
        direction: Type.Optional(
          Type.Union([Type.Literal('ASC'), Type.Literal('DESC')], { description: 'Default DESC' }),
        ),
      }),
      { maxItems: 4, description: 'Default: created DESC. Ties are broken by id in the direction of the first field' },
    ),
  ),
});

export const OrderFilterSchema = Type.Object({ pageable: Type.Optional(PageableRequestSchema), ...filterProps });
export const OrderCountSchema = Type.Object({ pageable: Type.Optional(PageableRequestSchema), ...filterProps });

export const OrderIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Order id (numeric)' }),
});
/** Most order ids one batch read takes (issue 14 defect 7: `nodes(ids:)` reads its orders in one call per role). */
export const MAX_BATCH_IDS = 100;

/**
 * Query of the batch reads `GET …/order/exch/batch?ids=1&ids=2` (client, payment agent, operator; issue 14 defect 7):
 * 1..{@link MAX_BATCH_IDS} distinct order ids, each a positive integer ≤ 2^53−1 as in the single read's path (orders
 * have bigserial ids); anything else is 400 VALIDATION_ERROR before any read.
 */
export const OrderIdsQuery = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), {
    minItems: 1,
    maxItems: MAX_BATCH_IDS,
    uniqueItems: true,
    description: `Order ids, 1–${MAX_BATCH_IDS} distinct, as a repeated parameter: \`?ids=1&ids=2\``,
  }),
});

/** `{ items }` of a batch read: one entry per requested id, in request order, null where the single read is 404. */
export function batchAnswer<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(Type.Union([item, Type.Null()]), {
      description: 'One entry per requested id, in request order; null where GET {id} would answer 404 NOT_FOUND',
    }),
  });
}

export const OrderFileParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Order id (numeric)' }),
  fileId: Type.String({ pattern: UUID_PATTERN, description: 'File id (UUID)' }),
});
