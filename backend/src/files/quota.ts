/**
 * Unattached uploads (issue 14 defect 4): a quota per uploader and expiry after a day.
 *
 * A client request file or a chat attachment is uploaded first and attached later (to a request when it is created,
 * to a chat message when it is sent); until then its `stored_files` row has `attached_at` null (and no `order_id`).
 * Uploads stored together with their document row (deal, verification and referral documents) are attached at once.
 * - Quota: a user may hold at most `config.uploadQuota.files` unattached uploads of at most `config.uploadQuota.bytes`
 *   bytes together (UPLOAD_QUOTA_FILES, default 20; UPLOAD_QUOTA_BYTES, default 100 MB), counting those younger than
 *   {@link UNATTACHED_TTL_MS}. {@link checkUploadQuota} runs in the upload's transaction under a per-user advisory
 *   lock, so concurrent uploads of one user are counted one after the other and cannot pass the quota together.
 *   Over it: 413 UPLOAD_QUOTA_EXCEEDED and nothing is stored. Attaching a file frees its share at once.
 * - Expiry: {@link runUploadExpiry} deletes the rows of unattached uploads older than {@link UNATTACHED_TTL_MS} (by the
 *   app clock) that no order, chat message or document references, and their content on disk when no remaining row
 *   shares its SHA-256; {@link startUploadExpiryJob} runs it periodically (server.ts).
 * Content removal and {@link storeUpload}'s commit of a content take the same per-content advisory lock
 * ({@link lockContent}), so an upload of identical bytes at the moment of the sweep never loses its content.
 */
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { storedFiles } from '../db/schema/orders.js';
import { AppError } from '../errors.js';
import { removeContent } from './storage.js';
import { startPeriodicJob } from '../periodic-job.js';

/** Age after which an unattached upload is deleted: 24 hours, in milliseconds. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;

/** Default period of the expiry job: one hour, in milliseconds. */
export const UPLOAD_EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

/** The error code and message of a refused upload over the quota (413). */
export const UPLOAD_QUOTA_EXCEEDED = {
  code: 'UPLOAD_QUOTA_EXCEEDED',
  message:
    'Слишком много неприкреплённых файлов: прикрепите загруженные файлы к заявке или сообщению либо повторите загрузку через сутки',
} as const;

/** First key of the per-user advisory lock of the quota (issue 14, defect 4); the second key is the user id. */
const QUOTA_LOCK_CLASS = 14_004;

/**
 * Takes the transaction-scoped advisory lock of one stored content (by its SHA-256, 64 hex digits): held by an
 * upload from before its content is moved into place until its row commits, and by the expiry job while it checks
 * that no row shares a content and removes it.
 */
export async function lockContent(tx: Tx, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stored-content:${sha256}`}, 0))`);
}

/**
 * Checks, in the upload's transaction `tx`, that user `userId` may hold one more unattached upload of `size` bytes
 * at `now` (module header). Takes the per-user advisory lock first (released when `tx` ends), then counts the
 * user's unattached uploads younger than a day. Throws 413 UPLOAD_QUOTA_EXCEEDED when the count would exceed
 * `quota.files` or the bytes `quota.bytes`.
 */
export async function checkUploadQuota(
  tx: Tx,
  quota: { files: number; bytes: number },
  userId: number,
  size: number,
  now: Date,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}::int, ${userId}::int)`);
  const [held] = await tx
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)::text`,
    })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.ownerUserId, userId),
        isNull(storedFiles.attachedAt),
        isNull(storedFiles.orderId),
        gt(storedFiles.createdAt, new Date(now.getTime() - UNATTACHED_TTL_MS)),
      ),
    );
  if (held.files + 1 > quota.files || Number(held.bytes) + size > quota.bytes)
    throw new AppError(413, UPLOAD_QUOTA_EXCEEDED.code, UPLOAD_QUOTA_EXCEEDED.message);
}

/** Marks stored files attached at `now` (a chat message sent with them); already attached ones keep their time. */
export async function markAttached(tx: Tx, fileIds: string[], now: Date): Promise<void> {
  if (!fileIds.length) return;
  await tx
    .update(storedFiles)
    .set({ attachedAt: now })
    .where(and(inArray(storedFiles.id, fileIds), isNull(storedFiles.attachedAt)));
}

/** What one expiry run removed: the deleted row ids and the SHA-256 of the contents removed from disk. */
export interface UploadExpiryRun {
  files: string[];
  contents: string[];
}

/**
 * Deletes the unattached uploads older than a day at `now` (module header): rows with `attached_at` and `order_id`
 * null, `created_at` before now − 24 h and no referencing order, chat message (file or picture), deal document,
 * offer sample contract, verification or referral document; then, per distinct content, under its
 * {@link lockContent} lock, the file `<dataDir>/files/<sha256>` unless another row still has that SHA-256.
 */
export async function runUploadExpiry(db: Db, dataDir: string, now: Date): Promise<UploadExpiryRun> {
  const cutoff = new Date(now.getTime() - UNATTACHED_TTL_MS);
  const f = storedFiles;
  const deleted = await db
    .delete(f)
    .where(
      and(
        isNull(f.attachedAt),
        isNull(f.orderId),
        lt(f.createdAt, cutoff),
        sql`not exists (select 1 from chat_messages m where m.file_id = ${f.id} or ${f.id} = any (m.picture_ids))`,
        sql`not exists (select 1 from deal_documents d where d.file_id = ${f.id})`,
        sql`not exists (select 1 from partner_order_offers o where o.sample_contract_file_id = ${f.id})`,
        sql`not exists (select 1 from verification_documents v where v.file_id = ${f.id})`,
        sql`not exists (select 1 from referral_partner_documents r where r.file_id = ${f.id})`,
      ),
    )
    .returning({ id: f.id, sha256: f.sha256 });
  const contents: string[] = [];
  for (const sha256 of new Set(deleted.map((d) => d.sha256))) {
    const removed = await db.transaction(async (tx) => {
      await lockContent(tx, sha256);
      const [other] = await tx.select({ id: f.id }).from(f).where(eq(f.sha256, sha256)).limit(1);
      if (other) return false;
      await removeContent(dataDir, sha256);
      return true;
    });
    if (removed) contents.push(sha256);
  }
  return { files: deleted.map((d) => d.id), contents };
}

/**
 * Starts the expiry job: `runUploadExpiry(db, dataDir, clock.now())` after `firstDelayMs` (default 5 s, once the
 * server is up) and then every `intervalMs` (default one hour), never twice at once; errors go to `log` and do not
 * stop it. Returns `stop()`.
 */
export function startUploadExpiryJob(
  db: Db,
  dataDir: string,
  clock: { now(): Date },
  opts: { intervalMs?: number; firstDelayMs?: number; log?: (msg: string, err?: unknown) => void } = {},
): () => void {
  return startPeriodicJob(
    async () => {
      const r = await runUploadExpiry(db, dataDir, clock.now());
      return r.files.length
        ? `unattached uploads deleted: ${r.files.length} rows, ${r.contents.length} contents`
        : null;
    },
    {
      intervalMs: opts.intervalMs ?? UPLOAD_EXPIRY_INTERVAL_MS,
      firstDelayMs: opts.firstDelayMs ?? 5_000,
      failure: 'unattached upload expiry failed',
      log: opts.log,
    },
  );
}
