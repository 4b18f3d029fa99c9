/** Chat attachments (spec chat-and-shell §5): upload to a group, download a message's file or picture. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { storedFiles } from '../../db/schema/orders.js';
import { isPictureFile } from '@platform/domain/chat/message';
import { AppError } from '../../errors.js';
import { receiveCheckedUpload, storeUpload, sendStoredFile } from '../../files/storage.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, SESSION_ERRORS } from '../schemas.js';
import { FileIdParams, IdParams, MsgParams } from './schemas.js';

import { C, TAGS, COMMON_ERRORS, NOT_MEMBER, userOf, chatContext } from './context.js';

export default async function chatFileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const auth = app.requireUser;
  const { ctxOf, messageCtx, visibleFile } = chatContext(app);

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
          ", 400 VALIDATION_ERROR, 413 FILE_TOO_LARGE 'Превышен размер файла', 415 UNSUPPORTED_FILE_TYPE 'Недопустимый тип файла', " +
          '413 UPLOAD_QUOTA_EXCEEDED (the caller already holds UPLOAD_QUOTA_FILES unattached uploads, default 20, or this one ' +
          'would pass UPLOAD_QUOTA_BYTES together, default 100 MB; nothing is stored; issue 14). A file not sent in a message ' +
          'within 24 hours is deleted.',
        response: {
          201: Type.Object({
            id: Type.String(),
            name: Type.String(),
            size: Type.Integer(),
            contentType: Type.String(),
            isPicture: Type.Boolean(),
          }),
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['CHAT_NOT_FOUND'],
            413: ['FILE_TOO_LARGE', 'UPLOAD_QUOTA_EXCEEDED'],
            415: ['UNSUPPORTED_FILE_TYPE', 'UNSUPPORTED_MEDIA_TYPE'],
          }),
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      await ctxOf(db, user, request.params.id);
      const accepted = await receiveCheckedUpload(app, request);
      const { fileId: id } = await storeUpload(app, user.id, accepted);
      const { name, size, contentType } = accepted;
      return reply.status(201).send({ id, name, size, contentType, isPicture: isPictureFile({ name, contentType }) });
    },
  );

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
        response: { ...errorResponses(SESSION_ERRORS, { 404: ['FILE_NOT_FOUND', 'MESSAGE_NOT_FOUND'] }) },
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
        response: { ...errorResponses(SESSION_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['FILE_NOT_FOUND'] }) },
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
}
