/**
 * Tables of the referral partner's area (issue 11; spec core §1, §3 "Client added by a partner", §5 "Adding a client as
 * a partner needs confirmation that the client approved the registration", §6 "Referral partner", §7 client
 * recommendations). docs/rest-api.md "Referral partner area" documents the calls.
 *
 * - `referral_clients`: the link between a referral partner's company (kind AGENT) and a client company, with the
 *   partner's estimates of §3 and the client's extra contacts. A client company has at most one live link (INVITED,
 *   CONSENT_REQUESTED or ACTIVE): a company already on the platform is added only with its consent, never taken over.
 * - `referral_commissions`: the partner's commission of one executed deal, stored when the order becomes EXECUTED
 *   (rule: docs/rest-api.md "Referral partner commission").
 * - `client_recommendations`: a client recommends another company (POST /api/secured/client/recommendations/new-client),
 *   handled by operators (status NEW / HANDLED), like the callbacks of `callback_requests`.
 * Times are `timestamptz` (UTC) written from the app clock; money is `numeric` with an ISO 4217 currency.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './core.js';
import { orders, partnerOrders } from './orders.js';

/** Link statuses of `referral_clients` (docs/rest-api.md "Referral partner area"). */
export const REFERRAL_CLIENT_STATUSES = ['INVITED', 'CONSENT_REQUESTED', 'ACTIVE', 'DECLINED', 'REMOVED'] as const;

/** A client added by a referral partner (spec core §3 "Client added by a partner"). */
export const referralClients = pgTable(
  'referral_clients',
  {
    id: serial('id').primaryKey(),
    /** The referral partner's company (companies.kind AGENT). */
    partnerCompanyId: integer('partner_company_id')
      .notNull()
      .references(() => companies.id),
    /** The client company (companies.kind CLIENT). */
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => companies.id),
    /**
     * INVITED: the partner added a company new to the platform and its contact was invited to finish registration;
     * CONSENT_REQUESTED: the company was already on the platform and its users were asked to agree; ACTIVE: registered
     * or agreed; DECLINED: the company refused; REMOVED: the partner removed the client.
     */
    status: text('status').notNull(),
    /** The client's expected counterparty countries, ISO 3166-1 alpha-2 (spec core §3). */
    countryCodes: text('country_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The client's expected currencies, ISO 4217. */
    currencyCodes: text('currency_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Approximate monthly volume, USD, decimal. */
    monthlyVolume: numeric('monthly_volume', { precision: 18, scale: 2 }),
    /** Payments per month. */
    monthlyPayments: integer('monthly_payments'),
    /** The client's contact invited by the partner (the user who finishes the registration). */
    contactUserId: integer('contact_user_id').references(() => users.id),
    /** Extra phones of the client, 10 digits each, edited by the partner (spec core §6 "edits extra contacts"). */
    extraPhones: text('extra_phones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Extra e-mails of the client, lower case. */
    extraEmails: text('extra_emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the partner confirmed that the client approved the registration (spec core §5); always set. */
    approvalConfirmedAt: timestamp('approval_confirmed_at', { withTimezone: true }).notNull(),
    /** The partner's user who added the client. */
    addedByUserId: integer('added_by_user_id')
      .notNull()
      .references(() => users.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    /** When the client finished registration or agreed (status ACTIVE). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** When the link ended (DECLINED or REMOVED). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('referral_clients_partner_idx').on(t.partnerCompanyId, t.status),
    uniqueIndex('referral_clients_live_client_uq')
      .on(t.clientCompanyId)
      .where(sql`${t.status} in ('INVITED', 'CONSENT_REQUESTED', 'ACTIVE')`),
    check(
      'referral_clients_status_chk',
      sql`${t.status} in ('INVITED', 'CONSENT_REQUESTED', 'ACTIVE', 'DECLINED', 'REMOVED')`,
    ),
    check('referral_clients_payments_chk', sql`${t.monthlyPayments} is null or ${t.monthlyPayments} >= 0`),
    check('referral_clients_volume_chk', sql`${t.monthlyVolume} is null or ${t.monthlyVolume} >= 0`),
  ],
);

/** The referral partner's commission of one executed deal (docs/rest-api.md "Referral partner commission"). */
export const referralCommissions = pgTable(
  'referral_commissions',
  {
    id: serial('id').primaryKey(),
    /** One commission per order. */
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** The executed offer (partner order) whose service fee is the base. */
    partnerOrderId: bigint('partner_order_id', { mode: 'number' }).references(() => partnerOrders.id),
    partnerCompanyId: integer('partner_company_id')
      .notNull()
      .references(() => companies.id),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => companies.id),
    /** The base: the service fee of the executed deal, decimal. */
    baseAmount: numeric('base_amount', { precision: 18, scale: 2 }).notNull(),
    baseCurrency: char('base_currency', { length: 3 }).notNull(),
    /** The partner's rate from the license contract at execution time (referral_partner_profiles.commission_percent). */
    percent: numeric('percent', { precision: 7, scale: 4 }).notNull(),
    /** The commission, decimal with 2 places, in `currency` (= baseCurrency). */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('referral_commissions_order_uq').on(t.orderId),
    index('referral_commissions_partner_idx').on(t.partnerCompanyId, t.createdAt),
    check('referral_commissions_amount_chk', sql`${t.amount} >= 0 and ${t.baseAmount} >= 0`),
  ],
);

/** A client's recommendation of another company (spec core §2 Shared "recommend-a-client form", §7). */
export const clientRecommendations = pgTable(
  'client_recommendations',
  {
    id: serial('id').primaryKey(),
    recommenderCompanyId: integer('recommender_company_id')
      .notNull()
      .references(() => companies.id),
    recommenderUserId: integer('recommender_user_id')
      .notNull()
      .references(() => users.id),
    companyName: text('company_name').notNull(),
    /** 10 or 12 digits when given. */
    inn: text('inn'),
    contactName: text('contact_name').notNull(),
    /** 10 digits (spec core §5). */
    phone: text('phone').notNull(),
    email: text('email'),
    comment: text('comment'),
    /** NEW or HANDLED. */
    status: text('status').notNull().default('NEW'),
    handledByUserId: integer('handled_by_user_id').references(() => users.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('client_recommendations_created_idx').on(t.createdAt),
    check('client_recommendations_status_chk', sql`${t.status} in ('NEW', 'HANDLED')`),
  ],
);

export type ReferralClientRow = typeof referralClients.$inferSelect;
export type ReferralCommissionRow = typeof referralCommissions.$inferSelect;
export type ClientRecommendationRow = typeof clientRecommendations.$inferSelect;
