/**
 * Tables of the accounts domain (spec core §3 "Checklist", "Registration payload"; §4 registration stepper,
 * resend delay 120 s; §7 Public e-mail, password and callback calls; docs/rest-api.md "Public").
 * Times are `timestamptz` (UTC) and are always written from the app clock, never `now()`, so tests can move time.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * One-time e-mail links: registration confirmation, password reset and login e-mail change.
 * Only the SHA-256 (hex) of the random token is stored; the token itself exists only in the mail.
 * - REGISTRATION: `email` is the address being confirmed; `userId` is null. Lives 24 h.
 * - PASSWORD_RESET: `email` and `userId` of the account. Lives 1 h.
 * - EMAIL_CHANGE: `email` is the new login address of `userId`. Lives 24 h.
 * A link is usable while `usedAt` and `revokedAt` are null and `expiresAt` is in the future.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    /** REGISTRATION | PASSWORD_RESET | EMAIL_CHANGE. */
    purpose: text('purpose').notNull(),
    /** Lower-cased e-mail the link was sent to. */
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the mail was sent: a new mail to the same address is refused for 120 s after it (spec core §4, §9). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** REGISTRATION: the address was confirmed by opening the link. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The link did its job (registration finished, password reset, e-mail changed); it cannot be used again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Voided by a newer link for the same address or by an e-mail correction (confirm/change). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_tokens_hash_uq').on(t.tokenHash), index('email_tokens_email_idx').on(t.email, t.purpose)],
);

/**
 * The client company's checklist (spec core §3 "Checklist"): expected countries, currencies, number of
 * payments per month and approximate monthly total in USD. One per company.
 */
export const checklists = pgTable('checklists', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** ISO 3166-1 alpha-2 codes. */
  countryCodes: text('country_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** ISO 4217 codes. */
  currencyCodes: text('currency_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Payments per month. */
  paymentsNumber: integer('payments_number').notNull(),
  /** Approximate monthly total, USD. */
  monthlyCurrencyPayment: numeric('monthly_currency_payment', { precision: 18, scale: 2, mode: 'number' }).notNull(),
  comment: text('comment'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Callback requests from the public site (spec core §7 Public "callback"): who to call back and why. */
export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: serial('id').primaryKey(),
    /** GENERAL for /user/callback, AGENT for /callback/agent, else the upper-cased {type} of the path. */
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** 10 digits (spec core §5). */
    phone: text('phone').notNull(),
    email: text('email'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** NEW until an operator marks it HANDLED (issue 11: callbacks are listed for operators so that none is lost). */
    status: text('status').notNull().default('NEW'),
    handledByUserId: integer('handled_by_user_id').references(() => users.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('callback_requests_created_idx').on(t.createdAt),
    check('callback_requests_status_chk', sql`${t.status} in ('NEW', 'HANDLED')`),
  ],
);

/**
 * Leads of the public site's card forms (issue 13; spec core §1 foreign bank cards issued for a fee, with or without a
 * power of attorney; §2 /clients/cards; §7 POST /api/public/lead/card/debit). Listed for operators in the inbox with
 * the callbacks (kind LEAD), NEW until an operator marks it HANDLED, so that none is lost.
 */
export const cardLeads = pgTable(
  'card_leads',
  {
    id: serial('id').primaryKey(),
    /** The form: CARD_DEBIT for /lead/card/debit (the only one today). */
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** 10 digits (spec core §5). */
    phone: text('phone').notNull(),
    /** Lower case; null when not given. */
    email: text('email'),
    /** True: the card is to be issued by a power of attorney (without the holder's visit); false: in person. */
    powerOfAttorney: boolean('power_of_attorney').notNull(),
    /** Where the person lives or wants the card, as typed; null when not given. */
    city: text('city'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('NEW'),
    handledByUserId: integer('handled_by_user_id').references(() => users.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('card_leads_created_idx').on(t.createdAt),
    check('card_leads_status_chk', sql`${t.status} in ('NEW', 'HANDLED')`),
  ],
);

/** Mails stored by the developer outbox mailer (no SMTP_URL); shown at GET /api/dev/outbox outside production. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sign-in failure counters (issue 14 defect 3; OWASP ASVS 5.0 V6.3; spec core §8 login limits), one row per `key`:
 * - `${email}|${clientAddress}`: five wrong passwords (or unknown-account attempts) in a row from one client address
 *   lock that e-mail for that address only, 15 minutes (LOGIN_LIMIT);
 * - `${email}|*`: failures of the e-mail from every address together (50 per hour, then LOGIN_LIMIT for everyone).
 * Applied identically to unknown e-mails, so a 429 tells nothing about whether an account exists. `failures` counts
 * attempts reserved (routes/accounts/session.ts `checkCredentials`) since `windowStartedAt`; `lockedUntil` is set when
 * the count reaches its limit. Times come from the app clock.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    /** The normalised (lower-cased) e-mail of the key, to clear its rows (password reset). */
    email: text('email').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_throttle_email_idx').on(t.email), index('login_throttle_updated_idx').on(t.updatedAt)],
);
