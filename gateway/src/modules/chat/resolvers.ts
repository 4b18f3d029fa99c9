/**
 * Chat (spec chat §3–§9; issue 4): groups, messages, statistics, mutations and the realtime event types.
 * Derivations are the pure rules of @platform/domain/chat: each message's status for the viewer and the UNREAD
 * separator (messageStatus), online (presence), own messages (own), the search minimum (groupList). The subscription itself is attached in
 * subscription.ts (it needs the gateway's realtime hub).
 */
import { GraphQLError } from 'graphql/index.js';
import { fromGlobalId, toGlobalId } from 'graphql-relay';
import { CHAT_GROUP_PAGE_SIZE, CHAT_MESSAGE_PAGE_SIZE } from '@platform/domain/limits';
import { isSearchLongEnough } from '@platform/domain/chat/groupList';
import { invitationIdOf, isImageFileName, labelledMetadata } from '@platform/domain/chat/message';
import { isUnreadForViewer, viewerMessageStatus, type MessageStatus } from '@platform/domain/chat/messageStatus';
import { isOwnDto } from '@platform/domain/chat/own';
import { isOnline } from '@platform/domain/chat/presence';
import type { GatewayContext } from '../../context.js';
import type { MutationResolvers, Resolvers, ViewerResolvers } from '../../generated/resolvers-types.js';
import {
  ChatApi,
  listOf,
  messageInvitation,
  metaDataInput,
  reactedBy,
  type ChatGroupDto,
  type ChatInvitationDto,
  type ChatMessageDto,
  type GroupPageDto,
  type MetaDataDto,
  type UnreadStatisticDto,
} from '../../rest/chat.js';
import { mutationResult, nullIfAbsent, queryResult, type UserErrorResult } from '../../rest/errors.js';
import type { ChatGroupParent, ChatMessageParent, ChatUserParent } from './parents.js';
import { chatFileUrl, chatMessageFileUrl } from '../../http/files.js';

const chatApis = new WeakMap<GatewayContext, ChatApi>();
/** The chat calls over the operation's session (one per operation). */
export function chatApi(ctx: GatewayContext): ChatApi {
  let api = chatApis.get(ctx);
  if (!api) chatApis.set(ctx, (api = new ChatApi(ctx.session)));
  return api;
}

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** A backend id from a global id of `type` (or a plain decimal id). @throws BAD_USER_INPUT */
export function rawId(globalId: string, type: string): number {
  if (/^\d{1,15}$/.test(globalId)) return Number(globalId);
  let parsed: { type: string; id: string };
  try {
    parsed = fromGlobalId(globalId);
  } catch {
    throw badInput(`not a ${type} id`);
  }
  if (parsed.type !== type || !/^\d{1,15}$/.test(parsed.id)) throw badInput(`not a ${type} id`);
  return Number(parsed.id);
}

async function viewerId(ctx: GatewayContext): Promise<number> {
  const v = await queryResult(() => ctx.loaders.viewer());
  if (!v) throw new GraphQLError('Требуется вход в систему', { extensions: { code: 'UNAUTHENTICATED' } });
  return v.userId;
}

const memo = <T>(ctx: GatewayContext, key: string, load: () => Promise<T>) => ctx.loaders.memo(`chat:${key}`, load);

function unreadStatistic(ctx: GatewayContext): Promise<UnreadStatisticDto> {
  return queryResult(() => chatApi(ctx).unread());
}

/** The group (GET .../group/{id}) once per operation; null when absent or not visible. */
function loadGroup(ctx: GatewayContext, id: number): Promise<ChatGroupDto | null> {
  return memo(ctx, `group:${id}`, () => nullIfAbsent(() => chatApi(ctx).group(id)));
}

function msgTime(m: ChatMessageDto): string {
  return m.dateTimeCreate ?? m.timeCreate ?? new Date(0).toISOString();
}
// Own messages (spec chat §6): everywhere below, isOwnDto = the backend's `selfMsg` (@platform/domain/chat/own). Answers made for
// the viewer carry the backend's verdict, under which every operator owns the desk's messages in support chats (sender
// 10762); realtime messages get theirs per subscriber in subscription.ts before they reach a resolver.

/**
 * The UNREAD separator's message id in a group (spec chat §4): the first message after the viewer's read
 * pointer that is someone else's and unread for the viewer — null when none, or when it is the group's
 * first message (there is nothing above it to separate).
 */
export async function firstUnreadId(ctx: GatewayContext, group: ChatGroupDto, viewer: number): Promise<number | null> {
  return memo(ctx, `firstUnread:${group.id}`, async () => {
    const after = group.lastViewedMessageId ?? 0;
    const page = listOf(await queryResult(() => chatApi(ctx).messages(group.id, { after, limit: 50 }))).sort(
      (a, b) => a.msgId - b.msgId,
    );
    const lastViewedAt = group.lastViewedMessageDateTime ?? null;
    const first = page.find(
      (m) =>
        m.msgId > after && isUnreadForViewer({ own: isOwnDto(m, viewer), dateTimeCreate: msgTime(m) }, lastViewedAt),
    );
    if (!first) return null;
    if (after > 0) return first.msgId;
    const older = listOf(await queryResult(() => chatApi(ctx).messages(group.id, { before: first.msgId, limit: 1 })));
    return older.length ? first.msgId : null;
  });
}

function messageParent(
  dto: ChatMessageDto,
  group: { id: number; lastViewedAt: string | null; firstUnreadId: number | null },
  viewer: number,
): ChatMessageParent {
  return {
    dto,
    groupId: dto.groupId ?? dto.group?.id ?? group.id,
    viewerId: viewer,
    lastViewedAt: group.lastViewedAt,
    firstUnreadId: group.firstUnreadId,
  };
}

const msgCursor = (msgId: number) => Buffer.from(`msg:${msgId}`).toString('base64');
function fromMsgCursor(c: string): number {
  const t = Buffer.from(c, 'base64').toString('utf8');
  if (!/^msg:\d{1,15}$/.test(t)) throw badInput('not a message cursor');
  return Number(t.slice(4));
}
function pageSize(n: number | null | undefined, def: number): number {
  const v = n ?? def;
  if (!Number.isInteger(v) || v < 1 || v > 100) throw badInput('page size must be 1..100');
  return v;
}

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
  const [info, fetched] = await Promise.all([
    loadGroup(ctx, g.dto.id),
    queryResult(() =>
      chatApi(ctx).messages(
        g.dto.id,
        forward ? { after: after ?? 0, limit: size } : { ...(before ? { before } : {}), limit: size },
      ),
    ),
  ]);
  const group = info ?? g.dto;
  // the backend pages ascending and says whether more exist on each side (hasBefore / hasAfter)
  const list = fetched.content.filter((m) => !m.deleted);
  const sep = await firstUnreadId(ctx, group, g.viewerId);
  const ctxGroup = { id: group.id, lastViewedAt: group.lastViewedMessageDateTime ?? null, firstUnreadId: sep };
  const edges = list.map((m) => ({ cursor: msgCursor(m.msgId), node: messageParent(m, ctxGroup, g.viewerId) }));
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

const groupParent = (dto: ChatGroupDto, viewer: number): ChatGroupParent => ({ dto, viewerId: viewer });

async function groupResult(ctx: GatewayContext, id: number) {
  const viewer = await viewerId(ctx);
  ctx.loaders.forget(`chat:group:${id}`);
  ctx.loaders.forget(`chat:firstUnread:${id}`);
  const [dto, stat] = await Promise.all([chatApi(ctx).group(id), chatApi(ctx).unread()]);
  return { __typename: 'ChatGroupChangeSuccess' as const, group: groupParent(dto, viewer), unreadStatistic: stat };
}

function withUserError<T>(call: () => Promise<T>): Promise<T | UserErrorResult> {
  return mutationResult(call);
}

/**
 * As {@link withUserError}, and a backend 403 FORBIDDEN (no admin rights in the group, spec chat §6) is `UserError`
 * FORBIDDEN 'Недостаточно прав' too: the group mutations whose schema lists FORBIDDEN among their codes.
 */
function withRoleUserError<T>(call: () => Promise<T>): Promise<T | UserErrorResult> {
  return mutationResult(call, undefined, { forbiddenAsUserError: true });
}

/** The viewer's PENDING invitations (GET …/chat/invitations), once per operation. */
function pendingInvitations(ctx: GatewayContext): Promise<ChatInvitationDto[]> {
  return memo(ctx, 'invitations', () => queryResult(() => chatApi(ctx).invitations()));
}

const invitationGid = (id: number) => toGlobalId('ChatInvitation', String(id));

export const Viewer: Pick<
  ViewerResolvers,
  'chatGroups' | 'chatGroup' | 'unreadStatistic' | 'chatInvitations' | 'chatContacts'
> = {
  // designed GET …/chat/invitations: the viewer's own PENDING invitations, newest first
  chatInvitations: (_u, _a, ctx) => pendingInvitations(ctx),
  // designed GET …/chat/contacts: users sharing an active group (not the viewer, not 10762), by name; online from lastSeenAt
  chatContacts: async (_u, _a, ctx) =>
    (await queryResult(() => chatApi(ctx).contacts())).map((c): ChatUserParent => ({
      userId: c.id,
      name: c.name,
      lastSeenAt: c.lastSeenAt ?? null,
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
    const answer = await queryResult(() =>
      chatApi(ctx).filter({
        limit: first,
        cursor: cursor || null,
        searchStr: search || null,
        ...(args.types?.length ? { types: args.types, groupTypes: args.types } : {}),
        ...(args.favorite != null ? { favorite: args.favorite } : {}),
      }),
    );
    const page: GroupPageDto = Array.isArray(answer) ? { content: answer, last: answer.length < first } : answer;
    const groups = page.content ?? [];
    for (const g of groups) ctx.loaders.memo(`chat:group:${g.id}`, async () => g);
    const enc = (c: string) => Buffer.from(c, 'utf8').toString('base64');
    const edges = groups.map((g) => ({
      cursor: enc(g.cursor ?? page.cursor ?? String(g.id)),
      node: groupParent(g, u.userId),
    }));
    const hasNext = !(page.last ?? groups.length < first) && !!page.cursor;
    return {
      edges,
      totalCount: page.totalElements ?? null,
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

function statusOf(p: ChatMessageParent): MessageStatus {
  const server = (p.dto.status ?? p.dto.messageStatus ?? 'SENT') as MessageStatus;
  const own = isOwnDto(p.dto, p.viewerId);
  return viewerMessageStatus({ own, status: server, dateTimeCreate: msgTime(p.dto) }, p.lastViewedAt);
}

export const chatTypes = {
  ChatUser: {
    id: (u) => toGlobalId('ChatUser', String(u.userId)),
    online: (u) => isOnline(u.lastSeenAt, new Date()),
  },
  ChatGroup: {
    id: (g) => toGlobalId('ChatGroup', String(g.dto.id)),
    groupId: (g) => g.dto.id,
    groupType: (g) => g.dto.groupType as never,
    name: (g) => g.dto.name ?? null,
    pictureUrl: (g) => g.dto.pictureLink ?? null,
    favoriteId: (g) => g.dto.favoriteId ?? null,
    isFavorite: (g) => g.dto.favoriteId != null,
    isBotOrSupport: (g) => !!g.dto.isBotOrSupport,
    // from the group's own answer (filter, by-ids, GET group): no extra upstream call
    supportRequester: (g) =>
      g.dto.groupType === 'ECVP_SUPPORT' && g.dto.supportRequester
        ? {
            userId: g.dto.supportRequester.id,
            name: g.dto.supportRequester.name,
            companyName: g.dto.supportRequester.companyName ?? null,
          }
        : null,
    viewerRole: (g) => (g.dto.userRole as never) ?? null,
    createdAt: (g) => g.dto.dateTimeCreate ?? null,
    orderId: (g) => g.dto.orderId ?? null,
    // list answers (group/filter) carry no chat info: lastViewedAt stays undefined and the backend's status is used
    lastMessage: (g) =>
      g.dto.lastMessage
        ? { dto: g.dto.lastMessage, viewerId: g.viewerId, lastViewedAt: g.dto.lastViewedMessageDateTime }
        : null,
    statistics: async (g, _a, ctx) => {
      if (g.dto.statistics) return g.dto.statistics;
      const s = await memo(ctx, `stats:${g.dto.id}`, () => queryResult(() => chatApi(ctx).statistics([g.dto.id])));
      const found = (s.groups ?? []).find((x) => x.groupId === g.dto.id);
      return found ?? { groupId: g.dto.id, unreadMessagesCount: 0 };
    },
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
    members: (g) =>
      (g.dto.members ?? []).map((m) => ({ userId: m.id, name: m.name ?? null, lastSeenAt: m.lastSeenAt ?? null })),
    messages: (g, args, ctx) => messageConnection(ctx, g, args),
    messagesAround: async (g, { messageId, count }, ctx) => {
      const size = pageSize(count, CHAT_MESSAGE_PAGE_SIZE);
      const msgId = rawId(messageId, 'ChatMessage');
      const [info, fetched] = await Promise.all([
        loadGroup(ctx, g.dto.id),
        queryResult(() => chatApi(ctx).around(g.dto.id, msgId, size)),
      ]);
      const group = info ?? g.dto;
      const list = fetched.content.filter((m) => !m.deleted);
      const sep = await firstUnreadId(ctx, group, g.viewerId);
      const ctxGroup = { id: group.id, lastViewedAt: group.lastViewedMessageDateTime ?? null, firstUnreadId: sep };
      const edges = list.map((m) => ({ cursor: msgCursor(m.msgId), node: messageParent(m, ctxGroup, g.viewerId) }));
      return {
        edges,
        pageInfo: {
          hasPreviousPage: fetched.hasBefore,
          hasNextPage: fetched.hasAfter,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges[edges.length - 1]?.cursor ?? null,
        },
      };
    },
  },
  ChatLastMessage: {
    msgId: (m) => m.dto.msgId ?? null,
    createdAt: (m) => m.dto.timeCreate,
    text: (m) => m.dto.message ?? null,
    fileName: (m) => m.dto.fileName ?? null,
    senderName: (m) => m.dto.sender?.name ?? null,
    own: (m) => isOwnDto(m.dto, m.viewerId),
    status: (m) => {
      const own = isOwnDto(m.dto, m.viewerId);
      const server = (m.dto.messageStatus ?? 'SENT') as MessageStatus;
      // unknown last-viewed time: the backend's status for the viewer (derived from the read pointer, which agrees
      // with the time rule: the creation times strictly increase in id order within a group)
      if (m.lastViewedAt === undefined) return server;
      return viewerMessageStatus({ own, status: server, dateTimeCreate: m.dto.timeCreate }, m.lastViewedAt);
    },
    type: (m) => m.dto.type ?? null,
  },
  GroupStatistics: {
    hasMessages: (s) => s.hasMessages ?? false,
    hasNewMentions: (s) => s.hasNewMentions ?? false,
    hasNewReactions: (s) => s.hasNewReactions ?? false,
    unreadMessagesCount: (s) => Math.max(0, s.unreadMessagesCount ?? 0),
    unreadMessagesCounters: (s) =>
      s.unreadMessagesCounters?.length
        ? s.unreadMessagesCounters
        : [{ type: 'GROUP_MSG', count: Math.max(0, s.unreadMessagesCount ?? 0) }],
  },
  UnreadStatistic: {
    unreadMessagesCount: (s) => Math.max(0, s.unreadMessagesCount ?? 0),
    lastMessageId: (s) => s.lastMessageId ?? null,
    groupTypeCounts: async (_s, _a, ctx) => {
      const s = await memo(ctx, 'stats:all', () => queryResult(() => chatApi(ctx).statistics(null)));
      return (s.groupTypes ?? []).map((t) => ({
        groupType: t.groupType as never,
        groupCount: Math.max(0, t.groupCount),
        unreadGroupCount: Math.max(0, t.unreadGroupCount ?? 0),
        unreadMessagesCount: Math.max(0, t.unreadMessagesCount ?? 0),
      }));
    },
  },
  ChatMessage: {
    id: (p) => toGlobalId('ChatMessage', String(p.dto.msgId)),
    msgId: (p) => p.dto.msgId,
    extMsgId: (p) => p.dto.extMsgId ?? null,
    groupId: (p) => toGlobalId('ChatGroup', String(p.groupId)),
    createdAt: (p) => msgTime(p.dto),
    text: (p) => p.dto.text ?? null,
    status: (p) => statusOf(p),
    own: (p) => isOwnDto(p.dto, p.viewerId),
    sender: (p) =>
      p.dto.sender
        ? { userId: p.dto.sender.id, name: p.dto.sender.name ?? null, lastSeenAt: p.dto.sender.lastSeenAt ?? null }
        : null,
    sentByGroup: (p) => !!p.dto.sentByGroup,
    file: (p) =>
      p.dto.file?.name
        ? {
            name: p.dto.file.name,
            isImage: isImageFileName(p.dto.file.name),
            url: p.dto.deleted ? null : chatMessageFileUrl(p.dto.msgId),
          }
        : null,
    pictures: (p) =>
      (p.dto.pictures ?? []).map((x) => ({
        fileId: x.id ?? null,
        name: x.name ?? null,
        previewUrl: chatFileUrl(x.previewPictureInfo?.link ?? x.link ?? null),
      })),
    replyTo: (p) => (p.dto.replyMessage ? { ...p, dto: p.dto.replyMessage } : null),
    forwardedFrom: (p) => (p.dto.forwardMessage ? { ...p, dto: p.dto.forwardMessage } : null),
    mentionsViewer: (p) => !!p.dto.mentioned || (p.dto.mentions ?? []).includes(p.viewerId),
    mentionedUserIds: (p) => [...(p.dto.mentions ?? [])],
    type: (p) => p.dto.type ?? null,
    metaData: (p) => p.dto.metaData ?? null,
    metadata: (p) => {
      const m = labelledMetadata(p.dto.metaData);
      if (!m) return null;
      // the backend's view of a GROUP_INVITATION message carries its invitation for every member
      return p.dto.invitation !== undefined ? { ...m, invitation: messageInvitation(p.dto) } : m;
    },
    reactions: (p) =>
      (p.dto.reactions ?? []).map((r) => ({ ...r, mine: r.mine ?? (r.userIds ?? []).includes(p.viewerId) })),
    edited: (p) => !!p.dto.updated,
    isFirstUnread: (p) => p.firstUnreadId !== null && p.firstUnreadId === p.dto.msgId,
  },
  ChatReaction: {
    viewerReacted: (r) => !!r.mine,
  },
  ChatMetadata: {
    type: (m) => m.type,
    label: (m) => m.label,
    userMessage: (m) => m.userMessage,
    // The backend's message view carries the invitation (batched per page) for every member: that one answers. Without it
    // (a view lacking the field) the viewer's own PENDING invitations are looked up (one memoised GET …/chat/invitations).
    invitation: async (m, _a, ctx) => {
      if (m.invitation !== undefined) return m.invitation;
      const id = invitationIdOf(m);
      if (id === null) return null;
      return (await pendingInvitations(ctx)).find((i) => i.id === id) ?? null;
    },
  },
  ChatInvitation: {
    id: (i) => invitationGid(i.id),
    invitationId: (i) => i.id,
    groupId: (i) => i.groupId,
    groupName: (i) => i.groupName ?? null,
    invitedBy: (i) => (i.invitedBy ? { userId: i.invitedBy.id, name: i.invitedBy.name, lastSeenAt: null } : null),
    invitedUserId: (i) => i.invitedUserId,
    // presence only for an accepted invitation (the user is a member: the group's members, memoised per operation);
    // a user not (yet) a member has no presence visible to the viewer
    invitedUser: async (i, _a, ctx) => {
      if (i.invitedUserName == null) return null;
      const group = i.status === 'ACCEPTED' && i.groupId ? await loadGroup(ctx, i.groupId) : null;
      const member = group?.members?.find((m) => m.id === i.invitedUserId);
      return { userId: i.invitedUserId, name: i.invitedUserName, lastSeenAt: member?.lastSeenAt ?? null };
    },
    status: (i) => i.status,
    createdAt: (i) => i.createdAt ?? null,
  },
  ChatTypingUser: {
    name: (u) => u.userName,
    expiresAt: (u) => new Date(u.expiresAt).toISOString(),
  },
  ChatMessageEvent: {
    groupId: (e) => toGlobalId('ChatGroup', String(e.groupId)),
    messageIds: (e) => e.messageIds.map((id) => toGlobalId('ChatMessage', String(id))),
    // MSG_DELIVERED / MSG_VIEWED carry only ids and a status: answering that stub as the message would overwrite
    // the client's cached message (text, time, sender) by its id, so the message is loaded as the viewer sees it.
    message: async (e, _a, ctx) => {
      if (e.kind !== 'DELIVERED' && e.kind !== 'VIEWED') return e.message;
      const dto = await nullIfAbsent(() => chatApi(ctx).message(e.message.dto.msgId));
      return dto ? messageOf(ctx, dto, e.message.viewerId) : e.message;
    },
    group: async (e, _a, ctx) => {
      const dto = await nullIfAbsent(() => chatApi(ctx).group(e.groupId));
      return dto ? groupParent(dto, e.message.viewerId) : null;
    },
    unreadStatistic: (_e, _a, ctx) => unreadStatistic(ctx),
  },
  ChatGroupEvent: {
    groupId: (e) => toGlobalId('ChatGroup', String(e.groupId)),
    event: (e) => e.kind as never,
    group: async (e, _a, ctx) => {
      if (e.removedForViewer) return null;
      const dto = await nullIfAbsent(() => chatApi(ctx).group(e.groupId));
      return dto ? groupParent(dto, await viewerId(ctx)) : null;
    },
    unreadStatistic: (_e, _a, ctx) => unreadStatistic(ctx),
  },
  ChatTypingEvent: {
    groupId: (e) => toGlobalId('ChatGroup', String(e.groupId)),
  },
  ChatEvent: { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename },
  OpenOrderChatResult: { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename },
  SendChatMessageResult: { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename },
  EditChatMessageResult: { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename },
  DeleteChatMessageResult: { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename },
  ReactToChatMessageResult: {
    __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename,
  },
  ChatGroupChangeResult: { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename },
  ChatGroupRemovedResult: { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename },
  SendTypingResult: { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename },
  InviteToChatGroupResult: { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename },
  ChatInvitationDecisionResult: {
    __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename,
  },
  MarkChatMessagesViewedResult: {
    __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename,
  },
} satisfies Resolvers;

type ChatMutations =
  | 'openOrderChat'
  | 'sendChatMessage'
  | 'editChatMessage'
  | 'deleteChatMessage'
  | 'reactToChatMessage'
  | 'markChatGroupViewed'
  | 'markChatViewedTo'
  | 'pinChatGroup'
  | 'unpinChatGroup'
  | 'leaveChatGroup'
  | 'deleteChatGroup'
  | 'sendTyping'
  | 'createChatGroup'
  | 'renameChatGroup'
  | 'inviteToChatGroup'
  | 'acceptChatInvitation'
  | 'declineChatInvitation'
  | 'markChatMessagesViewed';

/** metaData input (JSON `{ userMessage, metadataType }`) for the backend. @throws BAD_USER_INPUT */
function parseMetaData(json: string | null | undefined): MetaDataDto | null | undefined {
  try {
    return metaDataInput(json);
  } catch {
    throw badInput('metaData must be JSON { userMessage, metadataType }');
  }
}

/** A message answer as a parent (status for the viewer: own messages keep theirs). */
async function messageOf(ctx: GatewayContext, dto: ChatMessageDto, viewer: number): Promise<ChatMessageParent> {
  const groupId = dto.groupId ?? dto.group?.id ?? 0;
  const g = groupId ? await loadGroup(ctx, groupId) : null;
  return messageParent(
    dto,
    { id: groupId, lastViewedAt: g?.lastViewedMessageDateTime ?? null, firstUnreadId: null },
    viewer,
  );
}

/**
 * Accepts or declines an invitation of the viewer: the decided invitation, the alliance after accepting (to insert into the
 * list) and the global id to drop from `Viewer.chatInvitations`. UserError INVITATION_NOT_FOUND / INVITATION_DECIDED.
 */
async function decideInvitation(ctx: GatewayContext, invitationId: number, decision: 'accept' | 'decline') {
  const viewer = await viewerId(ctx);
  return withUserError(async () => {
    const invitation = await chatApi(ctx).decide(invitationId, decision);
    ctx.loaders.forget('chat:invitations');
    const group = decision === 'accept' ? await nullIfAbsent(() => chatApi(ctx).group(invitation.groupId)) : null;
    return {
      __typename: 'ChatInvitationDecisionSuccess' as const,
      invitation,
      group: group ? groupParent(group, viewer) : null,
      removedInvitationId: invitationGid(invitation.id),
    };
  });
}

/**
 * node(id:) for the chat types, scoped to membership (the backend answers 404 outside the viewer's groups):
 * null when absent or not visible, never an error.
 */
export async function chatNode(type: string, id: number, ctx: GatewayContext, viewer: number) {
  switch (type) {
    case 'ChatGroup': {
      const dto = await loadGroup(ctx, id);
      return dto ? { ...groupParent(dto, viewer), __typename: 'ChatGroup' as const } : null;
    }
    case 'ChatMessage': {
      const dto = await nullIfAbsent(() => chatApi(ctx).message(id));
      return dto && !dto.deleted
        ? { ...(await messageOf(ctx, dto, viewer)), __typename: 'ChatMessage' as const }
        : null;
    }
    case 'ChatUser': {
      const u = await nullIfAbsent(() => chatApi(ctx).user(id));
      return u
        ? { userId: u.id, name: u.name ?? null, lastSeenAt: u.lastSeenAt ?? null, __typename: 'ChatUser' as const }
        : null;
    }
    case 'ChatInvitation': {
      // only the viewer's own PENDING invitations are reachable (GET …/chat/invitations); decided or others' → null
      const inv = (await pendingInvitations(ctx)).find((i) => i.id === id);
      return inv ? { ...inv, __typename: 'ChatInvitation' as const } : null;
    }
    default:
      return null;
  }
}

export const Mutation: Pick<MutationResolvers, ChatMutations> = {
  openOrderChat: async (_r, { input }, ctx) => {
    const orderId = rawId(input.orderId, 'Order');
    const viewer = await viewerId(ctx);
    return withUserError(async () => ({
      __typename: 'OpenOrderChatSuccess' as const,
      group: groupParent(await chatApi(ctx).createGet(orderId), viewer),
    }));
  },
  sendChatMessage: async (_r, { input }, ctx) => {
    const groupId = rawId(input.groupId, 'ChatGroup');
    if (!input.extMsgId.trim()) throw badInput('extMsgId is required');
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      const dto = await chatApi(ctx).send(groupId, {
        extMsgId: input.extMsgId,
        text: input.text ?? null,
        replyMessageId: input.replyToId ? rawId(input.replyToId, 'ChatMessage') : null,
        forwardMessageId: input.forwardId ? rawId(input.forwardId, 'ChatMessage') : null,
        ...(input.mentionedUserIds?.length ? { mentioned: [...input.mentionedUserIds] } : {}),
        metaData: parseMetaData(input.metaData) ?? null,
        // attachments (spec chat §5): ids answered by the upload proxy POST /files/chat/groups/<groupId>; the backend
        // refuses > 10 pictures (TOO_MANY_ATTACHMENTS), a non-image (NOT_A_PICTURE) and a foreign id (FILE_NOT_FOUND)
        ...(input.fileId ? { fileId: input.fileId } : {}),
        ...(input.pictureIds?.length ? { pictureIds: [...input.pictureIds] } : {}),
      });
      const group = await nullIfAbsent(() => chatApi(ctx).group(groupId));
      return {
        __typename: 'SendChatMessageSuccess' as const,
        message: messageParent(
          { ...dto, groupId: dto.groupId ?? groupId },
          { id: groupId, lastViewedAt: group?.lastViewedMessageDateTime ?? null, firstUnreadId: null },
          viewer,
        ),
        group: group ? groupParent(group, viewer) : null,
      };
    });
  },
  editChatMessage: async (_r, { input }, ctx) => {
    const msgId = rawId(input.messageId, 'ChatMessage');
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      const metaData = parseMetaData(input.metaData);
      const current = await chatApi(ctx).message(msgId);
      const dto = await chatApi(ctx).edit(current.groupId!, msgId, {
        ...(input.text !== undefined ? { text: input.text } : {}),
        ...(metaData !== undefined ? { metaData } : {}),
      });
      return { __typename: 'EditChatMessageSuccess' as const, message: await messageOf(ctx, dto, viewer) };
    });
  },
  deleteChatMessage: async (_r, { input }, ctx) => {
    const msgId = rawId(input.messageId, 'ChatMessage');
    return withUserError(async () => {
      const current = await chatApi(ctx).message(msgId);
      await chatApi(ctx).remove(current.groupId!, msgId);
      return {
        __typename: 'DeleteChatMessageSuccess' as const,
        deletedMessageId: toGlobalId('ChatMessage', String(msgId)),
        unreadStatistic: await chatApi(ctx).unread(),
      };
    });
  },
  reactToChatMessage: async (_r, { input }, ctx) => {
    const msgId = rawId(input.messageId, 'ChatMessage');
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      // toggles: removes the viewer's reaction when given, else adds it
      const current = await chatApi(ctx).message(msgId);
      const dto = await chatApi(ctx).react(
        current.groupId!,
        msgId,
        input.reaction,
        !reactedBy(current, viewer, input.reaction),
      );
      return { __typename: 'ReactToChatMessageSuccess' as const, message: await messageOf(ctx, dto, viewer) };
    });
  },
  markChatGroupViewed: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).viewGroup(id);
      return groupResult(ctx, id);
    });
  },
  markChatViewedTo: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    const msgId = rawId(input.messageId, 'ChatMessage');
    return withUserError(async () => {
      await chatApi(ctx).viewedTo(id, msgId);
      return groupResult(ctx, id);
    });
  },
  pinChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).favorite(id, true);
      return groupResult(ctx, id);
    });
  },
  unpinChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).favorite(id, false);
      return groupResult(ctx, id);
    });
  },
  leaveChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).leave(id);
      return {
        __typename: 'ChatGroupRemovedSuccess' as const,
        removedGroupId: toGlobalId('ChatGroup', String(id)),
        unreadStatistic: await chatApi(ctx).unread(),
      };
    });
  },
  deleteChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).deleteGroup(id);
      return {
        __typename: 'ChatGroupRemovedSuccess' as const,
        removedGroupId: toGlobalId('ChatGroup', String(id)),
        unreadStatistic: await chatApi(ctx).unread(),
      };
    });
  },
  createChatGroup: async (_r, { input }, ctx) => {
    return withUserError(async () => {
      const created = await chatApi(ctx).createGroup({
        name: input.name,
        groupType: input.groupType,
        ...(input.memberIds?.length ? { memberIds: [...input.memberIds] } : {}),
      });
      return groupResult(ctx, created.id);
    });
  },
  renameChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withRoleUserError(async () => {
      await chatApi(ctx).rename(id, input.name);
      return groupResult(ctx, id);
    });
  },
  inviteToChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withRoleUserError(async () => ({
      __typename: 'InviteToChatGroupSuccess' as const,
      invitation: await chatApi(ctx).invite(id, input.userId),
    }));
  },
  acceptChatInvitation: async (_r, { input }, ctx) =>
    decideInvitation(ctx, rawId(input.invitationId, 'ChatInvitation'), 'accept'),
  declineChatInvitation: async (_r, { input }, ctx) =>
    decideInvitation(ctx, rawId(input.invitationId, 'ChatInvitation'), 'decline'),
  markChatMessagesViewed: async (_r, { input }, ctx) => {
    const ids = input.messageIds.map((m) => rawId(m, 'ChatMessage'));
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      const touched = await chatApi(ctx).messagesViewed(ids);
      const groups = await Promise.all(
        touched.map(async (t) => {
          ctx.loaders.forget(`chat:group:${t.groupId}`);
          ctx.loaders.forget(`chat:firstUnread:${t.groupId}`);
          return groupParent(await chatApi(ctx).group(t.groupId), viewer);
        }),
      );
      return {
        __typename: 'MarkChatMessagesViewedSuccess' as const,
        groups,
        unreadStatistic: await chatApi(ctx).unread(),
      };
    });
  },
  sendTyping: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      await chatApi(ctx).typing(viewer, id);
      return { __typename: 'SendTypingSuccess' as const, groupId: toGlobalId('ChatGroup', String(id)) };
    });
  },
};
