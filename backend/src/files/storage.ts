/**
 * Disk storage of uploaded files (spec core §5 "Files", §9 50 MB; chat-and-shell §5 attachments; docs/rest-api.md
 * "POST /api/secured/client/order/exch/files"): client request files, payment agent documents, chat attachments and
 * generated verification applications all use it.
 *
 * Layout under `<DATA_DIR>/files`:
 *   <sha256>        the content, stored once per distinct content (content-addressed, never modified)
 *   .tmp/<uuid>     an upload in progress; renamed to <sha256> when it is accepted, deleted otherwise
 * An upload is streamed to `.tmp` while its SHA-256 and size are computed, so a 50 MB file never sits in memory and
 * a refused upload (too large, wrong type) leaves nothing behind. {@link storeUpload} is the one commit-or-roll-back
 * of an accepted upload with its `stored_files` row.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { Tx } from '../db/client.js';
import { storedFiles } from '../db/schema/orders.js';
import { cleanFileName, decideUploadType, extensionOf, UNSUPPORTED_FILE_TYPE } from '../domain/orders.js';
import { AppError, MESSAGES } from '../errors.js';
import { checkUploadQuota, lockContent } from './quota.js';

/** Directory of stored contents: `<dataDir>/files`. */
export function filesDir(dataDir: string): string {
  return join(dataDir, 'files');
}

/** Path of a stored content by its SHA-256 (64 lower-case hex digits; anything else throws). */
export function contentPath(dataDir: string, sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('invalid content hash');
  return join(filesDir(dataDir), sha256);
}

/** An upload written to a temporary file. */
export interface ReceivedUpload {
  tmpPath: string;
  /** SHA-256 of the bytes, lower-case hex. */
  sha256: string;
  /** Bytes received. */
  size: number;
  /** Valid UTF-8 without NUL bytes; only computed when `checkText` was set, else false. */
  utf8Text: boolean;
}

/**
 * Streams `source` into `<dataDir>/files/.tmp/<uuid>`, hashing on the way. With `checkText`, also checks that the
 * bytes are valid UTF-8 text without NUL bytes. On a stream error the temporary file is removed and the error
 * rethrown. The caller must {@link commitUpload} or {@link discardUpload} the result.
 */
export async function receiveUpload(dataDir: string, source: Readable, checkText: boolean): Promise<ReceivedUpload> {
  const tmpDir = join(filesDir(dataDir), '.tmp');
  await mkdir(tmpDir, { recursive: true });
  const tmpPath = join(tmpDir, randomUUID());
  const hash = createHash('sha256');
  const decoder = checkText ? new TextDecoder('utf-8', { fatal: true }) : null;
  let size = 0;
  let utf8Text = checkText;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      if (utf8Text && decoder) {
        try {
          decoder.decode(chunk, { stream: true });
          if (chunk.includes(0)) utf8Text = false;
        } catch {
          utf8Text = false;
        }
      }
      cb(null, chunk);
    },
    flush(cb) {
      if (utf8Text && decoder) {
        try {
          decoder.decode();
        } catch {
          utf8Text = false;
        }
      }
      cb();
    },
  });
  try {
    await pipeline(source, tap, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }));
  } catch (e) {
    await unlink(tmpPath).catch(() => {});
    throw e;
  }
  return { tmpPath, sha256: hash.digest('hex'), size, utf8Text };
}

/** Deletes the temporary file of a refused upload. Never throws. */
export async function discardUpload(upload: Pick<ReceivedUpload, 'tmpPath'>): Promise<void> {
  await unlink(upload.tmpPath).catch(() => {});
}

/**
 * Moves an accepted upload to its content path. When that content is already stored, the temporary file is
 * deleted instead (each content is stored once). Returns whether a new content file was created, so that a
 * caller whose database write then fails can remove it again with {@link removeContent}.
 */
export async function commitUpload(
  dataDir: string,
  upload: ReceivedUpload,
): Promise<{ created: boolean; path: string }> {
  const path = contentPath(dataDir, upload.sha256);
  if (await exists(path)) {
    await discardUpload(upload);
    return { created: false, path };
  }
  await rename(upload.tmpPath, path);
  return { created: true, path };
}

/** Removes a stored content (used to undo {@link commitUpload} when its database row was not written). */
export async function removeContent(dataDir: string, sha256: string): Promise<void> {
  await unlink(contentPath(dataDir, sha256)).catch(() => {});
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * `Content-Disposition: attachment` for a file name (RFC 6266 with RFC 5987 `filename*`): an ASCII fallback in
 * `filename` (non-ASCII, quotes, backslashes and control characters replaced by '_') and the exact UTF-8 name,
 * percent-encoded, in `filename*` — so 'Счёт №1.pdf' downloads under its Cyrillic name and no header injection is
 * possible.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A checked upload, not yet stored. */
export interface AcceptedUpload {
  name: string;
  size: number;
  contentType: string;
  upload: ReceivedUpload;
}

/**
 * Reads the multipart part `file` of `request` into a temporary file and checks it — used for every upload (client
 * request files, payment agent documents) (size ≤ 50 MB by the multipart limit of app.ts, not
 * empty, named, type by content). Throws 415 UNSUPPORTED_MEDIA_TYPE (not multipart), 400 VALIDATION_ERROR (no part,
 * empty, no name), 413 FILE_TOO_LARGE 'Превышен размер файла', 415 UNSUPPORTED_FILE_TYPE 'Недопустимый тип файла'.
 */
export async function receiveCheckedUpload(app: FastifyInstance, request: FastifyRequest): Promise<AcceptedUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Неподдерживаемый тип содержимого');
  const part = await request.file();
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw AppError.validation([{ field: 'file', code: 'REQUIRED', message: MESSAGES.required }]);
  }
  const name = cleanFileName(part.filename ?? '');
  const upload = await receiveUpload(app.config.dataDir, part.file, extensionOf(name) === 'txt');
  if (part.file.truncated) {
    await discardUpload(upload);
    throw new AppError(413, 'FILE_TOO_LARGE', MESSAGES.fileTooLarge);
  }
  if (!name || upload.size === 0) {
    await discardUpload(upload);
    throw AppError.validation([
      {
        field: 'file',
        code: !name ? 'FILE_NAME_REQUIRED' : 'FILE_EMPTY',
        message: !name ? 'Укажите имя файла' : 'Файл пуст',
      },
    ]);
  }
  const detected = await fileTypeFromFile(upload.tmpPath);
  const contentType = decideUploadType({ name, detectedExt: detected?.ext, utf8Text: upload.utf8Text });
  if (!contentType) {
    await discardUpload(upload);
    throw new AppError(415, UNSUPPORTED_FILE_TYPE.code, UNSUPPORTED_FILE_TYPE.message);
  }
  return { name, size: upload.size, contentType, upload };
}

/**
 * Stores an accepted upload (spec core §5 "Files"): in ONE transaction the `stored_files` row (id = a new UUID, owned
 * by `ownerUserId`) is inserted, `rows(tx, fileId)` writes the caller's own rows (it may throw, e.g. a
 * duplicate name found under lock) and the content is moved into place ({@link commitUpload}) under the content's
 * lock (files/quota.ts lockContent). With `rows` the file is attached by them (`attached_at` = now); without, it is an
 * unattached upload (client request files, chat attachments): the uploader's quota is checked first under a per-user
 * lock (files/quota.ts checkUploadQuota: 413 UPLOAD_QUOTA_EXCEEDED, issue 14) and the file expires unless attached
 * within a day. On any failure the
 * temporary file is deleted and a content file this call created is removed again unless a committed row of another
 * upload now points to it; the error is rethrown. Returns the new file id and what `rows` returned.
 * Used by client request files, payment agent documents, referral documents and chat attachments.
 */
export async function storeUpload<T = void>(
  app: FastifyInstance,
  ownerUserId: number,
  accepted: AcceptedUpload,
  rows?: (tx: Tx, fileId: string) => Promise<T>,
): Promise<{ fileId: string; result: T }> {
  const db = app.dbh.db;
  const { upload } = accepted;
  const fileId = randomUUID();
  let created = false;
  try {
    const result = await db.transaction(async (tx) => {
      const now = app.clock.now();
      if (!rows) await checkUploadQuota(tx, app.config.uploadQuota, ownerUserId, accepted.size, now);
      await tx.insert(storedFiles).values({
        id: fileId,
        sha256: upload.sha256,
        size: accepted.size,
        contentType: accepted.contentType,
        originalName: accepted.name,
        ownerUserId,
        createdAt: now,
        attachedAt: rows ? now : null,
      });
      const r = rows ? await rows(tx, fileId) : (undefined as T);
      await lockContent(tx, upload.sha256);
      created = (await commitUpload(app.config.dataDir, upload)).created;
      return r;
    });
    return { fileId, result };
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
}

/**
 * Sends a stored file as a download: its detected Content-Type, Content-Length, `Content-Disposition: attachment` with the
 * UTF-8 name (RFC 5987), `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`. 404 when the content is gone.
 */
export async function sendStoredFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { sha256: string; contentType: string; name: string },
): Promise<FastifyReply> {
  const path = contentPath(app.config.dataDir, file.sha256);
  const st = await stat(path).catch(() => null);
  if (!st) {
    request.log.error({ sha256: file.sha256 }, 'stored file content missing on disk');
    throw AppError.notFound('Файл не найден');
  }
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(st.size))
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(createReadStream(path));
}
