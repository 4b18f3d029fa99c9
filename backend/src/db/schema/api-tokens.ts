/**
 * API tokens for integrators (issue 12 "API tokens"): a user (a client for his company, a payment agent for his
 * partner orders, an operator for the whole platform) creates named tokens with the read-only REPORTING scope.
 *
 * The token itself (`vpt_` + 43 base64url characters, 256 random bits) is shown once at creation and never stored:
 * `token_hash` is its SHA-256 (hex), unique, looked up on every `Authorization: Bearer vpt_…` request. `prefix` keeps
 * the first 12 characters for the list ("vpt_AbCdEfGh…"). A token acts as its user with its scope only; it stops
 * working when revoked (`revoked_at`), expired (`expires_at`, null = never) or when its user is blocked.
 * `last_used_at` is refreshed at most once a minute. Times are `timestamptz` (UTC) from the app clock.
 */
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core.js';

/** One named API token of a user. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The owner; the token acts as this user (his role scoping applies). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The owner's name for it, 1–100 characters. */
    name: text('name').notNull(),
    /** Scope code: REPORTING (read-only queries and exports). */
    scope: text('scope').notNull().default('REPORTING'),
    /** SHA-256 of the token, lower-case hex (64 characters). */
    tokenHash: text('token_hash').notNull(),
    /** The token's first 12 characters, for recognising it in the list. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** After this instant the token is refused (UNAUTHENTICATED); null = no expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Last successful use (at most once a minute); null = never used. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Revocation instant; a revoked token is refused at once. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_uq').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId, t.createdAt)],
);
