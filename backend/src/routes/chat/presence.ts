/** The chat user, session token, typing and presence (spec chat-and-shell §7, §8). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { publishEphemeralVia } from '../../chat/events.js';
import { ensureSupportGroup } from '../../chat/groups.js';
import { emitModify } from '../../chat/repository/messages.js';
import { findMembership, groupRecipients, myContexts } from '../../chat/repository/membership.js';
import { markOffline, presenceOf, touchPresence, userNames } from '../../chat/repository/people.js';
import { issueChatSessionToken } from '../../chat/session-token.js';
import { chatMembers, chatMessages } from '../../db/schema/chat.js';
import { laterStatus, type MessageStatus } from '@platform/domain/chat/messageStatus';
import { isOnline } from '@platform/domain/chat/presence';
import { AppError } from '../../errors.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS, SESSION_ERRORS } from '../schemas.js';
import { ChatUserSchema, SessionTokenSchema, UserGroupParams, UserParams } from './schemas.js';

import { TAGS, COMMON_ERRORS, NOT_MEMBER, userOf, actor, chatContext } from './context.js';

export default async function chatPresenceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const auth = app.requireUser;
  const now = () => app.clock.now();
  const { ctxOf, chatUserInfo, contactsOf } = chatContext(app);

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
        response: { 200: ChatUserSchema, ...errorResponses(SESSION_ERRORS) },
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
          ...errorResponses(SESSION_ERRORS, { 404: ['NOT_FOUND'] }),
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
          "Issues a new random token (only its SHA-256 is stored) valid 12 hours and at most as long as the caller's session " +
          '(logout, password change, suspension and session expiry end it; issue 14), which the realtime stream accepts ' +
          '(src/chat/session-token.ts resolveChatSessionToken). Answer { token, chatUserId, supportChatGroupId, expirationTime }. ' +
          'Also records the caller as seen. Errors: 401 UNAUTHORIZED.',
        response: { 200: SessionTokenSchema, ...errorResponses(SESSION_ERRORS) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const supportChatGroupId = await ensureSupportGroup(db, actor(user), now());
      // The token belongs to this session (issue 14): an API-token request or a session ended meanwhile gets none.
      const issued = request.apiToken
        ? null
        : await issueChatSessionToken(db, user.id, request.session.sessionId, now());
      if (!issued) throw AppError.unauthorized();
      const { token, expiresAt } = issued;
      await touchPresence(db, user.id, now());
      reply.header('cache-control', 'no-store');
      return { token, chatUserId: user.id, supportChatGroupId, expirationTime: expiresAt.toISOString() };
    },
  );

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
        response: {
          204: Type.Null(),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['CHAT_NOT_FOUND'] }),
        },
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
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
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
}
