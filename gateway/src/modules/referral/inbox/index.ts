/**
 * Recommendations and the operators' inbox in the graph (issue 11; docs/rest-api.md "Recommendations and the
 * operators' inbox"):
 *
 *   Mutation.recommendClient         POST /api/secured/client/recommendations/new-client → RecommendClientSuccess |
 *                                    UserError (fieldErrors with the form's field paths; RECOMMENDATION_LIMIT with
 *                                    retryAfterSeconds; FORBIDDEN for a viewer who is not a client)
 *   Administration.inbox             POST /api/secured/oper/inbox/filter?page&size (Relay connection, totalCount); null
 *                                    without CLIENTS
 *   Administration.inboxNewCount     GET /api/secured/oper/inbox/new-count; null without CLIENTS
 *   Mutation.setInboxItemStatus      PUT /api/secured/oper/inbox/{kind}/{id}/status → SetInboxItemStatusSuccess | UserError
 */
import { inboxTypeLabel, INBOX_KINDS, type InboxKind } from '@platform/domain/operator/inbox';
import { fromGlobalId, toGlobalId } from 'graphql-relay';
import type { Resolvers } from '../../../generated/resolvers-types.js';
import { mutationResult, queryResult } from '../../../rest/errors.js';
import { adminConnection, badInput } from '../../admin/connection.js';
import { isBackendId, notFoundError } from '../../admin/ids.js';
import { viewerHasRight } from '../../admin/node.js';
import { byTypename } from '../../unions.js';

const TYPE = /^[A-Z][A-Z0-9_]{0,39}$/;

/** The global id of an inbox item: "InboxItem:<KIND>:<id>". */
export function inboxItemGlobalId(kind: InboxKind, id: number): string {
  return toGlobalId('InboxItem', `${kind}:${id}`);
}

/** Kind and backend id of an `InboxItem` global id; null for a malformed id or one of another type. */
export function inboxItemIdOf(id: string): { kind: InboxKind; id: number } | null {
  try {
    const g = fromGlobalId(id);
    if (g.type !== 'InboxItem') return null;
    const [kind, n, ...rest] = g.id.split(':');
    if (rest.length || !(INBOX_KINDS as readonly string[]).includes(kind) || !isBackendId(n ?? '')) return null;
    return { kind: kind as InboxKind, id: Number(n) };
  } catch {
    return null;
  }
}

/** Empty optional text → null (the backend stores null for "not given"). */
const optional = (v: string | null | undefined): string | null => (v?.trim() ? v : null);

export const resolvers: Resolvers = {
  Administration: {
    inbox: (viewer, args, ctx) => {
      const type = args.type?.trim();
      if (type && !TYPE.test(type)) throw badInput('Тип обращения: заглавные латинские буквы, цифры и _');
      return adminConnection(viewer, args, {
        right: 'CLIENTS',
        defaultFirst: 20,
        fetchPage: (page, size) =>
          ctx.session.call('POST', '/api/secured/oper/inbox/filter', {
            query: { page, size },
            body: {
              ...(args.kind ? { kind: args.kind } : {}),
              ...(args.status ? { status: args.status } : {}),
              ...(type ? { type } : {}),
            },
          }),
      });
    },
    inboxNewCount: async (viewer, _a, ctx) => {
      if (!viewerHasRight(viewer, 'CLIENTS')) return null;
      const { count } = await queryResult(() =>
        ctx.loaders.memo('admin:inboxNewCount', () => ctx.session.call('GET', '/api/secured/oper/inbox/new-count')),
      );
      return count;
    },
  },
  InboxItem: {
    id: (i) => inboxItemGlobalId(i.kind, i.id),
    itemId: (i) => i.id,
    typeLabel: (i) => inboxTypeLabel(i.kind, i.type),
  },
  Mutation: {
    recommendClient: (_r, { input }, ctx) =>
      mutationResult(
        async () => {
          const { id } = await ctx.session.call('POST', '/api/secured/client/recommendations/new-client', {
            body: {
              companyName: input.companyName,
              inn: optional(input.inn),
              contactName: input.contactName,
              phone: input.phone,
              email: optional(input.email),
              comment: optional(input.comment),
            },
          });
          return { __typename: 'RecommendClientSuccess' as const, recommendationId: id };
        },
        {},
        { forbiddenAsUserError: true },
      ),
    setInboxItemStatus: async (_r, { input }, ctx) => {
      const ref = inboxItemIdOf(input.id);
      if (!ref) return notFoundError('INBOX_ITEM_NOT_FOUND', 'Обращение не найдено', 'id');
      return mutationResult(async () => {
        const item = await ctx.session.call('PUT', '/api/secured/oper/inbox/{kind}/{id}/status', {
          params: { kind: ref.kind, id: ref.id },
          body: { status: input.status },
        });
        ctx.loaders.forget('admin:inboxNewCount');
        return { __typename: 'SetInboxItemStatusSuccess' as const, item };
      });
    },
  },
  RecommendClientResult: byTypename,
  SetInboxItemStatusResult: byTypename,
};
