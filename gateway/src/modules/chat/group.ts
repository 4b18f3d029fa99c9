/**
 * `ChatGroup` and what hangs off a group (spec chat §3, §4, §7): its last message, statistics, members, the messages
 * connection (GET group/{id}/messages, ascending, `hasBefore`/`hasAfter`) and the page around a message; plus
 * `ChatUser`, `GroupStatistics` and `UnreadStatistic`. Statuses for the viewer and online come from @platform/domain/chat.
 */
import { toGlobalId } from 'graphql-relay';
import { CHAT_MESSAGE_PAGE_SIZE } from '@platform/domain/limits';
import { viewerMessageStatus, type MessageStatus } from '@platform/domain/chat/messageStatus';
import { isOwnDto } from '@platform/domain/chat/own';
import { isOnline } from '@platform/domain/chat/presence';
import type { GatewayContext } from '../../context.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { MessagesPageDto } from '../../rest/contract.js';
import { queryResult } from '../../rest/errors.js';
import type { ChatGroupParent } from './parents.js';
import {
  badInput,
  chatApi,
  firstUnreadId,
  fromMsgCursor,
  loadGroup,
  memo,
  messageParent,
  msgCursor,
  pageSize,
  rawId,
} from './shared.js';

/** A fetched messages page as a connection of message parents (with the group's UNREAD separator). */
async function messagesPage(ctx: GatewayContext, g: ChatGroupParent, fetched: MessagesPageDto) {
  const group = (await loadGroup(ctx, g.dto.id)) ?? g.dto;
  const sep = await firstUnreadId(ctx, group, g.viewerId);
  const ctxGroup = { id: group.id, lastViewedAt: group.lastViewedMessageDateTime ?? null, firstUnreadId: sep };
  const edges = fetched.content.map((m) => ({
    cursor: msgCursor(m.msgId),
    node: messageParent(m, ctxGroup, g.viewerId),
  }));
  return {
    edges,
    pageInfo: {
      hasNextPage: fetched.hasAfter,
      hasPreviousPage: fetched.hasBefore,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/** `ChatGroup.messages`: `first`/`after` pages forward, `last`/`before` backward (not both). */
async function messageConnection(
  ctx: GatewayContext,
  g: ChatGroupParent,
  args: { first?: number | null; after?: string | null; last?: number | null; before?: string | null },
) {
  const forward = args.first != null || args.after != null;
  if (forward && (args.last != null || args.before != null)) throw badInput('use first/after or last/before, not both');
  const size = pageSize(forward ? args.first : args.last, CHAT_MESSAGE_PAGE_SIZE);
  const after = args.after ? fromMsgCursor(args.after) : undefined;
  const before = args.before ? fromMsgCursor(args.before) : undefined;
  const [, fetched] = await Promise.all([
    loadGroup(ctx, g.dto.id),
    queryResult(() =>
      chatApi(ctx).messages(
        g.dto.id,
        forward ? { after: after ?? 0, limit: size } : { ...(before ? { before } : {}), limit: size },
      ),
    ),
  ]);
  return messagesPage(ctx, g, fetched);
}

/** Resolvers of ChatUser, ChatGroup, ChatLastMessage, GroupStatistics and UnreadStatistic. */
export const groupTypes = {
  ChatUser: {
    id: (u) => toGlobalId('ChatUser', String(u.userId)),
    online: (u) => isOnline(u.lastSeenAt, new Date()),
  },
  ChatGroup: {
    id: (g) => toGlobalId('ChatGroup', String(g.dto.id)),
    groupId: (g) => g.dto.id,
    groupType: (g) => g.dto.groupType as never,
    name: (g) => g.dto.name,
    pictureUrl: () => null, // the backend's groups carry no picture
    favoriteId: (g) => g.dto.favoriteId,
    isFavorite: (g) => g.dto.favoriteId != null,
    isBotOrSupport: (g) => g.dto.isBotOrSupport,
    // from the group's own answer (filter, by-ids, GET group): no extra upstream call
    supportRequester: (g) =>
      g.dto.groupType === 'ECVP_SUPPORT' && g.dto.supportRequester
        ? {
            userId: g.dto.supportRequester.id,
            name: g.dto.supportRequester.name,
            companyName: g.dto.supportRequester.companyName,
          }
        : null,
    viewerRole: (g) => g.dto.userRole,
    createdAt: (g) => g.dto.dateTimeCreate,
    orderId: (g) => g.dto.orderId,
    // list answers (group/filter) carry no chat info: lastViewedAt stays undefined and the backend's status is used
    lastMessage: (g) =>
      g.dto.lastMessage
        ? { dto: g.dto.lastMessage, viewerId: g.viewerId, lastViewedAt: g.dto.lastViewedMessageDateTime }
        : null,
    statistics: (g) => g.dto.statistics,
    lastViewedMessageId: async (g, _a, ctx) =>
      g.dto.lastViewedMessageId !== undefined
        ? g.dto.lastViewedMessageId
        : ((await loadGroup(ctx, g.dto.id))?.lastViewedMessageId ?? null),
    lastViewedAt: async (g, _a, ctx) =>
      g.dto.lastViewedMessageDateTime !== undefined
        ? g.dto.lastViewedMessageDateTime
        : ((await loadGroup(ctx, g.dto.id))?.lastViewedMessageDateTime ?? null),
    firstUnreadMessageId: async (g, _a, ctx) => {
      const group = (await loadGroup(ctx, g.dto.id)) ?? g.dto;
      const id = await firstUnreadId(ctx, group, g.viewerId);
      return id === null ? null : toGlobalId('ChatMessage', String(id));
    },
    // a preview (list items, a realtime event's view) carries no members: the group is read once per operation
    members: async (g, _a, ctx) =>
      (g.dto.members ?? (await loadGroup(ctx, g.dto.id))?.members ?? []).map((m) => ({
        userId: m.id,
        name: m.name,
        lastSeenAt: m.lastSeenAt,
      })),
    messages: (g, args, ctx) => messageConnection(ctx, g, args),
    messagesAround: async (g, { messageId, count }, ctx) => {
      const size = pageSize(count, CHAT_MESSAGE_PAGE_SIZE);
      const msgId = rawId(messageId, 'ChatMessage');
      const [, fetched] = await Promise.all([
        loadGroup(ctx, g.dto.id),
        queryResult(() => chatApi(ctx).around(g.dto.id, msgId, size)),
      ]);
      return messagesPage(ctx, g, fetched);
    },
  },
  ChatLastMessage: {
    msgId: (m) => m.dto.msgId,
    createdAt: (m) => m.dto.timeCreate,
    text: (m) => m.dto.message,
    fileName: (m) => m.dto.fileName,
    senderName: (m) => m.dto.sender.name,
    own: (m) => isOwnDto(m.dto, m.viewerId),
    status: (m) => {
      const own = isOwnDto(m.dto, m.viewerId);
      const server: MessageStatus = m.dto.messageStatus;
      // unknown last-viewed time: the backend's status for the viewer (derived from the read pointer, which agrees
      // with the time rule: the creation times strictly increase in id order within a group)
      if (m.lastViewedAt === undefined) return server;
      return viewerMessageStatus({ own, status: server, dateTimeCreate: m.dto.timeCreate }, m.lastViewedAt);
    },
    type: (m) => m.dto.type,
  },
  GroupStatistics: {
    unreadMessagesCount: (s) => Math.max(0, s.unreadMessagesCount),
    unreadMessagesCounters: (s) =>
      s.unreadMessagesCounters.length
        ? s.unreadMessagesCounters
        : [{ type: 'GROUP_MSG', count: Math.max(0, s.unreadMessagesCount) }],
  },
  UnreadStatistic: {
    unreadMessagesCount: (s) => Math.max(0, s.unreadMessagesCount),
    groupTypeCounts: async (_s, _a, ctx) => {
      // the per-type figures only (they cover every group): an operator's per-group list would be ~1 000 entries
      const s = await memo(ctx, 'stats:types', () => queryResult(() => chatApi(ctx).statistics([])));
      return s.groupTypeStatistics.map((t) => ({
        groupType: t.groupType,
        groupCount: Math.max(0, t.groupCount),
        unreadGroupCount: Math.max(0, t.unreadGroupCount),
        unreadMessagesCount: Math.max(0, t.unreadMessagesCount),
      }));
    },
  },
} satisfies Resolvers;
