/**
 * Operator administration (issue 10): clients in the graph (spec core §3 "Client status", "Operator client filter";
 * §4 "Other states"; §7 Operator client/*, nalog/fns).
 *
 *   Administration.clients          POST /api/secured/oper/client/filter?page&size (Relay connection, totalCount); null
 *                                   without CLIENTS; a bad filter is BAD_USER_INPUT with fieldErrors
 *   Administration.client           GET …/client/{id}; null when unknown or without the right
 *   Administration.clientByOgrn     GET …/client/info?ogrn
 *   Administration.registryCompany  GET …/nalog/fns?ogrn (CLIENTS, PAYMENT_AGENTS or REFERRAL_PARTNERS)
 *   AdminClient                     the row; card fields through GET …/client/{id}/card, once per operation and client
 *   Mutation.changeClientStatus     POST …/client/{id}/status-change → ChangeClientStatusSuccess | UserError
 * A page is one upstream call (two when the window spans two backend pages); the card is asked only for the clients
 * whose card fields are selected (the list selects none).
 */
import { toGlobalId } from 'graphql-relay';
import type { AdminClientFilter, Resolvers } from '../../../generated/resolvers-types.js';
import type { GatewayContext } from '../../../context.js';
import type { CurrentUserDto } from '../../../rest/contract.js';
import { mutationResult, nullIfAbsent, queryResult } from '../../../rest/errors.js';
import type { BodyOf } from '../../../rest/openapi.js';
import { adminConnection, badInput } from '../connection.js';
import { adminIdOf, isBackendId, notFoundError } from '../ids.js';
import { viewerHasRight, type AdminNodeResolver } from '../node.js';
import type { AdminClientCardDto, AdminClientParent } from './parents.js';

type FilterBody = BodyOf<'POST', '/api/secured/oper/client/filter'>;

const OGRN = /^(\d{13}|\d{15})$/;

/** The GraphQL filter as the backend's body (null fields left out; the backend refuses unknown or null fields). */
export function clientFilterBody(filter: AdminClientFilter | null | undefined): FilterBody {
  const body: FilterBody = {};
  if (!filter) return body;
  if (filter.status) body.clientStatus = filter.status;
  const text = filter.nameInn?.trim();
  if (text) body.nameInn = text;
  const range: NonNullable<FilterBody['regDateRange']> = {};
  if (filter.registeredFrom) range.from = filter.registeredFrom;
  if (filter.registeredTo) range.to = filter.registeredTo;
  if (range.from || range.to) body.regDateRange = range;
  return body;
}

/** Backend company id of `AdminClient:<n>` or of a plain numeric id; null otherwise. */
export function clientIdOf(id: string): number | null {
  return adminIdOf('AdminClient', id);
}

const CLIENT_STATUSES = ['NEW', 'VERIFIED', 'SUSPENDED'] as const;

/** Whether the signed-in viewer holds CLIENTS (the right of status changes). */
async function canChange(ctx: GatewayContext): Promise<boolean> {
  return viewerHasRight(await ctx.loaders.viewer(), 'CLIENTS');
}

/** The card of client `id`, once per operation. */
function card(ctx: GatewayContext, id: number): Promise<AdminClientCardDto> {
  return queryResult(() =>
    ctx.loaders.memo(`admin:clientCard:${id}`, () =>
      ctx.session.call('GET', '/api/secured/oper/client/{id}/card', { params: { id } }),
    ),
  );
}

/** The client row of company `id`, or null (unknown, not a client, or no right). */
function loadClient(ctx: GatewayContext, viewer: CurrentUserDto, id: number): Promise<AdminClientParent | null> {
  if (!viewerHasRight(viewer, 'CLIENTS')) return Promise.resolve(null);
  return nullIfAbsent(() => ctx.session.call('GET', '/api/secured/oper/client/{id}', { params: { id } }));
}

export const resolvers: Resolvers = {
  Administration: {
    clients: (viewer, args, ctx) =>
      adminConnection(viewer, args, {
        right: 'CLIENTS',
        fetchPage: (page, size) =>
          ctx.session.call('POST', '/api/secured/oper/client/filter', {
            query: { page, size },
            body: clientFilterBody(args.filter),
          }),
      }),
    client: (viewer, { id }, ctx) => {
      const n = clientIdOf(id);
      return n === null ? null : loadClient(ctx, viewer, n);
    },
    clientByOgrn: (viewer, { ogrn }, ctx) => {
      if (!viewerHasRight(viewer, 'CLIENTS')) return null;
      const value = ogrn.trim();
      if (!OGRN.test(value)) throw badInput('ОГРН — 13 цифр, ОГРНИП — 15 цифр');
      return nullIfAbsent(() => ctx.session.call('GET', '/api/secured/oper/client/info', { query: { ogrn: value } }));
    },
    registryCompany: (viewer, { ogrn }, ctx) => {
      if (!['CLIENTS', 'PAYMENT_AGENTS', 'REFERRAL_PARTNERS'].some((r) => viewerHasRight(viewer, r))) return null;
      const value = ogrn.trim();
      if (!OGRN.test(value)) throw badInput('ОГРН — 13 цифр, ОГРНИП — 15 цифр');
      return ctx.loaders.memo(`admin:nalog:${value}`, () =>
        nullIfAbsent(() => ctx.session.call('GET', '/api/secured/oper/nalog/fns', { query: { ogrn: value } })),
      );
    },
  },
  AdminClient: {
    id: (c) => toGlobalId('AdminClient', String(c.id)),
    clientId: (c) => c.id,
    company: async (c, _a, ctx) => (await card(ctx, c.id)).company,
    users: async (c, _a, ctx) => (await card(ctx, c.id)).users,
    checklist: async (c, _a, ctx) => (await card(ctx, c.id)).checklist,
    requisites: async (c, _a, ctx) => (await card(ctx, c.id)).requisites,
    verification: async (c, _a, ctx) => (await card(ctx, c.id)).verification,
    orderCounts: async (c, _a, ctx) => (await card(ctx, c.id)).orders,
    allowedStatusChanges: async (c, _a, ctx) =>
      (await canChange(ctx)) ? CLIENT_STATUSES.filter((s) => s !== c.status) : [],
    viewerCanChangeStatus: (_c, _a, ctx) => canChange(ctx),
  },
  AdminClientCompany: {
    ceoName: (c) => [c.ceo.lastName, c.ceo.firstName, c.ceo.middleName].filter(Boolean).join(' ') || null,
  },
  // The registry's CEO object as the schema's "Last First Middle" (no other module resolves RegistryCompany fields).
  RegistryCompany: {
    ceo: (r) => (r.ceo ? [r.ceo.lastName, r.ceo.firstName, r.ceo.middleName].filter(Boolean).join(' ') : null),
  },
  AdminClientUser: {
    userId: (u) => u.id,
  },
  AdminClientVerificationDocument: {
    documentId: (d) => d.id,
    signature: (d) => d.signature ?? null,
  },
  Mutation: {
    changeClientStatus: async (_r, { input }, ctx) => {
      const id = clientIdOf(input.clientId);
      if (id === null) return notFoundError('CLIENT_NOT_FOUND', 'Клиент не найден', 'clientId');
      return mutationResult(async () => {
        const client = await ctx.session.call('POST', '/api/secured/oper/client/{id}/status-change', {
          params: { id },
          body: { status: input.status, comment: input.comment ?? null },
        });
        ctx.loaders.forget(`admin:clientCard:${id}`);
        return { __typename: 'ChangeClientStatusSuccess' as const, client };
      });
    },
  },
  ChangeClientStatusResult: {
    __resolveType: (r) => r.__typename,
  },
};

/** node(id:) of `AdminClient:<companyId>`: null for a malformed id, an unknown client or a viewer without CLIENTS. */
const adminClientNode: AdminNodeResolver = async (id, ctx, viewer) => {
  if (!isBackendId(id)) return null;
  const row = await loadClient(ctx, viewer, Number(id));
  return row ? { ...row, __typename: 'AdminClient' } : null;
};

/** Global id types this module resolves in node(id:), by type name. */
export const nodeTypes: Record<string, AdminNodeResolver> = { AdminClient: adminClientNode };
