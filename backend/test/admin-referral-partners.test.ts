/**
 * Operator administration of referral partners (issue 10; spec core §3 "Referral partner", §4 "Other states", §5):
 * list and count, create with invitation → password by the mailed link → sign-in as AGENT, validation with the
 * database unchanged, duplicate e-mail, update audit, block (live session 401, sign-in 403) / unblock, documents
 * (upload with type by content, 50 MB limit, bad type refused, list, download, delete unsigned / signed refused),
 * and 403 RIGHT_REQUIRED without the REFERRAL_PARTNERS right.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, referralPartnerDocuments } from '../src/db/schema/admin.js';
import { companies, users } from '../src/db/schema/core.js';
import { insertOperator } from './admin-helpers.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { multipart } from './multipart-helpers.js';

const BASE = '/api/secured/oper/agents';
const SBER = '044525225';
const SBER_ACC = '40702810938000000001';
/** ООО «ВЭД Трейд» in the fake registry (names and address are filled from it). */
const REGISTRY_OGRN = '1177746126040';
const REGISTRY_INN = '7707393126';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const partnerBody = (over: Record<string, unknown> = {}) => ({
  ogrn: REGISTRY_OGRN,
  inn: REGISTRY_INN,
  email: 'new-partner@example.com',
  phone: '9161234567',
  extraPhones: ['9167654321'],
  extraEmails: ['Accounting@Example.com'],
  comment: 'Привёл трёх клиентов',
  representative: 'Иванов Иван, директор',
  actualAddress: 'г. Москва, ул. Новая, д. 1',
  contractNumber: 'АГ-17',
  contractDate: '2026-01-15',
  commissionPercent: '12,5',
  bankRequisites: [{ bankBik: SBER, checkAccount: SBER_ACC }],
  ...over,
});

for (const driver of DRIVERS)
  describe(`referral partners administration, spec core §3 "Referral partner" [${driver}]`, () => {
    let t: TestApp;
    let admin: TestClient;
    let created: { id: number; userId: number };

    beforeAll(async () => {
      t = await createTestApp({ driver });
      admin = await t.signedIn('operator@example.com');
      await insertOperator(t, {
        email: 'orders-only@example.com',
        name: 'Пётр',
        surname: 'Заявкин',
        roles: ['OPERATOR'],
      });
    }, 60_000);
    afterAll(() => t.close());

    it('lists the seeded partner and finds it by INN, OGRN, name and status (§5 search)', async () => {
      const all = await admin.post(`${BASE}/filter`, {}, { query: { page: '0', size: '10' } });
      expect(all.statusCode).toBe(200);
      const page = all.json();
      expect(page).toMatchObject({ page: 0, pageSize: 10, last: true });
      expect(page.content.map((p: { email: string }) => p.email)).toContain('agent@example.com');
      const seeded = page.content.find((p: { email: string }) => p.email === 'agent@example.com');
      expect(seeded).toMatchObject({ kind: 'SOLE_PROPRIETOR', status: 'ACTIVE', inn: '772012345670' });
      for (const query of ['7720123', '3197746', 'орлов'])
        expect((await admin.post(`${BASE}/filter`, { query })).json().totalElements, query).toBe(1);
      expect((await admin.post(`${BASE}/filter`, { query: 'нет такого' })).json().totalElements).toBe(0);
      expect((await admin.post(`${BASE}/filter`, { status: 'BLOCKED' })).json().totalElements).toBe(0);
      expect((await admin.post(`${BASE}/filter/count`, { status: 'ACTIVE' })).json()).toEqual({
        count: page.totalElements,
      });
      expect((await admin.post(`${BASE}/filter`, { status: 'GONE' })).statusCode).toBe(400);
    });

    it('refuses bad input with field items and leaves the database unchanged (§5)', async () => {
      const before = await t.snapshot();
      const res = await admin.post(
        BASE,
        partnerBody({
          ogrn: '1177746126041',
          inn: '123',
          email: 'not-an-email',
          phone: '12345',
          extraPhones: ['1'],
          contractDate: '2026-02-30',
          commissionPercent: '100',
          bankRequisites: [{ bankBik: '04452522', checkAccount: '1' }],
        }),
      );
      expect(res.statusCode).toBe(400);
      const fields = (res.json().errors as { field: string; code: string }[]).map((e) => `${e.field}:${e.code}`);
      expect(fields).toEqual(
        expect.arrayContaining([
          'ogrn:OGRN_INVALID',
          'inn:INN_INVALID',
          'email:EMAIL_INVALID',
          'phone:PHONE_INVALID',
          'extraPhones.0:PHONE_INVALID',
          'contractDate:DATE_INVALID',
          'commissionPercent:PERCENT_INVALID',
          'bankRequisites.0.bankBik:BIK_INVALID',
        ]),
      );
      // An OGRN the registry does not know needs names and address.
      const unknown = await admin.post(BASE, partnerBody({ ogrn: '1027700132195', inn: '7707083893' }));
      expect(unknown.statusCode).toBe(400);
      expect(
        unknown
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['fullName', 'legalAddress', 'shortName']);
      // The login e-mail of another account.
      const taken = await admin.post(BASE, partnerBody({ email: 'client@example.com' }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 'EMAIL_TAKEN',
        message: 'Этот адрес электронной почты уже используется',
      });
      expect(await t.snapshot()).toEqual(before);
    });

    it('creates a partner (company AGENT, user AGENT, profile, requisites, audit), mails the invitation; the password set by the link signs in as AGENT', async () => {
      const res = await admin.post(BASE, partnerBody());
      expect(res.statusCode).toBe(201);
      const card = res.json();
      expect(card).toMatchObject({
        kind: 'LEGAL_ENTITY',
        ogrn: REGISTRY_OGRN,
        shortName: 'ООО «ВЭД Трейд»',
        legalAddress: '125009, г. Москва, ул. Тверская, д. 7',
        actualAddress: 'г. Москва, ул. Новая, д. 1',
        email: 'new-partner@example.com',
        phone: '9161234567',
        extraPhones: ['9167654321'],
        extraEmails: ['accounting@example.com'],
        commissionPercent: '12.5',
        contractNumber: 'АГ-17',
        contractDate: '2026-01-15',
        status: 'ACTIVE',
        invitationSent: true,
        bankRequisites: [{ bankBik: SBER, checkAccount: SBER_ACC, bankName: 'ПАО Сбербанк', index: 1 }],
      });
      created = { id: card.id, userId: card.userId };
      const [company] = await t.db.select().from(companies).where(eq(companies.id, card.id));
      expect(company).toMatchObject({ kind: 'AGENT', status: 'VERIFIED' });
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'REFERRAL_PARTNER_CREATE'));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ entityType: 'REFERRAL_PARTNER', entityId: String(card.id) });

      expect(card.invitationAccepted).toBe(false);
      expect((await admin.post(`${BASE}/${card.id}/invitation`)).statusCode).toBe(429);
      t.clock.advance(121_000);
      expect((await admin.post(`${BASE}/${card.id}/invitation`)).statusCode).toBe(204);
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'REFERRAL_PARTNER_INVITATION'))).toHaveLength(
        1,
      );
      // No usable password yet.
      expect((await t.client().signIn('new-partner@example.com')).statusCode).not.toBe(200);
      const mail = t.mailer.last('new-partner@example.com');
      expect(mail?.text).toContain('/agent/auth/forgot/pass?token=');
      const token = t.mailer.lastToken('new-partner@example.com')!;
      const set = await t.client().post('/api/public/common/password/reset', {
        token,
        password: 'Partner-2026!',
        passwordSecondTime: 'Partner-2026!',
      });
      expect(set.statusCode).toBe(204);
      const partner = t.client();
      expect((await partner.signIn('new-partner@example.com', 'Partner-2026!')).statusCode).toBe(200);
      const me = await partner.get('/api/secured/common/current/user');
      expect(me.json().account.type).toBe('AGENT');
      // Signed in: the invitation cannot be sent again.
      const again = await admin.post(`${BASE}/${card.id}/invitation`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('INVITATION_ACCEPTED');
      expect((await admin.get(`${BASE}/${card.id}`)).json().invitationAccepted).toBe(true);

      // Duplicate OGRN and resending the invitation too early.
      const dup = await admin.post(BASE, partnerBody({ email: 'other@example.com' }));
      expect(dup.statusCode).toBe(409);
      expect(dup.json().code).toBe('PARTNER_DUPLICATE');
    });

    it('reads the card, 404 for a missing or non-partner id, 400 for a non-numeric id', async () => {
      // Paging, newest first: the new partner, then the seeded one.
      const first = (await admin.post(`${BASE}/filter`, {}, { query: { page: '0', size: '1' } })).json();
      const second = (await admin.post(`${BASE}/filter`, {}, { query: { page: '1', size: '1' } })).json();
      expect(first).toMatchObject({
        totalElements: 2,
        last: false,
        content: [{ id: created.id, phone: '9161234567' }],
      });
      expect(second).toMatchObject({ totalElements: 2, last: true, content: [{ email: 'agent@example.com' }] });
      const card = await admin.get(`${BASE}/${created.id}`);
      expect(card.statusCode).toBe(200);
      expect(card.json().representative).toBe('Иванов Иван, директор');
      expect((await admin.get(`${BASE}/999999`)).json().code).toBe('PARTNER_NOT_FOUND');
      const [client] = await t.db.select().from(users).where(eq(users.email, 'client@example.com'));
      expect((await admin.get(`${BASE}/${client.companyId}`)).statusCode).toBe(404);
      expect((await admin.get(`${BASE}/abc`)).statusCode).toBe(400);
    });

    it('updates with an audit entry holding only the changed fields; an unchanged save writes no entry', async () => {
      const res = await admin.put(
        `${BASE}/${created.id}`,
        partnerBody({ commissionPercent: '15', comment: 'Новый комментарий', bankRequisites: [] }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ commissionPercent: '15', comment: 'Новый комментарий', bankRequisites: [] });
      const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'REFERRAL_PARTNER_UPDATE'));
      expect(entries).toHaveLength(1);
      expect(entries[0].before).toEqual({
        comment: 'Привёл трёх клиентов',
        commissionPercent: '12.5',
        bankRequisites: [{ bankBik: SBER, checkAccount: SBER_ACC }],
      });
      expect(entries[0].after).toEqual({ comment: 'Новый комментарий', commissionPercent: '15', bankRequisites: [] });
      const again = await admin.put(
        `${BASE}/${created.id}`,
        partnerBody({ commissionPercent: '15', comment: 'Новый комментарий', bankRequisites: [] }),
      );
      expect(again.statusCode).toBe(200);
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'REFERRAL_PARTNER_UPDATE'))).toHaveLength(1);
      const taken = await admin.put(`${BASE}/${created.id}`, partnerBody({ email: 'agent@example.com' }));
      expect(taken.statusCode).toBe(409);
    });

    it('blocks (live session 401, sign-in 403 ACCOUNT_SUSPENDED) and unblocks (sign-in again), §4', async () => {
      const partner = await t.signedIn('agent@example.com');
      expect((await partner.get('/api/secured/common/current/user')).statusCode).toBe(200);
      const [agentUser] = await t.db.select().from(users).where(eq(users.email, 'agent@example.com'));
      const id = agentUser.companyId!;
      const blocked = await admin.post(`${BASE}/${id}/block`);
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json().status).toBe('BLOCKED');
      expect((await partner.get('/api/secured/common/current/user')).statusCode).toBe(401);
      const refused = await t.client().signIn('agent@example.com');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ACCOUNT_SUSPENDED');
      expect((await admin.post(`${BASE}/filter/count`, { status: 'BLOCKED' })).json().count).toBe(1);
      const unblocked = await admin.post(`${BASE}/${id}/unblock`);
      expect(unblocked.json().status).toBe('ACTIVE');
      expect((await t.client().signIn('agent@example.com')).statusCode).toBe(200);
      const actions = (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityType, 'REFERRAL_PARTNER'), eq(auditLog.entityId, String(id))))
      ).map((a) => a.action);
      expect(actions).toEqual(['REFERRAL_PARTNER_BLOCK', 'REFERRAL_PARTNER_UNBLOCK']);
    });

    it('documents and acts: upload (type by content), list, download, delete unsigned; signed refused (§3, §5)', async () => {
      const url = `${BASE}/${created.id}/documents`;
      const up = await admin.request('POST', url, {
        ...multipart(
          { type: 'ACT', name: 'Акт за январь', number: '1', description: 'Вознаграждение' },
          { name: 'акт.pdf', content: PDF },
        ),
      });
      expect(up.statusCode).toBe(201);
      const doc = up.json();
      expect(doc).toMatchObject({
        type: 'ACT',
        name: 'Акт за январь',
        number: '1',
        description: 'Вознаграждение',
        file: { name: 'акт.pdf', size: PDF.length, mime: 'application/pdf' },
        agentSignature: null,
        operatorSignature: null,
        createdBy: { email: 'operator@example.com' },
      });
      const list = await admin.get(url);
      expect(list.json().map((d: { id: number }) => d.id)).toEqual([doc.id]);
      const content = await admin.get(`${url}/${doc.id}/content`);
      expect(content.statusCode).toBe(200);
      expect(content.headers['content-type']).toBe('application/pdf');
      expect(content.rawPayload.equals(PDF)).toBe(true);

      // Refusals store nothing: a bad type, fields missing, not multipart.
      const before = await t.snapshot();
      const exe = await admin.request('POST', url, {
        ...multipart(
          { type: 'DOCUMENT', name: 'Программа' },
          { name: 'a.pdf', content: Buffer.from('MZ\x90\x00binary') },
        ),
      });
      expect(exe.statusCode).toBe(415);
      expect(exe.json().code).toBe('UNSUPPORTED_FILE_TYPE');
      const noName = await admin.request('POST', url, {
        ...multipart({ type: 'CONTRACT' }, { name: 'a.pdf', content: PDF }),
      });
      expect(noName.statusCode).toBe(400);
      expect(
        noName
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['name', 'type']);
      expect((await admin.post(url, { type: 'ACT' })).statusCode).toBe(415);
      expect(await t.snapshot()).toEqual(before);

      // A signed document cannot be removed.
      const second = await admin.request('POST', url, {
        ...multipart({ type: 'DOCUMENT', name: 'Договор' }, { name: 'd.pdf', content: PDF }),
      });
      const signedId = second.json().id as number;
      // Signing is the next issue's: mark the document signed by a signature id with the foreign key checks off.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx
          .update(referralPartnerDocuments)
          .set({ operatorSignatureId: 999_999 })
          .where(eq(referralPartnerDocuments.id, signedId));
      });
      const refused = await admin.delete(`${url}/${signedId}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('DOCUMENT_SIGNED');

      const del = await admin.delete(`${url}/${doc.id}`);
      expect(del.statusCode).toBe(204);
      expect((await admin.get(url)).json().map((d: { id: number }) => d.id)).not.toContain(doc.id);
      expect((await admin.get(`${url}/${doc.id}/content`)).statusCode).toBe(404);
      expect((await admin.delete(`${url}/${doc.id}`)).statusCode).toBe(404);
      const actions = (
        await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'REFERRAL_PARTNER_DOCUMENT'))
      ).map((a) => a.action);
      expect(actions.filter((a) => a === 'REFERRAL_PARTNER_DOCUMENT_ADD')).toHaveLength(2);
      expect(actions).toContain('REFERRAL_PARTNER_DOCUMENT_DELETE');
    });

    it('refuses a file over 50 MB with 413 FILE_TOO_LARGE and stores nothing (§5, §8)', async () => {
      const before = await t.snapshot();
      const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
      PDF.copy(big);
      const res = await admin.request('POST', `${BASE}/${created.id}/documents`, {
        ...multipart({ type: 'ACT', name: 'Большой' }, { name: 'big.pdf', content: big }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Превышен размер файла' });
      expect(await t.snapshot()).toEqual(before);
    }, 60_000);

    it('answers 403 RIGHT_REQUIRED to an operator without the REFERRAL_PARTNERS right, 403 FORBIDDEN to a partner', async () => {
      const oper = await t.signedIn('orders-only@example.com');
      const calls: [string, string, unknown?][] = [
        ['POST', `${BASE}/filter`, {}],
        ['POST', `${BASE}/filter/count`, {}],
        ['POST', BASE, partnerBody({ email: 'x@example.com' })],
        ['GET', `${BASE}/${created.id}`],
        ['PUT', `${BASE}/${created.id}`, partnerBody()],
        ['POST', `${BASE}/${created.id}/block`],
        ['POST', `${BASE}/${created.id}/unblock`],
        ['POST', `${BASE}/${created.id}/invitation`],
        ['GET', `${BASE}/${created.id}/documents`],
        ['GET', `${BASE}/${created.id}/documents/1/content`],
        ['DELETE', `${BASE}/${created.id}/documents/1`],
      ];
      for (const [method, url, body] of calls) {
        const res = await oper.request(method, url, body === undefined ? {} : { body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code, `${method} ${url}`).toBe('RIGHT_REQUIRED');
      }
      const partner = await t.signedIn('agent@example.com');
      expect((await partner.post(`${BASE}/filter`, {})).json().code).toBe('FORBIDDEN');
    });
  });
