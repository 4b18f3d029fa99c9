/**
 * Shared pieces of the chat routes (spec chat-and-shell §3–§8): paths, error texts, small helpers, and
 * {@link chatContext}, the membership, read-pointer, invitation and presence helpers every chat plugin uses.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ensureSupportGroup } from '../../chat/groups.js';
import {
  emitModify,
  eventMessage,
  lastAnyMessageIdOf,
  lastReactionIdOf,
  messageAtPointer,
  msgViewedEvent,
  viewedUpdateQuery,
} from '../../chat/repository/messages.js';
import { appendChatEvents } from '../../chat/events.js';
import {
  findMembership,
  groupRecipients,
  myContexts,
  notFoundMessage,
  requireMembership,
  type MemberCtx,
} from '../../chat/repository/membership.js';
import { groupPreviews, statisticsFor } from '../../chat/repository/group-views.js';
import { displayName, presenceOf, userNames } from '../../chat/repository/people.js';
import type { DbOrTx } from '../../db/client.js';
import {
  chatInvitations,
  chatMembers,
  chatMessages,
  type ChatGroupRow,
  type ChatMemberRow,
  type ChatMessageRow,
} from '../../db/schema/chat.js';
import { storedFiles } from '../../db/schema/orders.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import { type ChatAccountType } from '@platform/domain/chat/groups';
import { isOnline } from '@platform/domain/chat/presence';
import { nextReadPointer } from '../../domain/chat/unread.js';
import { AppError } from '../../errors.js';
import { loadedRowsOf, type AuthUser } from '../../plugins/auth.js';
import { SUPPORT_NAME } from '@platform/domain/chat/own';

/** Base path of the chat calls (spec chat §7). */
export const C = '/api/secured/common/chat';
/** OpenAPI tag of the chat routes. */
export const TAGS = ['chat'];
/** Description of the errors every chat call may answer. */
export const COMMON_ERRORS =
  '401 UNAUTHORIZED (no session), 403 CSRF_INVALID (state-changing calls without the anti-forgery header)';
/** Description of the 404 for a group the caller cannot see. */
export const NOT_MEMBER = "404 CHAT_NOT_FOUND 'Чат не найден' (no such group, deleted, or the caller is not a member)";

/** The signed-in user of a request (requireUser ran before). */
export const userOf = (r: FastifyRequest) => r.user as AuthUser;
/**
 * The display names a message of the caller shows, from the users row the auth hook read for this request (issue 15:
 * not read again): the caller's own and the support user's 'Поддержка' (an operator writes as 10762 in a support
 * chat). Undefined when the request's user was not loaded from rows (then the names are read).
 */
export function namesOfCaller(user: AuthUser): Map<number, string> | undefined {
  const rows = loadedRowsOf(user);
  if (!rows) return undefined;
  return new Map([
    [user.id, displayName(rows.u)],
    [SUPPORT_USER_ID, SUPPORT_NAME],
  ]);
}
/** A user as a chat actor `{ id, accountType }` (spec chat §6 roles). */
export const actor = (u: AuthUser) => ({ id: u.id, accountType: u.accountType as ChatAccountType });
/** A count or id read from SQL as a number; null → 0. */
export const num = (v: unknown) => Number(v ?? 0);
/** 400 VALIDATION_ERROR with one field item whose text is also the message. */
export const vErr = (field: string, code: string, message: string) =>
  AppError.validation([{ field, code, message }], message);
/**
 * A refused attachment (spec chat §5 limits, §8 "too many attachments"): 400 with its own stable code at the top (so
 * the gateway's UserError carries it) and one field item. Codes: TOO_MANY_ATTACHMENTS, NOT_A_PICTURE, FILE_NOT_FOUND.
 */
export const attachErr = (field: string, code: 'TOO_MANY_ATTACHMENTS' | 'NOT_A_PICTURE' | 'FILE_NOT_FOUND') =>
  new AppError(400, code, CHAT_ERRORS[code], [{ field, code, message: CHAT_ERRORS[code] }]);
/**
 * A refused group or alliance change (spec chat §6): 400 with its own stable code at the top (the gateway's UserError
 * carries it) and one field item. Codes: GROUP_TYPE_NOT_ALLOWED, MEMBER_NOT_ALLOWED, NOT_ALLIANCE.
 */
export const groupErr = (field: string, code: 'GROUP_TYPE_NOT_ALLOWED' | 'MEMBER_NOT_ALLOWED' | 'NOT_ALLIANCE') =>
  new AppError(400, code, CHAT_ERRORS[code], [{ field, code, message: CHAT_ERRORS[code] }]);

/**
 * The helpers of the chat routes over `app` (its database and clock): membership checks (404 CHAT_NOT_FOUND),
 * group previews, invitation views and events, the viewed / read pointers, visible files, the chat user and contacts.
 */
export function chatContext(app: FastifyInstance) {
  const db = app.dbh.db;
  const now = () => app.clock.now();

  async function ctxOf(d: DbOrTx, user: AuthUser, groupId: number): Promise<MemberCtx> {
    return requireMembership(d, actor(user), groupId);
  }

  /** A message of a group the caller is a member of (404 otherwise). */
  async function messageCtx(
    d: DbOrTx,
    user: AuthUser,
    msgId: number,
    groupId?: number,
  ): Promise<MemberCtx & { msg: ChatMessageRow }> {
    const [msg] = await d
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.id, msgId), isNull(chatMessages.deletedAt)));
    if (!msg || (groupId != null && msg.groupId !== groupId)) throw notFoundMessage();
    const m = await findMembership(d, actor(user), msg.groupId);
    if (!m) throw notFoundMessage();
    return { ...m, msg };
  }

  async function preview(user: AuthUser, ctx: MemberCtx) {
    return (await groupPreviews(db, actor(user), [ctx]))[0];
  }

  /**
   * The answer shape of an invitation (InvitationSchema): { id, groupId, groupName, invitedBy: { id, name }, invitedUserId,
   * invitedUserName, status, createdAt (UTC ISO 8601) }.
   */
  async function invitationView(d: DbOrTx, inv: typeof chatInvitations.$inferSelect, groupName: string) {
    const names = await userNames(d, [inv.invitedBy, inv.invitedUserId]);
    return {
      id: inv.id,
      groupId: inv.groupId,
      groupName,
      invitedBy: { id: inv.invitedBy, name: names.get(inv.invitedBy) ?? '' },
      invitedUserId: inv.invitedUserId,
      invitedUserName: names.get(inv.invitedUserId) ?? '',
      status: inv.status as 'PENDING' | 'ACCEPTED' | 'DECLINED',
      createdAt: inv.createdAt.toISOString(),
    };
  }

  /**
   * After an invitation is decided: MODIFY_MSG MSG_METADATA_EDITED for the group's GROUP_INVITATION message announcing it
   * (its view carries the invitation with the new status), so the members' open chats show 'принято' / 'отклонено' live.
   * The message is not marked edited. Nothing when the message was deleted.
   */
  async function emitInvitationDecided(tx: DbOrTx, group: ChatGroupRow, invitationId: number): Promise<void> {
    const [msg] = await tx
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.groupId, group.id),
          isNull(chatMessages.deletedAt),
          sql`${chatMessages.metaData}->>'metadataType' = 'GROUP_INVITATION'`,
          sql`${chatMessages.metaData}->>'userMessage' = ${String(invitationId)}`,
        ),
      );
    if (msg) await emitModify(tx, group, 'MSG_METADATA_EDITED', await eventMessage(tx, msg, group));
  }

  /**
   * Marks VIEWED the messages of others in (`from`, `to`] of the group that are not VIEWED yet, and emits one MSG_VIEWED
   * with their ids in metaData (spec chat §4 "MSG_VIEWED … If metaData holds several ids, all of them become VIEWED").
   */
  async function markViewed(
    tx: DbOrTx,
    group: ChatGroupRow,
    member: ChatMemberRow,
    from: number,
    to: number,
  ): Promise<void> {
    const seen = await viewedUpdateQuery(tx, group.id, member.userId, from, to);
    if (!seen.length) return;
    const ids = seen.map((x) => x.id).sort((a, b) => a - b);
    await appendChatEvents(tx, [msgViewedEvent(group, member.userId, ids, await groupRecipients(tx, group.id))]);
  }

  /**
   * Moves the read pointer (forward only, clamped), marks others' messages VIEWED, emits MSG_VIEWED. The
   * last-viewed time becomes the creation time of the message at the new pointer (src/chat/repository/messages.ts header).
   */
  async function moveReadPointer(user: AuthUser, groupId: number, upTo: number | 'last') {
    return db.transaction(async (tx) => {
      const { group, member } = await requireMembership(tx, actor(user), groupId, true);
      const last = await lastAnyMessageIdOf(tx, group.id);
      const current = num(member.lastViewedMessageId);
      const next = nextReadPointer(current, upTo === 'last' ? last : upTo, last);
      const set: Partial<typeof chatMembers.$inferInsert> = {};
      if (next > current) {
        set.lastViewedMessageId = next;
        set.lastViewedAt = (await messageAtPointer(tx, group.id, next)).createdAt;
      }
      if (upTo === 'last')
        set.lastSeenReactionId = Math.max(num(member.lastSeenReactionId), await lastReactionIdOf(tx, group.id));
      if (Object.keys(set).length) await tx.update(chatMembers).set(set).where(eq(chatMembers.id, member.id));
      if (next > current) await markViewed(tx, group, member, current, next);
      const [m2] = await tx.select().from(chatMembers).where(eq(chatMembers.id, member.id));
      const stats = (await statisticsFor(tx, [{ group, member: m2 }])).get(group.id)!;
      const { mentionedMessageIds: _a, newReactionsMessageIds: _b, lastMessageId: _c, ...statistics } = stats;
      return {
        groupId: group.id,
        lastViewedMessageId: num(m2.lastViewedMessageId),
        lastViewedMessageDateTime: m2.lastViewedAt?.toISOString() ?? null,
        statistics,
      };
    });
  }

  /** A file attached to a message of one of the caller's groups (as file or picture), else 404. */
  async function visibleFile(user: AuthUser, fileId: string) {
    const msgs = await db
      .select()
      .from(chatMessages)
      .where(
        and(
          isNull(chatMessages.deletedAt),
          sql`(${chatMessages.fileId} = ${fileId} or ${fileId}::uuid = any(${chatMessages.pictureIds}))`,
        ),
      );
    for (const m of msgs)
      if (await findMembership(db, actor(user), m.groupId)) {
        const [f] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
        if (f) return f;
      }
    throw AppError.notFound('Файл не найден', 'FILE_NOT_FOUND');
  }

  async function chatUserInfo(user: AuthUser) {
    const supportChatGroupId = await ensureSupportGroup(db, actor(user), now());
    const names = await userNames(db, [user.id]);
    const seen = (await presenceOf(db, [user.id])).get(user.id) ?? null;
    return {
      id: user.id,
      chatUserId: user.id,
      name: names.get(user.id) ?? user.email,
      accountType: user.accountType,
      isSupport: user.accountType === 'OPER',
      supportUserId: SUPPORT_USER_ID,
      supportChatGroupId,
      online: isOnline(seen, now()),
      lastSeenAt: seen?.toISOString() ?? null,
    };
  }

  /** Every real user sharing a group with `userId` (presence recipients). */
  async function contactsOf(user: AuthUser): Promise<number[]> {
    const ctxs = await myContexts(db, actor(user));
    const out = new Set<number>();
    for (const c of ctxs) for (const id of await groupRecipients(db, c.group.id)) out.add(id);
    out.delete(user.id);
    return [...out];
  }

  return {
    ctxOf,
    messageCtx,
    preview,
    invitationView,
    emitInvitationDecided,
    markViewed,
    moveReadPointer,
    visibleFile,
    chatUserInfo,
    contactsOf,
  };
}
