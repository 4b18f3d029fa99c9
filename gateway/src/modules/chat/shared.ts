/**
 * What the chat resolvers share (spec chat §3–§9; issue 4): the operation's chat calls, id and cursor parsing, the
 * viewer, per-operation memos of groups and invitations, the UNREAD separator and the parents built from REST answers.
 * The resolvers themselves are split per GraphQL type (viewer.ts, group.ts, message.ts, invitation.ts, events.ts,
 * mutations.ts, node.ts; index.ts assembles them), like modules/deal and graphql-hive/console's modules.
 */
import { GraphQLError } from 'graphql/index.js';
import { fromGlobalId, toGlobalId } from 'graphql-relay';
import { isUnreadForViewer } from '@platform/domain/chat/messageStatus';
import { isOwnDto } from '@platform/domain/chat/own';
import type { GatewayContext } from '../../context.js';
import { ChatApi, type ChatGroupView, type ChatMessageView } from '../../rest/chat.js';
import type { ChatInvitationDto, UnreadStatisticDto } from '../../rest/contract.js';
import { mutationResult, nullIfAbsent, queryResult, type UserErrorResult } from '../../rest/errors.js';
import type { ChatGroupParent, ChatMessageParent } from './parents.js';

const chatApis = new WeakMap<GatewayContext, ChatApi>();
/** The chat calls over the operation's session (one per operation). */
export function chatApi(ctx: GatewayContext): ChatApi {
  let api = chatApis.get(ctx);
  if (!api) chatApis.set(ctx, (api = new ChatApi(ctx.session)));
  return api;
}

/** A GraphQL BAD_USER_INPUT error with `message`. */
export function badInput(message: string): GraphQLError {
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

/** The signed-in user's id. @throws UNAUTHENTICATED when signed out */
export async function viewerId(ctx: GatewayContext): Promise<number> {
  const v = await queryResult(() => ctx.loaders.viewer());
  if (!v) throw new GraphQLError('Требуется вход в систему', { extensions: { code: 'UNAUTHENTICATED' } });
  return v.userId;
}

/** A per-operation memo under `chat:<key>` (ctx.loaders.forget('chat:…') drops it). */
export const memo = <T>(ctx: GatewayContext, key: string, load: () => Promise<T>) =>
  ctx.loaders.memo(`chat:${key}`, load);

/** GET messages/unread, mapped to GraphQL errors. */
export function unreadStatistic(ctx: GatewayContext): Promise<UnreadStatisticDto> {
  return queryResult(() => chatApi(ctx).unread());
}

const sinceReads = new WeakMap<GatewayContext, Map<string, { startedAt: number; value: Promise<unknown> }>>();

/**
 * A read of "the state now" shared by the events of one subscription (issue 15, real-use chat under load): answers the
 * last read under `key` when it started at or after `since` (performance.now() when the event reached the gateway, so
 * the read reflects the event: the backend commits an event before it streams it), else starts a new one. A
 * subscription's events are resolved one after the other, so when they queue up (a burst, or a slow backend) one read
 * serves every event that arrived before it started, instead of one read per event. `since` undefined never shares. A
 * failed read is not kept. The reads live as long as the subscription's context (graphql-ws keeps one per operation).
 */
export function readSince<T>(
  ctx: GatewayContext,
  key: string,
  since: number | undefined,
  load: () => Promise<T>,
): Promise<T> {
  let reads = sinceReads.get(ctx);
  if (!reads) sinceReads.set(ctx, (reads = new Map()));
  const last = reads.get(key);
  if (since !== undefined && last && last.startedAt >= since) return last.value as Promise<T>;
  const entry = { startedAt: performance.now(), value: load() };
  reads.set(key, entry);
  entry.value.catch(() => {
    if (reads.get(key) === entry) reads.delete(key);
  });
  return entry.value;
}

/** The group (GET .../group/{id}) once per operation; null when absent or not visible. */
export function loadGroup(ctx: GatewayContext, id: number): Promise<ChatGroupView | null> {
  return memo(ctx, `group:${id}`, () => nullIfAbsent(() => chatApi(ctx).group(id)));
}

/** The viewer's PENDING invitations (GET …/chat/invitations), once per operation. */
export function pendingInvitations(ctx: GatewayContext): Promise<ChatInvitationDto[]> {
  return memo(ctx, 'invitations', () => queryResult(() => chatApi(ctx).invitations()));
}

/** Global id of a ChatInvitation. */
export const invitationGid = (id: number) => toGlobalId('ChatInvitation', String(id));

/** A message's creation time (UTC ISO 8601; the epoch when a realtime stub carries none). */
export function msgTime(m: ChatMessageView): string {
  return m.dateTimeCreate ?? m.timeCreate ?? new Date(0).toISOString();
}
// Own messages (spec chat §6): everywhere, isOwnDto = the backend's `selfMsg` (@platform/domain/chat/own). Answers made for
// the viewer carry the backend's verdict, under which every operator owns the desk's messages in support chats (sender
// 10762); realtime messages get theirs per subscriber in subscription.ts before they reach a resolver.

/**
 * The UNREAD separator's message id in a group (spec chat §4): the first message after the viewer's read
 * pointer that is someone else's and unread for the viewer — null when none, or when it is the group's
 * first message (there is nothing above it to separate).
 */
export async function firstUnreadId(ctx: GatewayContext, group: ChatGroupView, viewer: number): Promise<number | null> {
  return memo(ctx, `firstUnread:${group.id}`, async () => {
    const after = group.lastViewedMessageId ?? 0;
    const page = (await queryResult(() => chatApi(ctx).messages(group.id, { after, limit: 50 }))).content;
    const lastViewedAt = group.lastViewedMessageDateTime ?? null;
    const first = page.find(
      (m) =>
        m.msgId > after && isUnreadForViewer({ own: isOwnDto(m, viewer), dateTimeCreate: msgTime(m) }, lastViewedAt),
    );
    if (!first) return null;
    if (after > 0) return first.msgId;
    const older = await queryResult(() => chatApi(ctx).messages(group.id, { before: first.msgId, limit: 1 }));
    return older.content.length ? first.msgId : null;
  });
}

/** A message as a ChatMessage parent in its group (the viewer's last-viewed time and the UNREAD separator). */
export function messageParent(
  dto: ChatMessageView,
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

/** A message answer as a parent (status for the viewer: own messages keep theirs). */
export async function messageOf(ctx: GatewayContext, dto: ChatMessageView, viewer: number): Promise<ChatMessageParent> {
  const groupId = dto.groupId ?? dto.group?.id ?? 0;
  const g = groupId ? await loadGroup(ctx, groupId) : null;
  return messageParent(
    dto,
    { id: groupId, lastViewedAt: g?.lastViewedMessageDateTime ?? null, firstUnreadId: null },
    viewer,
  );
}

/** A group as a ChatGroup parent for `viewer`. */
export const groupParent = (dto: ChatGroupView, viewer: number): ChatGroupParent => ({ dto, viewerId: viewer });

/** Cursor of a message in a messages connection. */
export const msgCursor = (msgId: number) => Buffer.from(`msg:${msgId}`).toString('base64');

/** The message id of a messages cursor. @throws BAD_USER_INPUT */
export function fromMsgCursor(c: string): number {
  const t = Buffer.from(c, 'base64').toString('utf8');
  if (!/^msg:\d{1,15}$/.test(t)) throw badInput('not a message cursor');
  return Number(t.slice(4));
}

/** A page size argument (default `def`). @throws BAD_USER_INPUT outside 1..100 */
export function pageSize(n: number | null | undefined, def: number): number {
  const v = n ?? def;
  if (!Number.isInteger(v) || v < 1 || v > 100) throw badInput('page size must be 1..100');
  return v;
}

/** A mutation's backend failures as UserError (rest/errors.ts mutationResult). */
export function withUserError<T>(call: () => Promise<T>): Promise<T | UserErrorResult> {
  return mutationResult(call);
}

/**
 * As {@link withUserError}, and a backend 403 FORBIDDEN (no admin rights in the group, spec chat §6) is `UserError`
 * FORBIDDEN 'Недостаточно прав' too: the group mutations whose schema lists FORBIDDEN among their codes.
 */
export function withRoleUserError<T>(call: () => Promise<T>): Promise<T | UserErrorResult> {
  return mutationResult(call, undefined, { forbiddenAsUserError: true });
}
