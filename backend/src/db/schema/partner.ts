/**
 * Payment agent (data role PARTNER) settings (spec core §3 "Payment agent profile"): the parts the agent's deal
 * calls read — currency settings (rate source, rate determination rules and time, comment), limits per currency,
 * the license contract's service commission %, whether the agent signs documents, and the companies with
 * requisites that receive the client's payments (spec core §7 partner "settings/currency", "settings/currencies",
 * "payment-companies", "pay-checks/payment-company/{id}").
 *
 * Money and percents are `numeric` (read and written as decimal strings, never floats). The operator's payment
 * agent card (create/edit) writes these tables in a later issue; the demo seed fills them for the two demo agents.
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
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './core.js';

/** One row per payment agent company: license contract and signing (spec core §3 "license contract", "signature presence"). */
export const partnerProfiles = pgTable(
  'partner_profiles',
  {
    partnerCompanyId: integer('partner_company_id')
      .primaryKey()
      .references(() => companies.id),
    site: text('site'),
    /** License contract number and registration date. */
    licenseNumber: text('license_number'),
    licenseDate: date('license_date', { mode: 'string' }),
    /** Service (platform) commission %, of the payment sum: the service fee of every offer of this agent. */
    serviceCommissionPercent: numeric('service_commission_percent', { precision: 7, scale: 4 }).notNull().default('0'),
    /** The agent signs documents with a qualified electronic signature (partnerSignRequired of its offers). */
    signRequired: boolean('sign_required').notNull().default(false),
    /** Part of a group of companies, with its description (spec core §3 "group-of-companies flag and description"). */
    groupOfCompanies: boolean('group_of_companies').notNull().default(false),
    groupDescription: text('group_description'),
    /** Beneficiaries: `[{ name, share?: decimal string %, owner: boolean }]` (spec core §3 "beneficiaries (with owner flag)"). */
    beneficiaries: jsonb('beneficiaries')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Contacts: `[{ surname, name, patronymic?, responsibilities?, phone?, email? }]` (spec core §3 "contacts"). */
    contacts: jsonb('contacts')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Product passport: client direction IMPORT, EXPORT or BOTH. */
    clientDirection: text('client_direction').notNull().default('BOTH'),
    /** Product passport: goods import REQUIRED, NOT_REQUIRED or UNIMPORTANT (compared with the order's goods location). */
    goodsImportRule: text('goods_import_rule').notNull().default('UNIMPORTANT'),
    /** Product passport: minimum monthly client volume, USD (compared with the client checklist's monthly total). */
    minMonthlyVolumeUsd: numeric('min_monthly_volume_usd', { precision: 18, scale: 2 }),
    /** Product passport: minimum client payment, USD equivalent (compared with the order amount). */
    minPaymentUsd: numeric('min_payment_usd', { precision: 18, scale: 2 }),
    /** Product passport: supported counterparty countries, ISO 3166-1 alpha-2; empty = any country. */
    supportedCountries: text('supported_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Product passport: payment purposes the agent does not serve, free text. */
    unsupportedPurposes: text('unsupported_purposes'),
    /** Product passport: closing documents the agent requires, free text. */
    requiredClosingDocuments: text('required_closing_documents'),
    /** Expert conclusion comment (spec core §3). */
    expertConclusion: text('expert_conclusion'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'partner_profiles_service_pct_chk',
      sql`${t.serviceCommissionPercent} >= 0 and ${t.serviceCommissionPercent} < 100`,
    ),
  ],
);

/**
 * Currency settings of the product passport (spec core §3): the currencies the agent works with, each with the
 * rate source, rate determination rules and time and a comment. At least one currency (spec core §5).
 */
export const partnerCurrencySettings = pgTable(
  'partner_currency_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerCompanyId: integer('partner_company_id')
      .notNull()
      .references(() => companies.id),
    /** ISO 4217 code, upper case. */
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    /** Where the rate comes from, e.g. 'ЦБ РФ', 'Биржа (MOEX)'. */
    rateSource: text('rate_source').notNull(),
    /** How the rate is determined, free text (Exchange rate info courseDeterminationRules). */
    rateRules: text('rate_rules').notNull(),
    /** When the rate is fixed, free text such as 'на 10:00 МСК дня оплаты'. */
    rateTime: text('rate_time'),
    comment: text('comment'),
    /** Indicative rate, RUB per unit, 4 decimals; the offer form pre-fills it (the agent may change it per offer). */
    indicativeRate: numeric('indicative_rate', { precision: 18, scale: 4 }),
  },
  (t) => [
    uniqueIndex('partner_currency_settings_uq').on(t.partnerCompanyId, t.currencyCode),
    check('partner_currency_settings_rate_chk', sql`${t.indicativeRate} is null or ${t.indicativeRate} > 0`),
  ],
);

/** Limits per currency (spec core §3 "limits per currency (amount from, amount to)"); null bound = open. */
export const partnerLimits = pgTable(
  'partner_limits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerCompanyId: integer('partner_company_id')
      .notNull()
      .references(() => companies.id),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    amountFrom: numeric('amount_from', { precision: 18, scale: 2 }),
    amountTo: numeric('amount_to', { precision: 18, scale: 2 }),
  },
  (t) => [
    uniqueIndex('partner_limits_uq').on(t.partnerCompanyId, t.currencyCode),
    check(
      'partner_limits_range_chk',
      sql`${t.amountFrom} is null or ${t.amountTo} is null or ${t.amountFrom} <= ${t.amountTo}`,
    ),
  ],
);

/**
 * Companies of the payment agent that receive client payments (spec core §3 "companies and requisites for client
 * payments (with an option that actual address equals legal address)").
 */
export const partnerPaymentCompanies = pgTable(
  'partner_payment_companies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerCompanyId: integer('partner_company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    inn: text('inn').notNull(),
    kpp: text('kpp'),
    ogrn: text('ogrn'),
    legalAddress: text('legal_address').notNull(),
    /** True: the actual address is the legal address (then `actualAddress` is ignored). */
    actualAddressSameAsLegal: boolean('actual_address_same_as_legal').notNull().default(true),
    actualAddress: text('actual_address'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('partner_payment_companies_partner_idx').on(t.partnerCompanyId)],
);

/** Bank requisites of a payment company (spec core §3 "Bank requisite"), one per account and currency. */
export const partnerPaymentRequisites = pgTable(
  'partner_payment_requisites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentCompanyId: bigint('payment_company_id', { mode: 'number' })
      .notNull()
      .references(() => partnerPaymentCompanies.id),
    /** ISO 4217 currency of the account ('RUB' for a ruble account). */
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    bankName: text('bank_name').notNull(),
    bankBik: text('bank_bik'),
    swift: text('swift'),
    /** Settlement account (20 digits for Russian banks) or IBAN. */
    checkAccount: text('check_account').notNull(),
    corrAccount: text('corr_account'),
  },
  (t) => [index('partner_payment_requisites_company_idx').on(t.paymentCompanyId)],
);

export type PartnerProfileRow = typeof partnerProfiles.$inferSelect;
export type PartnerCurrencySettingRow = typeof partnerCurrencySettings.$inferSelect;
export type PartnerPaymentCompanyRow = typeof partnerPaymentCompanies.$inferSelect;
export type PartnerPaymentRequisiteRow = typeof partnerPaymentRequisites.$inferSelect;
