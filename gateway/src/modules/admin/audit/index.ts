/**
 * Operator administration (issue 10): the audit log of administrative changes in the graph.
 *
 *   Administration.auditLog      POST /api/secured/oper/audit/filter?page&size (Relay connection, totalCount); null
 *                                without the AUDIT_LOG right; a bad filter is BAD_USER_INPUT with fieldErrors
 *   Administration.auditActions  GET …/audit/actions (once per operation); empty without the right
 *   AuditEntry                   node(id:) `AuditEntry:<id>` through GET …/audit/{id}; null without the right
 * Entries carry their actor, so a page is one upstream call (two when the window spans two backend pages).
 */
import { toGlobalId } from 'graphql-relay';
import type { AuditEntityType, AuditLogFilter, Resolvers } from '../../../generated/resolvers-types.js';
import type { BodyOf } from '../../../rest/openapi.js';
import { nullIfAbsent, queryResult } from '../../../rest/errors.js';
import { adminConnection } from '../connection.js';
import { isAuditEntityType } from '@platform/domain/operator/audit';
import { viewerHasRight, type AdminNodeResolver } from '../node.js';
import { changesOf } from './changes.js';

/** Default page of the log (20 entries). */
export const AUDIT_PAGE_SIZE = 20;

/** A stored kind of record as the enum, null for one missing from the catalogue (`@platform/domain/operator/audit`). */
function entityTypeOf(code: string | null | undefined): AuditEntityType | null {
  return code && isAuditEntityType(code) ? code : null;
}

type FilterBody = BodyOf<'POST', '/api/secured/oper/audit/filter'>;

/** The GraphQL filter as the backend's body (null fields left out; the backend refuses unknown or null fields). */
export function filterBody(filter: AuditLogFilter | null | undefined): FilterBody {
  const body: FilterBody = {};
  if (!filter) return body;
  if (filter.entityType) body.entityType = filter.entityType;
  if (filter.entityId != null && filter.entityId !== '') body.entityId = filter.entityId;
  if (filter.actorUserId != null) body.actorUserId = filter.actorUserId;
  if (filter.action) body.action = filter.action;
  const period: NonNullable<FilterBody['period']> = {};
  if (filter.period?.from) period.from = filter.period.from;
  if (filter.period?.to) period.to = filter.period.to;
  if (period.from || period.to) body.period = period;
  return body;
}

export const resolvers: Resolvers = {
  Administration: {
    auditLog: (viewer, args, ctx) =>
      adminConnection(viewer, args, {
        right: 'AUDIT_LOG',
        defaultFirst: AUDIT_PAGE_SIZE,
        fetchPage: (page, size) =>
          ctx.session.call('POST', '/api/secured/oper/audit/filter', {
            query: { page, size },
            body: filterBody(args.filter),
          }),
      }),
    auditActions: async (viewer, _args, ctx) => {
      if (!viewerHasRight(viewer, 'AUDIT_LOG')) return [];
      return queryResult(() =>
        ctx.loaders.memo('admin:auditActions', () => ctx.session.call('GET', '/api/secured/oper/audit/actions')),
      );
    },
  },
  AuditEntry: {
    id: (e) => toGlobalId('AuditEntry', String(e.id)),
    entryId: (e) => e.id,
    actor: (e) => ({
      userId: e.actor.id,
      name: e.actor.name,
      surname: e.actor.surname,
      patronymic: e.actor.patronymic,
      email: e.actor.email,
    }),
    entityType: (e) => entityTypeOf(e.entityType),
    changes: (e) => changesOf(e.before, e.after),
  },
  AuditAction: {
    entityType: (a) => entityTypeOf(a.entityType),
  },
};

/** node(id:) of `AuditEntry:<id>`: null for a malformed id, a missing entry or a viewer without AUDIT_LOG. */
const auditEntryNode: AdminNodeResolver = async (id, ctx, viewer) => {
  if (!viewerHasRight(viewer, 'AUDIT_LOG')) return null;
  const n = Number(id);
  if (!/^\d{1,15}$/.test(id) || !Number.isSafeInteger(n) || n < 1) return null;
  const entry = await nullIfAbsent(() =>
    ctx.session.call('GET', '/api/secured/oper/audit/{id}', { params: { id: n } }),
  );
  return entry ? { ...entry, __typename: 'AuditEntry' } : null;
};

/** Global id types this module resolves in node(id:), by type name. */
export const nodeTypes: Record<string, AdminNodeResolver> = { AuditEntry: auditEntryNode };
