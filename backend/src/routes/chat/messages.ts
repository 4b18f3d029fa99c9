/** Chat messages (spec chat-and-shell §4, §5): page, send, edit, delete, reactions, viewed / read pointers. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  actingId,
  findMembership,
  lockMembership,
  notFoundGroup,
  requireMembership,
} from '../../chat/repository/membership.js';
import { appendChatEvents } from '../../chat/events.js';
import {
  emitModify,
  eventMessage,
  insertChatMessage,
  isPlainSend,
  messageViews,
  msgViewedEvent,
  newMessageEvent,
  pageMessages,
  recordSentMessage,
  sendPlainMessage,
} from '../../chat/repository/messages.js';
import { chatMembers, chatMessages, chatReactions, type ChatMessageRow } from '../../db/schema/chat.js';
import { storedFiles } from '../../db/schema/orders.js';
import { MAX_PICTURES_PER_MESSAGE, SUPPORT_USER_ID } from '@platform/domain/limits';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import { canPerform, type MemberRole } from '@platform/domain/chat/groups';
import { isPictureFile, isValidMsgKey, validateChatMessage } from '@platform/domain/chat/message';
import type { DbOrTx } from '../../db/client.js';
import { AppError, MESSAGES } from '../../errors.js';
import { markAttached } from '../../files/quota.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, SESSION_ERRORS, ROLE_ERRORS } from '../schemas.js';
import { GroupMsgParams, IdParams, MessageSchema, MessagesPage, MsgParams, SendBody } from './schemas.js';

import {
  C,
  TAGS,
  COMMON_ERRORS,
  NOT_MEMBER,
  userOf,
  actor,
  num,
  vErr,
  attachErr,
  chatContext,
  namesOfCaller,
} from './context.js';

/** A stored file row (files/storage.ts; the chat's uploads). */
type StoredFileRow = typeof storedFiles.$inferSelect;

/**
 * The caller's uploads among `ids` that no order holds (spec chat §5: a message attaches the sender's own uploads),
 * locked FOR UPDATE when `lock` (inside the send's transaction: the expiry of unattached uploads, files/quota.ts, must
 * not delete them before they are attached).
 */
async function callersUploads(d: DbOrTx, userId: number, ids: string[], lock = false): Promise<StoredFileRow[]> {
  const q = d
    .select()
    .from(storedFiles)
    .where(and(inArray(storedFiles.id, ids), eq(storedFiles.ownerUserId, userId), isNull(storedFiles.orderId)));
  return lock ? q.for('update') : q;
}

/**
 * The refusal of a send's own attachments (spec chat §5), or null: the file and every picture of `req` must be among
 * `files` (callersUploads), and every picture a picture (@platform/domain/chat/message isPictureFile). 400
 * FILE_NOT_FOUND / NOT_A_PICTURE on the field as the request names it (`fileId`, `pictureIds.<index>`), the file first.
 */
function attachmentRefusal(
  req: { fileId?: string | null; pictureIds?: string[] | null },
  files: StoredFileRow[],
): AppError | null {
  const found = new Map(files.map((f) => [f.id, f]));
  const pictureIds = [...new Set(req.pictureIds ?? [])];
  const at = (id: string) => `pictureIds.${(req.pictureIds ?? []).indexOf(id)}`;
  if (req.fileId && !found.has(req.fileId)) return attachErr('fileId', 'FILE_NOT_FOUND');
  const missing = pictureIds.find((id) => !found.has(id));
  if (missing) return attachErr(at(missing), 'FILE_NOT_FOUND');
  const notPicture = pictureIds.find(
    (id) => !isPictureFile({ name: found.get(id)!.originalName, contentType: found.get(id)!.contentType }),
  );
  return notPicture ? attachErr(at(notPicture), 'NOT_A_PICTURE') : null;
}

export default async function chatMessageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const auth = app.requireUser;
  const now = () => app.clock.now();
  const { ctxOf, messageCtx } = chatContext(app);

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
        response: {
          200: MessagesPage,
          ...errorResponses(SESSION_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['CHAT_NOT_FOUND'] }),
        },
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
        response: {
          200: MessagesPage,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
          }),
        },
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
        response: {
          200: MessageSchema,
          ...errorResponses(SESSION_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['MESSAGE_NOT_FOUND'] }),
        },
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
        response: {
          200: MessageSchema,
          201: MessageSchema,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: [
              'EMPTY_MESSAGE',
              'FILE_NOT_FOUND',
              'FORWARD_NOT_FOUND',
              'MENTION_NOT_MEMBER',
              'MSG_KEY_INVALID',
              'NOT_A_PICTURE',
              'REPLY_NOT_FOUND',
              'TOO_MANY_ATTACHMENTS',
            ],
            404: ['CHAT_NOT_FOUND'],
            409: ['EXT_MSG_ID_USED'],
          }),
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const b = request.body;
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
      // Issue 15 (the send route's cost): membership, the group lock and the duplicate in one statement; the creation
      // time computed in the insert; pointer, VIEWED marks, presence and recipients in one statement; both events in
      // one append; the views built from the rows at hand (the sender's name from the auth hook's read, no reactions
      // on a new message, the attached files as checked) instead of read again.
      const senderNames = namesOfCaller(user);
      const callerName = senderNames?.get(user.id);
      // Issue 15: a message that is not an invitation nor a forward with attachments of its own — plain, a reply, a
      // forward, with a file and pictures of its own — in ONE statement, its own transaction (chat_send_message,
      // migrations 0025–0027): the same checks in the same order, the same writes and events, the same answer as the
      // transaction below.
      const sendPlain = async (senderName: string, ownFiles: StoredFileRow[]) => {
        const sent = await sendPlainMessage(db, {
          groupId,
          user: actor(user),
          extMsgId: b.extMsgId ?? null,
          text,
          mentioned: [...new Set(b.mentioned ?? [])],
          metaData: b.metaData ?? null,
          replyToId: b.replyMessageId ?? null,
          forwardOfId: b.forwardMessageId ?? null,
          ...(ownFiles.length ? { own: { fileId: b.fileId ?? null, pictureIds, files: ownFiles } } : {}),
          now: now(),
          senderName,
          supportName: senderNames!.get(SUPPORT_USER_ID) ?? '',
        });
        if (sent.outcome === 'NOT_FOUND') throw notFoundGroup();
        if (sent.outcome === 'REPLY_NOT_FOUND')
          throw vErr('replyMessageId', 'REPLY_NOT_FOUND', 'Сообщение для ответа не найдено');
        if (sent.outcome === 'FORWARD_NOT_FOUND')
          throw vErr('forwardMessageId', 'FORWARD_NOT_FOUND', 'Пересылаемое сообщение не найдено');
        if (sent.outcome === 'MENTION_NOT_MEMBER')
          throw vErr('mentioned', 'MENTION_NOT_MEMBER', 'Упомянутый пользователь не участник чата');
        // an upload gone since it was read (expired, or attached to an order): the refusal the transaction path gives
        if (sent.outcome === 'FILE_NOT_FOUND')
          throw attachmentRefusal(
            b,
            ownFiles.filter((f) => !sent.missing.includes(f.id)),
          )!;
        if (sent.row.groupId !== sent.group.id)
          throw AppError.conflict('Этот extMsgId уже использован в другом чате', 'EXT_MSG_ID_USED');
        const created = sent.outcome === 'CREATED';
        return { group: sent.group, member: sent.member, row: sent.row, created, files: created ? ownFiles : [] };
      };
      // Own attachments: read and checked before the one statement, which locks and attaches them; any refusal takes the
      // transaction path, which answers it in its own order of checks.
      let ownFiles: StoredFileRow[] = [];
      let oneStatement = callerName !== undefined && isPlainSend(b);
      if (oneStatement && (b.fileId || pictureIds.length)) {
        ownFiles = await callersUploads(db, user.id, [...(b.fileId ? [b.fileId] : []), ...pictureIds]);
        oneStatement = attachmentRefusal(b, ownFiles) === null;
      }
      const result =
        oneStatement && callerName !== undefined
          ? await sendPlain(callerName, ownFiles)
          : await db.transaction(async (tx) => {
              const { group, member, dup, lastSeenAt } = await lockMembership(
                tx,
                actor(user),
                groupId,
                b.extMsgId ? { authorUserId: user.id, extMsgId: b.extMsgId } : undefined,
              );
              if (dup) {
                if (dup.groupId !== group.id)
                  throw AppError.conflict('Этот extMsgId уже использован в другом чате', 'EXT_MSG_ID_USED');
                return { group, member, row: dup, created: false, files: [] };
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
              let files: StoredFileRow[] = [];
              if (fileIds.length) {
                // Locked: the expiry of unattached uploads (files/quota.ts) must not delete them before they are attached.
                files = await callersUploads(tx, user.id, fileIds, true);
                const refusal = attachmentRefusal(b, files);
                if (refusal) throw refusal;
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
                { groupLocked: true },
              );
              if (!row) {
                // A concurrent send with the same extMsgId won (it committed after this statement's snapshot): answer its
                // message, or 409 when it went to another group.
                const [other] = await tx
                  .select()
                  .from(chatMessages)
                  .where(and(eq(chatMessages.authorUserId, user.id), eq(chatMessages.extMsgId, b.extMsgId!)));
                if (other.groupId !== group.id)
                  throw AppError.conflict('Этот extMsgId уже использован в другом чате', 'EXT_MSG_ID_USED');
                return { group, member, row: other, created: false, files: [] };
              }
              // The files are attached now: out of the sender's upload quota, never expired (issue 14; files/quota.ts).
              await markAttached(tx, fileIds, row.createdAt);
              // The sender has seen everything up to their own message, the group's newest (the group row is locked): the
              // pointer stands on it and the last-viewed time is its creation time.
              // Replying means reading: the others' messages it passes become VIEWED for their senders too (MSG_VIEWED).
              const { viewed, recipients } = await recordSentMessage(tx, {
                group,
                member,
                row,
                userId: user.id,
                now: now(),
                lastSeenAt,
              });
              const message = await eventMessage(tx, row, group, { names: senderNames, files, noReactions: true });
              await appendChatEvents(tx, [
                ...(viewed.length ? [msgViewedEvent(group, member.userId, viewed, recipients)] : []),
                newMessageEvent(row, group, message, recipients),
              ]);
              return { group, member, row, created: true, files };
            });
      const [view] = await messageViews(
        db,
        [result.row],
        result.group,
        actor(user),
        num(result.member.lastViewedMessageId),
        result.created ? { names: senderNames, files: result.files, noReactions: true } : {},
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
        response: {
          204: Type.Null(),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
          }),
        },
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
        response: {
          200: MessageSchema,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
          }),
        },
      },
      handler: async (request) => {
        const user = userOf(request);
        const { id, msgId } = request.params;
        const emoji = request.body.emoji.trim();
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
}
