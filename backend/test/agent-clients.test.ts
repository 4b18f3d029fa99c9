/**
 * The referral partner's clients (issue 11; spec core §3 "Client added by a partner", §5 "Adding a client as a partner
 * needs confirmation that the client approved the registration", §6 "Referral partner"): the seeded ACTIVE client and
 * the verification share, search, the registry lookup, adding a company new to the platform (one transaction, the
 * invitation mail, ACTIVE once the password is set by the link), a company already on the platform (consent requested,
 * accepted or declined by its users, never taken over), live links refused, bad input with codes and the database
 * unchanged, wrong roles, another partner's clients invisible, remove and extra contacts with audit entries, and no
 * half-written addition when the transaction fails.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/accounts/passwords.js';
import { auditLog } from '../src/db/schema/admin.js';
import { checklists } from '../src/db/schema/accounts.js';
import { companies, users } from '../src/db/schema/core.js';
import { referralClients } from '../src/db/schema/referral.js';
import { createTestApp, DEMO_PASSWORD, DRIVERS, type TestApp, type TestClient } from './harness.js';

const auditFailure = vi.hoisted(() => ({ on: false }));
vi.mock('../src/admin/audit.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../src/admin/audit.js')>();
  return {
    ...orig,
    recordAudit: async (...args: Parameters<typeof orig.recordAudit>) => {
      if (auditFailure.on) throw new Error('audit store down (test)');
      return orig.recordAudit(...args);
    },
  };
});

const BASE = '/api/secured/agent/clients';
/** Companies of the fake registry not on the platform yet (accounts/company-registry.ts DEMO_REGISTRY). */
const TECHNO = '1197746123453';
const BALTIC = '1077800123455';
const URAL = '1196658123452';
const LIQUIDATED = '1211650123453';
/** The seeded client companies: «ВЭД Трейд» (verified, the demo agent's ACTIVE client) and «Новый Импорт» (NEW). */
const VED_OGRN = '1177746126040';
const NEW_IMPORT_OGRN = '1207700123454';

const body = (over: Record<string, unknown> = {}) => ({
  ogrn: TECHNO,
  contact: {
    surname: 'Лебедев',
    name: 'Сергей',
    patronymic: 'Николаевич',
    email: 'lebedev@techno.example.com',
    phone: '9161112233',
    position: 'Директор',
  },
  countryCodes: ['CN', 'TR'],
  currencyCodes: ['CNY', 'USD'],
  monthlyVolume: '120000.50',
  monthlyPayments: 6,
  clientApproved: true,
  ...over,
});

interface ClientRow {
  id: number;
  status: string;
  company: { id: number; shortName: string; inn: string; ogrn: string };
  verified: boolean;
  monthlyVolume: string | null;
  monthlyPayments: number | null;
  contact: { email: string } | null;
  extraPhones: string[];
  extraEmails: string[];
}

for (const driver of DRIVERS)
  describe(`referral partner's clients, spec core §3 "Client added by a partner" [${driver}]`, () => {
    let t: TestApp;
    let agent: TestClient;
    let other: TestClient;
    let otherAgentCompanyId: number;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      agent = await t.signedIn('agent@example.com');
      const [c] = await t.db
        .insert(companies)
        .values({
          kind: 'AGENT',
          ogrn: '1157746000003',
          inn: '7701000005',
          fullName: 'ООО «Второй партнёр»',
          shortName: 'ООО «Второй партнёр»',
          status: 'VERIFIED',
          signatureConfirmed: true,
        })
        .returning({ id: companies.id });
      otherAgentCompanyId = c.id;
      await t.db.insert(users).values({
        email: 'agent2@example.com',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        accountType: 'AGENT',
        name: 'Олег',
        surname: 'Второв',
        companyId: c.id,
      });
      other = await t.signedIn('agent2@example.com');
    }, 60_000);
    afterAll(() => t.close());

    it('lists the seeded verified client with the §3 fields and the verification share 1 of 1', async () => {
      const page = await agent.post(`${BASE}/filter`, {}, { query: { page: '0' } });
      expect(page.statusCode).toBe(200);
      const p = page.json() as { content: ClientRow[]; totalElements: number; pageSize: number; last: boolean };
      expect(p.pageSize).toBe(10);
      expect(p.totalElements).toBe(1);
      expect(p.content[0]).toMatchObject({
        status: 'ACTIVE',
        verified: true,
        company: { ogrn: VED_OGRN, shortName: 'ООО «ВЭД Трейд»' },
        countryCodes: ['CN', 'TR', 'AE'],
        monthlyVolume: '250000.00',
        monthlyPayments: 12,
        contact: { email: 'client@example.com' },
      });
      expect((await agent.get(`${BASE}/share`)).json()).toEqual({ total: 1, verified: 1, percent: 100 });
      expect((await other.get(`${BASE}/share`)).json()).toEqual({ total: 0, verified: 0, percent: 0 });
      expect((await other.post(`${BASE}/filter`, {})).json()).toMatchObject({ totalElements: 0, content: [] });
    });

    it('searches by INN / OGRN prefix (digits) or name words (§5)', async () => {
      const count = async (search: string) =>
        ((await agent.post(`${BASE}/filter/count`, { search })).json() as { count: number }).count;
      expect(await count('7707')).toBe(1);
      expect(await count('117774')).toBe(1);
      expect(await count('вэд трейд')).toBe(1);
      expect(await count('9999')).toBe(0);
      expect(await count('Техно')).toBe(0);
    });

    it('wrong roles: 401 without a session, 403 for a client, an operator or a payment agent; 403 CSRF_INVALID', async () => {
      expect((await t.client().get(`${BASE}/share`)).statusCode).toBe(401);
      for (const email of ['client@example.com', 'operator@example.com', 'partner1@example.com']) {
        const c = await t.signedIn(email);
        const r = await c.post(`${BASE}/filter`, {});
        expect(r.statusCode).toBe(403);
        expect(r.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      const noCsrf = await agent.post(BASE, body(), { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json()).toMatchObject({ code: 'CSRF_INVALID' });
      const asClient = await (await t.signedIn('client@example.com')).get('/api/secured/client/referral/requests');
      expect(asClient.statusCode).toBe(200);
      expect((await agent.get('/api/secured/client/referral/requests')).statusCode).toBe(403);
    });

    it('registry lookup: data with onPlatform / hasPartner; 400 for a bad OGRN, 404 unknown, 502 registry down', async () => {
      const fresh = await agent.get(`${BASE}/registry`, { query: { ogrn: TECHNO } });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toMatchObject({
        shortName: 'ООО «Техноимпорт»',
        onPlatform: false,
        hasPartner: false,
        ownClient: false,
      });
      expect((await agent.get(`${BASE}/registry`, { query: { ogrn: NEW_IMPORT_OGRN } })).json()).toMatchObject({
        onPlatform: true,
        hasPartner: false,
      });
      expect((await other.get(`${BASE}/registry`, { query: { ogrn: VED_OGRN } })).json()).toMatchObject({
        onPlatform: true,
        hasPartner: true,
        ownClient: false,
      });
      for (const ogrn of ['123', '11977461234530', 'abcdefghijklm']) {
        const r = await agent.get(`${BASE}/registry`, { query: { ogrn } });
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      const unknown = await agent.get(`${BASE}/registry`, { query: { ogrn: '1027700000006' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'REGISTRY_COMPANY_NOT_FOUND' });
      const spy = vi.spyOn(t.app.companyRegistry, 'byOgrn').mockRejectedValueOnce(new Error('down'));
      const down = await agent.get(`${BASE}/registry`, { query: { ogrn: TECHNO } });
      spy.mockRestore();
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ code: 'REGISTRY_UNAVAILABLE' });
    });

    it('refuses bad input with the §5 codes and texts, and writes nothing', async () => {
      const before = await t.snapshot();
      const bad = await agent.post(
        BASE,
        body({
          ogrn: '1197746123454',
          contact: { surname: 'Smith', name: 'Сергей', email: 'nope', phone: '12345' },
          countryCodes: ['XX'],
          currencyCodes: ['XXX'],
          monthlyVolume: '0',
          clientApproved: false,
        }),
      );
      expect(bad.statusCode).toBe(400);
      const items = (bad.json() as { errors: Array<{ field: string; code: string; message: string }> }).errors;
      expect(items).toEqual(
        expect.arrayContaining([
          { field: 'ogrn', code: 'OGRN_INVALID', message: 'Некорректный ОГРН или ОГРНИП' },
          { field: 'contact.surname', code: 'RUSSIAN_LETTERS', message: 'Используйте русские буквы и дефис' },
          { field: 'contact.email', code: 'EMAIL_INVALID', message: 'Проверьте корректность данных' },
          { field: 'contact.phone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
          expect.objectContaining({ field: 'countryCodes.0', code: 'COUNTRY_INVALID' }),
          expect.objectContaining({ field: 'currencyCodes.0', code: 'CURRENCY_INVALID' }),
          expect.objectContaining({ field: 'monthlyVolume', code: 'MIN_VALUE' }),
          {
            field: 'clientApproved',
            code: 'CLIENT_APPROVAL_REQUIRED',
            message: 'Подтвердите, что клиент согласен на регистрацию',
          },
        ]),
      );
      const schemaBad = await agent.post(BASE, { ...body(), monthlyPayments: 0, extra: 1 });
      expect(schemaBad.statusCode).toBe(400);
      expect(schemaBad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      const liquidated = await agent.post(BASE, body({ ogrn: LIQUIDATED }));
      expect(liquidated.statusCode).toBe(400);
      expect(liquidated.json()).toMatchObject({ code: 'COMPANY_LIQUIDATED' });
      const taken = await agent.post(BASE, body({ contact: { ...body().contact, email: 'Partner1@Example.com' } }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'Этот адрес электронной почты уже используется' });
      const own = await agent.post(BASE, body({ ogrn: VED_OGRN }));
      expect(own.statusCode).toBe(409);
      expect(own.json()).toMatchObject({ code: 'CLIENT_ALREADY_ADDED' });
      const others = await other.post(BASE, body({ ogrn: VED_OGRN }));
      expect(others.statusCode).toBe(409);
      expect(others.json()).toMatchObject({
        code: 'CLIENT_HAS_PARTNER',
        message: 'Эту компанию уже обслуживает другой партнёр',
      });
      expect(await t.snapshot()).toEqual(before);
    });

    it('nothing half-written when the transaction fails midway (company, user, checklist, link roll back)', async () => {
      const before = await t.snapshot();
      auditFailure.on = true;
      try {
        const r = await agent.post(
          BASE,
          body({ ogrn: URAL, contact: { ...body().contact, email: 'ural@example.com' } }),
        );
        expect(r.statusCode).toBe(500);
      } finally {
        auditFailure.on = false;
      }
      expect(await t.snapshot()).toEqual(before);
    });

    it('adds a company new to the platform: company NEW, contact, checklist, link INVITED, audit; the invitation sets the password and the link becomes ACTIVE', async () => {
      const res = await agent.post(BASE, body());
      expect(res.statusCode).toBe(201);
      const answer = res.json() as { outcome: string; mailSent: boolean; client: ClientRow };
      expect(answer).toMatchObject({
        outcome: 'INVITED',
        mailSent: true,
        client: {
          status: 'INVITED',
          verified: false,
          company: { ogrn: TECHNO, shortName: 'ООО «Техноимпорт»' },
          monthlyVolume: '120000.50',
          monthlyPayments: 6,
          contact: { email: 'lebedev@techno.example.com' },
        },
      });
      const [company] = await t.db
        .select()
        .from(companies)
        .where(and(eq(companies.ogrn, TECHNO), eq(companies.kind, 'CLIENT')));
      expect(company).toMatchObject({ status: 'NEW', signatureConfirmed: false, inn: '7704123450' });
      const [checklist] = await t.db.select().from(checklists).where(eq(checklists.companyId, company.id));
      expect(checklist).toMatchObject({
        countryCodes: ['CN', 'TR'],
        paymentsNumber: 6,
        monthlyCurrencyPayment: 120000.5,
      });
      const [user] = await t.db.select().from(users).where(eq(users.email, 'lebedev@techno.example.com'));
      expect(user).toMatchObject({ accountType: 'CLIENT', companyId: company.id, name: 'Сергей', phone: '9161112233' });
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'REFERRAL_CLIENT_ADD'), eq(auditLog.entityId, String(company.id))));
      expect(entry.entityType).toBe('CLIENT');

      // The unusable password cannot sign in before the invitation is used.
      expect((await t.client().signIn('lebedev@techno.example.com', DEMO_PASSWORD)).statusCode).not.toBe(200);
      const mail = t.mailer.last('lebedev@techno.example.com');
      expect(mail?.text).toContain('/client/auth/forgot/pass?token=');
      expect(mail?.text).toContain('&invitation=1');
      expect(mail?.text).toContain('ИП Орлов Д. А.');
      const token = t.mailer.lastToken('lebedev@techno.example.com')!;
      const set = await t.client().post('/api/public/common/password/reset', {
        token,
        password: 'Client-2026!',
        passwordSecondTime: 'Client-2026!',
      });
      expect(set.statusCode).toBe(204);
      const [link] = await t.db.select().from(referralClients).where(eq(referralClients.id, answer.client.id));
      expect(link.status).toBe('ACTIVE');
      expect(link.activatedAt).not.toBeNull();
      expect((await t.client().signIn('lebedev@techno.example.com', 'Client-2026!')).statusCode).toBe(200);
      expect((await agent.get(`${BASE}/share`)).json()).toEqual({ total: 2, verified: 1, percent: 50 });
    });

    it("another partner's client is invisible: 404 on its card, removal and contacts", async () => {
      const [ved] = await t.db.select().from(referralClients).where(eq(referralClients.status, 'ACTIVE'));
      expect((await agent.get(`${BASE}/${ved.id}`)).json()).toMatchObject({ id: ved.id, status: 'ACTIVE' });
      for (const r of [
        await other.get(`${BASE}/${ved.id}`),
        await other.get(`${BASE}/card`, { query: { ogrn: VED_OGRN } }),
        await other.delete(`${BASE}/${ved.id}`),
        await other.put(`${BASE}/${ved.id}/contacts`, { extraPhones: [], extraEmails: [] }),
      ]) {
        expect(r.statusCode).toBe(404);
        expect(r.json()).toMatchObject({ code: 'REFERRAL_CLIENT_NOT_FOUND' });
      }
      expect((await agent.get(`${BASE}/card`, { query: { ogrn: '12345' } })).statusCode).toBe(400);
      expect((await agent.delete(`${BASE}/0`)).statusCode).toBe(400);
    });

    it('the card: company fields, contact, checklist, link data, verified and the number of requests', async () => {
      const r = await agent.get(`${BASE}/card`, { query: { ogrn: VED_OGRN } });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({
        client: { status: 'ACTIVE', verified: true, contact: { email: 'client@example.com' } },
        company: { inn: '7707393126', kpp: '770701001', ceo: { lastName: 'Смирнов' }, signatureConfirmed: true },
        checklist: { countryCodes: ['CN', 'TR', 'AE'] },
        orderCount: expect.any(Number),
      });
    });

    it('extra contacts: normalised, validated (§5), at most 5, audited', async () => {
      const [ved] = await t.db.select().from(referralClients).where(eq(referralClients.status, 'ACTIVE'));
      const bad = await agent.put(`${BASE}/${ved.id}/contacts`, { extraPhones: ['123'], extraEmails: ['x@'] });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { errors: unknown[] }).errors).toEqual([
        { field: 'extraPhones.0', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
        { field: 'extraEmails.0', code: 'EMAIL_INVALID', message: 'Проверьте корректность данных' },
      ]);
      const many = await agent.put(`${BASE}/${ved.id}/contacts`, {
        extraPhones: ['9000000001', '9000000002', '9000000003', '9000000004', '9000000005', '9000000006'],
        extraEmails: [],
      });
      expect(many.statusCode).toBe(400);
      const ok = await agent.put(`${BASE}/${ved.id}/contacts`, {
        extraPhones: ['9000000001', '9000000001', ' '],
        extraEmails: ['Buh@Ved.example.com', 'buh@ved.example.com'],
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ extraPhones: ['9000000001'], extraEmails: ['buh@ved.example.com'] });
      const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'REFERRAL_CLIENT_CONTACTS'));
      expect(entries).toHaveLength(1);
    });

    it('a company already on the platform needs consent: CONSENT_REQUESTED, its users mailed, the partner sees no card data until accepted; decline ends it', async () => {
      const r = await agent.post(
        BASE,
        body({ ogrn: NEW_IMPORT_OGRN, contact: { ...body().contact, email: 'newclient@example.com' } }),
      );
      expect(r.statusCode).toBe(201);
      const answer = r.json() as { outcome: string; client: ClientRow };
      expect(answer).toMatchObject({ outcome: 'CONSENT_REQUESTED', client: { status: 'CONSENT_REQUESTED' } });
      expect(t.mailer.last('newclient@example.com')?.subject).toBe('Партнёр просит согласия на обслуживание компании');
      const [company] = await t.db.select().from(companies).where(eq(companies.ogrn, NEW_IMPORT_OGRN));
      expect(company.status).toBe('NEW');
      // The company's own checklist is not overwritten by the partner's estimates.
      const [checklist] = await t.db.select().from(checklists).where(eq(checklists.companyId, company.id));
      expect(checklist.paymentsNumber).toBe(4);
      // Another partner cannot ask too while the request is pending.
      expect(
        (
          await other.post(
            BASE,
            body({ ogrn: NEW_IMPORT_OGRN, contact: { ...body().contact, email: 'x@example.com' } }),
          )
        ).statusCode,
      ).toBe(409);

      const client = await t.signedIn('newclient@example.com');
      const list = await client.get('/api/secured/client/referral/requests');
      expect(list.json()).toEqual([
        expect.objectContaining({ id: answer.client.id, partner: expect.objectContaining({ name: 'ИП Орлов Д. А.' }) }),
      ]);
      // Another company's user cannot answer it.
      const stranger = await t.signedIn('client@example.com');
      const foreign = await stranger.post(`/api/secured/client/referral/requests/${answer.client.id}/accept`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'REFERRAL_REQUEST_NOT_FOUND' });

      expect((await client.post(`/api/secured/client/referral/requests/${answer.client.id}/decline`)).statusCode).toBe(
        204,
      );
      expect((await client.get('/api/secured/client/referral/requests')).json()).toEqual([]);
      expect((await agent.get(`${BASE}/card`, { query: { ogrn: NEW_IMPORT_OGRN } })).statusCode).toBe(404);
      expect((await client.post(`/api/secured/client/referral/requests/${answer.client.id}/accept`)).statusCode).toBe(
        404,
      );

      // Asked again, accepted: the link becomes ACTIVE.
      const again = await other.post(
        BASE,
        body({ ogrn: NEW_IMPORT_OGRN, contact: { ...body().contact, email: 'newclient@example.com' } }),
      );
      expect(again.statusCode).toBe(201);
      const id = (again.json() as { client: ClientRow }).client.id;
      expect((await client.post(`/api/secured/client/referral/requests/${id}/accept`)).statusCode).toBe(204);
      const [link] = await t.db.select().from(referralClients).where(eq(referralClients.id, id));
      expect(link).toMatchObject({ status: 'ACTIVE', partnerCompanyId: otherAgentCompanyId });
      const card = await other.get(`${BASE}/card`, { query: { ogrn: NEW_IMPORT_OGRN } });
      expect(card.statusCode).toBe(200);
      expect(card.json()).toMatchObject({ client: { status: 'ACTIVE', verified: false } });
    });

    it('a partner acting for his client (re-login) cannot answer a consent request for the company (§6 original client)', async () => {
      const relogged = await t.signedIn('agent@example.com');
      const [ved] = await t.db
        .select()
        .from(referralClients)
        .innerJoin(companies, eq(companies.id, referralClients.clientCompanyId))
        .where(and(eq(companies.ogrn, VED_OGRN), eq(referralClients.status, 'ACTIVE')));
      const r = await relogged.post(`${BASE}/${ved.referral_clients.id}/relogin`);
      expect(r.statusCode).toBe(200);
      const refused = await relogged.post(`/api/secured/client/referral/requests/${ved.referral_clients.id}/accept`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ORIGINAL_CLIENT_REQUIRED' });
      // The partner's own area is closed while he acts as the client.
      expect((await relogged.get(`${BASE}/share`)).statusCode).toBe(403);
    });

    it('removes a client: link REMOVED, company and users stay, audit; it can be added again afterwards', async () => {
      const added = await agent.post(
        BASE,
        body({ ogrn: BALTIC, contact: { ...body().contact, email: 'baltic@example.com' } }),
      );
      expect(added.statusCode).toBe(201);
      const id = (added.json() as { client: ClientRow }).client.id;
      const del = await agent.delete(`${BASE}/${id}`);
      expect(del.statusCode).toBe(204);
      expect((await agent.delete(`${BASE}/${id}`)).statusCode).toBe(404);
      const [link] = await t.db.select().from(referralClients).where(eq(referralClients.id, id));
      expect(link.status).toBe('REMOVED');
      expect(link.endedAt).not.toBeNull();
      expect(await t.db.select().from(users).where(eq(users.email, 'baltic@example.com'))).toHaveLength(1);
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'REFERRAL_CLIENT_REMOVE'))).toHaveLength(1);
      const count = (await agent.post(`${BASE}/filter/count`, { search: 'Балтийская' })).json() as { count: number };
      expect(count.count).toBe(0);
      // The company is on the platform now: adding it again asks its consent.
      const re = await agent.post(
        BASE,
        body({ ogrn: BALTIC, contact: { ...body().contact, email: 'baltic@example.com' } }),
      );
      expect(re.statusCode).toBe(201);
      expect(re.json()).toMatchObject({ outcome: 'CONSENT_REQUESTED' });
    });
  });
