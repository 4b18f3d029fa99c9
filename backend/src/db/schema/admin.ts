/**
 * Tables of operator administration (issue 10; spec core §3 "Referral partner", "Operator"; §4 "Other states";
 * §6 operator roles and rights).
 *
 * - `audit_log`: every administrative change (who, when, which record, the fields before and after), written in the
 *   same transaction as the change (backend/src/admin/audit.ts `recordAudit`).
 * - `referral_partner_profiles`: the referral partner's (data role AGENT) own fields beyond the company row.
 * - `referral_partner_documents`: documents and acts between a referral partner and the operator.
 * Operator roles and extra rights live on `users` (`operator_roles`, `rights`); the catalogue is
 * `@platform/domain/operator/rights`. Times are `timestamptz` (UTC) written from the app clock.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './core.js';
import { storedFiles } from './orders.js';
import { signatures } from './verification.js';

/**
 * One administrative change. `entityType`: CLIENT, PAYMENT_AGENT, REFERRAL_PARTNER, REFERRAL_PARTNER_DOCUMENT,
 * OPERATOR. `action`: e.g. CLIENT_STATUS_CHANGE, PAYMENT_AGENT_CREATE, PAYMENT_AGENT_UPDATE, PAYMENT_AGENT_BLOCK,
 * OPERATOR_RIGHTS_CHANGE (the writer documents its codes). `before`/`after` hold only the changed fields (null for a
 * create / delete side).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The operator who made the change. */
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    /** Id of the changed record (company id, user id, document id), as text. */
    entityId: text('entity_id').notNull(),
    /** Display name of the record at the time of the change (company short name, operator's full name). */
    entityName: text('entity_name'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The operator's comment, where the action takes one (a status change, a fit override). */
    comment: text('comment'),
  },
  (t) => [
    index('audit_log_occurred_idx').on(t.occurredAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorUserId),
  ],
);

/** A referral partner's own fields (spec core §3 "Referral partner"); the rest is the company row. */
export const referralPartnerProfiles = pgTable(
  'referral_partner_profiles',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id),
    /** Extra phones, 10 digits each (spec core §5). */
    extraPhones: text('extra_phones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Extra e-mails, lower case. */
    extraEmails: text('extra_emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    comment: text('comment'),
    /** The partner's representative: full name and position, free text. */
    representative: text('representative'),
    /** License (agency) contract number, date and the partner's commission % of the service fee of executed deals. */
    contractNumber: text('contract_number'),
    contractDate: date('contract_date', { mode: 'string' }),
    commissionPercent: numeric('commission_percent', { precision: 7, scale: 4 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('referral_partner_profiles_pct_chk', sql`${t.commissionPercent} >= 0 and ${t.commissionPercent} < 100`),
  ],
);

/**
 * A document or act between a referral partner and the operator (spec core §3 "documents/acts (type ACT or
 * DOCUMENT, name, number, description, file, agent signature, operator signature, created)"); file ≤ 50 MB.
 */
export const referralPartnerDocuments = pgTable(
  'referral_partner_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** ACT or DOCUMENT. */
    type: text('type').notNull(),
    name: text('name').notNull(),
    number: text('number'),
    description: text('description'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** The referral partner's signature (signing of acts: the referral partner issue). */
    agentSignatureId: integer('agent_signature_id').references(() => signatures.id),
    operatorSignatureId: integer('operator_signature_id').references(() => signatures.id),
    /** Who uploaded it (an operator or the partner's user). */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('referral_partner_documents_company_idx').on(t.companyId),
    check('referral_partner_documents_type_chk', sql`${t.type} in ('ACT', 'DOCUMENT')`),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type ReferralPartnerProfileRow = typeof referralPartnerProfiles.$inferSelect;
export type ReferralPartnerDocumentRow = typeof referralPartnerDocuments.$inferSelect;
