/**
 * Unattached uploads (issue 14 defect 4; src/files/quota.ts): a per-user quota (files and bytes) on request files and
 * chat attachments not yet attached, refused with 413 UPLOAD_QUOTA_EXCEEDED and nothing written, freed by attaching;
 * concurrent uploads cannot pass it; unattached uploads older than a day are deleted with their content, never
 * attached files nor a content another row shares.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedFiles } from '../src/db/schema/orders.js';
import { runUploadExpiry, startUploadExpiryJob, UNATTACHED_TTL_MS, UPLOAD_QUOTA_EXCEEDED } from '../src/files/quota.js';
import { activeOrder, partnerCompanyId } from './deal-partner-helpers.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { BASE, created, diskFiles, freshDataDir, orderInput, pdf } from './orders-helpers.js';

const FILES = `${BASE}/files`;
const C = '/api/secured/common/chat';
const QUOTA = { files: 4, bytes: 40_000 };

for (const driver of DRIVERS) {
  describe(`unattached uploads: quota and expiry [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient;
    let groupId: number;
    let key = 0;
    let tag = 0;
    beforeAll(async () => {
      t = await createTestApp({ driver, config: { dataDir: freshDataDir(), uploadQuota: QUOTA } });
      client = await t.signedIn('client@example.com');
      const partner = await t.signedIn('partner1@example.com');
      const orderId = await activeOrder(t, client, [await partnerCompanyId(t, 'Альфа Платежи')]);
      groupId = (await client.post(`${C}/${orderId}/create-get`, {})).json().id;
      await partner.post(`${C}/${orderId}/create-get`, {});
    });
    afterAll(async () => {
      await t?.close();
      if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
    });

    const uploadOrderFile = (size = 5_000, content = pdf(size, `order-${++tag}`)) =>
      client.upload(FILES, `invoice-${tag}.pdf`, content);
    const uploadChatFile = (size = 5_000) =>
      client.upload(`${C}/group/${groupId}/files`, `chat-${++tag}.pdf`, pdf(size, `chat-${tag}`));
    const idOf = (res: { statusCode: number; body: string; json(): any }): string => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    /** A day later (the session has expired: signs in again). */
    async function nextDay(ms = UNATTACHED_TTL_MS + 1000) {
      t.clock.advance(ms);
      client = await t.signedIn('client@example.com');
    }
    /** Deletes every unattached upload of the caller (expires them), so that each test starts with a free quota. */
    async function clearQuota() {
      await nextDay();
      await runUploadExpiry(t.db, t.config.dataDir, t.clock.now());
    }
    async function expectRefused(fn: () => Promise<{ statusCode: number; json(): any }>) {
      const before = await t.snapshot();
      const disk = diskFiles(t.config.dataDir);
      const res = await fn();
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'UPLOAD_QUOTA_EXCEEDED', message: UPLOAD_QUOTA_EXCEEDED.message });
      expect(await t.snapshot()).toEqual(before);
      expect(diskFiles(t.config.dataDir)).toEqual({ contents: disk.contents, tmp: [] });
    }

    it('refuses the upload past the file count with 413 UPLOAD_QUOTA_EXCEEDED, order and chat files together, writing nothing', async () => {
      await clearQuota();
      idOf(await uploadOrderFile());
      idOf(await uploadOrderFile());
      idOf(await uploadChatFile());
      idOf(await uploadChatFile());
      await expectRefused(() => uploadOrderFile());
      await expectRefused(() => uploadChatFile());
    });

    it('refuses the upload that would pass the byte quota', async () => {
      await clearQuota();
      idOf(await uploadOrderFile(30_000));
      await expectRefused(() => uploadOrderFile(10_001));
      idOf(await uploadOrderFile(10_000)); // exactly the 40 000 bytes
    });

    it('attaching to a request or sending in a chat message frees the quota', async () => {
      await clearQuota();
      const ids = [];
      for (let i = 0; i < 2; i++) ids.push(idOf(await uploadOrderFile()));
      const chatFile = idOf(await uploadChatFile());
      idOf(await uploadChatFile());
      await expectRefused(() => uploadOrderFile());
      await created(client, orderInput(t, { fileIds: ids }));
      const rows = await t.db.select().from(storedFiles).where(inArray(storedFiles.id, ids));
      expect(rows.every((r) => r.attachedAt !== null && r.orderId !== null)).toBe(true);
      idOf(await uploadOrderFile());
      idOf(await uploadOrderFile());
      await expectRefused(() => uploadChatFile());
      const sent = await client.post(`${C}/group/${groupId}/messages`, { extMsgId: `msg_${++key}`, fileId: chatFile });
      expect(sent.statusCode, sent.body).toBe(201);
      const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, chatFile));
      expect(row.attachedAt).not.toBeNull();
      idOf(await uploadChatFile());
      await expectRefused(() => uploadChatFile());
    });

    it('lets concurrent uploads through only up to the quota', async () => {
      await clearQuota();
      idOf(await uploadOrderFile());
      const answers = await Promise.all(Array.from({ length: 8 }, () => uploadOrderFile(1_000)));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(answers.filter((r) => r.statusCode === 413)).toHaveLength(5);
    });

    it('after a day deletes unattached uploads and their content, never attached files nor shared content', async () => {
      await clearQuota();
      const shared = pdf(4_000, 'shared');
      const attached = idOf(await uploadOrderFile(4_000, shared));
      await created(client, orderInput(t, { fileIds: [attached] }));
      const sharing = idOf(await uploadOrderFile(4_000, shared)); // same bytes, never attached
      const lonely = idOf(await uploadOrderFile(4_500));
      const chatSent = idOf(await uploadChatFile(4_200));
      expect(
        (await client.post(`${C}/group/${groupId}/messages`, { extMsgId: `msg_${++key}`, fileId: chatSent }))
          .statusCode,
      ).toBe(201);
      const rowsOf = async (ids: string[]) =>
        new Map((await t.db.select().from(storedFiles).where(inArray(storedFiles.id, ids))).map((r) => [r.id, r]));
      const all = await rowsOf([attached, sharing, lonely, chatSent]);
      const onDisk = (id: string) => existsSync(join(t.config.dataDir, 'files', all.get(id)!.sha256));

      // Not yet a day old: nothing goes.
      await nextDay(UNATTACHED_TTL_MS - 60_000);
      const early = await runUploadExpiry(t.db, t.config.dataDir, t.clock.now());
      expect(early.files).not.toContain(sharing);
      expect(early.files).not.toContain(lonely);
      expect((await rowsOf([sharing, lonely])).size).toBe(2);

      await nextDay(2 * 60_000);
      const run = await runUploadExpiry(t.db, t.config.dataDir, t.clock.now());
      expect(run.files.sort()).toEqual([sharing, lonely].sort());
      expect(run.contents).toEqual([all.get(lonely)!.sha256]);
      const left = await rowsOf([attached, sharing, lonely, chatSent]);
      expect([...left.keys()].sort()).toEqual([attached, chatSent].sort());
      expect(onDisk(lonely)).toBe(false);
      expect(onDisk(attached)).toBe(true); // the content the deleted `sharing` row shared
      expect(onDisk(chatSent)).toBe(true);
      expect(diskFiles(t.config.dataDir).tmp).toEqual([]);

      // The attached files still download.
      const orderFile = await client.get(`${BASE}/${left.get(attached)!.orderId}/files/${attached}`);
      expect(orderFile.statusCode).toBe(200);
      expect(orderFile.rawPayload.equals(shared)).toBe(true);
      expect((await client.get(`${C}/${chatSent}/file`)).statusCode).toBe(200);
      // A second run finds nothing more.
      expect(await runUploadExpiry(t.db, t.config.dataDir, t.clock.now())).toEqual({ files: [], contents: [] });
    });

    it('the periodic job (server.ts) sweeps by the clock it is given and reports what it deleted', async () => {
      await clearQuota();
      const stale = idOf(await uploadOrderFile(3_000));
      await nextDay();
      const logged: string[] = [];
      const stop = startUploadExpiryJob(t.db, t.config.dataDir, t.clock, {
        firstDelayMs: 0,
        intervalMs: 50,
        log: (m) => logged.push(m),
      });
      try {
        await vi.waitFor(async () => {
          expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, stale))).toEqual([]);
        }, 20_000);
        await vi.waitFor(() => expect(logged).toContain('unattached uploads deleted: 1 rows, 1 contents'), 20_000);
      } finally {
        stop();
      }
    });
  });
}
