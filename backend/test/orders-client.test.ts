/**
 * The client's order calls (spec core §1 step 1, §3 "Request (order)", §4 client tab groups, §5 validation and
 * files, §6 "An unverified company cannot create requests", §7 Client order calls; docs/rest-api.md "Client").
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../src/db/schema/core.js';
import { orders, orderStatusHistory, storedFiles } from '../src/db/schema/orders.js';
import { CLIENT_TAB_STATUSES } from '@platform/domain/deal/display';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import {
  BASE,
  created,
  day,
  diskFiles,
  freshDataDir,
  orderInput,
  PNG,
  pdf,
  secondClientCompany,
  uploaded,
} from './orders-helpers.js';

for (const driver of DRIVERS) {
  describe(`client orders: create, read, list [${driver}]`, () => {
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

    it('validates then creates a request in VALIDATION with its files, status history and a full Order answer', async () => {
      const invoice = await uploaded(c, 'Инвойс №15.pdf', pdf(4096, 'invoice'));
      const photo = await uploaded(c, 'photo.png', PNG);
      const input = orderInput(t, { amount: { cost: '12500.5', currency: 'usd' }, fileIds: [invoice, photo] });

      const check = await c.post(`${BASE}/validation`, input);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ valid: true });

      const res = await c.post(BASE, input);
      expect(res.statusCode).toBe(201);
      const o = res.json();
      const [company] = await t.db
        .select()
        .from(companies)
        .innerJoin(users, eq(users.companyId, companies.id))
        .where(eq(users.email, 'client@example.com'))
        .then((r) => r.map((x) => x.companies));
      expect(o).toMatchObject({
        number: o.id,
        paymentType: 'SENDING',
        amount: { cost: '12500.50', currency: 'USD' },
        counterparty: {
          countryCode: 'CN',
          countryName: 'Китай',
          city: 'Shanghai',
          bankName: 'Bank of China',
          swift: 'BKCHCNBJ',
        },
        tnvedCode: '8471300000',
        goodsLocation: 'NOT_IMPORTED',
        paymentDateFrom: input.paymentDateFrom,
        paymentDateTo: input.paymentDateTo,
        comment: 'Оплата по контракту № 15/2026',
        client: { companyId: company.id, name: company.shortName, inn: company.inn },
        // The demo client is an ACTIVE client of the demo referral partner: he is the consultant (issue 11).
        consultant: { name: 'Орлов Дмитрий Андреевич', email: 'agent@example.com', phone: '9264445566' },
        status: 'VALIDATION',
        partnerOrders: [],
      });
      expect(typeof o.id).toBe('number');
      expect(o.tnvedName).toMatch(/\S/);
      expect(new Date(o.created).toISOString()).toBe(o.created);
      expect(o.statusDate).toBe(o.created);
      expect(o.files.map((f: { name: string }) => f.name).sort()).toEqual(['photo.png', 'Инвойс №15.pdf']);
      expect(o.files.find((f: { id: string }) => f.id === invoice)).toEqual({
        id: invoice,
        name: 'Инвойс №15.pdf',
        size: 4096,
        contentType: 'application/pdf',
      });

      const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 'VALIDATION' });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row.amount).toBe('12500.50');
      expect(row.version).toBe(1);

      const again = await c.get(`${BASE}/${o.id}`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(o);
    });

    it('accepts a RECEIVING request in CNY with a 4-digit heading, no SWIFT and no files', async () => {
      const o = await created(
        c,
        orderInput(t, {
          paymentType: 'RECEIVING',
          amount: { cost: '1000', currency: 'CNY' },
          tnvedCode: '8471',
          goodsLocation: 'IMPORTED',
          counterparty: { countryCode: 'cn', city: 'Гуанчжоу', bankName: 'ICBC', swift: '' },
          comment: null,
        }),
      );
      expect(o).toMatchObject({
        paymentType: 'RECEIVING',
        amount: { cost: '1000.00', currency: 'CNY' },
        tnvedCode: '8471',
        counterparty: { countryCode: 'CN', swift: null },
        comment: null,
        files: [],
      });
    });

    it('downloads an attached file with its bytes, detected type, RFC 5987 name and nosniff', async () => {
      const content = pdf(3000, 'download');
      const fileId = await uploaded(c, 'Договор; поставки №1 (копия).pdf', content);
      const o = await created(c, orderInput(t, { fileIds: [fileId] }));
      const res = await c.get(`${BASE}/${o.id}/files/${fileId}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(content)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const cd = String(res.headers['content-disposition']);
      expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(cd.split("UTF-8''")[1])).toBe('Договор; поставки №1 (копия).pdf');
    });

    it('lists by client tab, counts, filters by number and pages by 10', async () => {
      const other = await t.signedIn('client@example.com');
      const ids: number[] = [];
      for (let i = 0; i < 11; i++)
        ids.push((await created(other, orderInput(t, { amount: { cost: `${100 + i}.00`, currency: 'USD' } }))).id);
      // Move some orders to other tabs directly: the transitions are the next issue's.
      await t.db.update(orders).set({ status: 'EXECUTED' }).where(eq(orders.id, ids[0]));
      await t.db.update(orders).set({ status: 'REJECTED' }).where(eq(orders.id, ids[1]));
      await t.db.update(orders).set({ status: 'CANCELED' }).where(eq(orders.id, ids[2]));

      const all = (await c.post(`${BASE}/filter/count`, {})).json().count as number;
      expect(all).toBeGreaterThanOrEqual(14);
      const count = async (tab: keyof typeof CLIENT_TAB_STATUSES) => {
        const res = await c.post(`${BASE}/filter/count`, { statuses: CLIENT_TAB_STATUSES[tab] });
        expect(res.statusCode).toBe(200);
        return res.json().count as number;
      };
      expect(await count('completed')).toBe(1);
      expect(await count('cancelled')).toBe(2);
      expect(await count('current')).toBe(all - 3);

      const cancelled = await c.post(`${BASE}/filter`, {
        pageable: { page: 0, pageSize: 10 },
        statuses: CLIENT_TAB_STATUSES.cancelled,
      });
      expect(
        cancelled
          .json()
          .content.map((o: { id: number }) => o.id)
          .sort(),
      ).toEqual([ids[1], ids[2]].sort());

      const first = await c.post(`${BASE}/filter`, {
        pageable: { page: 0, pageSize: 10, sortFields: [{ field: 'created', direction: 'DESC' }] },
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ totalElements: all, page: 0, pageSize: 10, last: false });
      expect(first.json().content).toHaveLength(10);
      expect(first.json().content[0].id).toBe(ids[10]);
      const second = await c.post(`${BASE}/filter`, { pageable: { page: 1 } });
      expect(second.json()).toMatchObject({ page: 1, pageSize: 10, last: all <= 20 });
      expect(second.json().content).toHaveLength(Math.min(10, all - 10));
      const firstIds = new Set(first.json().content.map((o: { id: number }) => o.id));
      expect(second.json().content.some((o: { id: number }) => firstIds.has(o.id))).toBe(false);

      const byAmount = await c.post(`${BASE}/filter`, {
        pageable: { pageSize: 3, sortFields: [{ field: 'amount', direction: 'ASC' }] },
      });
      expect(byAmount.json().content.map((o: { amount: { cost: string } }) => o.amount.cost)).toEqual([
        '100.00',
        '101.00',
        '102.00',
      ]);

      for (const id of [ids[5], String(ids[5])]) {
        const one = await c.post(`${BASE}/filter`, { pageable: { page: 0, pageSize: 10 }, id });
        expect(one.json().content.map((o: { number: number }) => o.number)).toEqual([ids[5]]);
        expect((await c.post(`${BASE}/filter/count`, { id })).json().count).toBe(1);
      }
      // Spec core §5: the number filter applies only when numeric.
      expect((await c.post(`${BASE}/filter/count`, { id: 'abc' })).json().count).toBe(all);
    });

    it('refuses bad filters with 400', async () => {
      for (const body of [
        { statuses: ['BOGUS'] },
        { pageable: { pageSize: 0 } },
        { pageable: { page: -1 } },
        { pageable: { pageSize: 'ten' } },
        { pageable: { sortFields: [{ field: 'comment; drop table orders', direction: 'ASC' }] } },
        { pageable: { sortFields: [{ field: 'created', direction: 'UP' }] } },
        { id: { $gt: 1 } },
      ]) {
        const res = await c.post(`${BASE}/filter`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      expect((await c.post(`${BASE}/filter/count`, { statuses: 'ACTIVE,EXECUTED' })).statusCode).toBe(400);
    });

    it("answers 404 for another company's request and its files, 400 for a non-numeric id", async () => {
      const fileId = await uploaded(c, 'secret.pdf', pdf(1000, 'secret'));
      const mine = await created(c, orderInput(t, { fileIds: [fileId] }));
      await secondClientCompany(t, 'other-client@example.com');
      const stranger = await t.signedIn('other-client@example.com');
      const res = await stranger.get(`${BASE}/${mine.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect((await stranger.get(`${BASE}/${mine.id}/files/${fileId}`)).statusCode).toBe(404);
      expect((await stranger.post(`${BASE}/filter/count`, {})).json().count).toBe(0);
      expect((await stranger.post(`${BASE}/filter`, { id: mine.id })).json().content).toEqual([]);
      // Another company cannot attach my file either.
      const steal = await stranger.post(BASE, orderInput(t, { fileIds: [fileId] }));
      expect(steal.statusCode).toBe(400);

      expect((await c.get(`${BASE}/999999999`)).statusCode).toBe(404);
      for (const bad of ['abc', '1.5', '-3', '0']) {
        const r = await c.get(`${BASE}/${bad}`);
        expect(r.statusCode, bad).toBe(400);
        expect(r.json().code).toBe('VALIDATION_ERROR');
      }
      expect((await c.get(`${BASE}/${mine.id}/files/not-a-uuid`)).statusCode).toBe(400);
      expect((await c.get(`${BASE}/${mine.id}/files/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    });

    it('refuses invalid input with field errors and writes nothing, through validation and create', async () => {
      const cases: Array<[string, Record<string, unknown>, string, string]> = [
        ['missing amount', { amount: undefined }, 'amount', 'REQUIRED'],
        [
          'missing counterparty city',
          { counterparty: { countryCode: 'CN', bankName: 'B' } },
          'counterparty.city',
          'REQUIRED',
        ],
        [
          'blank bank name',
          { counterparty: { countryCode: 'CN', city: 'X', bankName: '   ' } },
          'counterparty.bankName',
          'REQUIRED',
        ],
        ['amount as a JSON number', { amount: { cost: 12500.5, currency: 'USD' } }, 'amount.cost', 'WRONG_TYPE'],
        ['amount as an object', { amount: { cost: { v: 1 }, currency: 'USD' } }, 'amount.cost', 'WRONG_TYPE'],
        ['amount with 3 decimals', { amount: { cost: '10.005', currency: 'USD' } }, 'amount.cost', 'AMOUNT_FORMAT'],
        ['amount with a comma', { amount: { cost: '10,5', currency: 'USD' } }, 'amount.cost', 'AMOUNT_FORMAT'],
        ['amount zero', { amount: { cost: '0.00', currency: 'USD' } }, 'amount.cost', 'AMOUNT_NOT_POSITIVE'],
        ['negative amount', { amount: { cost: '-5', currency: 'USD' } }, 'amount.cost', 'AMOUNT_FORMAT'],
        ['unknown currency', { amount: { cost: '10', currency: 'XYZ' } }, 'amount.currency', 'CURRENCY_UNKNOWN'],
        [
          'unknown country',
          { counterparty: { countryCode: 'ZZ', city: 'X', bankName: 'B' } },
          'counterparty.countryCode',
          'COUNTRY_UNKNOWN',
        ],
        [
          'bad SWIFT',
          { counterparty: { countryCode: 'CN', city: 'X', bankName: 'B', swift: 'BKCH' } },
          'counterparty.swift',
          'SWIFT_FORMAT',
        ],
        ['TN VED of 6 digits', { tnvedCode: '847130' }, 'tnvedCode', 'TNVED_FORMAT'],
        ['unknown TN VED', { tnvedCode: '0000000000' }, 'tnvedCode', 'TNVED_UNKNOWN'],
        ['wrong payment type', { paymentType: 'BUYING' }, 'paymentType', 'INVALID_VALUE'],
        ['payment type of wrong type', { paymentType: { value: 'SENDING' } }, 'paymentType', 'WRONG_TYPE'],
        ['counterparty of wrong type', { counterparty: 'CN' }, 'counterparty', 'WRONG_TYPE'],
        ['dates reversed', { paymentDateFrom: day(t, 10), paymentDateTo: day(t, 3) }, 'paymentDateTo', 'DATE_RANGE'],
        ['date in the past', { paymentDateFrom: day(t, -1) }, 'paymentDateFrom', 'DATE_IN_PAST'],
        ['impossible date', { paymentDateTo: '2031-02-30' }, 'paymentDateTo', 'DATE_FORMAT'],
        ['comment too long', { comment: 'я'.repeat(2001) }, 'comment', 'MAX_LENGTH'],
        ['unknown file', { fileIds: ['00000000-0000-4000-8000-000000000000'] }, 'fileIds.0', 'FILE_NOT_FOUND'],
        ['file id not a uuid', { fileIds: ['1'] }, 'fileIds.0', 'INVALID_FORMAT'],
        [
          'too many files',
          { fileIds: Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) },
          'fileIds',
          'TOO_MANY_FILES',
        ],
      ];
      const before = await t.snapshot();
      for (const [label, over, field, code] of cases) {
        const input = orderInput(t, over);
        for (const url of [`${BASE}/validation`, BASE]) {
          const res = await c.post(url, input);
          expect(res.statusCode, `${label} ${url}`).toBe(400);
          const body = res.json();
          expect(body.code).toBe('VALIDATION_ERROR');
          expect(body.errors, label).toContainEqual(expect.objectContaining({ field, code }));
          for (const e of body.errors) expect(e.message).toMatch(/[А-Яа-яЁё]/);
        }
      }
      expect(await t.snapshot()).toEqual(before);
    });

    it('reports the Russian rule texts', async () => {
      const res = await c.post(
        `${BASE}/validation`,
        orderInput(t, { paymentDateFrom: day(t, 9), paymentDateTo: day(t, 2), amount: { cost: '0', currency: 'USD' } }),
      );
      expect(res.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'paymentDateTo', code: 'DATE_RANGE', message: 'Дата окончания срока оплаты раньше даты начала' },
          { field: 'amount.cost', code: 'AMOUNT_NOT_POSITIVE', message: 'Сумма должна быть больше нуля' },
        ]),
      );
    });

    it('refuses duplicate file names (case-insensitively) and a file already attached, writing nothing', async () => {
      const a = await uploaded(c, 'Invoice.pdf', pdf(1500, 'dup-a'));
      const b = await uploaded(c, 'invoice.PDF', pdf(1500, 'dup-b'));
      const before = await t.snapshot();
      for (const url of [`${BASE}/validation`, BASE]) {
        const res = await c.post(url, orderInput(t, { fileIds: [a, b] }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: 'Файл с именем invoice.PDF уже загружен',
        });
        expect(res.json().errors).toEqual([
          { field: 'fileIds.1', code: 'FILE_DUPLICATE', message: 'Файл с именем invoice.PDF уже загружен' },
        ]);
      }
      expect(await t.snapshot()).toEqual(before);

      await created(c, orderInput(t, { fileIds: [a] }));
      const reuse = await c.post(BASE, orderInput(t, { fileIds: [b, a] }));
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().errors).toEqual([{ field: 'fileIds.1', code: 'FILE_NOT_FOUND', message: 'Файл не найден' }]);
      // b is still free after the refused attempt: nothing was half-written.
      const [bRow] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, b));
      expect(bRow.orderId).toBeNull();
    });

    it('attaches a file to one request only when two creates race for it', async () => {
      const fileId = await uploaded(c, 'race.pdf', pdf(1200, 'race'));
      const before = (await c.post(`${BASE}/filter/count`, {})).json().count as number;
      const [a, b] = await Promise.all([
        c.post(BASE, orderInput(t, { fileIds: [fileId] })),
        c.post(BASE, orderInput(t, { fileIds: [fileId] })),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
      const winner = (a.statusCode === 201 ? a : b).json();
      const loser = (a.statusCode === 201 ? b : a).json();
      expect(loser.errors).toEqual([{ field: 'fileIds.0', code: 'FILE_NOT_FOUND', message: 'Файл не найден' }]);
      expect((await c.post(`${BASE}/filter/count`, {})).json().count).toBe(before + 1);
      const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
      expect(row.orderId).toBe(winner.id);
    });

    it('refuses a total of more than 50 MB per request (three 20 MB PDFs), writing nothing', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await uploaded(c, `part-${i}.pdf`, pdf(20 * 1024 * 1024, `big-${i}`)));
      const before = await t.snapshot();
      for (const url of [`${BASE}/validation`, BASE]) {
        const res = await c.post(url, orderInput(t, { fileIds: ids }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Превышен размер файла' });
        expect(res.json().errors).toEqual([
          { field: 'fileIds', code: 'FILES_TOO_LARGE', message: 'Превышен размер файла' },
        ]);
      }
      expect(await t.snapshot()).toEqual(before);
      // Two of them (40 MB) are fine.
      const ok = await created(c, orderInput(t, { fileIds: ids.slice(0, 2) }));
      expect(ok.files).toHaveLength(2);
    });

    it('refuses an unverified company with 403 COMPANY_NOT_VERIFIED, writing nothing', async () => {
      const newbie = await t.signedIn('newclient@example.com');
      const fileId = await uploaded(c, 'contract.pdf', pdf(1000, 'newbie'));
      const before = await t.snapshot();
      const disk = diskFiles(t.config.dataDir);
      const up = await newbie.upload(`${BASE}/files`, 'contract.pdf', pdf(1000, 'newbie-own'));
      expect(up.statusCode).toBe(403);
      expect(up.json().code).toBe('COMPANY_NOT_VERIFIED');
      for (const url of [BASE, `${BASE}/validation`]) {
        const res = await newbie.post(url, orderInput(t, { fileIds: [fileId] }));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          code: 'COMPANY_NOT_VERIFIED',
          message:
            'Компания не верифицирована: создание заявок станет доступно после подтверждения электронной подписью',
        });
      }
      expect(await t.snapshot()).toEqual(before);
      expect(diskFiles(t.config.dataDir)).toEqual(disk);
      expect((await newbie.post(`${BASE}/filter/count`, {})).json().count).toBe(0);
    });

    it('refuses without the anti-forgery token, without a session and for other roles, writing nothing', async () => {
      // Sign the other roles in first: a sign-in itself writes (last login time).
      const others = await Promise.all(
        ['partner1@example.com', 'operator@example.com', 'agent@example.com'].map(
          async (email) => [email, await t.signedIn(email)] as const,
        ),
      );
      const before = await t.snapshot();
      const disk = diskFiles(t.config.dataDir);
      const input = orderInput(t);

      const noCsrf = await c.request('POST', BASE, { body: input, csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json()).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });
      const noCsrfUpload = await c.request('POST', `${BASE}/files`, {
        csrf: false,
        payload: 'x',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(noCsrfUpload.statusCode).toBe(403);
      expect(noCsrfUpload.json().retryCsrf).toBe(true);

      const anon = t.client();
      for (const [method, url, body] of [
        ['POST', BASE, input],
        ['POST', `${BASE}/validation`, input],
        ['POST', `${BASE}/filter`, {}],
        ['POST', `${BASE}/filter/count`, {}],
        ['GET', `${BASE}/1`, undefined],
        ['GET', `${BASE}/1/files/00000000-0000-4000-8000-000000000000`, undefined],
      ] as const) {
        const res = await anon.request(method, url, { body });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Unauthorized' });
      }
      expect((await anon.upload(`${BASE}/files`, 'a.pdf', pdf())).statusCode).toBe(401);

      for (const [email, other] of others) {
        for (const [method, url, body] of [
          ['POST', BASE, input],
          ['POST', `${BASE}/validation`, input],
          ['POST', `${BASE}/filter`, {}],
          ['POST', `${BASE}/filter/count`, {}],
          ['GET', `${BASE}/1`, undefined],
        ] as const) {
          const res = await other.request(method, url, { body });
          expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
        const up = await other.upload(`${BASE}/files`, 'a.pdf', pdf(1000, email));
        expect(up.statusCode).toBe(403);
      }
      expect(await t.snapshot()).toEqual(before);
      expect(diskFiles(t.config.dataDir)).toEqual(disk);
    });

    it('stores each content once on disk, named by its SHA-256', async () => {
      const content = pdf(2222, 'same-content');
      const a = await uploaded(c, 'a.pdf', content);
      const b = await uploaded(c, 'b.pdf', content);
      const rows = await t.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.sha256, (await t.db.select().from(storedFiles).where(eq(storedFiles.id, a)))[0].sha256));
      expect(rows.map((r) => r.id).sort()).toEqual([a, b].sort());
      const path = join(t.config.dataDir, 'files', rows[0].sha256);
      expect(readFileSync(path).equals(content)).toBe(true);
      expect(diskFiles(t.config.dataDir).contents.filter((n) => n === rows[0].sha256)).toHaveLength(1);
      expect(diskFiles(t.config.dataDir).tmp).toEqual([]);
    });
  });
}
