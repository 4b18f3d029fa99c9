/**
 * Upload of request files (spec core §5 "Files": 50 MB; docs/rest-api.md POST /api/secured/client/order/exch/files):
 * type decided by content, size limit, nothing stored on refusal.
 */
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../src/app.js';
import { storedFiles } from '../src/db/schema/orders.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { BASE, diskFiles, exe, freshDataDir, PNG, pdf } from './orders-helpers.js';

const URL = `${BASE}/files`;

for (const driver of DRIVERS) {
  describe(`client order files: upload [${driver}]`, () => {
    let t: TestApp;
    let c: TestClient;
    beforeAll(async () => {
      t = await createTestApp({ driver, config: { dataDir: freshDataDir() } });
      c = await t.signedIn('client@example.com');
    });
    afterAll(async () => {
      await t?.close();
      if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
    });

    /** Asserts that `fn` answers `status` + `code` and leaves the database and the disk unchanged. */
    async function refused(
      fn: () => Promise<{ statusCode: number; json(): any }>,
      status: number,
      code: string,
      message?: string,
    ) {
      const before = await t.snapshot();
      const disk = diskFiles(t.config.dataDir);
      const res = await fn();
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
      if (message) expect(res.json().message).toBe(message);
      expect(await t.snapshot()).toEqual(before);
      expect(diskFiles(t.config.dataDir)).toEqual({ contents: disk.contents, tmp: [] });
    }

    it('stores a PDF, answers { id, name, size, contentType } and keeps it unattached and owned by the caller', async () => {
      const res = await c.upload(URL, 'C:\\fakepath\\Счёт на оплату.pdf', pdf(5000, 'upload'), 'text/html');
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Счёт на оплату.pdf',
        size: 5000,
        contentType: 'application/pdf',
      });
      const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, body.id));
      expect(row).toMatchObject({
        orderId: null,
        size: 5000,
        contentType: 'application/pdf',
        originalName: 'Счёт на оплату.pdf',
      });
      expect(diskFiles(t.config.dataDir).contents).toContain(row.sha256);
    });

    it('detects images by content whatever the name says', async () => {
      const res = await c.upload(URL, 'scan.pdf', PNG);
      expect(res.statusCode).toBe(201);
      expect(res.json().contentType).toBe('image/png');
    });

    it('accepts a UTF-8 .txt file as plain text', async () => {
      const res = await c.upload(URL, 'notes.txt', Buffer.from('Примечание к заявке\nстрока 2\n'));
      expect(res.statusCode).toBe(201);
      expect(res.json().contentType).toBe('text/plain; charset=utf-8');
    });

    it('refuses an executable renamed .pdf with 415 UNSUPPORTED_FILE_TYPE, storing nothing', async () => {
      await refused(
        () => c.upload(URL, 'invoice.pdf', exe(), 'application/pdf'),
        415,
        'UNSUPPORTED_FILE_TYPE',
        'Недопустимый тип файла',
      );
    });

    it('refuses text that is not UTF-8, text without a .txt name, archives and executable names', async () => {
      await refused(
        () => c.upload(URL, 'notes.txt', Buffer.from([0xff, 0xfe, 0x41, 0x00, 0xc3])),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
      await refused(() => c.upload(URL, 'notes.csv', Buffer.from('a;b;c\n1;2;3\n')), 415, 'UNSUPPORTED_FILE_TYPE');
      await refused(() => c.upload(URL, 'run.txt', exe()), 415, 'UNSUPPORTED_FILE_TYPE');
      const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]);
      await refused(() => c.upload(URL, 'docs.zip', zip), 415, 'UNSUPPORTED_FILE_TYPE');
      await refused(() => c.upload(URL, 'invoice.pdf.exe', pdf(1000, 'exe-name')), 415, 'UNSUPPORTED_FILE_TYPE');
      await refused(
        () => c.upload(URL, 'page.html', Buffer.from('<html><script>alert(1)</script></html>')),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
    });

    it('refuses an empty file, a missing name and a request without a file part with 400', async () => {
      await refused(() => c.upload(URL, 'empty.pdf', Buffer.alloc(0)), 400, 'VALIDATION_ERROR');
      await refused(() => c.upload(URL, '', pdf(1000, 'noname')), 400, 'VALIDATION_ERROR');
      const boundary = 'b0undary';
      await refused(
        () =>
          c.request('POST', URL, {
            payload: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--${boundary}--\r\n`,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          }),
        400,
        'VALIDATION_ERROR',
      );
      await refused(() => c.post(URL, { file: 'x' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it("refuses a file over 50 MB with 413 'Превышен размер файла' and stores nothing", async () => {
      const big = pdf(MAX_FILE_BYTES + 1, 'too-big');
      await refused(() => c.upload(URL, 'big.pdf', big), 413, 'FILE_TOO_LARGE', 'Превышен размер файла');
    });

    it('accepts a file of exactly 50 MB', async () => {
      const res = await c.upload(URL, 'exact.pdf', pdf(MAX_FILE_BYTES, 'exact'));
      expect(res.statusCode).toBe(201);
      expect(res.json().size).toBe(MAX_FILE_BYTES);
    });
  });
}
