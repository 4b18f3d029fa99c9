/** Alliances (spec chat-and-shell §6): invitations, accept / decline, contacts. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { displayName, presenceOf, userNames } from '../../chat/repository/people.js';
import { emitGroupEvent, emitNewMessage, insertChatMessage, messageAtPointer } from '../../chat/repository/messages.js';
import { myContexts, requireMembership } from '../../chat/repository/membership.js';
import { chatGroups, chatInvitations, chatMembers } from '../../db/schema/chat.js';
import { companies, users } from '../../db/schema/core.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import { canHavePersonalChat, canPerform, type ChatAccountType, type MemberRole } from '@platform/domain/chat/groups';
import { AppError } from '../../errors.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS, SESSION_ERRORS } from '../schemas.js';
import { ContactSchema, IdParams, InvitationSchema } from './schemas.js';

import { C, TAGS, COMMON_ERRORS, NOT_MEMBER, userOf, actor, groupErr, chatContext } from './context.js';

export default async function chatAllianceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const auth = app.requireUser;
  const now = () => app.clock.now();
  const { invitationView, emitInvitationDecided } = chatContext(app);

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
        response: {
          201: InvitationSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['MEMBER_NOT_ALLOWED', 'NOT_ALLIANCE'],
            404: ['CHAT_NOT_FOUND'],
            409: ['ALREADY_INVITED', 'ALREADY_MEMBER', 'GROUP_ADDED', 'MODIFY_GROUP_MSG'],
          }),
        },
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
          response: {
            200: InvitationSchema,
            ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
              404: ['INVITATION_NOT_FOUND'],
              409: ['INVITATION_DECIDED'],
            }),
          },
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
        response: { 200: Type.Array(InvitationSchema), ...errorResponses(SESSION_ERRORS) },
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
        response: { 200: Type.Array(ContactSchema), ...errorResponses(SESSION_ERRORS) },
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
}
