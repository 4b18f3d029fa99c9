/**
 * Parent shapes of the audit log types (issue 10), read by gateway/scripts/codegen.mjs (`// mapper: <GraphQLType>`).
 * Entries and actions are the backend's answers (GET /api/secured/oper/audit/{id}, …/audit/actions) as they are.
 */
import type { AnswerOf, ItemOf } from '../../../rest/openapi.js';

/** One entry of POST /api/secured/oper/audit/filter (the same shape as GET …/audit/{id}). */
// mapper: AuditEntry
export type AuditEntryParent = AnswerOf<'GET', '/api/secured/oper/audit/{id}'>;

/** An action code present in the log (GET /api/secured/oper/audit/actions). */
// mapper: AuditAction
export type AuditActionParent = ItemOf<AnswerOf<'GET', '/api/secured/oper/audit/actions'>>;

/** One changed field with its values as display text. */
// mapper: AuditFieldChange
export type AuditFieldChangeParent = { field: string; before: string | null; after: string | null };
