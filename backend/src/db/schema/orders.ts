/**
 * Tables of the orders domain (spec core §3 "Request (order)", "partnerOrders item"; §4 order statuses; §5 files).
 *
 * - `orders`: one payment request of a client company. Money is `numeric(18,2)` read and written as decimal
 *   strings (never floats) with an ISO 4217 `char(3)` currency. `number` is the display number: it is a stored
 *   generated column equal to `id`, so it can never drift from the id and the spec's "filter by number" (§5, §7)
 *   is a filter on this column. `version` starts at 1 and is bumped by every later update (compare-and-set).
 * - `order_status_history`: every status change, the creation included (`from_status` null).
 * - `stored_files`: uploaded files. The bytes live on disk under `<DATA_DIR>/files/<sha256>`, stored once per
 *   content; each upload is one row (its own name and owner), attached to at most one order (`order_id`).
 * - `partner_orders`: a payment agent's side of an order (filled when the operator sends the order to agents).
 * Times are `timestamptz` (UTC); payment term days are `date` (YYYY-MM-DD).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './core.js';

/** Payment request of a client company (spec core §3 "Request (order)"). */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Display number; generated, always equal to `id`. */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`id`),
    /** The client company the request belongs to (role scoping: a client sees its company's orders only). */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The user who created it (a client, later also a referral partner acting for a client). */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** Consultant (referral partner) attached to the order; null when none (spec core §3 "consultant/agent"). */
    consultantUserId: integer('consultant_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** SENDING or RECEIVING. */
    paymentType: text('payment_type').notNull(),
    /** Amount, decimal string with at most 2 decimals, > 0. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** ISO 4217 alphabetic code, e.g. 'USD'. */
    currency: char('currency', { length: 3 }).notNull(),
    /** ISO 3166-1 alpha-2 code of the counterparty's country, e.g. 'CN'. */
    countryCode: char('country_code', { length: 2 }).notNull(),
    city: text('city').notNull(),
    bankName: text('bank_name').notNull(),
    /** SWIFT BIC, 8 or 11 characters; null when the client did not find it (spec core §5). */
    swift: text('swift'),
    /** TN VED EAEU code: a heading (4 digits) or a subheading (10 digits) of ref_tnved. */
    tnvedCode: text('tnved_code').notNull(),
    /** IMPORTED or NOT_IMPORTED. */
    goodsLocation: text('goods_location').notNull(),
    paymentDateFrom: date('payment_date_from', { mode: 'string' }).notNull(),
    paymentDateTo: date('payment_date_to', { mode: 'string' }).notNull(),
    comment: text('comment'),
    /** Order status of spec core §4; VALIDATION at creation. */
    status: text('status').notNull().default('VALIDATION'),
    /** Time of the last status change. */
    statusDate: timestamp('status_date', { withTimezone: true }).notNull(),
    /** Row version for compare-and-set updates; 1 at creation. */
    version: integer('version').notNull().default(1),
    /** The operator who took the check (spec core §3 operator-side row "validator"); null until taken (deal/repository.ts). */
    validatorUserId: integer('validator_user_id').references(() => users.id),
  },
  (t) => [
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    /**
     * The client's tabs (issue 15): a company's orders of one status newest first, ties by id, as an index-only scan of
     * the page query (it selects the id only); by prefix also per status.
     */
    index('orders_company_status_created_id_idx').on(t.companyId, t.status, t.createdAt, t.id),
    /** The client's tabs sorted by amount (issue 15): a company's orders of one status by amount, ties by id. */
    index('orders_company_status_amount_id_idx').on(t.companyId, t.status, t.amount, t.id),
    /** The number filter of the lists whose query compares `number` (issue 15; `number` = `id`). */
    index('orders_number_idx').on(t.number),
    /** Reporting (issue 12): keyset pagination over (created_at, id) for operators, and the status filter. */
    index('orders_created_id_idx').on(t.createdAt, t.id),
    /**
     * The status filter, and the operator's tabs (issue 15): one status's orders newest first, ties by id, read in
     * order (the pages of several statuses merge one such range per status; without `id` the planner walked
     * orders_created_id_idx instead, skipping 52 000 rows of other statuses).
     */
    index('orders_status_created_id_idx').on(t.status, t.createdAt, t.id),
    /** The operator's employee filter (issue 15): the validator's orders, newest first, and their count. */
    index('orders_validator_created_idx').on(t.validatorUserId, t.createdAt),
    check('orders_amount_positive', sql`${t.amount} > 0`),
    check('orders_payment_type_chk', sql`${t.paymentType} in ('SENDING', 'RECEIVING')`),
    check('orders_goods_location_chk', sql`${t.goodsLocation} in ('IMPORTED', 'NOT_IMPORTED')`),
    check(
      'orders_status_chk',
      sql`${t.status} in ('VALIDATION', 'IN_VALIDATION', 'ACTIVE', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'EXECUTING', 'EXECUTED', 'REJECTED', 'CANCELED')`,
    ),
    check('orders_payment_dates_chk', sql`${t.paymentDateFrom} <= ${t.paymentDateTo}`),
  ],
);

/**
 * Status changes of an order, the creation included (`fromStatus` null) — and, since the deal flow (issue 3), the
 * unified transition history of the order's offers and bills too: `entity` says which (ORDER, OFFER = partner order,
 * PAYMENT = pay check) and `entityId` its row id (for ORDER the order id). `actorRole` is the data role of §6 or
 * SYSTEM (offer expiry).
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** Who made the change. */
    byUserId: integer('by_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    comment: text('comment'),
    /** ORDER, OFFER or PAYMENT (deal/repository.ts). */
    entity: text('entity').notNull().default('ORDER'),
    /** Row id of the entity (orders.id, partner_orders.id or pay_checks.id); null on rows written before issue 3. */
    entityId: bigint('entity_id', { mode: 'number' }),
    /** CLIENT, PARTNER, OPER, AGENT or SYSTEM; null on rows written before issue 3. */
    actorRole: text('actor_role'),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
);

/**
 * Uploaded files (spec core §3 order "files (invoice/contract)"; §5 file rules). The content is on disk at
 * `<DATA_DIR>/files/<sha256>`; several rows may share one content.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey(),
    /** SHA-256 of the content, 64 lower-case hex digits: the name of the content on disk. */
    sha256: char('sha256', { length: 64 }).notNull(),
    /** Size in bytes. */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** MIME type detected from the content (never the one the browser claimed). */
    contentType: text('content_type').notNull(),
    /** File name as uploaded (path stripped, control characters removed). */
    originalName: text('original_name').notNull(),
    /** The uploader; only they may attach the file to an order. */
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The order it is attached to; null until the order is created. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    /**
     * When the file was attached (issue 14 defect 4; files/quota.ts): to an order, a chat message, or a document row
     * written with it (deal, verification, referral documents: at upload). Null = an unattached upload, counted in the
     * uploader's quota and deleted after 24 hours.
     */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    index('stored_files_owner_idx').on(t.ownerUserId, t.orderId),
    index('stored_files_order_idx').on(t.orderId),
    index('stored_files_sha256_idx').on(t.sha256),
    /** The unattached uploads: quota per owner and expiry by age (files/quota.ts). */
    index('stored_files_unattached_idx')
      .on(t.ownerUserId, t.createdAt)
      .where(sql`${t.attachedAt} is null and ${t.orderId} is null`),
  ],
);

/**
 * A payment agent's side of an order (spec core §3 "partnerOrders item"): created when the operator sends the
 * order to agents (next issue). Status is an offer status of spec core §4, ALLOWED when sent.
 */
export const partnerOrders = pgTable(
  'partner_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** The payment agent's company (companies.kind = 'PARTNER'). */
    partnerCompanyId: integer('partner_company_id')
      .notNull()
      .references(() => companies.id),
    status: text('status').notNull().default('ALLOWED'),
    partnerSignRequired: boolean('partner_sign_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
    /** Time of the last status change (deal/repository.ts); null before the first change after creation. */
    statusDate: timestamp('status_date', { withTimezone: true }),
    /** The agent's refusal reason (PARTNER_REJECT, spec core §5 "a refusal reason is required"). */
    rejectReason: text('reject_reason'),
    /**
     * Set when the operator sent the order to an agent whose product passport or limits it does not fit (issue 10
     * scoring): the operator's comment justifying the override; null when the order fits.
     */
    fitOverrideComment: text('fit_override_comment'),
    // ---- Copies of the order's fields the payment agent's list filters and sorts by (issue 15: with them a page or a
    // count is one index range of the agent's partner orders instead of a join walking `orders`). Set from the order
    // by triggers whatever a write gives (migration 0015_partner_order_fields): on insert, and on every change of the
    // order's fields (reading the order FOR SHARE, so equal to the order's in every transaction). Never null once
    // written; nullable only so that inserts need not name them.
    /** orders.created_at of the order. */
    orderCreatedAt: timestamp('order_created_at', { withTimezone: true }),
    /** orders.country_code of the order (the counterparty's country). */
    orderCountryCode: char('order_country_code', { length: 2 }),
    /** orders.payment_date_from of the order. */
    orderPaymentDateFrom: date('order_payment_date_from', { mode: 'string' }),
    /** orders.payment_date_to of the order. */
    orderPaymentDateTo: date('order_payment_date_to', { mode: 'string' }),
    /**
     * The payment term's last day of this partner order's offer (partner_order_offers.payment_date_to; null while no
     * offer was sent), copied by a trigger on every write of the offer (migration 0024): the offer expiry job
     * (deal/expiry-job.ts) reads the SEND_OFFER partner orders whose term is over by one index range (issue 15)
     * instead of joining every SEND_OFFER partner order with its offer. Never written by the app.
     */
    offerPaymentDateTo: date('offer_payment_date_to', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('partner_orders_order_partner_uq').on(t.orderId, t.partnerCompanyId),
    /** Reporting (issue 12): a payment agent's orders and the payment-agent filter. */
    index('partner_orders_partner_order_idx').on(t.partnerCompanyId, t.orderId),
    /** The payment agent's tabs (issue 15): its partner orders by offer status. */
    index('partner_orders_partner_status_idx').on(t.partnerCompanyId, t.status, t.orderId),
    /**
     * The agent's list, newest first (issue 15): every tab, and the payment term filter's pages read index-only (the
     * term columns trail, so rows outside the term are skipped in the index).
     */
    index('partner_orders_partner_created_term_idx').on(
      t.partnerCompanyId,
      t.orderCreatedAt,
      t.orderId,
      t.orderPaymentDateTo,
      t.orderPaymentDateFrom,
    ),
    /** The agent's tab pages (issue 15): one range per offer status, newest first (deal/partner-queries.ts). */
    index('partner_orders_partner_status_created_idx').on(t.partnerCompanyId, t.status, t.orderCreatedAt, t.orderId),
    /** The agent's country filter (issue 15): its pages newest first. */
    index('partner_orders_partner_country_created_idx').on(
      t.partnerCompanyId,
      t.orderCountryCode,
      t.orderCreatedAt,
      t.orderId,
    ),
    /** The agent's country and payment term filters together (issue 15): their counts, index-only. */
    index('partner_orders_partner_country_term_idx').on(
      t.partnerCompanyId,
      t.orderCountryCode,
      t.orderPaymentDateTo,
      t.orderPaymentDateFrom,
      t.status,
    ),
    /** The offer expiry job (issue 15): the SEND_OFFER partner orders whose offer's term ended before a day. */
    index('partner_orders_send_offer_term_idx')
      .on(t.offerPaymentDateTo)
      .where(sql`${t.status} = 'SEND_OFFER'`),
    /** The agent's payment term filter counts (issue 15): an index-only range of the terms ending on/after a day. */
    index('partner_orders_partner_term_idx').on(
      t.partnerCompanyId,
      t.orderPaymentDateTo,
      t.orderPaymentDateFrom,
      t.status,
    ),
  ],
);

/**
 * Number of orders per (company, status) for the tab counts at scale (issue 15): a count over the company's or every
 * company's orders would read up to 1 000 000 rows, a sum over this table reads a few. Kept by statement-level triggers
 * on `orders` (migration 0011_status_counts): every INSERT, DELETE and change of company or status appends delta rows
 * (+n / −n, never an UPDATE, so concurrent transactions never wait for a counter row); `compact_status_counts()`
 * (run by the backend every minute, db/status-counts.ts) folds the deltas into one row per key. The number of
 * orders with company c and status s is `sum(n)` over the rows with that key, exact in every transaction.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    companyId: integer('company_id').notNull(),
    status: text('status').notNull(),
    /** A delta (or, after compaction, the total) of the number of orders with this company and status. */
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_status_counts_key_idx').on(t.companyId, t.status, t.n)],
);

/**
 * Number of partner orders per (payment agent company, offer status): the payment agent's tab counts and the
 * operator's payment-agent filter at scale (issue 15). Kept like {@link orderStatusCounts} by triggers on
 * `partner_orders` (migration 0011_status_counts).
 */
export const partnerOrderStatusCounts = pgTable(
  'partner_order_status_counts',
  {
    partnerCompanyId: integer('partner_company_id').notNull(),
    status: text('status').notNull(),
    /** A delta (or, after compaction, the total) of the number of partner orders with this agent and status. */
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('partner_order_status_counts_key_idx').on(t.partnerCompanyId, t.status, t.n)],
);

/**
 * Number of orders per (validator operator, order status): the operator's employee filter and the operator's counts
 * over every order at scale (issue 15; a few rows per key however many orders — the validator is null until an
 * operator takes the check, and those rows count too, so the sum over every validator is the count of all orders).
 * Kept like {@link orderStatusCounts} by statement-level triggers on `orders` (migration 0014_operator_counts).
 */
export const orderValidatorStatusCounts = pgTable(
  'order_validator_status_counts',
  {
    /** The order's `validator_user_id`; null for orders no operator has taken. */
    validatorUserId: integer('validator_user_id'),
    status: text('status').notNull(),
    /** A delta (or, after compaction, the total) of the number of orders with this validator and status. */
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_validator_status_counts_key_idx').on(t.validatorUserId, t.status, t.n)],
);

/**
 * Number of orders per (payment agent the order was sent to, ORDER status): the operator's payment-agent filter
 * combined with a tab or statuses at scale (issue 15; an order has at most one partner order per agent, so it is the
 * number of the agent's partner orders whose order has that status). Kept by statement-level triggers on `orders`
 * (status changes, through the order's partner orders) and on `partner_orders` (inserts, deletes, moves; they read the
 * order's status under FOR SHARE so that a concurrent status change is never missed) — migration 0014_operator_counts.
 */
export const orderAgentStatusCounts = pgTable(
  'order_agent_status_counts',
  {
    partnerCompanyId: integer('partner_company_id').notNull(),
    /** The ORDER's status (orders.status), not the offer's. */
    status: text('status').notNull(),
    /** A delta (or, after compaction, the total) of the number of orders sent to the agent with this status. */
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_agent_status_counts_key_idx').on(t.partnerCompanyId, t.status, t.n)],
);

/**
 * Number of partner orders per (payment agent company, offer status, the order's country): the payment agent's
 * country filter with or without a tab at scale (issue 15: 66 000 of an agent's partner orders in one country).
 * Kept like {@link orderStatusCounts} by statement-level triggers on `partner_orders` (its copy of the order's
 * country, `orderCountryCode`, follows the order's) — migration 0015_partner_order_fields; folded by
 * compact_status_counts().
 */
export const partnerOrderCountryCounts = pgTable(
  'partner_order_country_counts',
  {
    partnerCompanyId: integer('partner_company_id').notNull(),
    status: text('status').notNull(),
    /** ISO 3166-1 alpha-2 of the order's counterparty. */
    countryCode: char('country_code', { length: 2 }).notNull(),
    /** A delta (or, after compaction, the total) of the number of partner orders with this key. */
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('partner_order_country_counts_key_idx').on(t.partnerCompanyId, t.countryCode, t.status, t.n)],
);

/**
 * Number of partner orders per (payment agent company, offer status, `bound`, day): the payment agent's payment term
 * filter at scale (issue 15: 35 000 of an agent's partner orders overlap a month). `bound` 'TO' counts the partner
 * orders whose order's term ends on `day`, 'FROM' those whose term starts on `day` (partner_orders' copies of the
 * order's term), so that the orders whose term overlaps [a, b] (a ≤ b) number #(to ≥ a) − #(from > b): two sums over
 * the days from a and after b. Kept like {@link orderStatusCounts} by statement-level triggers on `partner_orders` —
 * migration 0017_partner_term_counts; folded by compact_status_counts().
 */
export const partnerOrderTermCounts = pgTable(
  'partner_order_term_counts',
  {
    partnerCompanyId: integer('partner_company_id').notNull(),
    status: text('status').notNull(),
    /** 'FROM' (the term's first day) or 'TO' (its last day). */
    bound: text('bound').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** A delta (or, after compaction, the total) of the number of partner orders with this key. */
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('partner_order_term_counts_key_idx').on(t.partnerCompanyId, t.bound, t.day, t.status, t.n)],
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type StoredFileRow = typeof storedFiles.$inferSelect;
export type PartnerOrderRow = typeof partnerOrders.$inferSelect;
