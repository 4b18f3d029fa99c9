/**
 * The chat fields of `Viewer` (spec chat §3, §6, §7): the group list (POST group/filter, cursor-paged, searched from the
 * minimum length of @platform/domain/chat/groupList), one group, the unread statistic, the viewer's PENDING alliance
 * invitations and contacts.
 */
import { CHAT_GROUP_PAGE_SIZE } from '@platform/domain/limits';
import { isSearchLongEnough } from '@platform/domain/chat/groupList';
import type { ViewerResolvers } from '../../generated/resolvers-types.js';
import { queryResult } from '../../rest/errors.js';
import type { ChatUserParent } from './parents.js';
import { chatApi, groupParent, loadGroup, memo, pageSize, pendingInvitations, unreadStatistic } from './shared.js';

/** The chat fields of Viewer (see the file header). */
export const Viewer: Pick<
  ViewerResolvers,
  'chatGroups' | 'chatGroup' | 'unreadStatistic' | 'chatInvitations' | 'chatContacts'
> = {
  // GET …/chat/invitations: the viewer's own PENDING invitations, newest first
  chatInvitations: (_u, _a, ctx) => pendingInvitations(ctx),
  // GET …/chat/contacts: users sharing an active group (not the viewer, not 10762), by name; online from lastSeenAt
  chatContacts: async (_u, _a, ctx) =>
    (await queryResult(() => chatApi(ctx).contacts())).map((c): ChatUserParent => ({
      userId: c.id,
      name: c.name,
      lastSeenAt: c.lastSeenAt,
    })),
  chatGroups: async (u, args, ctx) => {
    const first = pageSize(args.first, CHAT_GROUP_PAGE_SIZE);
    const search = args.search?.trim() ?? '';
    const empty = {
      edges: [],
      totalCount: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    };
    if (search && !isSearchLongEnough(search)) return empty;
    const cursor = args.after ? Buffer.from(args.after, 'base64').toString('utf8') : null;
    const page = await queryResult(() =>
      chatApi(ctx).filter({
        limit: first,
        cursor: cursor || null,
        searchStr: search || null,
        ...(args.types?.length ? { types: args.types, groupTypes: args.types } : {}),
        ...(args.favorite != null ? { favorite: args.favorite } : {}),
      }),
    );
    const groups = page.content;
    for (const g of groups) ctx.loaders.memo(`chat:group:${g.id}`, async () => g);
    const enc = (c: string) => Buffer.from(c, 'utf8').toString('base64');
    const edges = groups.map((g) => ({
      cursor: enc(g.cursor ?? page.cursor ?? String(g.id)),
      node: groupParent(g, u.userId),
    }));
    const hasNext = !page.last && !!page.cursor;
    return {
      edges,
      totalCount: null, // the group filter pages by cursor and counts nothing (chat §7)
      pageInfo: {
        hasNextPage: hasNext,
        hasPreviousPage: !!args.after,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: page.cursor ? enc(page.cursor) : (edges[edges.length - 1]?.cursor ?? null),
      },
    };
  },
  chatGroup: async (u, { groupId }, ctx) => {
    const dto = await loadGroup(ctx, groupId);
    return dto ? groupParent(dto, u.userId) : null;
  },
  unreadStatistic: (_u, _a, ctx) => memo(ctx, 'unread', () => unreadStatistic(ctx)),
};
