/**
 * Tables of the deal flow (spec core §3 "Offer", "Exchange rate info", "Documents", "partnerOrders item"; §4 offer
 * and payment statuses; issue 3). The order and offer (partner order) rows themselves are in orders.ts; the unified
 * transition history is `order_status_history` (orders.ts), extended with `entity`, `entity_id` and `actor_role`.
 *
 * - `partner_order_offers`: the offer details a payment agent sends for its partner order (one row per partner order,
 *   overwritten while the offer is being prepared). Money is `numeric(18,2)`, percents `numeric(9,4)`, exchange rates
 *   `numeric(18,4)` (spec core §9 "rate shown with 4 decimals"); all read and written as decimal strings.
 * - `partner_order_offer_expenses`: the offer's additional expenses (amount, currency, rate, description), in order.
 * - `deal_documents`: documents of a deal (offer documents, closing documents, document examples of an agent),
 *   each pointing at a stored file (content-addressed store, orders.ts `stored_files`), with the two signature
 *   placeholders of §3 "Documents" (signing itself comes with a later issue).
 * - `pay_checks`: bills the agent issues for the accepted offer (§4 payment statuses; "it can be reissued").
 * - `operator_comments`: operators' comments on an order (§3 operator-side row "lastOperComment").
 * Times are `timestamptz` (UTC); payment term days `date` (YYYY-MM-DD).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { orders, partnerOrders, storedFiles } from './orders.js';
import { partnerPaymentCompanies } from './partner.js';

/** Deal methods of an offer (spec core §3 "deal method protected 'risk-free' or unprotected; standard deal"). */
export const DEAL_METHODS = ['PROTECTED', 'UNPROTECTED'] as const;
export type DealMethod = (typeof DEAL_METHODS)[number];

/** Kinds of deal documents: offer documents, closing (final) documents, an agent's document example (sample). */
export const DEAL_DOCUMENT_KINDS = ['OFFER_DOCS', 'FINAL_DOCS', 'DOC_EXAMPLE'] as const;
export type DealDocumentKind = (typeof DEAL_DOCUMENT_KINDS)[number];

/** Document statuses (spec core §3 "Documents": uploaded, signed, sent, confirmed). */
export const DEAL_DOCUMENT_STATUSES = ['UPLOADED', 'SIGNED', 'SENT', 'CONFIRMED'] as const;
export type DealDocumentStatus = (typeof DEAL_DOCUMENT_STATUSES)[number];

/** Offer details of a partner order (spec core §3 "Offer", "Exchange rate info"). */
export const partnerOrderOffers = pgTable(
  'partner_order_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerOrderId: bigint('partner_order_id', { mode: 'number' })
      .notNull()
      .references(() => partnerOrders.id),
    /** PROTECTED ('risk-free') or UNPROTECTED (standard deal). */
    dealMethod: text('deal_method').notNull(),
    /** Payment sum, in `paymentCurrency`. */
    paymentSum: numeric('payment_sum', { precision: 18, scale: 2 }).notNull(),
    /** ISO 4217 code of the payment sum (the order currency). */
    paymentCurrency: char('payment_currency', { length: 3 }).notNull(),
    /** Payment term (partnerOrders offer paymentFrom / paymentTo). The offer expires after `paymentDateTo` (Moscow day). */
    paymentDateFrom: date('payment_date_from', { mode: 'string' }).notNull(),
    paymentDateTo: date('payment_date_to', { mode: 'string' }).notNull(),
    /** Client fee, percent of the payment sum ('0.4' = 0.4 %). */
    clientFeePercent: numeric('client_fee_percent', { precision: 9, scale: 4 }).notNull(),
    /** Agent's and platform's shares, percent (clientFeePercent = agentFeePercent + serviceFeePercent; domain/deal/money.ts). */
    agentFeePercent: numeric('agent_fee_percent', { precision: 9, scale: 4 }),
    serviceFeePercent: numeric('service_fee_percent', { precision: 9, scale: 4 }),
    /** Total fee = agent fee + service fee, in the payment currency (computed on the server). */
    totalFee: numeric('total_fee', { precision: 18, scale: 2 }).notNull(),
    agentFee: numeric('agent_fee', { precision: 18, scale: 2 }).notNull(),
    serviceFee: numeric('service_fee', { precision: 18, scale: 2 }).notNull(),
    /** partnerOrders offer "totalCommission": amount in RUB and percent of the converted payment sum. */
    totalCommissionAmount: numeric('total_commission_amount', { precision: 18, scale: 2 }),
    totalCommissionPercent: numeric('total_commission_percent', { precision: 9, scale: 2 }),
    /** Exchange rate info (spec core §3): the order currency, its rate (RUB per unit, 4 decimals), the rules. */
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    course: numeric('course', { precision: 18, scale: 4 }).notNull(),
    /** Exchange rate source (spec core §3 "exchange rate with source and description"), e.g. 'ЦБ РФ'; default: the agent's currency settings. */
    courseSource: text('course_source'),
    courseDeterminationRules: text('course_determination_rules'),
    expensesCurrencyCode: char('expenses_currency_code', { length: 3 }),
    expensesCourse: numeric('expenses_course', { precision: 18, scale: 4 }),
    expensesCourseDeterminationRules: text('expenses_course_determination_rules'),
    /** Transaction type shown in partnerOrders offer (free text of the agent, e.g. 'SWIFT'). */
    transactionType: text('transaction_type'),
    /** Sample contract (stored file, ≤ 50 MB, spec core §5). */
    sampleContractFileId: uuid('sample_contract_file_id').references(() => storedFiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('partner_order_offers_po_uq').on(t.partnerOrderId),
    check('partner_order_offers_method_chk', sql`${t.dealMethod} in ('PROTECTED', 'UNPROTECTED')`),
    check('partner_order_offers_dates_chk', sql`${t.paymentDateFrom} <= ${t.paymentDateTo}`),
    check('partner_order_offers_sum_chk', sql`${t.paymentSum} > 0`),
    check('partner_order_offers_course_chk', sql`${t.course} > 0`),
  ],
);

/** Additional expenses of an offer (spec core §3 "additional expenses (sum, currency, rate, description)"). */
export const partnerOrderOfferExpenses = pgTable(
  'partner_order_offer_expenses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => partnerOrderOffers.id, { onDelete: 'cascade' }),
    /** Display order, 0-based. */
    position: integer('position').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** ISO 4217. */
    currency: char('currency', { length: 3 }).notNull(),
    /** RUB per one unit of `currency`, 4 decimals. */
    rate: numeric('rate', { precision: 18, scale: 4 }).notNull(),
    description: text('description'),
  },
  (t) => [uniqueIndex('partner_order_offer_expenses_pos_uq').on(t.offerId, t.position)],
);

/** Documents of a deal (spec core §3 "Documents"). */
export const dealDocuments = pgTable(
  'deal_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The order; null for a DOC_EXAMPLE of an agent that is not tied to one order. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    /** The partner order the document belongs to; null for an agent-level DOC_EXAMPLE. */
    partnerOrderId: bigint('partner_order_id', { mode: 'number' }).references(() => partnerOrders.id),
    /** The payment agent's company (always set: documents come from an agent). */
    partnerCompanyId: integer('partner_company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').$type<DealDocumentKind>().notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** Display name (the uploaded file's name unless renamed). */
    name: text('name').notNull(),
    status: text('status').notNull().default('UPLOADED'),
    // Signature placeholders (spec core §3 "Signature details: signer, date-time, certificate valid until, document hash").
    clientSignerName: text('client_signer_name'),
    clientSignedAt: timestamp('client_signed_at', { withTimezone: true }),
    clientCertValidUntil: timestamp('client_cert_valid_until', { withTimezone: true }),
    clientDocumentHash: text('client_document_hash'),
    agentSignerName: text('agent_signer_name'),
    agentSignedAt: timestamp('agent_signed_at', { withTimezone: true }),
    agentCertValidUntil: timestamp('agent_cert_valid_until', { withTimezone: true }),
    agentDocumentHash: text('agent_document_hash'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('deal_documents_po_kind_idx').on(t.partnerOrderId, t.kind),
    index('deal_documents_order_idx').on(t.orderId),
    check('deal_documents_kind_chk', sql`${t.kind} in ('OFFER_DOCS', 'FINAL_DOCS', 'DOC_EXAMPLE')`),
    check('deal_documents_status_chk', sql`${t.status} in ('UPLOADED', 'SIGNED', 'SENT', 'CONFIRMED')`),
  ],
);

/** Bills (pay checks) of an accepted offer (spec core §4 payment statuses; §3 partnerOrders "paycheck"). */
export const payChecks = pgTable(
  'pay_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerOrderId: bigint('partner_order_id', { mode: 'number' })
      .notNull()
      .references(() => partnerOrders.id),
    /** The agent's company with requisites the client pays to (§7 partner "pay-checks/payment-company/{id}"). */
    paymentCompanyId: bigint('payment_company_id', { mode: 'number' }).references(() => partnerPaymentCompanies.id),
    /** Amount to pay, in `currency`. */
    amount: numeric('amount', { precision: 18, scale: 2 }),
    currency: char('currency', { length: 3 }),
    /** partnerOrders paycheck "convertedCommissionAmount" (RUB) and "commission". */
    convertedCommissionAmount: numeric('converted_commission_amount', { precision: 18, scale: 2 }),
    commission: numeric('commission', { precision: 18, scale: 2 }),
    /** ACTIVE, CHECK_PAYMENT, PAYMENT_CONFIRMED, ARCHIVED. */
    status: text('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    statusDate: timestamp('status_date', { withTimezone: true }).notNull(),
    /** Row version for compare-and-set (domain/deal/apply.ts). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('pay_checks_po_idx').on(t.partnerOrderId),
    check('pay_checks_status_chk', sql`${t.status} in ('ACTIVE', 'CHECK_PAYMENT', 'PAYMENT_CONFIRMED', 'ARCHIVED')`),
  ],
);

/** Operators' comments on an order (spec core §4 "Operator actions: comment"; §3 "lastOperComment"). */
export const operatorComments = pgTable(
  'operator_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_comments_order_idx').on(t.orderId, t.createdAt)],
);

export type PartnerOrderOfferRow = typeof partnerOrderOffers.$inferSelect;
export type DealDocumentRow = typeof dealDocuments.$inferSelect;
export type PayCheckRow = typeof payChecks.$inferSelect;
export type OperatorCommentRow = typeof operatorComments.$inferSelect;

/**
 * One-time codes of the operator sign-in of the embedded default (DESIGN "Operators sign in through an external login
 * page that ends in /api/public/oper/autologin"; routes/operator/sign-in.ts): issued by POST /oper-login after the
 * password check, exchanged once by POST /api/public/oper/autologin within 60 s. Only the SHA-256 of the code is kept.
 */
export const operLoginCodes = pgTable('oper_login_codes', {
  /** SHA-256 of the code, 64 lower-case hex digits. */
  codeHash: char('code_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when exchanged; a used code never works again. */
  usedAt: timestamp('used_at', { withTimezone: true }),
});
