/**
 * Chat calls (spec chat §7 paths, exactly; §3 entities; §4 rules; §6 roles). Designed calls where §7 says "not
 * shown" are documented in each route's description.
 *
 * Scoping: every group-level call resolves the caller's active membership first (src/chat/repository.ts); a group
 * that does not exist, was deleted or where the caller is not a member answers 404 CHAT_NOT_FOUND, a message
 * outside such a group 404 MESSAGE_NOT_FOUND. Every durable change appends its realtime event (src/chat/events.ts)
 * inside the same transaction. Unread counters are derived from the read pointer (domain/chat/unread.ts); the
 * last-viewed time is the creation time of the message at the pointer and messages are inserted through
 * insertChatMessage, so the §4 time rule and the pointer agree (src/chat/repository.ts header).
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq, inArray, isNotNull, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { publishEphemeralVia } from '../../chat/events.js';
import { createOrGetRequestChat, ensureSupportGroup } from '../../chat/groups.js';
import {
  actingId,
  displayName,
  emitGroupEvent,
  emitModify,
  emitNewMessage,
  eventMessage,
  findMembership,
  groupPreviews,
  groupRecipients,
  insertChatMessage,
  lastAnyMessageIdOf,
  lastReactionIdOf,
  markOffline,
  messageAtPointer,
  messageViews,
  myContexts,
  notFoundMessage,
  pageMessages,
  presenceOf,
  requireMembership,
  statisticsFor,
  supportRequesterMatches,
  touchPresence,
  userNames,
  type MemberCtx,
} from '../../chat/repository.js';
import { issueChatSessionToken } from '../../chat/session-token.js';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  chatGroups,
  chatInvitations,
  chatMembers,
  chatMessages,
  chatReactions,
  type ChatGroupRow,
  type ChatMemberRow,
  type ChatMessageRow,
} from '../../db/schema/chat.js';
import { companies, users } from '../../db/schema/core.js';
import { storedFiles } from '../../db/schema/orders.js';
import { MAX_PICTURES_PER_MESSAGE, SUPPORT_USER_ID } from '@platform/domain/limits';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import {
  canHavePersonalChat,
  canPerform,
  type ChatAccountType,
  type GroupType,
  type MemberRole,
} from '@platform/domain/chat/groups';
import { containsPattern, groupSearchTerm, pinGroup, unpinGroup } from '@platform/domain/chat/groupList';
import { isPictureFile, isValidMsgKey, validateChatMessage } from '@platform/domain/chat/message';
import { laterStatus, type MessageStatus } from '@platform/domain/chat/messageStatus';
import { isOnline } from '@platform/domain/chat/presence';
import { groupCountsByType, nextReadPointer, overallUnread } from '../../domain/chat/unread.js';
import { AppError, MESSAGES } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  commitUpload,
  discardUpload,
  receiveCheckedUpload,
  removeContent,
  sendStoredFile,
} from '../../files/storage.js';
import { ErrorSchema } from '../schemas.js';
import {
  ChatUserSchema,
  ContactSchema,
  EditBody,
  FileIdParams,
  FilterBody,
  GroupDetailSchema,
  GroupMsgParams,
  GroupPreviewSchema,
  GroupStatisticsAnswer,
  GroupTypeSchema,
  IdParams,
  InvitationSchema,
  MessageSchema,
  MessagesPage,
  MsgParams,
  PageOfGroups,
  SendBody,
  SessionTokenSchema,
  UnreadSchema,
  UserGroupParams,
  UserParams,
  ViewedAnswer,
} from './schemas.js';

const C = '/api/secured/common/chat';
const TAGS = ['chat'];
const E = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const COMMON_ERRORS =
  '401 UNAUTHORIZED (no session), 403 CSRF_INVALID (state-changing calls without the anti-forgery header)';
const NOT_MEMBER = "404 CHAT_NOT_FOUND 'Чат не найден' (no such group, deleted, or the caller is not a member)";

const userOf = (r: FastifyRequest) => r.user as AuthUser;
const actor = (u: AuthUser) => ({ id: u.id, accountType: u.accountType as ChatAccountType });
const num = (v: unknown) => Number(v ?? 0);
const vErr = (field: string, code: string, message: string) => AppError.validation([{ field, code, message }], message);
/**
 * A refused attachment (spec chat §5 limits, §8 "too many attachments"): 400 with its own stable code at the top (so
 * the gateway's UserError carries it) and one field item. Codes: TOO_MANY_ATTACHMENTS, NOT_A_PICTURE, FILE_NOT_FOUND.
 */
const attachErr = (field: string, code: 'TOO_MANY_ATTACHMENTS' | 'NOT_A_PICTURE' | 'FILE_NOT_FOUND') =>
  new AppError(400, code, CHAT_ERRORS[code], [{ field, code, message: CHAT_ERRORS[code] }]);
/**
 * A refused group or alliance change (spec chat §6): 400 with its own stable code at the top (the gateway's UserError
 * carries it) and one field item. Codes: GROUP_TYPE_NOT_ALLOWED, MEMBER_NOT_ALLOWED, NOT_ALLIANCE.
 */
const groupErr = (field: string, code: 'GROUP_TYPE_NOT_ALLOWED' | 'MEMBER_NOT_ALLOWED' | 'NOT_ALLIANCE') =>
  new AppError(400, code, CHAT_ERRORS[code], [{ field, code, message: CHAT_ERRORS[code] }]);

type SendInput = {
  text?: string | null;
  extMsgId?: string | null;
  replyMessageId?: number | null;
  forwardMessageId?: number | null;
  mentioned?: number[];
  fileId?: string | null;
  pictureIds?: string[];
  metaData?: { userMessage: string; metadataType: string } | null;
};

export default async function chatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const auth = app.requireUser;
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
    const seen = await tx
      .update(chatMessages)
      .set({ status: 'VIEWED' })
      .where(
        and(
          eq(chatMessages.groupId, group.id),
          sql`${chatMessages.id} > ${from} and ${chatMessages.id} <= ${to}`,
          sql`${chatMessages.senderId} <> ${member.userId}`,
          isNull(chatMessages.deletedAt),
          sql`${chatMessages.status} <> 'VIEWED'`,
        ),
      )
      .returning({ id: chatMessages.id });
    if (!seen.length) return;
    const ids = seen.map((x) => x.id).sort((a, b) => a - b);
    await emitModify(
      tx,
      group,
      'MSG_VIEWED',
      { msgId: ids[ids.length - 1], groupId: group.id, status: 'VIEWED', metaData: ids.join(',') },
      { viewerId: member.userId },
    );
  }

  /**
   * Moves the read pointer (forward only, clamped), marks others' messages VIEWED, emits MSG_VIEWED. The
   * last-viewed time becomes the creation time of the message at the new pointer (src/chat/repository.ts header).
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

  // ------------------------------------------------------------------------------------------------ groups

  app.post(
    `${C}/:id/create-get`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        summary: 'Create or get the chat of a request (spec chat §7 create-get)',
        description:
          'id = the order (request) id. Creates on first call, else gets, the ECVP_CLIENT group of the request, named ' +
          "'Заявка №<id>'. Members: the users of the client company, the users of the payment agents the order was sent to " +
          '(partner_orders) and the operators; each call adds eligible users who are not members yet (GROUP_ADDED) and lets the ' +
          'caller rejoin after leaving (GROUP_JOINED). 201 when created, 200 when it existed. Errors: ' +
          COMMON_ERRORS +
          ", 404 CHAT_NOT_FOUND (no such order, or the caller is none of the above: another company's client, an agent the order " +
          'was not sent to, a referral partner).',
        response: { 200: GroupPreviewSchema, 201: GroupPreviewSchema, ...E },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { group, created } = await createOrGetRequestChat(
        db,
        { ...actor(user), companyId: user.companyId },
        request.params.id,
        now(),
      );
      const ctx = await ctxOf(db, user, group.id);
      return reply.status(created ? 201 : 200).send(await preview(user, ctx));
    },
  );

  app.post(
    `${C}/group`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 200 }),
            groupType: GroupTypeSchema,
            memberIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 })),
          },
          { additionalProperties: false },
        ),
        summary: 'Create a personal chat or an alliance (designed; spec chat §6 personal chat types)',
        description:
          'Designed call (chat §7 shows no path). Creates a group of `groupType` with the caller as OWNER and ' +
          '`memberIds` as PARTICIPANTs (GROUP_CREATED to all). The caller and every member must be allowed that personal chat ' +
          'type by the chat §6 table (client: ECVP_CLIENT, ECVP_PARTNER_CLIENT, ECVP_SUPPORT; agent: ECVP_PARTNER, ' +
          'ECVP_PARTNER_CLIENT, ECVP_SUPPORT; operator: ECVP_CLIENT, ECVP_PARTNER_CLIENT, ECVP_PARTNER). ECVP_SUPPORT groups are ' +
          'created by the platform only. An alliance (ECVP_PARTNER_CLIENT) is usually created empty and filled by invitations. ' +
          'The name is trimmed. Refusals change nothing. Errors: ' +
          COMMON_ERRORS +
          ", 400 GROUP_TYPE_NOT_ALLOWED '" +
          CHAT_ERRORS.GROUP_TYPE_NOT_ALLOWED +
          "' (field groupType: the caller's account type may not have it, or ECVP_SUPPORT), 400 MEMBER_NOT_ALLOWED '" +
          CHAT_ERRORS.MEMBER_NOT_ALLOWED +
          "' (field memberIds: unknown, suspended or not allowed that type), 400 VALIDATION_ERROR " +
          '(name empty after trimming: REQUIRED; longer than 200; more than 100 members).',
        response: { 201: GroupPreviewSchema, ...E },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { groupType, memberIds = [] } = request.body;
      const name = request.body.name.trim();
      if (!name) throw vErr('name', 'REQUIRED', MESSAGES.required);
      if (
        groupType === 'ECVP_SUPPORT' ||
        !canHavePersonalChat(user.accountType as ChatAccountType, groupType as GroupType)
      ) {
        throw groupErr('groupType', 'GROUP_TYPE_NOT_ALLOWED');
      }
      const others = [...new Set(memberIds.filter((id) => id !== user.id))];
      const rows = others.length
        ? await db
            .select({ id: users.id, accountType: users.accountType, status: users.status })
            .from(users)
            .where(inArray(users.id, others))
        : [];
      if (
        rows.length !== others.length ||
        rows.some(
          (r) =>
            r.status === 'USER_SUSPENDED' ||
            !canHavePersonalChat(r.accountType as ChatAccountType, groupType as GroupType),
        )
      ) {
        throw groupErr('memberIds', 'MEMBER_NOT_ALLOWED');
      }
      const at = now();
      const groupId = await db.transaction(async (tx) => {
        const [group] = await tx
          .insert(chatGroups)
          .values({ type: groupType, name, createdBy: user.id, createdAt: at })
          .returning();
        await tx
          .insert(chatMembers)
          .values([
            { groupId: group.id, userId: user.id, role: 'OWNER', joinedAt: at },
            ...others.map((id) => ({ groupId: group.id, userId: id, role: 'PARTICIPANT', joinedAt: at })),
          ]);
        await emitGroupEvent(tx, group, 'GROUP_CREATED');
        return group.id;
      });
      return reply.status(201).send(await preview(user, await ctxOf(db, user, groupId)));
    },
  );

  app.get(
    `${C}/group/:id`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        summary: 'Load one group (spec chat §7 GET group/{id})',
        description:
          'The group preview (chat §3; an ECVP_SUPPORT group with its `supportRequester`, see group/filter) with its ' +
          "members (online = last seen under 4 minutes, chat §4) and the caller's chat info (lastViewedMessageId, lastViewedMessageDateTime = the creation time of the message at the read pointer — the " +
          'newest message of the group with an id at or below it — not the moment of viewing, null when nothing was viewed; ' +
          'mentionedMessageIds, newReactionsMessageIds). Creation times strictly increase in id order within a group, so ' +
          '"created at or before lastViewedMessageDateTime" (chat §4) picks exactly the messages at or below the pointer. ' +
          'Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          '.',
        response: { 200: GroupDetailSchema, ...E },
      },
    },
    async (request) => {
      const user = userOf(request);
      const ctx = await ctxOf(db, user, request.params.id);
      const p = await preview(user, ctx);
      const stats = (await statisticsFor(db, [ctx])).get(ctx.group.id)!;
      const members = await db
        .select()
        .from(chatMembers)
        .where(and(eq(chatMembers.groupId, ctx.group.id), isNull(chatMembers.leftAt)))
        .orderBy(asc(chatMembers.id));
      const ids = members.map((m) => m.userId);
      const names = await userNames(db, ids);
      const seen = await presenceOf(db, ids);
      const t = now().getTime();
      return {
        ...p,
        members: members.map((m) => {
          const last = seen.get(m.userId) ?? null;
          return {
            id: m.userId,
            name: names.get(m.userId) ?? '',
            role: m.role as MemberRole,
            online: isOnline(last, new Date(t)),
            lastSeenAt: last?.toISOString() ?? null,
          };
        }),
        info: {
          id: ctx.group.id,
          newReactionsMessageIds: stats.newReactionsMessageIds,
          mentionedMessageIds: stats.mentionedMessageIds,
          lastViewedMessageId: num(ctx.member.lastViewedMessageId),
          lastViewedMessageDateTime: ctx.member.lastViewedAt?.toISOString() ?? null,
        },
      };
    },
  );

  app.post(
    `${C}/group/by-ids`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        body: Type.Object(
          { ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 500 }) },
          { additionalProperties: false },
        ),
        summary: 'Load groups by ids (spec chat §7 group/by-ids)',
        description:
          'Previews of the listed groups where the caller is a member, in the order of `ids` (ECVP_SUPPORT ones with their ' +
          '`supportRequester`, see group/filter); other ids are left out (no existence leak). Errors: ' +
          COMMON_ERRORS +
          ', 400 VALIDATION_ERROR.',
        response: { 200: Type.Array(GroupPreviewSchema), ...E },
      },
    },
    async (request) => {
      const user = userOf(request);
      const ids = [...new Set(request.body.ids)];
      if (!ids.length) return [];
      const ctxs = await myContexts(db, actor(user), inArray(chatGroups.id, ids));
      ctxs.sort((a, b) => ids.indexOf(a.group.id) - ids.indexOf(b.group.id));
      return groupPreviews(db, actor(user), ctxs);
    },
  );

  app.post(
    `${C}/group/filter`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        body: FilterBody,
        summary: 'The group list (spec chat §7 group/filter; §4 "Group list")',
        description:
          'Order (chat §4): favourites first by favoriteId ascending, then by last message time descending (the creation ' +
          'time for a group without messages), then id descending. `limit` default 20 (chat §9), ≤ 100. `cursor`: the `cursor` ' +
          'of the previous answer (opaque), absent for the first page; `last` is true on the last page. `searchStr` searches the ' +
          'group name (case-insensitive, contains; `%` and `_` match literally) when it has at least 3 characters after trimming ' +
          '(chat §5); for an operator it also finds ECVP_SUPPORT groups whose requester (`supportRequester`: display name or ' +
          'company short name) contains it. A shorter non-blank one fetches nothing (empty last page). Each ECVP_SUPPORT ' +
          'preview carries `supportRequester` { id, name, companyName } (null for other types). `types` and `groupTypes` both ' +
          'filter by group type (both given: a group must be in both). `favorite` true: only favourites, false: only non-favourites. `groupIds`: only these. `emptyGroups` false: ' +
          "leave out groups without messages (default true). A non-operator's support chat is created on first use. " +
          'Errors: ' +
          COMMON_ERRORS +
          ', 400 VALIDATION_ERROR.',
        response: { 200: PageOfGroups, ...E },
      },
    },
    async (request) => {
      const user = userOf(request);
      const b = request.body;
      const limit = b.limit ?? 20;
      const search = groupSearchTerm(b.searchStr);
      if (search.kind === 'tooShort') return { content: [], cursor: null, last: true };
      await ensureSupportGroup(db, actor(user), now());
      const conds: (SQL | undefined)[] = [];
      if (search.kind === 'search') {
        const pattern = containsPattern(search.term);
        const byName = sql`${chatGroups.name} ilike ${pattern}`;
        // the support desk finds a support chat by whose it is (every support group is named 'Поддержка')
        conds.push(user.accountType === 'OPER' ? or(byName, supportRequesterMatches(pattern)) : byName);
      }
      if (b.types?.length) conds.push(inArray(chatGroups.type, b.types));
      if (b.groupTypes?.length) conds.push(inArray(chatGroups.type, b.groupTypes));
      if (b.groupIds) conds.push(b.groupIds.length ? inArray(chatGroups.id, b.groupIds) : sql`false`);
      if (b.favorite === true) conds.push(isNotNull(chatMembers.favoriteId));
      if (b.favorite === false) conds.push(isNull(chatMembers.favoriteId));
      const lastAt = sql`(select max(m.created_at) from chat_messages m where m.group_id = ${chatGroups.id} and m.deleted_at is null)`;
      if (b.emptyGroups === false) conds.push(sql`${lastAt} is not null`);
      const offset = b.cursor ? Number(b.cursor) : 0;
      const rows = await db
        .select({ group: chatGroups, member: chatMembers })
        .from(chatMembers)
        .innerJoin(chatGroups, eq(chatGroups.id, chatMembers.groupId))
        .where(
          and(
            sql`(${chatMembers.userId} = ${user.id}${user.accountType === 'OPER' ? sql` or (${chatMembers.userId} = ${SUPPORT_USER_ID} and ${chatGroups.type} = 'ECVP_SUPPORT')` : sql``})`,
            isNull(chatMembers.leftAt),
            isNull(chatGroups.deletedAt),
            ...conds,
          ),
        )
        .orderBy(
          sql`${chatMembers.favoriteId} asc nulls last`,
          sql`coalesce(${lastAt}, ${chatGroups.createdAt}) desc`,
          sql`${chatGroups.id} desc`,
        )
        .limit(limit + 1)
        .offset(offset);
      const page = rows.slice(0, limit);
      const last = rows.length <= limit;
      const content = await groupPreviews(
        db,
        actor(user),
        page,
        page.map((_, i) => String(offset + i + 1)),
      );
      return { content, cursor: last ? null : String(offset + page.length), last };
    },
  );

  app.post(
    `${C}/group/statistics`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        body: Type.Object(
          {
            groupIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 500 })),
            statisticType: Type.Literal('MSG'),
          },
          { additionalProperties: false },
        ),
        summary: 'Group statistics (spec chat §7 group/statistics; §3 "Group statistics")',
        description:
          "groupTypeStatistics: per type of chat §6 (0 included) the caller's groupCount, unreadGroupCount (groups with " +
          'at least one unread message from others) and unreadMessagesCount (their unread messages), derived from the read pointers ' +
          "like the per-group counters (an operator's ECVP_SUPPORT groups count the desk's shared pointer of the support user " +
          '10762); the unreadMessagesCount over all types equals GET messages/unread unreadMessagesCount. groupStatistics: per ' +
          "group (the listed `groupIds` where the caller is a member, else all the caller's groups) hasMessages, hasNewMentions, " +
          'hasNewReactions, unreadMessagesCount and unreadMessagesCounters (GROUP_MSG always present), all derived from the read ' +
          'pointer (never negative). Errors: ' +
          COMMON_ERRORS +
          ', 400 VALIDATION_ERROR (statisticType other than MSG).',
        response: { 200: GroupStatisticsAnswer, ...E },
      },
    },
    async (request) => {
      const user = userOf(request);
      await ensureSupportGroup(db, actor(user), now());
      const all = await myContexts(db, actor(user));
      const ids = request.body.groupIds;
      const chosen = ids ? all.filter((c) => ids.includes(c.group.id)) : all;
      // one derivation for every group of the caller: the per-type figures and the per-group answer read the same numbers
      const stats = await statisticsFor(db, all);
      return {
        groupTypeStatistics: groupCountsByType(
          all.map((c) => ({
            groupType: c.group.type as GroupType,
            unreadMessagesCount: stats.get(c.group.id)!.unreadMessagesCount,
          })),
        ),
        groupStatistics: chosen.map((c) => {
          const {
            mentionedMessageIds: _a,
            newReactionsMessageIds: _b,
            lastMessageId: _c,
            ...s
          } = stats.get(c.group.id)!;
          return s;
        }),
      };
    },
  );

  app.get(
    `${C}/messages/unread`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        summary: 'Overall unread statistic (spec chat §7 messages/unread; §3 "Unread statistic")',
        description:
          "unreadMessagesCount: the sum over the caller's groups of others' not deleted messages above the read " +
          "pointer; lastMessageId: the highest not deleted message id in the caller's groups (0 when none). Errors: 401 UNAUTHORIZED.",
        response: { 200: UnreadSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      const ctxs = await myContexts(db, actor(user));
      const stats = await statisticsFor(db, ctxs);
      return overallUnread(
        [...stats.values()].map((s) => ({
          unreadMessagesCount: s.unreadMessagesCount,
          lastMessageId: s.lastMessageId,
        })),
      );
    },
  );

  app.post(
    `${C}/group/:id/viewed`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        summary: 'Mark a group viewed (spec chat §7 group/{id}/viewed)',
        description:
          "Moves the caller's read pointer to the group's last message (forward only) and marks reactions seen; " +
          "lastViewedMessageDateTime becomes that message's creation time. " +
          "Others' messages passed become VIEWED (MODIFY_MSG MSG_VIEWED with metaData = the comma-separated ids). Answers the " +
          "pointer and the group's statistics. Errors: " +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          '.',
        response: { 200: ViewedAnswer, ...E },
      },
    },
    async (request) => moveReadPointer(userOf(request), request.params.id, 'last'),
  );

  app.post(
    `${C}/:id/viewed/to`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        body: Type.Object({ messageId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
        summary: 'Mark viewed up to a message (spec chat §7 {id}/viewed/to)',
        description:
          'Designed payload: id = group id, body { messageId }. The read pointer moves to messageId, forward only and ' +
          "never past the group's last message (domain/chat/unread.ts nextReadPointer); a smaller id changes nothing. " +
          'lastViewedMessageDateTime becomes the creation time of the newest message of the group at or below the new pointer. ' +
          'Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ', 400 VALIDATION_ERROR.',
        response: { 200: ViewedAnswer, ...E },
      },
    },
    async (request) => moveReadPointer(userOf(request), request.params.id, request.body.messageId),
  );

  app.post(
    `${C}/messages/viewed`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        body: Type.Object(
          { messageIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }) },
          { additionalProperties: false },
        ),
        summary: 'Mark messages viewed (spec chat §7 messages/viewed)',
        description:
          'Designed payload { messageIds }. For each group of the listed messages where the caller is a member, the ' +
          'read pointer moves forward to the highest listed id of that group; ids of other groups are ignored. Answers one ' +
          'entry per group touched. Errors: ' +
          COMMON_ERRORS +
          ', 400 VALIDATION_ERROR.',
        response: { 200: Type.Array(ViewedAnswer), ...E },
      },
    },
    async (request) => {
      const user = userOf(request);
      const rows = await db
        .select({ id: chatMessages.id, groupId: chatMessages.groupId })
        .from(chatMessages)
        .where(inArray(chatMessages.id, request.body.messageIds));
      const byGroup = new Map<number, number>();
      for (const r of rows) byGroup.set(r.groupId, Math.max(byGroup.get(r.groupId) ?? 0, r.id));
      const out = [];
      for (const [groupId, upTo] of byGroup) {
        if (!(await findMembership(db, actor(user), groupId))) continue;
        out.push(await moveReadPointer(user, groupId, upTo));
      }
      return out;
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: `${C}/group/:id/favorite`,
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        summary:
          method === 'POST'
            ? 'Pin a group (spec chat §7 POST group/{id}/favorite)'
            : 'Unpin a group (spec chat §7 DELETE group/{id}/favorite)',
        description:
          method === 'POST'
            ? 'The group gets favoriteId 0 and the other favourites shift by one (chat §4 GROUP_ADDED_FAVORITE); pinning a pinned ' +
              'group moves it to the top. At most 5 pinned (chat §9). Errors: ' +
              COMMON_ERRORS +
              ', ' +
              NOT_MEMBER +
              ", 409 PIN_LIMIT '" +
              CHAT_ERRORS.PIN_LIMIT +
              "'."
            : 'Removes the favourite mark; the others close the gap (0..n-1). Idempotent. Errors: ' +
              COMMON_ERRORS +
              ', ' +
              NOT_MEMBER +
              '.',
        response: { 200: GroupPreviewSchema, ...E, 409: ErrorSchema },
      },
      handler: async (request) => {
        const user = userOf(request);
        const { id } = request.params as { id: number };
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(10764, ${user.id}::int)`);
          const { group, member } = await requireMembership(tx, actor(user), id);
          const mine = await myContexts(tx, actor(user), isNotNull(chatMembers.favoriteId));
          const favs = new Map(mine.map((c) => [c.group.id, c.member.favoriteId!]));
          let next: ReadonlyMap<number, number>;
          if (method === 'POST') {
            const r = pinGroup(favs, group.id);
            if (!r.ok) throw AppError.conflict(r.message, r.code);
            next = r.favourites;
          } else next = unpinGroup(favs, group.id);
          for (const c of mine)
            if (!next.has(c.group.id))
              await tx.update(chatMembers).set({ favoriteId: null }).where(eq(chatMembers.id, c.member.id));
          for (const [gid, order] of next) {
            const mid = gid === group.id ? member.id : mine.find((c) => c.group.id === gid)!.member.id;
            await tx.update(chatMembers).set({ favoriteId: order }).where(eq(chatMembers.id, mid));
          }
          const recipients =
            user.accountType === 'OPER' && member.userId === SUPPORT_USER_ID
              ? await groupRecipients(tx, group.id)
              : [user.id];
          await emitGroupEvent(tx, group, method === 'POST' ? 'GROUP_ADDED_FAVORITE' : 'GROUP_REMOVED_FAVORITE', {
            userId: member.userId,
            recipients,
          });
        });
        return preview(user, await ctxOf(db, user, id));
      },
    });
  }

  app.post(
    `${C}/group/:id/leave`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        summary: 'Leave a group (designed; spec chat §2 "leave")',
        description:
          "Designed call. The caller's membership ends (favourite mark removed); the members and the caller get " +
          'MODIFY_GROUP_MSG GROUP_LEFT. A request chat can be rejoined through create-get. Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ", 409 SUPPORT_CHAT_PERMANENT 'Чат поддержки нельзя покинуть' (own support chat; operators cannot leave the support desk).",
        response: { 204: Type.Null(), ...E, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      await db.transaction(async (tx) => {
        const { group, member } = await requireMembership(tx, actor(user), request.params.id);
        if (group.type === 'ECVP_SUPPORT')
          throw AppError.conflict('Чат поддержки нельзя покинуть', 'SUPPORT_CHAT_PERMANENT');
        const recipients = await groupRecipients(tx, group.id);
        await tx.update(chatMembers).set({ leftAt: now(), favoriteId: null }).where(eq(chatMembers.id, member.id));
        await emitGroupEvent(tx, group, 'GROUP_LEFT', { userId: user.id, recipients });
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    `${C}/group/:id`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        summary: 'Delete a group (designed; spec chat §2 "delete")',
        description:
          'Designed call. Only the OWNER (or an operator, who acts as support with admin rights) may delete; the group ' +
          'disappears for everyone (MODIFY_GROUP_MSG GROUP_REMOVED to all members). Support chats cannot be deleted. Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ", 403 FORBIDDEN 'Недостаточно прав' (not the owner), 409 SUPPORT_CHAT_PERMANENT.",
        response: { 204: Type.Null(), ...E, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      await db.transaction(async (tx) => {
        const { group, member } = await requireMembership(tx, actor(user), request.params.id);
        if (group.type === 'ECVP_SUPPORT')
          throw AppError.conflict('Чат поддержки нельзя удалить', 'SUPPORT_CHAT_PERMANENT');
        if (member.role !== 'OWNER' && user.accountType !== 'OPER') throw AppError.forbidden();
        const recipients = await groupRecipients(tx, group.id);
        await tx.update(chatGroups).set({ deletedAt: now() }).where(eq(chatGroups.id, group.id));
        await emitGroupEvent(tx, group, 'GROUP_REMOVED', { recipients });
      });
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${C}/:id`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        body: EditBody,
        summary: 'Edit a message or rename a group (spec chat §7 PUT chat/{id})',
        description:
          'Designed payload; id = group id. Either { messageId, text?, metaData? }: edits a message of the group, only ' +
          'by its sender (MODIFY_MSG MSG_EDITED when the text changes, else MSG_METADATA_EDITED; the message is marked edited) ' +
          'and answers the message; or { name }: renames the group, only ADMIN/OWNER or an operator (MODIFY_GROUP_MSG ' +
          'GROUP_NAME_CHANGED), answers the group. Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ', 404 MESSAGE_NOT_FOUND, ' +
          "403 FORBIDDEN 'Недостаточно прав' (not the sender / no admin rights), 400 VALIDATION_ERROR (EMPTY_MESSAGE " +
          "'Сообщение не может быть пустым').",
        response: { 200: Type.Union([MessageSchema, GroupPreviewSchema]), ...E },
      },
    },
    async (request) => {
      const user = userOf(request);
      const body = request.body as {
        messageId?: number;
        text?: string | null;
        metaData?: SendInput['metaData'];
        name?: string;
      };
      const groupId = request.params.id;
      if (body.name !== undefined) {
        const name = body.name.trim();
        if (!name) throw vErr('name', 'REQUIRED', MESSAGES.required);
        await db.transaction(async (tx) => {
          const { group, member } = await requireMembership(tx, actor(user), groupId);
          if (!canPerform(member.role as MemberRole, 'RENAME', actor(user))) throw AppError.forbidden();
          const [g2] = await tx.update(chatGroups).set({ name }).where(eq(chatGroups.id, group.id)).returning();
          await emitGroupEvent(tx, g2, 'GROUP_NAME_CHANGED', { userId: user.id });
        });
        return preview(user, await ctxOf(db, user, groupId));
      }
      const ctx = await db.transaction(async (tx) => {
        const { group, member, msg } = await messageCtx(tx, user, body.messageId!, groupId);
        if (msg.senderId !== member.userId || (msg.authorUserId !== user.id && member.userId !== SUPPORT_USER_ID))
          throw AppError.forbidden();
        const text = body.text === undefined ? msg.text : body.text?.trim() || null;
        const metaData = body.metaData === undefined ? msg.metaData : body.metaData;
        const refused = validateChatMessage({
          text,
          metaData: !!metaData,
          files: msg.fileId ? 1 : 0,
          pictures: msg.pictureIds.length,
          forward: !!msg.forwardOfId,
        });
        if (refused) throw vErr(refused.field, refused.code, refused.message);
        const [row] = await tx
          .update(chatMessages)
          .set({ text, metaData, edited: true, editedAt: now() })
          .where(eq(chatMessages.id, msg.id))
          .returning();
        await emitModify(
          tx,
          group,
          text !== msg.text ? 'MSG_EDITED' : 'MSG_METADATA_EDITED',
          await eventMessage(tx, row, group),
        );
        return { group, member: member, row };
      });
      return (await messageViews(db, [ctx.row], ctx.group, actor(user), num(ctx.member.lastViewedMessageId)))[0];
    },
  );

  // ------------------------------------------------------------------------------------------------ messages

  app.get(
    `${C}/group/:id/messages`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        querystring: Type.Object(
          {
            before: Type.Optional(Type.Integer({ minimum: 1 })),
            after: Type.Optional(Type.Integer({ minimum: 0 })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
          },
          { additionalProperties: false },
        ),
        summary: 'Messages of a group, paged both ways (spec chat §7 GET group/{id}/messages)',
        description:
          'Designed query: `before` = a message id: the `limit` messages just older than it; `after` = a message id: ' +
          'the `limit` messages just newer; neither: the newest `limit`. Not both. limit default 20, ≤ 50. Deleted messages are ' +
          'left out. Always ascending by id. hasBefore/hasAfter tell whether more exist on each side; `last`: none in the paging ' +
          "direction. Status per viewer (chat §4): others' messages VIEWED up to the read pointer, else DELIVERED. " +
          'Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ", 400 VALIDATION_ERROR (BEFORE_AND_AFTER 'Укажите только before или after').",
        response: { 200: MessagesPage, ...E },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { before, after, limit = 20 } = request.query;
      if (before != null && after != null) throw vErr('before', 'BEFORE_AND_AFTER', 'Укажите только before или after');
      const { group, member } = await ctxOf(db, user, request.params.id);
      const page = await pageMessages(db, group.id, { before, after, limit });
      const content = await messageViews(db, page.rows, group, actor(user), num(member.lastViewedMessageId));
      const firstId = page.rows[0]?.id;
      const lastId = page.rows[page.rows.length - 1]?.id;
      const exists = async (cond: SQL) =>
        (
          await db
            .select({ id: chatMessages.id })
            .from(chatMessages)
            .where(and(eq(chatMessages.groupId, group.id), isNull(chatMessages.deletedAt), cond))
            .limit(1)
        ).length > 0;
      const hasBefore =
        after != null
          ? firstId != null
            ? await exists(sql`${chatMessages.id} < ${firstId}`)
            : await exists(sql`${chatMessages.id} <= ${after}`)
          : page.more;
      const hasAfter =
        after != null
          ? page.more
          : before != null
            ? lastId != null
              ? await exists(sql`${chatMessages.id} > ${lastId}`)
              : await exists(sql`${chatMessages.id} >= ${before}`)
            : false;
      return { content, hasBefore, hasAfter, last: !page.more };
    },
  );

  app.post(
    `${C}/group/:id/messages/:msgId/around`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: GroupMsgParams,
        body: Type.Optional(
          Type.Object(
            { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })) },
            { additionalProperties: false },
          ),
        ),
        summary: 'Messages around one message (spec chat §7 group/{id}/messages/{msgId}/around)',
        description:
          'Designed body { limit } (default 20, ≤ 50): up to floor(limit/2) messages before the message, the message, ' +
          'and the rest after it, ascending. Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ", 404 MESSAGE_NOT_FOUND 'Сообщение не найдено'.",
        response: { 200: MessagesPage, ...E },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { group, member } = await ctxOf(db, user, request.params.id);
      const { msg } = await messageCtx(db, user, request.params.msgId, group.id);
      const limit = request.body?.limit ?? 20;
      const half = Math.floor(limit / 2);
      const older = await pageMessages(db, group.id, { before: msg.id, limit: half });
      const newer = await pageMessages(db, group.id, { after: msg.id, limit: Math.max(0, limit - half - 1) });
      const newerMore =
        limit - half - 1 <= 0
          ? (await pageMessages(db, group.id, { after: msg.id, limit: 1 })).rows.length > 0
          : newer.more;
      const rows = [...older.rows, msg, ...(limit - half - 1 > 0 ? newer.rows : [])];
      const content = await messageViews(db, rows, group, actor(user), num(member.lastViewedMessageId));
      return { content, hasBefore: older.more, hasAfter: newerMore, last: !older.more && !newerMore };
    },
  );

  app.get(
    `${C}/messages/:msgId`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: MsgParams,
        summary: 'One message by id (designed; for node(id:) and message-level calls that know only the message id)',
        description:
          'The message as in a messages page, status for the caller. Errors: ' +
          COMMON_ERRORS +
          ", 404 MESSAGE_NOT_FOUND 'Сообщение не найдено' (no such message, deleted, or not in a group of the caller).",
        response: { 200: MessageSchema, ...E },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { group, member, msg } = await messageCtx(db, user, request.params.msgId);
      const [view] = await messageViews(db, [msg], group, actor(user), num(member.lastViewedMessageId));
      return view;
    },
  );

  app.post(
    `${C}/group/:id/messages`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        body: SendBody,
        summary: 'Send a message (spec chat §7 POST group/{id}/messages)',
        description:
          "Body: text, extMsgId (the client's key 'msg_<number>', chat §5), replyMessageId (a message of this group: " +
          'the new message is a CHILD_MSG), forwardMessageId (a message of any group of the caller), mentioned (member user ids), ' +
          'fileId (the `id` of a file the caller uploaded with POST group/{id}/files and did not attach to a request), pictureIds ' +
          '(such uploads that are pictures: an image name jpg/jpeg/png/webp, chat §5, and image content; repeated ids count once; ' +
          'at most ' +
          MAX_PICTURES_PER_MESSAGE +
          ', a designed limit), metaData { userMessage, metadataType } (chat §3). At least one of text, ' +
          'file, pictures, forward, metaData. Idempotent: the same extMsgId from the same user answers the existing message with ' +
          '200 (no new row, no new event); a new message answers 201 and emits GROUP_MSG (CHILD_MSG for a reply) to the members. ' +
          'An operator in a support chat sends as the support user 10762. dateTimeCreate: the later of now and 1 ms after the ' +
          "group's newest message, so creation times strictly increase in id order within a group; the sender's read pointer " +
          'moves to the new message and lastViewedMessageDateTime to its dateTimeCreate. Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ", 400 VALIDATION_ERROR: MSG_KEY_INVALID 'msgKey is not valid', EMPTY_MESSAGE 'Сообщение не может быть пустым', " +
          "REPLY_NOT_FOUND, FORWARD_NOT_FOUND, MENTION_NOT_MEMBER; 400 with its own code and one field item: TOO_MANY_ATTACHMENTS '" +
          CHAT_ERRORS.TOO_MANY_ATTACHMENTS +
          "' (field pictureIds), NOT_A_PICTURE '" +
          CHAT_ERRORS.NOT_A_PICTURE +
          "' (field " +
          "pictureIds.<i>), FILE_NOT_FOUND '" +
          CHAT_ERRORS.FILE_NOT_FOUND +
          "' (field fileId or pictureIds.<i>: no such upload, " +
          "someone else's, or attached to a request); 409 EXT_MSG_ID_USED (the extMsgId was used in another group). Every refusal " +
          'leaves the database unchanged.',
        response: { 200: MessageSchema, 201: MessageSchema, ...E, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const b = request.body as SendInput;
      if (b.extMsgId != null && !isValidMsgKey(b.extMsgId))
        throw vErr('extMsgId', 'MSG_KEY_INVALID', CHAT_ERRORS.MSG_KEY_INVALID);
      const text = b.text?.trim() || null;
      const pictureIds = [...new Set(b.pictureIds ?? [])];
      const refused = validateChatMessage({
        text,
        files: b.fileId ? 1 : 0,
        pictures: pictureIds.length,
        forward: !!b.forwardMessageId,
        metaData: !!b.metaData,
      });
      if (refused?.code === 'TOO_MANY_ATTACHMENTS') throw attachErr(refused.field, refused.code);
      if (refused) throw vErr(refused.field, refused.code, refused.message);
      const groupId = request.params.id;
      const result = await db.transaction(async (tx) => {
        const { group, member } = await requireMembership(tx, actor(user), groupId);
        if (b.extMsgId) {
          const [dup] = await tx
            .select()
            .from(chatMessages)
            .where(and(eq(chatMessages.authorUserId, user.id), eq(chatMessages.extMsgId, b.extMsgId)));
          if (dup) {
            if (dup.groupId !== group.id)
              throw AppError.conflict('Этот extMsgId уже использован в другом чате', 'EXT_MSG_ID_USED');
            return { group, member, row: dup, created: false };
          }
        }
        if (b.replyMessageId) {
          const [r] = await tx
            .select({ id: chatMessages.id })
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.id, b.replyMessageId),
                eq(chatMessages.groupId, group.id),
                isNull(chatMessages.deletedAt),
              ),
            );
          if (!r) throw vErr('replyMessageId', 'REPLY_NOT_FOUND', 'Сообщение для ответа не найдено');
        }
        let forwarded: ChatMessageRow | null = null;
        if (b.forwardMessageId) {
          const [f] = await tx
            .select()
            .from(chatMessages)
            .where(and(eq(chatMessages.id, b.forwardMessageId), isNull(chatMessages.deletedAt)));
          if (!f || !(await findMembership(tx, actor(user), f.groupId)))
            throw vErr('forwardMessageId', 'FORWARD_NOT_FOUND', 'Пересылаемое сообщение не найдено');
          forwarded = f;
        }
        const mentioned = [...new Set(b.mentioned ?? [])];
        if (mentioned.length) {
          const ms = await tx
            .select({ userId: chatMembers.userId })
            .from(chatMembers)
            .where(
              and(
                eq(chatMembers.groupId, group.id),
                inArray(chatMembers.userId, mentioned),
                isNull(chatMembers.leftAt),
              ),
            );
          if (ms.length !== mentioned.length)
            throw vErr('mentioned', 'MENTION_NOT_MEMBER', 'Упомянутый пользователь не участник чата');
        }
        const fileIds = [...(b.fileId ? [b.fileId] : []), ...pictureIds];
        if (fileIds.length) {
          const fs = await tx
            .select()
            .from(storedFiles)
            .where(
              and(inArray(storedFiles.id, fileIds), eq(storedFiles.ownerUserId, user.id), isNull(storedFiles.orderId)),
            );
          const found = new Map(fs.map((f) => [f.id, f]));
          const at = (id: string) => `pictureIds.${(b.pictureIds ?? []).indexOf(id)}`;
          if (b.fileId && !found.has(b.fileId)) throw attachErr('fileId', 'FILE_NOT_FOUND');
          const missing = pictureIds.find((id) => !found.has(id));
          if (missing) throw attachErr(at(missing), 'FILE_NOT_FOUND');
          const notPicture = pictureIds.find(
            (id) => !isPictureFile({ name: found.get(id)!.originalName, contentType: found.get(id)!.contentType }),
          );
          if (notPicture) throw attachErr(at(notPicture), 'NOT_A_PICTURE');
        }
        const row = await insertChatMessage(
          tx,
          {
            groupId: group.id,
            senderId: actingId(actor(user), group.type),
            authorUserId: user.id,
            extMsgId: b.extMsgId ?? null,
            text: text ?? (forwarded ? forwarded.text : null),
            fileId: b.fileId ?? (forwarded && !pictureIds.length ? forwarded.fileId : null),
            pictureIds: pictureIds.length ? pictureIds : (forwarded?.pictureIds ?? []),
            replyToId: b.replyMessageId ?? null,
            forwardOfId: forwarded?.id ?? null,
            mentioned,
            metaData: b.metaData ?? null,
            type: b.replyMessageId ? 'CHILD_MSG' : 'GROUP_MSG',
          },
          now(),
        );
        if (!row) {
          // A concurrent send with the same extMsgId won: answer its message.
          const [dup] = await tx
            .select()
            .from(chatMessages)
            .where(and(eq(chatMessages.authorUserId, user.id), eq(chatMessages.extMsgId, b.extMsgId!)));
          return { group, member, row: dup, created: false };
        }
        // The sender has seen everything up to their own message, the group's newest (the group row is locked): the
        // pointer stands on it and the last-viewed time is its creation time.
        // Replying means reading: the others' messages it passes become VIEWED for their senders too (MSG_VIEWED).
        await tx
          .update(chatMembers)
          .set({ lastViewedMessageId: row.id, lastViewedAt: row.createdAt })
          .where(eq(chatMembers.id, member.id));
        await markViewed(tx, group, member, num(member.lastViewedMessageId), row.id);
        await touchPresence(tx, user.id, now());
        await emitNewMessage(tx, row, group);
        return { group, member, row, created: true };
      });
      const [view] = await messageViews(
        db,
        [result.row],
        result.group,
        actor(user),
        num(result.member.lastViewedMessageId),
      );
      return reply.status(result.created ? 201 : 200).send(view);
    },
  );

  app.delete(
    `${C}/group/:id/messages/:msgId`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: GroupMsgParams,
        summary: 'Delete a message (designed; spec chat §4 MSG_DELETED)',
        description:
          'Designed call. The sender, a member with moderation rights (OWNER, ADMIN, MODERATOR, chat §6) or an operator ' +
          'may delete; the message is removed for everyone (MODIFY_MSG MSG_DELETED) and no longer counts as unread. ' +
          'Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ", 404 MESSAGE_NOT_FOUND, 403 FORBIDDEN 'Недостаточно прав'.",
        response: { 204: Type.Null(), ...E },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      await db.transaction(async (tx) => {
        const { group, member } = await requireMembership(tx, actor(user), request.params.id);
        const { msg } = await messageCtx(tx, user, request.params.msgId, group.id);
        const own = msg.senderId === member.userId;
        if (!own && !canPerform(member.role as MemberRole, 'DELETE_OTHERS_MESSAGE', actor(user)))
          throw AppError.forbidden();
        await tx.update(chatMessages).set({ deletedAt: now() }).where(eq(chatMessages.id, msg.id));
        await emitModify(tx, group, 'MSG_DELETED', {
          msgId: msg.id,
          groupId: group.id,
          extMsgId: msg.extMsgId,
          mentions: msg.mentioned,
        });
      });
      return reply.status(204).send(null);
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: `${C}/group/:id/messages/:msgId/reactions`,
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: GroupMsgParams,
        body: Type.Object({ emoji: Type.String({ minLength: 1, maxLength: 16 }) }, { additionalProperties: false }),
        summary:
          method === 'POST' ? 'Add a reaction (designed; spec chat §3 reactions)' : 'Remove a reaction (designed)',
        description:
          'Designed call, body { emoji }. One reaction per (message, user, emoji); adding twice or removing a missing ' +
          'one changes nothing. A change emits MODIFY_MSG MSG_METADATA_EDITED with `reaction` { emoji, userId, added } and the ' +
          "message (its `edited` flag is not touched). A new reaction on someone's message sets their hasNewReactions until they " +
          'view the group. Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ', 404 MESSAGE_NOT_FOUND, 400 VALIDATION_ERROR.',
        response: { 200: MessageSchema, ...E },
      },
      handler: async (request) => {
        const user = userOf(request);
        const { id, msgId } = request.params as { id: number; msgId: number };
        const emoji = (request.body as { emoji: string }).emoji.trim();
        if (!emoji) throw vErr('emoji', 'REQUIRED', MESSAGES.required);
        const out = await db.transaction(async (tx) => {
          const { group, member } = await requireMembership(tx, actor(user), id);
          const { msg } = await messageCtx(tx, user, msgId, group.id);
          const changed =
            method === 'POST'
              ? await tx
                  .insert(chatReactions)
                  .values({ messageId: msg.id, userId: member.userId, emoji, createdAt: now() })
                  .onConflictDoNothing()
                  .returning()
              : await tx
                  .delete(chatReactions)
                  .where(
                    and(
                      eq(chatReactions.messageId, msg.id),
                      eq(chatReactions.userId, member.userId),
                      eq(chatReactions.emoji, emoji),
                    ),
                  )
                  .returning();
          if (changed.length) {
            await emitModify(tx, group, 'MSG_METADATA_EDITED', await eventMessage(tx, msg, group), {
              reaction: { emoji, userId: member.userId, added: method === 'POST' },
            });
          }
          return { group, member, msg };
        });
        return (await messageViews(db, [out.msg], out.group, actor(user), num(out.member.lastViewedMessageId)))[0];
      },
    });
  }

  // ------------------------------------------------------------------------------------------------ files

  app.post(
    `${C}/group/:id/files`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        consumes: ['multipart/form-data'],
        summary: 'Upload a chat attachment (designed; spec chat §5 attachments)',
        description:
          'Designed call: multipart with one part `file`, the same checks as request files (type by content, ≤ 50 MB). ' +
          'The file is owned by the caller and attached by id when sending (fileId or pictureIds). Answer 201 { id (uuid), name, ' +
          'size (bytes), contentType (detected from the content), isPicture (may go in pictureIds: image name jpg/jpeg/png/webp, ' +
          'chat §5, and image content) }. A file named like an image whose bytes are not one (text named x.png) is refused ' +
          'with 415. Errors: ' +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ", 400 VALIDATION_ERROR, 413 FILE_TOO_LARGE 'Превышен размер файла', 415 UNSUPPORTED_FILE_TYPE 'Недопустимый тип файла'.",
        response: {
          201: Type.Object({
            id: Type.String(),
            name: Type.String(),
            size: Type.Integer(),
            contentType: Type.String(),
            isPicture: Type.Boolean(),
          }),
          ...E,
          413: ErrorSchema,
          415: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      await ctxOf(db, user, request.params.id);
      const { name, contentType, upload } = await receiveCheckedUpload(app, request);
      const id = randomUUID();
      let created = false;
      try {
        await db.transaction(async (tx) => {
          await tx.insert(storedFiles).values({
            id,
            sha256: upload.sha256,
            size: upload.size,
            contentType,
            originalName: name,
            ownerUserId: user.id,
            createdAt: now(),
          });
          created = (await commitUpload(app.config.dataDir, upload)).created;
        });
      } catch (e) {
        await discardUpload(upload);
        if (created) {
          const [other] = await db
            .select({ id: storedFiles.id })
            .from(storedFiles)
            .where(eq(storedFiles.sha256, upload.sha256))
            .limit(1);
          if (!other) await removeContent(app.config.dataDir, upload.sha256);
        }
        throw e;
      }
      return reply
        .status(201)
        .send({ id, name, size: upload.size, contentType, isPicture: isPictureFile({ name, contentType }) });
    },
  );

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

  app.get(
    '/api/chat/message/:msgId/file',
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: MsgParams,
        summary: 'Download a message file (spec chat §7 GET /api/chat/message/{msgId}/file)',
        description:
          "The file of a message in one of the caller's groups (the session is required although the path is not " +
          "under /secured). Errors: 401 UNAUTHORIZED, 404 MESSAGE_NOT_FOUND, 404 FILE_NOT_FOUND 'Файл не найден' (no file).",
        response: { 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { msg } = await messageCtx(db, user, request.params.msgId);
      const fileId = msg.fileId ?? msg.pictureIds[0];
      if (!fileId) throw AppError.notFound('Файл не найден', 'FILE_NOT_FOUND');
      const [f] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
      if (!f) throw AppError.notFound('Файл не найден', 'FILE_NOT_FOUND');
      return sendStoredFile(app, request, reply, {
        sha256: f.sha256,
        contentType: f.contentType,
        name: f.originalName,
      });
    },
  );

  app.get(
    `${C}/:id/file`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: FileIdParams,
        summary: 'Download a chat file (spec chat §7 GET chat/{id}/file)',
        description:
          'Designed: id = the stored file id (the `link` of message files and pictures). Only files attached to a not ' +
          "deleted message of one of the caller's groups. Errors: 401 UNAUTHORIZED, 400 VALIDATION_ERROR (not a uuid), 404 FILE_NOT_FOUND 'Файл не найден'.",
        response: { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const f = await visibleFile(userOf(request), request.params.id);
      return sendStoredFile(app, request, reply, {
        sha256: f.sha256,
        contentType: f.contentType,
        name: f.originalName,
      });
    },
  );

  // ------------------------------------------------------------------------------------------------ alliances

  app.post(
    `${C}/group/:id/invitations`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: IdParams,
        body: Type.Object({ userId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
        summary: 'Invite a user to an alliance (designed; spec chat §6 alliances, §3 metaData group invitation)',
        description:
          'Designed call. Only ECVP_PARTNER_CLIENT groups; the caller needs admin rights (OWNER/ADMIN) or is an operator. ' +
          'The invited user must be allowed alliances (chat §6) and not a member. A PENDING invitation is created and a message ' +
          'with metaData { metadataType: GROUP_INVITATION, userMessage: the invitation id } is posted in the group (GROUP_MSG). ' +
          'Answer 201: the invitation { id, groupId, groupName, invitedBy: { id, name }, invitedUserId, invitedUserName, status PENDING, createdAt }. ' +
          "The message's view (GET messages, events) carries `invitation` { id, invitedUserId, invitedUserName, status } for every member. Errors: " +
          COMMON_ERRORS +
          ', ' +
          NOT_MEMBER +
          ", 403 FORBIDDEN 'Недостаточно прав' (no admin rights), 400 NOT_ALLIANCE '" +
          CHAT_ERRORS.NOT_ALLIANCE +
          "' " +
          "(field groupId), 400 MEMBER_NOT_ALLOWED '" +
          CHAT_ERRORS.MEMBER_NOT_ALLOWED +
          "' (field userId), 409 ALREADY_MEMBER '" +
          CHAT_ERRORS.ALREADY_MEMBER +
          "', 409 ALREADY_INVITED '" +
          CHAT_ERRORS.ALREADY_INVITED +
          "' (a PENDING invitation exists). The invited user gets MODIFY_GROUP_MSG GROUP_ADDED { userId: the invited user, " +
          'invitationId, invitation: true } although not a member (a cue to reload GET invitations). Refusals change nothing.',
        response: { 201: InvitationSchema, ...E, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const invitedId = request.body.userId;
      const inv = await db.transaction(async (tx) => {
        const { group, member } = await requireMembership(tx, actor(user), request.params.id);
        if (group.type !== 'ECVP_PARTNER_CLIENT') throw groupErr('groupId', 'NOT_ALLIANCE');
        if (!canPerform(member.role as MemberRole, 'ADD_MEMBER', actor(user))) throw AppError.forbidden();
        const [u] = await tx.select().from(users).where(eq(users.id, invitedId));
        if (
          !u ||
          u.status === 'USER_SUSPENDED' ||
          !canHavePersonalChat(u.accountType as ChatAccountType, 'ECVP_PARTNER_CLIENT')
        ) {
          throw groupErr('userId', 'MEMBER_NOT_ALLOWED');
        }
        const [m] = await tx
          .select()
          .from(chatMembers)
          .where(and(eq(chatMembers.groupId, group.id), eq(chatMembers.userId, invitedId), isNull(chatMembers.leftAt)));
        if (m) throw AppError.conflict(CHAT_ERRORS.ALREADY_MEMBER, 'ALREADY_MEMBER');
        const [pending] = await tx
          .select({ id: chatInvitations.id })
          .from(chatInvitations)
          .where(
            and(
              eq(chatInvitations.groupId, group.id),
              eq(chatInvitations.invitedUserId, invitedId),
              eq(chatInvitations.status, 'PENDING'),
            ),
          );
        if (pending) throw AppError.conflict(CHAT_ERRORS.ALREADY_INVITED, 'ALREADY_INVITED');
        const [row] = await tx
          .insert(chatInvitations)
          .values({ groupId: group.id, invitedUserId: invitedId, invitedBy: user.id, createdAt: now() })
          .returning();
        const msg = await insertChatMessage(
          tx,
          {
            groupId: group.id,
            senderId: member.userId,
            authorUserId: user.id,
            text: null,
            metaData: { userMessage: String(row.id), metadataType: 'GROUP_INVITATION' },
          },
          now(),
        );
        if (!msg) throw new Error('invitation message not inserted'); // no extMsgId: it cannot conflict
        await tx
          .update(chatMembers)
          .set({ lastViewedMessageId: msg.id, lastViewedAt: msg.createdAt })
          .where(eq(chatMembers.id, member.id));
        await emitNewMessage(tx, msg, group);
        await emitGroupEvent(tx, group, 'GROUP_ADDED', {
          recipients: [invitedId],
          userId: invitedId,
          data: { invitationId: row.id, invitation: true },
        });
        return invitationView(tx, row, group.name);
      });
      return reply.status(201).send(inv);
    },
  );

  for (const decision of ['accept', 'decline'] as const) {
    app.post(
      `/api/secured/common/chat/invitations/:id/${decision}`,
      {
        preHandler: auth,
        schema: {
          tags: TAGS,
          params: IdParams,
          summary: `${decision === 'accept' ? 'Accept' : 'Decline'} an alliance invitation (designed)`,
          description:
            'Designed call, only by the invited user, only for a PENDING invitation. Accepting makes the user a ' +
            'PARTICIPANT (MODIFY_GROUP_MSG GROUP_JOINED to the members); history before joining is not unread. Either way the ' +
            'members get MODIFY_MSG MSG_METADATA_EDITED for the GROUP_INVITATION message (its `invitation` carries the new status; ' +
            'not marked edited). Answer: the invitation as in GET invitations, status ACCEPTED or DECLINED. Errors: ' +
            COMMON_ERRORS +
            ", 404 INVITATION_NOT_FOUND '" +
            CHAT_ERRORS.INVITATION_NOT_FOUND +
            "' (not the caller's, unknown, or the " +
            "alliance was deleted), 409 INVITATION_DECIDED '" +
            CHAT_ERRORS.INVITATION_DECIDED +
            "'. Refusals change nothing.",
          response: { 200: InvitationSchema, ...E, 409: ErrorSchema },
        },
      },
      async (request) => {
        const user = userOf(request);
        return db.transaction(async (tx) => {
          const [inv] = await tx
            .select()
            .from(chatInvitations)
            .where(and(eq(chatInvitations.id, request.params.id), eq(chatInvitations.invitedUserId, user.id)))
            .for('update');
          if (!inv) throw AppError.notFound(CHAT_ERRORS.INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
          if (inv.status !== 'PENDING') throw AppError.conflict(CHAT_ERRORS.INVITATION_DECIDED, 'INVITATION_DECIDED');
          const [group] = await tx
            .select()
            .from(chatGroups)
            .where(and(eq(chatGroups.id, inv.groupId), isNull(chatGroups.deletedAt)));
          if (!group) throw AppError.notFound(CHAT_ERRORS.INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
          const status = decision === 'accept' ? 'ACCEPTED' : 'DECLINED';
          const [decided] = await tx
            .update(chatInvitations)
            .set({ status, decidedAt: now() })
            .where(eq(chatInvitations.id, inv.id))
            .returning();
          if (decision === 'accept') {
            // history before joining is not unread: the pointer starts on the group's newest message, with its time
            const at = await messageAtPointer(tx, group.id);
            const atTime = at.createdAt ? at.createdAt.toISOString() : null;
            await tx
              .insert(chatMembers)
              .values({
                groupId: group.id,
                userId: user.id,
                role: 'PARTICIPANT',
                joinedAt: now(),
                lastViewedMessageId: at.id,
                lastViewedAt: at.createdAt,
              })
              .onConflictDoUpdate({
                target: [chatMembers.groupId, chatMembers.userId],
                set: {
                  leftAt: null,
                  joinedAt: now(),
                  lastViewedMessageId: sql`greatest(${chatMembers.lastViewedMessageId}, ${at.id})`,
                  lastViewedAt: sql`case when ${chatMembers.lastViewedMessageId} > ${at.id} then ${chatMembers.lastViewedAt} else ${atTime}::timestamptz end`,
                },
              });
            await emitGroupEvent(tx, group, 'GROUP_JOINED', { userId: user.id });
          }
          await emitInvitationDecided(tx, group, decided.id);
          return invitationView(tx, decided, group.name);
        });
      },
    );
  }

  app.get(
    `${C}/invitations`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        summary:
          "The caller's pending alliance invitations (designed; spec chat §6 alliances, §3 metaData group invitation)",
        description:
          'Designed call (chat §7 shows no path). The PENDING invitations addressed to the caller, newest first (by ' +
          'creation time, then id), of alliances not deleted, each { id, groupId, groupName, invitedBy: { id, name }, invitedUserId ' +
          "(the caller), invitedUserName, status, createdAt (UTC) }. Only the caller's own invitations; decided ones are not listed. At most 500. " +
          'Errors: 401 UNAUTHORIZED.',
        response: { 200: Type.Array(InvitationSchema), 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      const rows = await db
        .select({ inv: chatInvitations, groupName: chatGroups.name })
        .from(chatInvitations)
        .innerJoin(chatGroups, eq(chatGroups.id, chatInvitations.groupId))
        .where(
          and(
            eq(chatInvitations.invitedUserId, user.id),
            eq(chatInvitations.status, 'PENDING'),
            isNull(chatGroups.deletedAt),
          ),
        )
        .orderBy(desc(chatInvitations.createdAt), desc(chatInvitations.id))
        .limit(500);
      const names = await userNames(db, [user.id, ...rows.map((r) => r.inv.invitedBy)]);
      return rows.map(({ inv, groupName }) => ({
        id: inv.id,
        groupId: inv.groupId,
        groupName,
        invitedBy: { id: inv.invitedBy, name: names.get(inv.invitedBy) ?? '' },
        invitedUserId: inv.invitedUserId,
        invitedUserName: names.get(inv.invitedUserId) ?? '',
        status: inv.status as 'PENDING',
        createdAt: inv.createdAt.toISOString(),
      })); // one name query for the page (invitationView would query per row)
    },
  );

  app.get(
    `${C}/contacts`,
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        summary:
          'People the caller can start a chat with or invite (designed; spec chat §6 personal chats and alliances)',
        description:
          'Designed call (chat §7 shows no path). The users with an active membership in a not deleted group where the ' +
          'caller is an active member (an operator: also the support chats of the desk, chat §6), except the caller, the support ' +
          'user 10762 and suspended accounts; each { id, name, accountType, companyName (short name, null without a company), ' +
          'lastSeenAt (UTC, null when never seen) }, sorted by name (then id), at most 500. Errors: 401 UNAUTHORIZED.',
        response: { 200: Type.Array(ContactSchema), 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      const groupIds = (await myContexts(db, actor(user))).map((c) => c.group.id);
      if (!groupIds.length) return [];
      const rows = await db
        .selectDistinct({
          id: users.id,
          name: users.name,
          surname: users.surname,
          email: users.email,
          accountType: users.accountType,
          companyName: companies.shortName,
        })
        .from(chatMembers)
        .innerJoin(users, eq(users.id, chatMembers.userId))
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(
          and(
            inArray(chatMembers.groupId, groupIds),
            isNull(chatMembers.leftAt),
            sql`${users.id} <> ${user.id}`,
            sql`${users.id} <> ${SUPPORT_USER_ID}`,
            eq(users.status, 'ACTIVE'),
          ),
        );
      const list = rows
        .map((r) => ({
          id: r.id,
          name: displayName(r),
          accountType: r.accountType,
          companyName: r.companyName ?? null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.id - b.id)
        .slice(0, 500);
      const seen = await presenceOf(
        db,
        list.map((r) => r.id),
      );
      return list.map((r) => ({ ...r, lastSeenAt: seen.get(r.id)?.toISOString() ?? null }));
    },
  );

  // ------------------------------------------------------------------------------------------------ users, typing, presence

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

  app.get(
    '/api/secured/chat/user/info',
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        summary: 'The caller as a chat user (spec chat §7 GET /api/secured/chat/user/info)',
        description:
          'Designed answer: id = chatUserId (the user id), name, accountType, isSupport (operators, chat §6), ' +
          "supportUserId 10762, supportChatGroupId (the caller's support chat, created on first use; null for operators), " +
          'online and lastSeenAt. Errors: 401 UNAUTHORIZED.',
        response: { 200: ChatUserSchema, 401: ErrorSchema },
      },
    },
    async (request) => chatUserInfo(userOf(request)),
  );

  app.get(
    '/api/secured/chat/users/:userId',
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: UserParams,
        summary: 'A chat user the caller shares a group with (designed; for node(id:) on ChatUser)',
        description:
          'Answer { id, name, online, lastSeenAt } for the caller or a user with an active membership in a group the ' +
          "caller is an active member of. Errors: 401 UNAUTHORIZED, 404 NOT_FOUND 'Пользователь не найден' otherwise " +
          '(existence is not revealed).',
        response: {
          200: Type.Object({
            id: Type.Integer(),
            name: Type.String(),
            online: Type.Boolean(),
            lastSeenAt: Type.Union([Type.String(), Type.Null()]),
          }),
          401: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      const target = request.params.userId;
      let visible = target === user.id;
      if (!visible) {
        const mine = await myContexts(db, actor(user));
        const ids = mine.map((c) => c.group.id);
        if (ids.length) {
          const [row] = await db
            .select({ id: chatMembers.id })
            .from(chatMembers)
            .where(and(inArray(chatMembers.groupId, ids), eq(chatMembers.userId, target), isNull(chatMembers.leftAt)))
            .limit(1);
          visible = !!row;
        }
      }
      if (!visible) throw AppError.notFound('Пользователь не найден', 'NOT_FOUND');
      const name = (await userNames(db, [target])).get(target) ?? String(target);
      const seen = (await presenceOf(db, [target])).get(target) ?? null;
      return {
        id: target,
        name,
        online: isOnline(seen, now()),
        lastSeenAt: seen?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/api/secured/chat/session-token',
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        summary: 'Chat session token (designed path; spec chat §3 "Chat session token")',
        description:
          'Issues a new random token (only its SHA-256 is stored) valid 12 hours, which the realtime stream accepts ' +
          '(src/chat/session-token.ts resolveChatSessionToken). Answer { token, chatUserId, supportChatGroupId, expirationTime }. ' +
          'Also records the caller as seen. Errors: 401 UNAUTHORIZED.',
        response: { 200: SessionTokenSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const supportChatGroupId = await ensureSupportGroup(db, actor(user), now());
      const { token, expiresAt } = await issueChatSessionToken(db, user.id, now());
      await touchPresence(db, user.id, now());
      reply.header('cache-control', 'no-store');
      return { token, chatUserId: user.id, supportChatGroupId, expirationTime: expiresAt.toISOString() };
    },
  );

  /** Every real user sharing a group with `userId` (presence recipients). */
  async function contactsOf(user: AuthUser): Promise<number[]> {
    const ctxs = await myContexts(db, actor(user));
    const out = new Set<number>();
    for (const c of ctxs) for (const id of await groupRecipients(db, c.group.id)) out.add(id);
    out.delete(user.id);
    return [...out];
  }

  app.post(
    '/api/chat/notification/user/:userId/group/:groupId/typing',
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: UserGroupParams,
        summary: 'Typing notification (spec chat §7 typing; §4 USER_TYPING_GROUP)',
        description:
          'The caller must be {userId} and a member of {groupId}. Sends the ephemeral NOTIFY_MSG USER_TYPING_GROUP to ' +
          'the other members (not stored, not replayed; clients expire it after 3000 ms). Errors: ' +
          COMMON_ERRORS +
          ", 403 FORBIDDEN 'Недостаточно прав' (userId is not the caller), " +
          NOT_MEMBER +
          '.',
        response: { 204: Type.Null(), ...E },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      if (request.params.userId !== user.id) throw AppError.forbidden();
      const { group, member } = await ctxOf(db, user, request.params.groupId);
      await touchPresence(db, user.id, now());
      const names = await userNames(db, [member.userId]);
      const recipients = (await groupRecipients(db, group.id)).filter((id) => id !== user.id);
      await publishEphemeralVia(db, recipients, 'USER_TYPING_GROUP', {
        type: 'NOTIFY_MSG',
        notification: 'USER_TYPING_GROUP',
        userId: member.userId,
        userName: names.get(member.userId) ?? null,
        groupId: group.id,
        at: now().toISOString(),
      });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/chat/notification/user/:userId',
    {
      preHandler: auth,
      schema: {
        tags: TAGS,
        params: UserParams,
        body: Type.Object(
          {
            online: Type.Optional(Type.Boolean({ default: true })),
            deliveredMessageIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })),
          },
          { additionalProperties: false },
        ),
        summary: 'User notification: presence and delivery (spec chat §7 PUT /api/chat/notification/user/{userId})',
        description:
          'Designed payload { online?, deliveredMessageIds? }; the caller must be {userId}. online true (default): ' +
          'records the caller as seen now and sends the ephemeral NOTIFY_MSG USER_ONLINE { userId, userName, at } to the users sharing a ' +
          'group; online false: sets last seen to the offline marker, now − 4 minutes (chat §9), so the caller counts as offline ' +
          'at once (chat §4 "online if last seen under 4 minutes ago"), and sends USER_OFFLINE { userId, at = now } (receivers ' +
          "apply the same marker). The gateway calls it when a user's first socket subscribes to chat events, every 60 s while " +
          'one is open, and when the last one has gone. Answer { userId, online, lastSeenAt (as stored), delivered }. ' +
          "deliveredMessageIds: others' messages in the caller's groups still SENT become DELIVERED (MODIFY_MSG MSG_DELIVERED; " +
          'a status never moves back). Errors: ' +
          COMMON_ERRORS +
          ', 403 FORBIDDEN, 400 VALIDATION_ERROR.',
        response: {
          200: Type.Object({
            userId: Type.Integer(),
            online: Type.Boolean(),
            lastSeenAt: Type.String(),
            delivered: Type.Array(Type.Integer()),
          }),
          ...E,
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      if (request.params.userId !== user.id) throw AppError.forbidden();
      const online = request.body.online ?? true;
      const at = now();
      const delivered: number[] = [];
      let lastSeenAt = at;
      await db.transaction(async (tx) => {
        if (online) await touchPresence(tx, user.id, at);
        else lastSeenAt = await markOffline(tx, user.id, at);
        const ids = request.body.deliveredMessageIds ?? [];
        if (!ids.length) return;
        const msgs = await tx
          .select()
          .from(chatMessages)
          .where(and(inArray(chatMessages.id, ids), isNull(chatMessages.deletedAt), eq(chatMessages.status, 'SENT')))
          .for('update');
        for (const m of msgs) {
          const ctx = await findMembership(tx, actor(user), m.groupId);
          if (!ctx || m.senderId === ctx.member.userId) continue;
          const status = laterStatus(m.status as MessageStatus, 'DELIVERED');
          const [row] = await tx.update(chatMessages).set({ status }).where(eq(chatMessages.id, m.id)).returning();
          delivered.push(m.id);
          await emitModify(tx, ctx.group, 'MSG_DELIVERED', {
            msgId: row.id,
            groupId: row.groupId,
            status: row.status,
            metaData: String(row.id),
          });
        }
      });
      const userName = (await userNames(db, [user.id])).get(user.id) ?? null;
      await publishEphemeralVia(db, await contactsOf(user), online ? 'USER_ONLINE' : 'USER_OFFLINE', {
        type: 'NOTIFY_MSG',
        notification: online ? 'USER_ONLINE' : 'USER_OFFLINE',
        userId: user.id,
        userName,
        at: at.toISOString(),
      });
      return { userId: user.id, online, lastSeenAt: lastSeenAt.toISOString(), delivered };
    },
  );

  void max;
  void (null as unknown as Db);
}
