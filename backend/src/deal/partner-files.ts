/**
 * Payment agent uploads (spec core §5 "sample contract and partner documents at most 50 MB each"; duplicate names
 * refused 'Файл с именем {name} уже загружен'; type checked by content). Reuses the content-addressed store
 * (routes/orders/storage.ts) and the type-by-content rules of domain/orders.ts (decideUploadType), so a partner
 * document is accepted exactly when a client's request file would be.
 *
 * Flow: stream the part to a temporary file (hash + size) → refuse (413 over 50 MB, 400 empty/no name, 415 wrong
 * type) deleting the temporary file → `store(tx)`: the caller's transaction inserts the `stored_files` row (never
 * attached to the client's order: `order_id` stays null, so the client's request files are not mixed with the
 * agent's documents) and its own rows, then the content is moved into place. A failed transaction removes the content
 * it created unless another row points to it. Nothing is written for a refused upload.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/client.js';
import { storedFiles } from '../db/schema/orders.js';
import { commitUpload, discardUpload, removeContent, type AcceptedUpload } from '../routes/orders/storage.js';

export { receiveCheckedUpload as receivePartnerFile, type AcceptedUpload } from '../routes/orders/storage.js';

/**
 * Stores an accepted upload: in one transaction `rows(tx, fileId)` writes the caller's rows (and may throw, e.g. a
 * duplicate name found under lock), the `stored_files` row is inserted and the content moved into place. On any
 * failure the temporary file and a content this call created are removed. Returns the new file id and `rows`' result.
 */
export async function storePartnerFile<T>(
  app: FastifyInstance,
  ownerUserId: number,
  accepted: AcceptedUpload,
  rows: (tx: Tx, fileId: string) => Promise<T>,
): Promise<{ fileId: string; result: T }> {
  const db = app.dbh.db;
  const fileId = randomUUID();
  let created = false;
  try {
    const result = await db.transaction(async (tx) => {
      await tx.insert(storedFiles).values({
        id: fileId,
        sha256: accepted.upload.sha256,
        size: accepted.size,
        contentType: accepted.contentType,
        originalName: accepted.name,
        ownerUserId,
        createdAt: app.clock.now(),
      });
      const r = await rows(tx, fileId);
      created = (await commitUpload(app.config.dataDir, accepted.upload)).created;
      return r;
    });
    return { fileId, result };
  } catch (e) {
    await discardUpload(accepted.upload);
    if (created) {
      const [other] = await db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.sha256, accepted.upload.sha256))
        .limit(1);
      if (!other) await removeContent(app.config.dataDir, accepted.upload.sha256);
    }
    throw e;
  }
}

export { sendStoredFile } from '../routes/orders/storage.js';
