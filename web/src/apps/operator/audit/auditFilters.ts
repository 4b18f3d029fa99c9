/**
 * The audit log filters of /operator/audit (issue 10): the form values and the `AuditLogFilter` they give. Pure.
 * Dates are the inputs' YYYY-MM-DD (Moscow days at the server); a period whose start is after its end is not sent.
 */
import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '@platform/domain/operator/audit';
import { isApiDate } from '../../../system/formats';

/** Kinds of records the log names (GraphQL enum AuditEntityType), in the order the filter offers them. */
export { AUDIT_ENTITY_TYPES };
export type AuditEntityTypeValue = AuditEntityType;

/** The filter form: every field a string, '' for "all". */
export interface AuditFilterValues {
  entityType: string;
  /** Id of one record (from a link such as /operator/audit?entityType=CLIENT&entityId=7), '' for all. */
  entityId: string;
  action: string;
  actor: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = {
  entityType: '',
  entityId: '',
  action: '',
  actor: '',
  from: '',
  to: '',
};

/** The search parameters a link to the log may carry: the names of {@link AuditFilterValues}. */
const PARAM_NAMES = ['entityType', 'entityId', 'action', 'actor', 'from', 'to'] as const;

/** The form values of a link's search parameters (unknown parameters ignored; values checked when sent). */
export function auditFiltersFromParams(params: URLSearchParams): AuditFilterValues {
  const v = { ...EMPTY_AUDIT_FILTERS };
  for (const name of PARAM_NAMES) v[name] = params.get(name)?.trim() ?? '';
  return v;
}

/** The GraphQL `AuditLogFilter` of the form (only the set fields). */
export interface AuditLogFilterVariables {
  entityType?: AuditEntityTypeValue;
  entityId?: string;
  action?: string;
  actorUserId?: number;
  period?: { from?: string; to?: string };
}

const isEntityType = (v: string): v is AuditEntityTypeValue => (AUDIT_ENTITY_TYPES as readonly string[]).includes(v);

/** True when both ends are set and the start is after the end (the form shows a message and sends no period). */
export function periodInvalid(v: AuditFilterValues): boolean {
  return isApiDate(v.from) && isApiDate(v.to) && v.from > v.to;
}

/** The filter to send for the form values. */
export function auditFilterVariables(v: AuditFilterValues): AuditLogFilterVariables {
  const f: AuditLogFilterVariables = {};
  if (isEntityType(v.entityType)) f.entityType = v.entityType;
  if (/^[\w-]{1,64}$/.test(v.entityId)) f.entityId = v.entityId;
  if (/^[A-Z][A-Z0-9_]*$/.test(v.action)) f.action = v.action;
  if (/^\d{1,9}$/.test(v.actor) && Number(v.actor) > 0) f.actorUserId = Number(v.actor);
  if (!periodInvalid(v)) {
    const period: { from?: string; to?: string } = {};
    if (isApiDate(v.from)) period.from = v.from;
    if (isApiDate(v.to)) period.to = v.to;
    if (period.from || period.to) f.period = period;
  }
  return f;
}
