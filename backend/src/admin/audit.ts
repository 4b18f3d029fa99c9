/**
 * The audit log of administrative changes (issue 10: "every administrative change (who, when, which record, the
 * fields before and after) is stored in the same transaction as the change"). Table `audit_log`
 * (db/schema/admin.ts); listed by operators with the AUDIT_LOG right (routes/admin/audit.ts).
 */
import type { AuditEntityType } from '@platform/domain/operator/audit';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema/admin.js';

/** Kinds of records the log names (the catalogue `@platform/domain/operator/audit`). */
export type { AuditEntityType };

/** One change to record. `before`/`after`: only the fields that changed (null for the absent side of a create). */
export interface AuditEntry {
  actorUserId: number;
  /** Stable upper-case code, e.g. CLIENT_STATUS_CHANGE, PAYMENT_AGENT_CREATE, OPERATOR_RIGHTS_CHANGE. */
  action: string;
  entityType: AuditEntityType;
  entityId: number | string;
  entityName?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  comment?: string | null;
}

/**
 * Writes one audit entry with `tx` — call it inside the transaction of the change, so that a failed change leaves no
 * entry and a change never happens without one. `now` is the app clock.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    occurredAt: now,
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    entityName: entry.entityName ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    comment: entry.comment ?? null,
  });
}

/**
 * The fields of `next` whose values differ from `prev` (deep, by JSON), as `{ before, after }` with only those
 * fields; both null when nothing changed. For the update calls that log "the fields before and after".
 */
export function changedFields(
  prev: Record<string, unknown>,
  next: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(next)) {
    if (JSON.stringify(prev[key] ?? null) === JSON.stringify(next[key] ?? null)) continue;
    before[key] = prev[key] ?? null;
    after[key] = next[key] ?? null;
  }
  return Object.keys(after).length ? { before, after } : null;
}
