/**
 * The operators' inbox (issue 11): callbacks (POST /api/public/common/user/callback, /callback/{type},
 * /callback/agent) and client recommendations in one list with filters and paging, the NEW count, the status change
 * HANDLED / NEW with its audit entry, bad input and the CLIENTS right (the route × right matrix of
 * admin-rights-matrix.test.ts covers every inbox route as well).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/admin.js';
import { callbackRequests } from '../src/db/schema/accounts.js';
import { clientRecommendations } from '../src/db/schema/referral.js';
import { signedInOperator } from './admin-helpers.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';

const I = '/api/secured/oper/inbox';

interface Item {
  kind: 'CALLBACK' | 'RECOMMENDATION';
  id: number;
  type: string;
  name: string;
  companyName: string | null;
  inn: string | null;
  phone: string;
  email: string | null;
  comment: string | null;
  createdAt: string;
  status: 'NEW' | 'HANDLED';
  handledBy: { userId: number; name: string; surname: string; email: string } | null;
  handledAt: string | null;
  recommender: { companyId: number; shortName: string; inn: string; userId: number } | null;
}
interface Page {
  content: Item[];
  totalElements: number;
  page: number;
  pageSize: number;
  last: boolean;
}

for (const driver of DRIVERS) {
  describe(`operators' inbox [${driver}]`, () => {
    let t: TestApp;
    let oper: TestClient;
    let client: TestClient;
    let agentCallbackId: number;
    let generalCallbackId: number;
    let recommendationId: number;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      oper = await t.signedIn('operator@example.com');
      client = await t.signedIn('client@example.com');
      const visitor = t.client();
      t.clock.freeze();
      const post = async (url: string, body: unknown, c: TestClient = visitor) => {
        const res = await c.post(url, body);
        expect(res.statusCode, res.body).toBe(201);
        t.clock.advance(1000);
        return (res.json() as { id: number }).id;
      };
      generalCallbackId = await post('/api/public/common/user/callback', { name: 'Мария', phone: '9031112233' });
      agentCallbackId = await post('/api/public/common/user/callback/agent', {
        name: 'Олег Партнёров',
        phone: '9032223344',
        email: 'oleg@example.com',
        comment: 'Хочу стать партнёром',
      });
      await post('/api/public/common/user/callback/card-debit', { name: 'Карта', phone: '9033334455' });
      recommendationId = await post(
        '/api/secured/client/recommendations/new-client',
        { companyName: 'ООО «Ромашка»', inn: '7707083893', contactName: 'Иван', phone: '9161234567' },
        client,
      );
      t.clock.unfreeze();
    });
    afterAll(async () => {
      await t?.close();
    });

    const filter = async (body: unknown, query: Record<string, string> = {}, c = oper) => {
      const res = await c.post(`${I}/filter`, body, { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    };
    const count = async (body: unknown) => {
      const res = await oper.post(`${I}/filter/count`, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { count: number }).count;
    };
    const newCount = async () => {
      const res = await oper.get(`${I}/new-count`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { count: number }).count;
    };

    it('lists callbacks and recommendations together, newest first, with every field; count agrees', async () => {
      const all = await filter({});
      expect(all.content.slice(0, 4).map((i) => `${i.kind}:${i.type}`)).toEqual([
        'RECOMMENDATION:RECOMMENDATION',
        'CALLBACK:CARD_DEBIT',
        'CALLBACK:AGENT',
        'CALLBACK:GENERAL',
      ]);
      expect(all.totalElements).toBe(await count({}));
      expect(all.pageSize).toBe(20);
      const rec = all.content.find((i) => i.kind === 'RECOMMENDATION' && i.id === recommendationId)!;
      expect(rec).toMatchObject({
        name: 'Иван',
        companyName: 'ООО «Ромашка»',
        inn: '7707083893',
        phone: '9161234567',
        status: 'NEW',
        handledBy: null,
        handledAt: null,
        recommender: { inn: '7707393126' },
      });
      expect(rec.recommender!.shortName).not.toBe('');
      expect(new Date(rec.createdAt).toISOString()).toBe(rec.createdAt);
    });

    it('shows the callback from /callback/agent with type AGENT (issue 11: visible to operators)', async () => {
      const agent = await filter({ kind: 'CALLBACK', type: 'AGENT' });
      expect(agent.content.every((i) => i.kind === 'CALLBACK' && i.type === 'AGENT')).toBe(true);
      expect(agent.content.find((i) => i.id === agentCallbackId)).toMatchObject({
        name: 'Олег Партнёров',
        phone: '9032223344',
        email: 'oleg@example.com',
        comment: 'Хочу стать партнёром',
        companyName: null,
        recommender: null,
        status: 'NEW',
      });
    });

    it('filters by kind, status and type, and pages', async () => {
      const recs = await filter({ kind: 'RECOMMENDATION' });
      expect(recs.content.length).toBeGreaterThan(0);
      expect(recs.content.every((i) => i.kind === 'RECOMMENDATION')).toBe(true);
      expect((await filter({ type: 'RECOMMENDATION' })).totalElements).toBe(recs.totalElements);
      const calls = await filter({ kind: 'CALLBACK' });
      expect(calls.totalElements + recs.totalElements).toBe(await count({}));
      const first = await filter({}, { page: '0', size: '2' });
      const second = await filter({}, { page: '1', size: '2' });
      expect(first.content).toHaveLength(2);
      expect(first.last).toBe(false);
      expect(second.content[0].createdAt <= first.content[1].createdAt).toBe(true);
      expect(second.content.map((i) => `${i.kind}${i.id}`)).not.toContain(
        `${first.content[1].kind}${first.content[1].id}`,
      );
      expect(await count({ kind: 'CALLBACK', status: 'HANDLED', type: 'GENERAL' })).toBe(0);
    });

    it('refuses a bad filter, page, kind, id or status with 400 and changes nothing', async () => {
      const before = await t.snapshot();
      for (const body of [{ kind: 'EMAIL' }, { status: 'DONE' }, { type: 'agent; drop' }, { other: 1 }]) {
        const res = await oper.post(`${I}/filter`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await oper.post(`${I}/filter`, {}, { query: { size: '101' } })).statusCode).toBe(400);
      expect((await oper.put(`${I}/EMAIL/1/status`, { status: 'HANDLED' })).statusCode).toBe(400);
      expect((await oper.put(`${I}/CALLBACK/0/status`, { status: 'HANDLED' })).statusCode).toBe(400);
      expect((await oper.put(`${I}/CALLBACK/${generalCallbackId}/status`, { status: 'DONE' })).statusCode).toBe(400);
      expect((await oper.put(`${I}/CALLBACK/${generalCallbackId}/status`, {})).statusCode).toBe(400);
      const missing = await oper.put(`${I}/RECOMMENDATION/999999/status`, { status: 'HANDLED' });
      expect(missing.statusCode).toBe(404);
      expect((missing.json() as { code: string }).code).toBe('INBOX_ITEM_NOT_FOUND');
      expect(await t.snapshot()).toEqual(before);
    });

    it('marks an item handled (operator and time recorded, audit entry) and returns it to the new ones', async () => {
      const { client: op, id: opId } = await signedInOperator(t, {
        email: 'inbox-clerk@example.com',
        name: 'Анна',
        surname: 'Обработкина',
        rights: ['CLIENTS'],
      });
      const newBefore = await newCount();
      const handled = await op.put(`${I}/CALLBACK/${agentCallbackId}/status`, { status: 'HANDLED' });
      expect(handled.statusCode, handled.body).toBe(200);
      const item = handled.json() as Item;
      expect(item).toMatchObject({
        kind: 'CALLBACK',
        id: agentCallbackId,
        status: 'HANDLED',
        handledBy: { userId: opId, name: 'Анна', surname: 'Обработкина', email: 'inbox-clerk@example.com' },
      });
      expect(item.handledAt).not.toBeNull();
      expect(await newCount()).toBe(newBefore - 1);
      const [row] = await t.db.select().from(callbackRequests).where(eq(callbackRequests.id, agentCallbackId));
      expect(row).toMatchObject({ status: 'HANDLED', handledByUserId: opId });
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'CALLBACK_REQUEST'), eq(auditLog.entityId, String(agentCallbackId))));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorUserId: opId,
        action: 'CALLBACK_STATUS_CHANGE',
        before: { status: 'NEW', handledByUserId: null, handledAt: null },
        after: { status: 'HANDLED', handledByUserId: opId },
      });
      expect((await filter({ status: 'HANDLED' })).content.map((i) => i.id)).toContain(agentCallbackId);

      const again = await op.put(`${I}/CALLBACK/${agentCallbackId}/status`, { status: 'HANDLED' });
      expect(again.statusCode).toBe(409);
      expect((again.json() as { code: string }).code).toBe('STATUS_UNCHANGED');

      const back = await op.put(`${I}/CALLBACK/${agentCallbackId}/status`, { status: 'NEW' });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ status: 'NEW', handledBy: null, handledAt: null });
      expect(await newCount()).toBe(newBefore);

      const rec = await op.put(`${I}/RECOMMENDATION/${recommendationId}/status`, { status: 'HANDLED' });
      expect(rec.statusCode, rec.body).toBe(200);
      const [r] = await t.db.select().from(clientRecommendations).where(eq(clientRecommendations.id, recommendationId));
      expect(r.status).toBe('HANDLED');
      const recAudit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'CLIENT_RECOMMENDATION'), eq(auditLog.entityId, String(recommendationId))));
      expect(recAudit.map((a) => a.action)).toEqual(['RECOMMENDATION_STATUS_CHANGE']);
      expect(await t.db.$count(auditLog, eq(auditLog.action, 'CALLBACK_STATUS_CHANGE'))).toBe(2);
    });

    it('needs the CLIENTS right: 403 RIGHT_REQUIRED, FORBIDDEN for a client, 401 without a session; nothing changes', async () => {
      const { client: noRight } = await signedInOperator(t, {
        email: 'inbox-noright@example.com',
        rights: ['AUDIT_LOG', 'PAYMENT_AGENTS'],
      });
      const before = await t.snapshot();
      const calls: Array<[string, string, unknown]> = [
        ['POST', `${I}/filter`, {}],
        ['POST', `${I}/filter/count`, {}],
        ['GET', `${I}/new-count`, undefined],
        ['PUT', `${I}/CALLBACK/${generalCallbackId}/status`, { status: 'HANDLED' }],
      ];
      for (const [method, url, body] of calls) {
        const r1 = await noRight.request(method, url, { body });
        expect(r1.statusCode, url).toBe(403);
        expect((r1.json() as { code: string }).code).toBe('RIGHT_REQUIRED');
        const r2 = await client.request(method, url, { body });
        expect(r2.statusCode, url).toBe(403);
        expect((r2.json() as { code: string }).code).toBe('FORBIDDEN');
        expect((await t.client().request(method, url, { body })).statusCode, url).toBe(401);
      }
      expect(await t.snapshot()).toEqual(before);
    });
  });
}
