/** Chat groups (spec chat-and-shell §3, §6): create, list, details, members, pin, mute, rename, delete, statistics. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { createOrGetRequestChat, ensureSupportGroup } from '../../chat/groups.js';
import { emitGroupEvent, emitModify, eventMessage, messageViews } from '../../chat/repository/messages.js';
import { findMembership, groupRecipients, myContexts, requireMembership } from '../../chat/repository/membership.js';
import {
  callerStatistics,
  groupListPage,
  groupPreviews,
  LAST_LIVE_AT,
  statisticsFor,
} from '../../chat/repository/group-views.js';
import { presenceOf, supportRequesterMatches, userNames } from '../../chat/repository/people.js';
import { chatGroups, chatMembers, chatMessages } from '../../db/schema/chat.js';
import { users } from '../../db/schema/core.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import {
  canHavePersonalChat,
  canPerform,
  type ChatAccountType,
  type GroupType,
  type MemberRole,
} from '@platform/domain/chat/groups';
import { containsPattern, groupSearchTerm, pinGroup, unpinGroup } from '@platform/domain/chat/groupList';
import { validateChatMessage } from '@platform/domain/chat/message';
import { isOnline } from '@platform/domain/chat/presence';
import { groupCountsByType, overallUnread } from '../../domain/chat/unread.js';
import { AppError, MESSAGES } from '../../errors.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, SESSION_ERRORS, ROLE_ERRORS } from '../schemas.js';
import {
  EditBody,
  FilterBody,
  GroupDetailSchema,
  GroupPreviewSchema,
  GroupStatisticsAnswer,
  GroupTypeSchema,
  IdParams,
  MessageSchema,
  PageOfGroups,
  UnreadSchema,
  ViewedAnswer,
} from './schemas.js';

import { C, TAGS, COMMON_ERRORS, NOT_MEMBER, userOf, actor, num, vErr, groupErr, chatContext } from './context.js';

export default async function chatGroupRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const auth = app.requireUser;
  const now = () => app.clock.now();
  const { ctxOf, messageCtx, preview, moveReadPointer } = chatContext(app);

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
        response: {
          200: GroupPreviewSchema,
          201: GroupPreviewSchema,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['CHAT_NOT_FOUND'] }),
        },
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
        response: {
          201: GroupPreviewSchema,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['GROUP_TYPE_NOT_ALLOWED', 'MEMBER_NOT_ALLOWED'],
            404: ['NOT_FOUND'],
          }),
        },
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
        response: {
          200: GroupDetailSchema,
          ...errorResponses(SESSION_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['CHAT_NOT_FOUND'] }),
        },
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
        response: {
          200: Type.Array(GroupPreviewSchema),
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
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
        response: {
          200: PageOfGroups,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      const b = request.body;
      const limit = b.limit ?? 20;
      const search = groupSearchTerm(b.searchStr);
      if (search.kind === 'tooShort') return { content: [], cursor: null, last: true };
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
      if (b.emptyGroups === false) conds.push(sql`${LAST_LIVE_AT} is not null`);
      const offset = b.cursor ? Number(b.cursor) : 0;
      // one statement (issue 15); a non-operator's support chat is created on first use, then the page read again
      const where = and(...conds);
      let page = await groupListPage(db, actor(user), where, limit, offset);
      if (!page.hasSupportChat) {
        await ensureSupportGroup(db, actor(user), now());
        page = await groupListPage(db, actor(user), where, limit, offset);
      }
      const { content, last } = page;
      return { content, cursor: last ? null : String(offset + content.length), last };
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
          'group (the listed `groupIds` where the caller is a member — none for an empty list, which asks for the per-type ' +
          "figures only — else all the caller's groups) hasMessages, hasNewMentions, " +
          'hasNewReactions, unreadMessagesCount and unreadMessagesCounters (GROUP_MSG always present), all derived from the read ' +
          'pointer (never negative). Errors: ' +
          COMMON_ERRORS +
          ', 400 VALIDATION_ERROR (statisticType other than MSG).',
        response: {
          200: GroupStatisticsAnswer,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      await ensureSupportGroup(db, actor(user), now());
      // one derivation for every group of the caller (one statement): the per-type figures and the per-group answer
      // read the same numbers
      const all = await callerStatistics(db, actor(user));
      const ids = request.body.groupIds;
      const chosen = ids ? all.filter((c) => ids.includes(c.statistics.groupId)) : all;
      return {
        groupTypeStatistics: groupCountsByType(
          all.map((c) => ({
            groupType: c.groupType as GroupType,
            unreadMessagesCount: c.statistics.unreadMessagesCount,
          })),
        ),
        groupStatistics: chosen.map((c) => {
          const { mentionedMessageIds: _a, newReactionsMessageIds: _b, lastMessageId: _c, ...s } = c.statistics;
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
        response: { 200: UnreadSchema, ...errorResponses(SESSION_ERRORS) },
      },
    },
    async (request) => {
      const user = userOf(request);
      return overallUnread(
        (await callerStatistics(db, actor(user))).map(({ statistics: s }) => ({
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
        response: {
          200: ViewedAnswer,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['CHAT_NOT_FOUND'] }),
        },
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
        response: {
          200: ViewedAnswer,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['CHAT_NOT_FOUND'] }),
        },
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
        response: {
          200: Type.Array(ViewedAnswer),
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
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
        response: {
          200: GroupPreviewSchema,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['CHAT_NOT_FOUND'], 409: ['PIN_LIMIT'] }),
        },
      },
      handler: async (request) => {
        const user = userOf(request);
        const { id } = request.params;
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
        response: {
          204: Type.Null(),
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['CHAT_NOT_FOUND'],
            409: ['SUPPORT_CHAT_PERMANENT'],
          }),
        },
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
        response: {
          204: Type.Null(),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['CHAT_NOT_FOUND'],
            409: ['SUPPORT_CHAT_PERMANENT'],
          }),
        },
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
        response: {
          200: Type.Union([MessageSchema, GroupPreviewSchema]),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      const body = request.body;
      const groupId = request.params.id;
      if ('name' in body) {
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
        const { group, member, msg } = await messageCtx(tx, user, body.messageId, groupId);
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
}
