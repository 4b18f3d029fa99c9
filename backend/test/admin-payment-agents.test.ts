/**
 * Payment agents administered by operators (issue 10; spec core §3 "Payment agent profile", §4 "Other states", §5,
 * §7 Operator partners/*): create with the login account and the invitation (→ password → PARTNER sign-in), bad
 * input leaving the database unchanged, duplicate e-mail, update audit with the changed fields, block (live session
 * ends, sign-in refused, left out of the active list, cannot be sent requests, cannot send offers) and unblock, the
 * fit in scoring and the override needed to send a request that does not fit, and the right PAYMENT_AGENTS.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/admin.js';
import { companies, users } from '../src/db/schema/core.js';
import { partnerOrders } from '../src/db/schema/orders.js';
import { signedInOperator } from './admin-helpers.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { actors, newOrder, OPER, PORDER, type Actors } from './deal-helpers.js';
import { offerBody } from './deal-partner-helpers.js';
import { day } from './orders-helpers.js';

const AGENTS = '/api/secured/oper/partners';
const NEW_PASSWORD = 'Agent-Pass-1!';

let seq = 0;
/** A valid INN of 10 digits (check digit computed). */
function inn10(body: string): string {
  const w = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const d = [...body].map(Number);
  return body + String((w.reduce((s, x, i) => s + x * d[i], 0) % 11) % 10);
}
/** A valid OGRN of 13 digits. */
function ogrn13(body: string): string {
  return body + String(Number((BigInt(body) % 11n) % 10n));
}

function agentInput(email: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  const n = String(100 + seq).padStart(3, '0');
  return {
    inn: inn10(`770${n}123`),
    ogrn: ogrn13(`1207700${n}12`),
    kpp: '770101001',
    fullName: `Общество с ограниченной ответственностью «Гамма ${n}»`,
    shortName: `ООО «Гамма ${n}»`,
    legalAddress: '123100, г. Москва, Пресненская наб., д. 12',
    registrationDate: '2020-03-15',
    ceoLastName: 'Смирнов',
    ceoFirstName: 'Олег',
    ceoMiddleName: 'Петрович',
    brand: `Гамма Пэй ${n}`,
    site: 'https://gamma.example.com',
    groupOfCompanies: true,
    groupDescription: 'Группа «Гамма»',
    beneficiaries: [{ name: 'Смирнов Олег Петрович', share: '100', owner: true }],
    contacts: [
      {
        surname: 'Иванова',
        name: 'Мария',
        patronymic: null,
        responsibilities: 'Платежи',
        phone: '9161234567',
        email: 'maria@gamma.example.com',
      },
    ],
    clientDirection: 'IMPORT',
    goodsImportRule: 'UNIMPORTANT',
    minMonthlyVolumeUsd: '10000.00',
    minPaymentUsd: '3000.00',
    supportedCountries: ['CN', 'TR'],
    unsupportedPurposes: 'Криптовалюта',
    requiredClosingDocuments: 'Акт, SWIFT-подтверждение',
    currencies: [
      {
        currencyCode: 'USD',
        rateSource: 'ЦБ РФ',
        rateRules: 'Курс ЦБ + 1%',
        rateTime: 'на 10:00 МСК',
        comment: null,
        indicativeRate: '92.5000',
      },
    ],
    limits: [{ currencyCode: 'USD', amountFrom: '5000.00', amountTo: '500000.00' }],
    expertConclusion: 'Надёжный агент',
    paymentCompanies: [
      {
        name: 'ООО «Гамма Расчёты»',
        inn: '7707083893',
        kpp: '770701001',
        ogrn: '1027700132195',
        legalAddress: '117997, г. Москва, ул. Вавилова, д. 19',
        actualAddressSameAsLegal: true,
        actualAddress: null,
        requisites: [
          {
            currencyCode: 'RUB',
            bankName: 'ПАО Сбербанк',
            bankBik: '044525225',
            swift: 'SABRRUMM',
            checkAccount: '40702810900000012345',
            corrAccount: '30101810400000000225',
          },
        ],
      },
    ],
    licenseNumber: 'ЛД-7/2026',
    licenseDate: '2026-01-20',
    serviceCommissionPercent: '0.5',
    signRequired: true,
    email,
    ...over,
  };
}

for (const driver of DRIVERS) {
  describe(`payment agents administration (issue 10; spec core §3 "Payment agent profile", §7) [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    let oper: TestClient;

    const audit = (entityType: string, entityId: number | string) =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))));

    /** Creates an agent and sets its password through the invitation; its company id and signed-in client. */
    async function onboarded(email: string, over: Record<string, unknown> = {}) {
      const res = await oper.post(AGENTS, agentInput(email, over));
      expect(res.statusCode, res.body).toBe(200);
      const token = t.mailer.lastToken(email);
      expect(token).toBeDefined();
      const reset = await t
        .client()
        .post('/api/public/common/password/reset', { token, password: NEW_PASSWORD, passwordSecondTime: NEW_PASSWORD });
      expect(reset.statusCode, reset.body).toBe(204);
      return { id: res.json().id as number, agent: await t.signedIn(email, NEW_PASSWORD, 'PARTNER') };
    }

    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
      oper = a.oper;
    });
    afterAll(() => t?.close());

    it('creates the agent with every profile field, its PARTNER account and the invitation; the agent sets the password and signs in (spec core §3)', async () => {
      const email = `gamma-${driver}@example.com`;
      const res = await oper.post(AGENTS, agentInput(email, { email: `  ${email.toUpperCase()} ` }));
      expect(res.statusCode, res.body).toBe(200);
      const card = res.json();
      expect(card).toMatchObject({
        status: 'ACTIVE',
        email,
        brand: expect.stringMatching(/^Гамма Пэй/),
        clientDirection: 'IMPORT',
        supportedCountries: ['CN', 'TR'],
        currencies: [{ currencyCode: 'USD', rateSource: 'ЦБ РФ', indicativeRate: '92.5000' }],
        limits: [{ currencyCode: 'USD', amountFrom: '5000.00', amountTo: '500000.00' }],
        paymentCompanies: [
          { name: 'ООО «Гамма Расчёты»', actualAddressSameAsLegal: true, requisites: [{ bankBik: '044525225' }] },
        ],
        beneficiaries: [{ name: 'Смирнов Олег Петрович', share: '100', owner: true }],
        contacts: [{ surname: 'Иванова', phone: '9161234567' }],
        licenseNumber: 'ЛД-7/2026',
        serviceCommissionPercent: expect.stringMatching(/^0\.5/),
        signRequired: true,
        invitation: { accepted: false, lastSentAt: expect.any(String) },
      });
      const [u] = await t.db.select().from(users).where(eq(users.email, email));
      expect(u).toMatchObject({ accountType: 'PARTNER', companyId: card.id, status: 'ACTIVE' });
      const [c] = await t.db.select().from(companies).where(eq(companies.id, card.id));
      expect(c).toMatchObject({ kind: 'PARTNER', status: 'VERIFIED' });
      const entries = await audit('PAYMENT_AGENT', card.id);
      expect(entries.map((e) => e.action)).toEqual(['PAYMENT_AGENT_CREATE']);

      // before the invitation is used the account cannot sign in
      expect((await t.client().signIn(email, NEW_PASSWORD, 'PARTNER')).statusCode).not.toBe(200);
      const mail = t.mailer.last(email);
      expect(mail?.text).toContain('/partner/auth/forgot/pass?token=');
      const token = t.mailer.lastToken(email);
      const reset = await t
        .client()
        .post('/api/public/common/password/reset', { token, password: NEW_PASSWORD, passwordSecondTime: NEW_PASSWORD });
      expect(reset.statusCode, reset.body).toBe(204);
      const agent = await t.signedIn(email, NEW_PASSWORD, 'PARTNER');
      expect((await agent.get('/api/secured/common/current/user')).json()).toMatchObject({ email });
      const again = await oper.get(`${AGENTS}/${card.id}`);
      expect(again.json().invitation.accepted).toBe(true);
      expect((await oper.post(`${AGENTS}/${card.id}/invitation`)).json().code).toBe('INVITATION_ACCEPTED');
    });

    it('bad input answers 400 with field errors (spec core §5) and leaves the database unchanged', async () => {
      const before = await t.snapshot();
      const res = await oper.post(
        AGENTS,
        agentInput('bad@example.com', {
          inn: '7700000001',
          currencies: [],
          limits: [{ currencyCode: 'USD', amountFrom: '10.00', amountTo: '5.00' }],
          contacts: [{ surname: 'Иванова', name: 'Мария', phone: '12345' }],
          email: 'not-an-email',
        }),
      );
      expect(res.statusCode).toBe(400);
      const fields = res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]);
      expect(fields).toEqual(
        expect.arrayContaining([
          ['inn', 'Некорректный ИНН'],
          ['currencies', 'Укажите хотя бы одну валюту'],
          ['limits.0.amountTo', 'Сумма «до» меньше суммы «от»'],
          ['contacts.0.phone', 'Номер телефона — 10 цифр'],
          ['email', 'Проверьте корректность данных'],
        ]),
      );
      const schema = await oper.post(AGENTS, { ...agentInput('x@example.com'), clientDirection: 'SIDEWAYS' });
      expect(schema.statusCode).toBe(400);
      expect(await t.snapshot()).toEqual(before);
    });

    it("a used login e-mail answers 409 'Этот адрес электронной почты уже используется' (spec core §5)", async () => {
      const before = await t.snapshot();
      const res = await oper.post(AGENTS, agentInput('client@example.com'));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'EMAIL_TAKEN',
        message: 'Этот адрес электронной почты уже используется',
        errors: [{ field: 'email' }],
      });
      expect(await t.snapshot()).toEqual(before);
    });

    it('PUT replaces the profile; the audit entry holds only the changed fields before and after', async () => {
      const email = `delta-${driver}@example.com`;
      const input = agentInput(email);
      const created = (await oper.post(AGENTS, input)).json();
      const pcId = created.paymentCompanies[0].id;
      const res = await oper.put(`${AGENTS}/${created.id}`, {
        ...input,
        brand: 'Дельта Новый',
        minPaymentUsd: '4000.00',
        paymentCompanies: [{ ...(input.paymentCompanies as object[])[0], id: pcId, name: 'ООО «Дельта Расчёты»' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        brand: 'Дельта Новый',
        minPaymentUsd: '4000.00',
        paymentCompanies: [{ id: pcId, name: 'ООО «Дельта Расчёты»' }],
      });
      const [upd] = (await audit('PAYMENT_AGENT', created.id)).filter((e) => e.action === 'PAYMENT_AGENT_UPDATE');
      expect(Object.keys(upd.after as object).sort()).toEqual(['brand', 'minPaymentUsd', 'paymentCompanies']);
      expect(upd.before).toMatchObject({ brand: created.brand, minPaymentUsd: '3000.00' });
      expect(upd.actorUserId).toBeGreaterThan(0);

      const other = await oper.put(`${AGENTS}/${created.id}`, { ...input, email: 'partner1@example.com' });
      expect(other.json().code).toBe('EMAIL_TAKEN');
      const foreign = await oper.put(`${AGENTS}/${created.id}`, {
        ...input,
        paymentCompanies: [{ ...(input.paymentCompanies as object[])[0], id: 999999 }],
      });
      expect(foreign.statusCode).toBe(400);
      expect((await oper.get(`${AGENTS}/999999`)).statusCode).toBe(404);
    });

    it('lists with search by brand or INN, status, currency and country filters, paging and count', async () => {
      const all = await oper.post(`${AGENTS}/filter?page=0&size=2`, {});
      expect(all.statusCode).toBe(200);
      expect(all.json()).toMatchObject({ page: 0, pageSize: 2, last: false });
      expect(all.json().content).toHaveLength(2);
      const total = (await oper.post(`${AGENTS}/filter/count`, {})).json().count;
      expect(all.json().totalElements).toBe(total);
      const alpha = await oper.post(`${AGENTS}/filter`, { query: 'альфа' });
      expect(alpha.json().content.map((r: { brand: string }) => r.brand)).toEqual(['Альфа Платежи']);
      const inn = alpha.json().content[0].inn as string;
      expect((await oper.post(`${AGENTS}/filter`, { query: inn.slice(0, 6) })).json().content[0].inn).toBe(inn);
      const aed = await oper.post(`${AGENTS}/filter`, { currencyCode: 'AED' });
      expect(aed.json().content.map((r: { brand: string }) => r.brand)).toEqual(['Бета Трансфер']);
      const tr = (await oper.post(`${AGENTS}/filter`, { countryCode: 'AE' })).json().content as {
        countries: string[];
      }[];
      expect(tr.every((r) => r.countries.length === 0 || r.countries.includes('AE'))).toBe(true);
      expect((await oper.post(`${AGENTS}/filter/count`, { status: 'BLOCKED', query: 'zzz' })).json().count).toBe(0);
      expect(alpha.json().content[0]).toMatchObject({ email: 'partner1@example.com', status: 'ACTIVE' });
    });

    it('blocking ends the live session, refuses sign-in, leaves it out of the active list and of sending; unblocking restores (spec core §4)', async () => {
      const email = `eps-${driver}@example.com`;
      const { id, agent } = await onboarded(email, { clientDirection: 'BOTH', supportedCountries: [] });
      const orderId = await newOrder(t, a);
      await oper.post(`${OPER}/${orderId}/take`, {});

      const block = await oper.post(`${AGENTS}/${id}/block`, { comment: 'Проверка' });
      expect(block.statusCode, block.body).toBe(200);
      expect(block.json().status).toBe('BLOCKED');
      expect((await agent.get('/api/secured/common/current/user')).statusCode).toBe(401);
      const login = await t.client().signIn(email, NEW_PASSWORD, 'PARTNER');
      expect(login.statusCode).toBe(403);
      const active = (await oper.get('/api/secured/oper/partners/active')).json() as { id: number }[];
      expect(active.map((p) => p.id)).not.toContain(id);
      const scoring = (await oper.get(`${OPER}/${orderId}/partners`)).json() as { partnerId: number }[];
      expect(scoring.map((p) => p.partnerId)).not.toContain(id);
      const send = await oper.post(`${OPER}/${orderId}/partners/send`, {
        partnerIds: [id],
        overrides: [{ partnerId: id, comment: 'всё равно' }],
      });
      expect(send.statusCode).toBe(409);
      expect(send.json().code).toBe('PARTNER_BLOCKED');
      expect((await oper.post(`${AGENTS}/${id}/block`, {})).json().code).toBe('ALREADY_BLOCKED');

      const unblock = await oper.post(`${AGENTS}/${id}/unblock`, {});
      expect(unblock.json().status).toBe('ACTIVE');
      expect((await t.client().signIn(email, NEW_PASSWORD, 'PARTNER')).statusCode).toBe(200);
      const actions = (await audit('PAYMENT_AGENT', id)).map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['PAYMENT_AGENT_BLOCK', 'PAYMENT_AGENT_UNBLOCK']));
    });

    it('a blocked agent cannot send offers: 403 PARTNER_BLOCKED', async () => {
      const email = `zeta-${driver}@example.com`;
      const { id, agent } = await onboarded(email, { clientDirection: 'BOTH', supportedCountries: [] });
      const orderId = await newOrder(t, a);
      await oper.post(`${OPER}/${orderId}/take`, {});
      expect((await oper.post(`${OPER}/${orderId}/partners/send`, { partnerIds: [id] })).statusCode).toBe(200);
      expect((await agent.post(`${PORDER}/${orderId}/take`, {})).statusCode).toBe(200);
      // the status changes under a live session (as if the block and the request crossed): the offer is refused
      await t.db.update(companies).set({ status: 'SUSPENDED' }).where(eq(companies.id, id));
      const res = await agent.post(`${PORDER}/${orderId}/offer/send`, offerBody({ day: (n) => day(t, n) }));
      expect([401, 403]).toContain(res.statusCode);
      if (res.statusCode === 403) expect(['PARTNER_BLOCKED', 'ACCOUNT_SUSPENDED']).toContain(res.json().code);
      await t.db.update(companies).set({ status: 'VERIFIED' }).where(eq(companies.id, id));
    });

    it('scoring shows the fit per agent; sending to an agent that does not fit needs an override comment, stored with audit FIT_OVERRIDE', async () => {
      const { id } = await onboarded(`theta-${driver}@example.com`, {
        clientDirection: 'EXPORT',
        supportedCountries: ['TR'],
      });
      const orderId = await newOrder(t, a); // SENDING 12 500 USD to CN
      await oper.post(`${OPER}/${orderId}/take`, {});
      const scoring = (await oper.get(`${OPER}/${orderId}/partners`)).json() as {
        partnerId: number;
        fit: { fits: boolean; reasons: { code: string; message: string }[] };
      }[];
      const mine = scoring.find((p) => p.partnerId === id)!;
      expect(mine.fit.fits).toBe(false);
      expect(mine.fit.reasons.map((r) => r.code)).toEqual(['COUNTRY_NOT_SUPPORTED', 'DIRECTION_MISMATCH']);
      expect(scoring.find((p) => p.partnerId === a.p1Id)!.fit).toEqual({ fits: true, reasons: [] });

      const before = await t.snapshot();
      const refused = await oper.post(`${OPER}/${orderId}/partners/send`, { partnerIds: [a.p1Id, id] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('PARTNER_NOT_FIT');
      expect(refused.json().errors[0].message).toContain('не входит в список стран агента');
      const empty = await oper.post(`${OPER}/${orderId}/partners/send`, {
        partnerIds: [a.p1Id, id],
        overrides: [{ partnerId: id, comment: '   ' }],
      });
      expect(empty.json().code).toBe('OVERRIDE_COMMENT_REQUIRED');
      const long = await oper.post(`${OPER}/${orderId}/partners/send`, {
        partnerIds: [id],
        overrides: [{ partnerId: id, comment: 'x'.repeat(1001) }],
      });
      expect(long.statusCode).toBe(400);
      expect(await t.snapshot()).toEqual(before);

      const sent = await oper.post(`${OPER}/${orderId}/partners/send`, {
        partnerIds: [a.p1Id, id],
        overrides: [{ partnerId: id, comment: 'Клиент согласовал с агентом' }],
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const [po] = await t.db
        .select()
        .from(partnerOrders)
        .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, id)));
      expect(po.fitOverrideComment).toBe('Клиент согласовал с агентом');
      const [p1] = await t.db
        .select()
        .from(partnerOrders)
        .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, a.p1Id)));
      expect(p1.fitOverrideComment).toBeNull();
      const [entry] = await audit('PARTNER_ORDER', po.id);
      expect(entry).toMatchObject({ action: 'FIT_OVERRIDE', comment: 'Клиент согласовал с агентом' });
      const again = (await oper.get(`${OPER}/${orderId}/partners`)).json() as {
        partnerId: number;
        fitOverrideComment: string | null;
      }[];
      expect(again.find((p) => p.partnerId === id)!.fitOverrideComment).toBe('Клиент согласовал с агентом');
    });

    it('an operator without PAYMENT_AGENTS gets 403 RIGHT_REQUIRED on every payment agent route', async () => {
      const email = `support-agents-${driver}@example.com`;
      const { client: op } = await signedInOperator(t, {
        email,
        name: 'Ольга',
        surname: 'Сидорова',
        roles: ['OPERATOR'],
      });
      const calls = [
        op.post(`${AGENTS}/filter`, {}),
        op.post(`${AGENTS}/filter/count`, {}),
        op.post(AGENTS, agentInput('nobody@example.com')),
        op.get(`${AGENTS}/${a.p1Id}`),
        op.put(`${AGENTS}/${a.p1Id}`, agentInput('nobody@example.com')),
        op.post(`${AGENTS}/${a.p1Id}/block`, {}),
        op.post(`${AGENTS}/${a.p1Id}/unblock`, {}),
        op.post(`${AGENTS}/${a.p1Id}/invitation`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${res.raw.req.method} ${res.raw.req.url} ${res.body}`).toBe(403);
        expect(res.json().code).toBe('RIGHT_REQUIRED');
      }
      // the orders rights admit the active list and the scoring; sending needs ORDERS_MANAGE
      expect((await op.get('/api/secured/oper/partners/active')).statusCode).toBe(200);
      const viewer = `auditor-agents-${driver}@example.com`;
      const { client: auditor } = await signedInOperator(t, {
        email: viewer,
        name: 'Инна',
        surname: 'Смотрова',
        roles: ['AUDITOR'],
      });
      const orderId = await newOrder(t, a);
      expect((await auditor.get(`${OPER}/${orderId}/partners`)).statusCode).toBe(200);
      const send = await auditor.post(`${OPER}/${orderId}/partners/send`, { partnerIds: [a.p1Id] });
      expect(send.statusCode).toBe(403);
      expect(send.json().code).toBe('RIGHT_REQUIRED');
      const client = await t.signedIn('client@example.com');
      expect((await client.post(`${AGENTS}/filter`, {})).statusCode).toBe(403);
    });
  });
}
