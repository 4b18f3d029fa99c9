/**
 * Core tables: companies, users and sessions (spec core §3 "Current user", "Company"; §6 roles).
 * Money columns elsewhere are `numeric`; times are `timestamptz` (UTC).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Company (spec core §3): a client company, a payment agent's company or a referral partner's. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    /** CLIENT, PARTNER (payment agent) or AGENT (referral partner). */
    kind: text('kind').notNull().default('CLIENT'),
    /** 13 digits (ogrn) or 15 digits (ogrnip). */
    ogrn: text('ogrn').notNull(),
    inn: text('inn').notNull(),
    kpp: text('kpp'),
    fullName: text('full_name').notNull(),
    shortName: text('short_name').notNull(),
    /** Payment agents' brand (spec core §3 partnerOrders.brand). */
    brand: text('brand'),
    registrationAuthority: text('registration_authority'),
    registrationAuthorityAddress: text('registration_authority_address'),
    registrationDate: date('registration_date'),
    okved: text('okved'),
    legalAddress: text('legal_address'),
    actualAddress: text('actual_address'),
    ceoFirstName: text('ceo_first_name'),
    ceoMiddleName: text('ceo_middle_name'),
    ceoLastName: text('ceo_last_name'),
    liquidated: boolean('liquidated').notNull().default(false),
    /** Electronic-signature-confirmed flag: the company is verified (spec core §1, §6). */
    signatureConfirmed: boolean('signature_confirmed').notNull().default(false),
    /** When the company became VERIFIED (signed verification document or operator decision; accounts/company-verification.ts). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * Client status NEW, VERIFIED or SUSPENDED (spec core §3). Payment agents and referral partners are VERIFIED
     * (active) or SUSPENDED (blocked, spec core §4 "Other states"). SUSPENDED blocks the sign-in of every user of the
     * company (USER_SUSPENDED) and ends their sessions (accounts/account-access.ts).
     */
    status: text('status').notNull().default('NEW'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The short and full names lower-cased (one per line; generated): the operator's client-name filter compares
     * `name_search like lower(pattern)` — what `ilike` on either name answers in a UTF-8 database, without lower-casing
     * every name for every word (issue 15).
     */
    nameSearch: text('name_search')
      .notNull()
      .generatedAlwaysAs(sql`lower(short_name || chr(10) || full_name)`),
  },
  (t) => [uniqueIndex('companies_kind_ogrn_uq').on(t.kind, t.ogrn)],
);

/** User account (spec core §3 "Current user"). E-mail is stored lower-cased and is unique. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** scrypt hash in the form `scrypt$N$r$p$saltB64$hashB64`. */
    passwordHash: text('password_hash').notNull(),
    /** Data role: CLIENT, PARTNER, AGENT or OPER (spec core §6). */
    accountType: text('account_type').notNull(),
    /** ACTIVE or USER_SUSPENDED (spec core §4 "Other states"). */
    status: text('status').notNull().default('ACTIVE'),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    patronymic: text('patronymic'),
    /** 10 digits, without the country code (spec core §5). */
    phone: text('phone'),
    additionalPhone: text('additional_phone'),
    companyWebsite: text('company_website'),
    position: text('position'),
    companyId: integer('company_id').references(() => companies.id),
    /**
     * Operators' roles (codes of `@platform/domain/operator/rights` OPERATOR_ROLES); effective rights are the union of
     * the roles' rights and `rights`.
     */
    operatorRoles: text('operator_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Operators' extra rights (OPERATOR_RIGHTS codes); VERIFIED_CLIENT is derived from the company, not stored. */
    rights: text('rights')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_company_idx').on(t.companyId)],
);

/** Server-side sessions: the cookie holds only the random id (≥ 128 bits). */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    data: jsonb('data').notNull(),
    userId: integer('user_id'),
    /** Idle expiry; pushed forward on every request (rolling). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute expiry, fixed at sign-in. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);
