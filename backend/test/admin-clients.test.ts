/**
 * Operator administration of clients (issue 10; spec core §3 "Client status", "Operator client filter", §4 "Other
 * states", §5 search inputs, §7 Operator client/* and nalog/fns): filter semantics, every route with bad input, the
 * status changes and their effects (verification as a signed one, suspension ending live sessions), the audit entry
 * in the same transaction, the CLIENTS right.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markCompanyVerified } from '../src/accounts/company-verification.js';
import { hashPassword } from '../src/accounts/passwords.js';
import { auditLog } from '../src/db/schema/admin.js';
import { companies, users } from '../src/db/schema/core.js';
import { signedInOperator } from './admin-helpers.js';
import { createTestApp, DEMO_PASSWORD, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { BASE as CLIENT_ORDERS, orderInput } from './orders-helpers.js';

const C = '/api/secured/oper/client';
const FNS = '/api/secured/oper/nalog/fns';

/** Inserts a client company with one user; `createdAt` is when it joined the platform. */
async function insertClient(
  t: TestApp,
  v: { inn: string; ogrn: string; name: string; createdAt: Date; status?: string; email: string },
): Promise<number> {
  const [c] = await t.db
    .insert(companies)
    .values({
      kind: 'CLIENT',
      inn: v.inn,
      ogrn: v.ogrn,
      fullName: `ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «${v.name.toUpperCase()}»`,
      shortName: `ООО «${v.name}»`,
      status: v.status ?? 'NEW',
      signatureConfirmed: v.status === 'VERIFIED',
      createdAt: v.createdAt,
    })
    .returning({ id: companies.id });
  await t.db.insert(users).values({
    email: v.email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    accountType: 'CLIENT',
    name: 'Пётр',
    surname: 'Тестов',
    phone: '9161234567',
    companyId: c.id,
  });
  return c.id;
}

async function companyIdByInn(t: TestApp, inn: string): Promise<number> {
  const [c] = await t.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.inn, inn), eq(companies.kind, 'CLIENT')));
  return c.id;
}

async function auditCount(t: TestApp, companyId: number): Promise<number> {
  return t.db.$count(auditLog, and(eq(auditLog.entityType, 'CLIENT'), eq(auditLog.entityId, String(companyId))));
}

for (const driver of DRIVERS) {
  describe(`operator administration: clients [${driver}]`, () => {
    let t: TestApp;
    let oper: TestClient;
    let newcomerId: number;
    let verifiedId: number;
    let alphaId: number;
    let betaId: number;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      oper = await t.signedIn('operator@example.com');
      newcomerId = await companyIdByInn(t, '9701160591');
      verifiedId = await companyIdByInn(t, '7707393126');
      alphaId = await insertClient(t, {
        inn: '7704123450',
        ogrn: '1197746123453',
        name: 'Техноимпорт',
        createdAt: new Date('2025-03-10T23:30:00Z'),
        email: 'alpha@example.com',
      });
      betaId = await insertClient(t, {
        inn: '7810123451',
        ogrn: '1077800123455',
        name: 'Балтийская логистика',
        createdAt: new Date('2025-03-12T00:00:00Z'),
        status: 'SUSPENDED',
        email: 'beta@example.com',
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    const filter = async (body: unknown, query: Record<string, string> = {}) => {
      const res = await oper.post(`${C}/filter`, body, { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        content: Array<{ id: number; status: string; inn: string; contact: { email: string } | null }>;
        totalElements: number;
        page: number;
        pageSize: number;
        last: boolean;
      };
    };
    const count = async (body: unknown) => {
      const res = await oper.post(`${C}/filter/count`, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { count: number }).count;
    };

    it('lists only client companies, newest first, with contact and counts; count agrees (spec core §7, §9 page 10)', async () => {
      const all = await filter({});
      const ids = all.content.map((r) => r.id);
      expect(ids).toContain(newcomerId);
      expect(ids).toContain(verifiedId);
      expect(ids.indexOf(alphaId)).toBeGreaterThan(ids.indexOf(betaId));
      const kinds = await t.db.select({ id: companies.id, kind: companies.kind }).from(companies);
      for (const id of ids) expect(kinds.find((k) => k.id === id)?.kind).toBe('CLIENT');
      expect(all.totalElements).toBe(await count({}));
      expect(all.pageSize).toBe(10);
      const newcomer = all.content.find((r) => r.id === newcomerId)!;
      expect(newcomer).toMatchObject({ status: 'NEW', inn: '9701160591', contact: { email: 'newclient@example.com' } });
    });

    it('nameInn: digits are an INN prefix, other text a case-insensitive name (spec core §5)', async () => {
      const byInn = await filter({ nameInn: '9701160591' });
      expect(byInn.content.map((r) => r.id)).toEqual([newcomerId]);
      const byPrefix = await filter({ nameInn: '770' });
      expect(new Set(byPrefix.content.map((r) => r.id))).toEqual(new Set([verifiedId, alphaId]));
      const byName = await filter({ nameInn: 'новый импорт' });
      expect(byName.content.map((r) => r.id)).toEqual([newcomerId]);
      const byFullName = await filter({ nameInn: 'ОБЩЕСТВО техноимпорт' });
      expect(byFullName.content.map((r) => r.id)).toEqual([alphaId]);
      expect(await count({ nameInn: '770' })).toBe(2);
      expect((await filter({ nameInn: '%' })).totalElements).toBe(0);
    });

    it('clientStatus and regDateRange (inclusive UTC days) filter; paging with page and size', async () => {
      expect((await filter({ clientStatus: 'SUSPENDED' })).content.map((r) => r.id)).toEqual([betaId]);
      const period = await filter({ regDateRange: { from: '2025-03-10', to: '2025-03-12' } });
      expect(period.content.map((r) => r.id)).toEqual([betaId, alphaId]);
      expect((await filter({ regDateRange: { to: '2025-03-11' } })).content.map((r) => r.id)).toEqual([alphaId]);
      expect(
        (await filter({ regDateRange: { from: '2025-03-11', to: '2025-03-12' } })).content.map((r) => r.id),
      ).toEqual([betaId]);
      expect(await count({ regDateRange: { from: '2025-03-10', to: '2025-03-12' }, clientStatus: 'NEW' })).toBe(1);
      const first = await filter({}, { page: '0', size: '1' });
      const second = await filter({}, { page: '1', size: '1' });
      expect(first.content).toHaveLength(1);
      expect(second.content).toHaveLength(1);
      expect(first.content[0].id).not.toBe(second.content[0].id);
      expect(first.last).toBe(false);
      const total = first.totalElements;
      const lastPage = await filter({}, { page: String(total - 1), size: '1' });
      expect(lastPage.last).toBe(true);
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const before = await t.snapshot();
      const bad: Array<[string, string, unknown, Record<string, string>?]> = [
        ['POST', `${C}/filter`, { clientStatus: 'GONE' }],
        ['POST', `${C}/filter`, { regDateRange: { from: '2025-02-31' } }],
        ['POST', `${C}/filter`, { regDateRange: { from: '2025-03-12', to: '2025-03-10' } }],
        ['POST', `${C}/filter`, { nameInn: 'x'.repeat(201) }],
        ['POST', `${C}/filter`, {}, { size: '101' }],
        ['POST', `${C}/filter`, {}, { page: '-1' }],
        ['POST', `${C}/filter/count`, { regDateRange: { to: '12.03.2025' } }],
        ['GET', `${C}/abc`, undefined],
        ['GET', `${C}/0/card`, undefined],
        ['GET', `${C}/info`, undefined, { ogrn: '123' }],
        ['GET', `${C}/info`, undefined],
        ['GET', FNS, undefined, { ogrn: '12345678901234' }],
        ['POST', `${C}/${newcomerId}/status-change`, { status: 'BLOCKED' }],
        ['POST', `${C}/${newcomerId}/status-change`, { status: 'VERIFIED', comment: 'x'.repeat(1001) }],
        ['POST', `${C}/${newcomerId}/status-change`, {}],
      ];
      for (const [method, url, body, query] of bad) {
        const res = await oper.request(method, url, { body, query });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} ${JSON.stringify(query)}`).toBe(400);
      }
      expect(await t.snapshot()).toEqual(before);
    });

    it('GET client, checklist, card, info?ogrn; 404 for unknown ids and non-client companies', async () => {
      const row = await oper.get(`${C}/${verifiedId}`);
      expect(row.statusCode).toBe(200);
      expect(row.json()).toMatchObject({ id: verifiedId, status: 'VERIFIED', verified: true, inn: '7707393126' });
      expect((await oper.get(`${C}/${verifiedId}/checklist`)).statusCode).toBe(200);
      const card = await oper.get(`${C}/${verifiedId}/card`);
      expect(card.statusCode, card.body).toBe(200);
      const c = card.json();
      expect(c.company.ogrn).toBe('1177746126040');
      expect(c.users.map((u: { email: string }) => u.email)).toContain('client@example.com');
      expect(c.orders).toEqual(expect.objectContaining({ total: expect.any(Number) }));
      expect(c.allowedStatusChanges).toEqual(['NEW', 'SUSPENDED']);
      expect(c.verification.status).toBe('VERIFIED');
      const info = await oper.get(`${C}/info`, { query: { ogrn: '1207700123454' } });
      expect(info.json()).toMatchObject({ id: newcomerId, status: 'NEW' });
      expect((await oper.get(`${C}/info`, { query: { ogrn: '1027700132195' } })).json().code).toBe('CLIENT_NOT_FOUND');
      expect((await oper.get(`${C}/999999`)).statusCode).toBe(404);
      expect((await oper.get(`${C}/${alphaId}/checklist`)).json().code).toBe('CHECKLIST_NOT_FOUND');
      const [agent] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.kind, 'PARTNER'));
      expect((await oper.get(`${C}/${agent.id}/card`)).json().code).toBe('CLIENT_NOT_FOUND');
      expect((await oper.post(`${C}/${agent.id}/status-change`, { status: 'SUSPENDED' })).statusCode).toBe(404);
    });

    it('GET nalog/fns?ogrn reads the company registry: found, 404 unknown, 502 when it fails', async () => {
      const found = await oper.get(FNS, { query: { ogrn: '1207700123454' } });
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({ inn: '9701160591', shortName: 'ООО «Новый Импорт»' });
      const unknown = await oper.get(FNS, { query: { ogrn: '1000000000009' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('REGISTRY_COMPANY_NOT_FOUND');
      const registry = t.app.companyRegistry;
      const original = registry.byOgrn;
      registry.byOgrn = () => Promise.reject(new Error('down'));
      try {
        const failed = await oper.get(FNS, { query: { ogrn: '1207700123454' } });
        expect(failed.statusCode).toBe(502);
        expect(failed.json().code).toBe('REGISTRY_UNAVAILABLE');
      } finally {
        registry.byOgrn = original;
      }
    });

    it('VERIFIED by the operator: the client session can create a request at once, as after a signed verification', async () => {
      const client = await t.signedIn('newclient@example.com');
      const refused = await client.post(CLIENT_ORDERS, orderInput(t));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('COMPANY_NOT_VERIFIED');
      const res = await oper.post(`${C}/${newcomerId}/status-change`, { status: 'VERIFIED', comment: 'Проверено' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'VERIFIED', verified: true });
      expect(res.json().verifiedAt).toBeTruthy();
      const created = await client.post(CLIENT_ORDERS, orderInput(t));
      expect(created.statusCode, created.body).toBe(201);
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'CLIENT_STATUS_CHANGE'), eq(auditLog.entityId, String(newcomerId))));
      expect(entry).toMatchObject({
        entityType: 'CLIENT',
        before: { status: 'NEW' },
        after: { status: 'VERIFIED' },
        comment: 'Проверено',
      });
    });

    it('the same status → 409 STATUS_UNCHANGED and no audit entry', async () => {
      const entries = await auditCount(t, verifiedId);
      const before = await t.snapshot();
      const res = await oper.post(`${C}/${verifiedId}/status-change`, { status: 'VERIFIED' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('STATUS_UNCHANGED');
      expect(await auditCount(t, verifiedId)).toBe(entries);
      expect(await t.snapshot()).toEqual(before);
    });

    it('SUSPENDED: the live session gets 401 at once, sign-in 403 ACCOUNT_SUSPENDED; lifting it lets the client in', async () => {
      const client = await t.signedIn('alpha@example.com');
      expect((await client.get('/api/secured/client/info')).statusCode).toBe(200);
      const res = await oper.post(`${C}/${alphaId}/status-change`, { status: 'SUSPENDED', comment: 'Проверка' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('SUSPENDED');
      expect((await client.get('/api/secured/client/info')).statusCode).toBe(401);
      const login = await t.client().signIn('alpha@example.com');
      expect(login.statusCode).toBe(403);
      expect(login.json().code).toBe('ACCOUNT_SUSPENDED');
      // Lift the suspension back to NEW (the company was never verified).
      const lifted = await oper.post(`${C}/${alphaId}/status-change`, { status: 'NEW' });
      expect(lifted.json()).toMatchObject({ status: 'NEW', verified: false });
      expect((await t.client().signIn('alpha@example.com')).statusCode).toBe(200);
      expect(await auditCount(t, alphaId)).toBe(2);
    });

    it('SUSPENDED → VERIFIED lifts the suspension and verifies; VERIFIED → NEW makes it unverified again', async () => {
      const res = await oper.post(`${C}/${betaId}/status-change`, { status: 'VERIFIED' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'VERIFIED', verified: true });
      const client = await t.signedIn('beta@example.com');
      expect((await client.post(CLIENT_ORDERS, orderInput(t))).statusCode).toBe(201);
      const back = await oper.post(`${C}/${betaId}/status-change`, { status: 'NEW' });
      expect(back.json()).toMatchObject({ status: 'NEW', verified: false, verifiedAt: null });
      expect((await client.post(CLIENT_ORDERS, orderInput(t))).json().code).toBe('COMPANY_NOT_VERIFIED');
    });

    it('markCompanyVerified keeps a SUSPENDED company suspended unless the operator lifts the suspension', async () => {
      const id = await insertClient(t, {
        inn: '6620123451',
        ogrn: '1196658123452',
        name: 'Уралстанкоимпорт',
        createdAt: new Date('2024-01-01T00:00:00Z'),
        status: 'SUSPENDED',
        email: 'ural@example.com',
      });
      expect(await t.db.transaction((tx) => markCompanyVerified(tx, id, t.clock.now()))).toBe(false);
      const [kept] = await t.db.select().from(companies).where(eq(companies.id, id));
      expect(kept).toMatchObject({ status: 'SUSPENDED', signatureConfirmed: false });
      expect(await t.db.transaction((tx) => markCompanyVerified(tx, id, t.clock.now(), { liftSuspension: true }))).toBe(
        true,
      );
      const [lifted] = await t.db.select().from(companies).where(eq(companies.id, id));
      expect(lifted).toMatchObject({ status: 'VERIFIED', signatureConfirmed: true });
    });

    it('an operator without CLIENTS gets 403 RIGHT_REQUIRED on every route; nalog/fns admits PAYMENT_AGENTS', async () => {
      const { client: support } = await signedInOperator(t, {
        email: 'support-only@example.com',
        name: 'Ольга',
        surname: 'Поддержкина',
        roles: ['SUPPORT'],
      });
      const calls: Array<[string, string, unknown?, Record<string, string>?]> = [
        ['POST', `${C}/filter`, {}],
        ['POST', `${C}/filter/count`, {}],
        ['GET', `${C}/${newcomerId}`],
        ['GET', `${C}/${newcomerId}/checklist`],
        ['GET', `${C}/${newcomerId}/card`],
        ['GET', `${C}/info`, undefined, { ogrn: '1207700123454' }],
        ['POST', `${C}/${newcomerId}/status-change`, { status: 'SUSPENDED' }],
        ['GET', FNS, undefined, { ogrn: '1207700123454' }],
      ];
      const before = await t.snapshot();
      for (const [method, url, body, query] of calls) {
        const res = await support.request(method, url, { body, query });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('RIGHT_REQUIRED');
      }
      expect(await t.snapshot()).toEqual(before);
      await t.db
        .update(users)
        .set({ rights: ['PAYMENT_AGENTS'] })
        .where(eq(users.email, 'support-only@example.com'));
      expect((await support.get(FNS, { query: { ogrn: '1207700123454' } })).statusCode).toBe(200);
      const client = await t.signedIn('client@example.com');
      expect((await client.post(`${C}/filter`, {})).json().code).toBe('FORBIDDEN');
    });
  });
}
