/**
 * The operator's order calls (spec core §7 Operator; §4 "Operator actions: take, edit, reject, send to partners,
 * comment"; exits "the operator rejects or closes with a comment"), and the operator sign-in of the embedded default
 * (/oper-login → /api/public/oper/autologin, DESIGN "Sessions").
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/core.js';
import { dealDocuments } from '../src/db/schema/deal.js';
import { orderStatusHistory, storedFiles } from '../src/db/schema/orders.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import {
  activeOrderOfBoth,
  actors,
  CLIENT,
  newOrder,
  OPER,
  orderWithOffers,
  partnerOrderId,
  PORDER,
  type Actors,
} from './deal-helpers.js';
import { offerBody } from './deal-partner-helpers.js';
import { day, orderInput } from './orders-helpers.js';

for (const driver of DRIVERS) {
  describe(`operator deal calls [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('takes an order (validator set), comments, edits it and sends it to agents → ACTIVE with offers ALLOWED', async () => {
      const id = await newOrder(t, a);
      const list = await a.oper.post(`${OPER}/filter`, { tab: 'new' });
      expect(list.statusCode).toBe(200);
      expect(list.json().content.map((o: { orderId: number }) => o.orderId)).toContain(id);

      const take = await a.oper.post(`${OPER}/${id}/take`, {});
      expect(take.statusCode).toBe(200);
      expect(take.json()).toMatchObject({
        status: 'IN_VALIDATION',
        validator: { email: 'operator@example.com' },
        clientName: expect.any(String),
      });
      expect((await a.oper.post(`${OPER}/${id}/take`, {})).statusCode).toBe(409);

      const c = await a.oper.post(`${OPER}/${id}/comment`, { comment: '  Проверить контракт  ' });
      expect(c.statusCode).toBe(201);
      expect(c.json().comment).toBe('Проверить контракт');
      expect((await a.oper.post(`${OPER}/${id}/comment`, { comment: '   ' })).statusCode).toBe(400);

      const bad = await a.oper.put(`${OPER}/${id}`, orderInput(t, { amount: { cost: '-1', currency: 'USD' } }));
      expect(bad.statusCode).toBe(400);
      const edit = await a.oper.put(
        `${OPER}/${id}`,
        orderInput(t, { amount: { cost: '15000', currency: 'USD' }, paymentDateTo: day(t, 25) }),
      );
      expect(edit.statusCode).toBe(200);
      expect(edit.json()).toMatchObject({
        order: { amount: { cost: '15000.00' } },
        lastOperComment: { comment: 'Проверить контракт' },
      });

      const count = (
        await a.oper.post(`${OPER}/filter/count`, {
          tab: 'work',
          employee: take.json().validator.userId,
          id: String(id),
        })
      ).json().count;
      expect(count).toBe(1);
      const byInn = await a.oper.post(`${OPER}/filter/count`, { client: take.json().inn.slice(0, 4), id });
      expect(byInn.json().count).toBe(1);

      const scoring = await a.oper.get(`${OPER}/${id}/partners`);
      expect(scoring.statusCode).toBe(200);
      expect(
        scoring
          .json()
          .filter((p: { available: boolean }) => p.available)
          .map((p: { partnerId: number }) => p.partnerId),
      ).toEqual(expect.arrayContaining([a.p1Id, a.p2Id]));
      expect(
        (await a.oper.get('/api/secured/oper/partners/active')).json().map((p: { brand: string }) => p.brand),
      ).toEqual(expect.arrayContaining(['Альфа Платежи', 'Бета Трансфер']));

      expect((await a.oper.post(`${OPER}/${id}/partners/send`, { partnerIds: [] })).statusCode).toBe(400);
      const send = await a.oper.post(`${OPER}/${id}/partners/send`, { partnerIds: [a.p1Id, a.p2Id] });
      expect(send.statusCode).toBe(200);
      expect(send.json().status).toBe('ACTIVE');
      expect(send.json().displayStatus.code).toBe('ON_REVIEW');
      expect(
        send
          .json()
          .partnerOrders.map((p: { partnerId: number; status: string }) => [p.partnerId, p.status])
          .sort(),
      ).toEqual(
        [
          [a.p1Id, 'ALLOWED'],
          [a.p2Id, 'ALLOWED'],
        ].sort(),
      );
      expect((await a.oper.post(`${OPER}/${id}/partners/send`, { partnerIds: [a.p1Id] })).json().code).toBe(
        'PARTNER_ALREADY_SENT',
      );
      expect((await a.oper.put(`${OPER}/${id}`, orderInput(t))).statusCode).toBe(409);
      expect((await a.oper.post(`${OPER}/filter/count`, { partner: a.p2Id, id })).json().count).toBe(1);

      const detail = (await a.oper.get(`${OPER}/${id}`)).json();
      expect(detail.history.map((h: { entity: string; to: string }) => `${h.entity}:${h.to}`)).toEqual(
        expect.arrayContaining(['ORDER:VALIDATION', 'ORDER:IN_VALIDATION', 'ORDER:ACTIVE', 'OFFER:ALLOWED']),
      );
      expect(detail.history.find((h: { to: string }) => h.to === 'IN_VALIDATION')).toMatchObject({
        actorRole: 'OPER',
        actor: { userId: expect.any(Number) },
      });
    });

    it('rejects with a required comment (client sees REJECTED); close needs a comment and withdraws the offers', async () => {
      const id = await newOrder(t, a);
      const before = await t.snapshot();
      const noComment = await a.oper.post(`${OPER}/${id}/reject`, {});
      expect(noComment.statusCode).toBe(400);
      expect(noComment.json().code).toBe('COMMENT_REQUIRED');
      expect(await t.snapshot()).toEqual(before);
      const rej = await a.oper.post(`${OPER}/${id}/reject`, { comment: 'Недостаточно документов' });
      expect(rej.statusCode).toBe(200);
      expect(rej.json()).toMatchObject({ status: 'REJECTED', lastOperComment: { comment: 'Недостаточно документов' } });
      expect((await a.client.get(`${CLIENT}/${id}/offers`)).json().displayStatus.code).toBe('REJECTED_BY_SERVICE');
      const hist = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
      expect(hist.find((h) => h.toStatus === 'REJECTED')?.comment).toBe('Недостаточно документов');

      const id2 = await orderWithOffers(t, a);
      expect((await a.oper.post(`${OPER}/${id2}/reject`, { comment: 'x' })).statusCode).toBe(409);
      expect((await a.oper.post(`${OPER}/${id2}/close`, { comment: '' })).statusCode).toBe(400);
      const close = await a.oper.post(`${OPER}/${id2}/close`, { comment: 'Клиент не отвечает' });
      expect(close.statusCode).toBe(200);
      expect(close.json().status).toBe('REJECTED');
      expect(close.json().partnerOrders.map((p: { status: string }) => p.status)).toEqual([
        'REFUSE_OPER',
        'REFUSE_OPER',
      ]);
      // The operator reads every offer's details, also for withdrawn ones.
      expect(close.json().partnerOrders[0].offer).toMatchObject({
        dealMethod: 'PROTECTED',
        clientFeePercent: expect.stringMatching(/^1\.5/),
      });
    });

    it('GET {id} lists every operator comment, newest first (plain comments and the reject reason), UTC ISO, with the author', async () => {
      const id = await newOrder(t, a);
      expect((await a.oper.get(`${OPER}/${id}`)).json().operatorComments).toEqual([]);
      await a.oper.post(`${OPER}/${id}/take`, {});
      expect((await a.oper.post(`${OPER}/${id}/comment`, { comment: 'Первый' })).statusCode).toBe(201);
      t.clock.advance(60_000);
      expect((await a.oper.post(`${OPER}/${id}/comment`, { comment: 'Второй' })).statusCode).toBe(201);
      t.clock.advance(60_000);
      expect((await a.oper.post(`${OPER}/${id}/reject`, { comment: 'Причина отказа' })).statusCode).toBe(200);
      const detail = (await a.oper.get(`${OPER}/${id}`)).json();
      expect(detail.operatorComments.map((c: { comment: string }) => c.comment)).toEqual([
        'Причина отказа',
        'Второй',
        'Первый',
      ]);
      for (const c of detail.operatorComments) {
        expect(c).toMatchObject({ id: expect.any(Number), name: 'Волкова Ольга' });
        expect(c.dateTimeCreate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      expect(detail.lastOperComment.comment).toBe('Причина отказа');
      // Comments of other orders do not leak into this one.
      const other = await newOrder(t, a);
      expect((await a.oper.get(`${OPER}/${other}`)).json().operatorComments).toEqual([]);
    });

    it('GET /api/secured/oper/users: active operators only (spec core §7 Operator "GET /users"); other roles 403', async () => {
      const res = await a.oper.get('/api/secured/oper/users');
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<{
        id: number;
        email: string;
        name: string;
        surname: string;
        patronymic: string | null;
      }>;
      expect(list).toContainEqual({
        id: expect.any(Number),
        name: 'Ольга',
        surname: 'Волкова',
        patronymic: 'Игоревна',
        email: 'operator@example.com',
      });
      const [op] = await t.db.select().from(users).where(eq(users.email, 'operator@example.com'));
      const [second] = await t.db
        .insert(users)
        .values({
          email: 'oper2@example.com',
          passwordHash: op.passwordHash,
          accountType: 'OPER',
          name: 'Пётр',
          surname: 'Андреев',
          status: 'ACTIVE',
          operatorRoles: ['ADMIN'],
        })
        .returning();
      const [gone] = await t.db
        .insert(users)
        .values({
          email: 'oper3@example.com',
          passwordHash: op.passwordHash,
          accountType: 'OPER',
          name: 'Иван',
          surname: 'Борисов',
          status: 'USER_SUSPENDED',
          operatorRoles: ['ADMIN'],
        })
        .returning();
      const after = (await a.oper.get('/api/secured/oper/users')).json() as typeof list;
      const ids = after.map((u) => u.id);
      expect(ids).toContain(second.id);
      expect(ids).not.toContain(gone.id);
      const roles = await t.db.select({ id: users.id, type: users.accountType }).from(users);
      expect(ids.every((i) => roles.find((r) => r.id === i)?.type === 'OPER')).toBe(true);
      expect(Object.keys(after[0]).sort()).toEqual(['email', 'id', 'name', 'patronymic', 'surname']);
      expect((await a.client.get('/api/secured/oper/users')).statusCode).toBe(403);
      expect((await a.p1.get('/api/secured/oper/users')).statusCode).toBe(403);
      expect((await t.client().get('/api/secured/oper/users')).statusCode).toBe(401);
    });

    it('documents carry the stored fileId: an uploaded sample contract found again by listing can be attached to the offer', async () => {
      const id = await activeOrderOfBoth(t, a);
      expect((await a.p1.post(`${PORDER}/${id}/take`, {})).statusCode).toBe(200);
      const po = await partnerOrderId(t, id, a.p1Id);
      const [file] = await t.db
        .insert(storedFiles)
        .values({
          id: crypto.randomUUID(),
          sha256: 'c'.repeat(64),
          size: 10,
          contentType: 'application/pdf',
          originalName: 'Образец.pdf',
          ownerUserId: 1,
          createdAt: t.clock.now(),
        })
        .returning();
      await t.db.insert(dealDocuments).values({
        orderId: id,
        partnerOrderId: po,
        partnerCompanyId: a.p1Id,
        kind: 'DOC_EXAMPLE',
        fileId: file.id,
        name: 'Образец.pdf',
        status: 'UPLOADED',
        createdAt: t.clock.now(),
      });
      // "After a reload": only the list is known, not the upload answer.
      const listed = (await a.p1.get(`${PORDER}/${id}/offer/docs-example`)).json() as Array<{
        name: string;
        fileId: string;
      }>;
      expect(listed.find((d) => d.name === 'Образец.pdf')?.fileId).toBe(file.id);
      const operView = (await a.oper.get(`${OPER}/${id}/partner/${a.p1Id}/doc-example`)).json() as Array<{
        fileId: string;
      }>;
      expect(operView.map((d) => d.fileId)).toContain(file.id);
      const sent = await a.p1.post(
        `${PORDER}/${id}/offer/send`,
        offerBody({ day: (n) => day(t, n) }, { sampleContractFileId: listed[0].fileId }),
      );
      expect(sent.statusCode).toBe(200);
    });

    it('reads offer documents and document examples, and confirms the payment in place of the agent', async () => {
      const id = await activeOrderOfBoth(t, a);
      expect((await a.oper.get(`${OPER}/${id}/offer/docs`)).json()).toEqual([]);
      expect((await a.oper.get(`${OPER}/${id}/partner/${a.p1Id}/doc-example`)).statusCode).toBe(200);
      expect((await a.oper.get(`${OPER}/${id}/partner/999999/doc-example`)).statusCode).toBe(404);
      const conf = await a.oper.post(`${OPER}/${id}/pay-checks/confirm`, {});
      expect(conf.statusCode).toBe(409);
      expect(await partnerOrderId(t, id, a.p1Id)).toBeGreaterThan(0);
    });

    it('operator sign-in: /oper-login form (anti-forgery) → one-time code → autologin session', async () => {
      const browser = t.client();
      const page = await browser.get('/oper-login');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1];
      const form = (fields: Record<string, string>) =>
        browser.request('POST', '/oper-login', {
          payload: new URLSearchParams(fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          csrf: false,
        });
      expect((await form({ email: 'operator@example.com', password: 'Demo-2026!' })).statusCode).toBe(403);
      expect((await form({ _csrf: token, email: 'client@example.com', password: 'Demo-2026!' })).statusCode).toBe(401);
      const wrong = await form({ _csrf: token, email: 'operator@example.com', password: 'wrong-Pass1!' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain('Неверный адрес электронной почты или пароль');
      const res = await form({ _csrf: token, email: 'operator@example.com', password: 'Demo-2026!' });
      expect(res.statusCode).toBe(303);
      const location = new URL(res.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(`${t.config.publicUrl}/operator/auth`);
      const code = location.searchParams.get('code')!;

      const app = t.client();
      expect((await app.post('/api/public/oper/autologin', { code: 'nope' })).statusCode).toBe(401);
      const login = await app.post('/api/public/oper/autologin', { code });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ email: 'operator@example.com', account: { type: 'OPER' } });
      expect(app.cookies.get('USER_TYPE')).toBe('OPER');
      expect((await app.post(`${OPER}/filter/count`, {})).statusCode).toBe(200);
      expect((await t.client().post('/api/public/oper/autologin', { code })).statusCode).toBe(401);

      const res2 = await form({ _csrf: token, email: 'operator@example.com', password: 'Demo-2026!' });
      const code2 = new URL(res2.headers.location as string).searchParams.get('code')!;
      t.clock.advance(61_000);
      expect((await t.client().post('/api/public/oper/autologin', { code: code2 })).statusCode).toBe(401);
      t.clock.advance(-61_000);
    });
  });
}
