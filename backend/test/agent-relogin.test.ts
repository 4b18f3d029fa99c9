/**
 * A referral partner acting for his client by re-login (issue 11; spec core §3 "Current user", §6 "Agent is a
 * re-login right … original client"): who may re-login, the session it makes, the original client's actions
 * refused, the partner recorded as the actor and in the audit log, the per-request safety check, the return.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endUserSessions } from '../src/accounts/account-access.js';
import { auditLog } from '../src/db/schema/admin.js';
import { users } from '../src/db/schema/core.js';
import { orders, orderStatusHistory } from '../src/db/schema/orders.js';
import { referralClients } from '../src/db/schema/referral.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { created, orderInput } from './orders-helpers.js';
import { CURRENT_USER, reloginFixture, reloginUrl, RETURN_URL, type ReloginFixture } from './agent-relogin-helpers.js';

const ORIGINAL_ONLY: Array<[string, string]> = [
  ['POST', '/api/secured/client/verification/document/sign'],
  ['POST', '/api/secured/client/order/exch/1/offer/docs/1/sign'],
  ['POST', '/api/secured/client/order/exch/1/offer/final-docs/1/sign'],
  ['POST', '/api/secured/client/order/exch/1/offer/docs/confirm'],
  ['POST', '/api/secured/client/order/exch/1/offer/final-docs/confirm'],
  ['POST', '/api/secured/common/password/change'],
  ['POST', '/api/secured/common/email/request-changed'],
  ['PUT', '/api/secured/client/regdata'],
  ['PUT', '/api/secured/common/current/user'],
  ['POST', '/api/secured/client/requisites/create'],
  ['PUT', '/api/secured/client/requisites/1'],
  ['DELETE', '/api/secured/client/requisites/1'],
];

for (const driver of DRIVERS) {
  describe(`re-login of a referral partner [${driver}]`, () => {
    let t: TestApp;
    let f: ReloginFixture;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      f = await reloginFixture(t);
    });
    afterAll(() => t.close());

    const relogged = async (): Promise<TestClient> => {
      const c = await t.signedIn('agent@example.com');
      const res = await c.post(reloginUrl(f.linkId), {});
      expect(res.statusCode, res.body).toBe(200);
      return c;
    };

    it('refuses an unverified client (409), another partner (404), other roles (403) and bad ids (400)', async () => {
      const agent = await t.signedIn('agent@example.com');
      const unverified = await agent.post(reloginUrl(f.unverifiedLinkId), {});
      expect(unverified.statusCode).toBe(409);
      expect(unverified.json()).toMatchObject({
        code: 'CLIENT_NOT_VERIFIED',
        message: 'Заявки можно создавать только для верифицированных клиентов',
      });
      expect((await agent.post(reloginUrl(999999), {})).json().code).toBe('CLIENT_NOT_FOUND');
      expect((await agent.post('/api/secured/agent/clients/abc/relogin', {})).statusCode).toBe(400);
      const other = await t.signedIn('agent2@example.com');
      const foreign = await other.post(reloginUrl(f.linkId), {});
      expect(foreign.statusCode).toBe(404);
      const client = await t.signedIn('client@example.com');
      expect((await client.post(reloginUrl(f.linkId), {})).statusCode).toBe(403);
      expect((await t.client().post(reloginUrl(f.linkId), {})).statusCode).toBe(401);
      // Nothing changed for the refused calls: the agent is still himself.
      expect((await agent.get(CURRENT_USER)).json()).toMatchObject({ userId: f.agentUserId, originalUser: null });
    });

    it('makes the session the client’s with originalUser and reLoggedRights AGENT, rotating the session id', async () => {
      const c = await t.signedIn('agent@example.com');
      const before = c.cookies.get('SESSION');
      const res = await c.post(reloginUrl(f.linkId), {});
      expect(res.statusCode).toBe(200);
      expect(c.cookies.get('SESSION')).not.toBe(before);
      // The web app's area follows the readable USER_TYPE cookie.
      expect(c.cookies.get('USER_TYPE')).toBe('CLIENT');
      const me = (await c.get(CURRENT_USER)).json();
      expect(me).toMatchObject({
        userId: f.clientUserId,
        email: 'client@example.com',
        account: { type: 'CLIENT' },
        reLoggedRights: ['AGENT'],
        originalUser: {
          userId: f.agentUserId,
          email: 'agent@example.com',
          accountType: 'AGENT',
          companyName: 'ИП Орлов Д. А.',
        },
      });
      expect(res.json()).toEqual(me);
      // The partner's own area is closed while he acts for the client.
      expect((await c.post('/api/secured/agent/order/exch/filter', {})).statusCode).toBe(403);
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'REFERRAL_RELOGIN'), eq(auditLog.actorUserId, f.agentUserId)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry).toMatchObject({ entityType: 'CLIENT', entityId: String(f.clientCompanyId) });
      // The re-login call itself is that one entry, not also a REFERRAL_RELOGIN_REQUEST.
      const requests = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'REFERRAL_RELOGIN_REQUEST'), eq(auditLog.actorUserId, f.agentUserId)));
      expect(requests.map((r) => (r.after as { route: string }).route)).not.toContain(
        '/api/secured/agent/clients/:id/relogin',
      );
      // The refused call of the partner's own area from the re-logged session is recorded.
      expect(requests.map((r) => (r.after as { route: string }).route)).toContain(
        '/api/secured/agent/order/exch/filter',
      );
    });

    it('refuses the original client’s actions with 403 ORIGINAL_CLIENT_REQUIRED; the client himself is not refused so', async () => {
      const c = await relogged();
      for (const [method, url] of ORIGINAL_ONLY) {
        const res = await c.request(method, url, { body: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json(), `${method} ${url}`).toEqual(
          expect.objectContaining({
            code: 'ORIGINAL_CLIENT_REQUIRED',
            message: 'Это действие доступно только самому клиенту',
          }),
        );
      }
      const client = await t.signedIn('client@example.com');
      const own = await client.post('/api/secured/common/password/change', {});
      expect(own.statusCode).toBe(400);
    });

    it('creates a request for the client with the partner recorded: consultant, history actor AGENT, audit entry', async () => {
      const c = await relogged();
      const order = await created(c, orderInput(t));
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({
        companyId: f.clientCompanyId,
        createdBy: f.clientUserId,
        consultantUserId: f.agentUserId,
      });
      const [h] = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
      expect(h).toMatchObject({ byUserId: f.agentUserId, actorRole: 'AGENT', toStatus: 'VALIDATION' });
      // Cancelling works too and is the partner's change.
      const cancel = await c.delete(`/api/secured/client/order/exch/${order.id}`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
      expect(history.find((x) => x.toStatus === 'CANCELED')).toMatchObject({
        byUserId: f.agentUserId,
        actorRole: 'AGENT',
      });
      const entries = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'REFERRAL_RELOGIN_REQUEST'), eq(auditLog.actorUserId, f.agentUserId)))
        .orderBy(desc(auditLog.id));
      expect(entries.map((e) => e.after)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            method: 'POST',
            route: '/api/secured/client/order/exch',
            statusCode: 201,
            orderId: order.id,
          }),
          expect.objectContaining({ method: 'DELETE', statusCode: 200, orderId: order.id }),
        ]),
      );
      // A refused call is recorded too (what the partner tried).
      await c.post('/api/secured/common/password/change', {});
      const [last] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorUserId, f.agentUserId))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(last.after).toMatchObject({ route: '/api/secured/common/password/change', statusCode: 403 });
      // The client's own orders created by himself get the partner as consultant (ACTIVE link).
      const client = await t.signedIn('client@example.com');
      const own = await created(client, orderInput(t));
      const [ownRow] = await t.db.select().from(orders).where(eq(orders.id, own.id));
      expect(ownRow.consultantUserId).toBe(f.agentUserId);
    });

    it('returns to the partner in one step (id rotated); a second return is 409', async () => {
      const c = await relogged();
      const before = c.cookies.get('SESSION');
      const back = await c.post(RETURN_URL, {});
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ userId: f.agentUserId, originalUser: null, reLoggedRights: [] });
      expect(c.cookies.get('SESSION')).not.toBe(before);
      expect(c.cookies.get('USER_TYPE')).toBe('AGENT');
      expect((await c.get(CURRENT_USER)).json()).toMatchObject({ userId: f.agentUserId, account: { type: 'AGENT' } });
      const again = await c.post(RETURN_URL, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('NOT_RELOGGED');
      expect((await t.client().post(RETURN_URL, {})).statusCode).toBe(401);
    });

    it('goes back to the partner when the link ends, and ends when the partner is blocked', async () => {
      const c = await relogged();
      await t.db.update(referralClients).set({ status: 'REMOVED' }).where(eq(referralClients.id, f.linkId));
      try {
        expect((await c.get(CURRENT_USER)).json()).toMatchObject({ userId: f.agentUserId, originalUser: null });
      } finally {
        await t.db.update(referralClients).set({ status: 'ACTIVE' }).where(eq(referralClients.id, f.linkId));
      }

      const suspended = await relogged();
      await t.db.update(users).set({ status: 'USER_SUSPENDED' }).where(eq(users.id, f.agentUserId));
      try {
        expect((await suspended.get(CURRENT_USER)).statusCode).toBe(401);
      } finally {
        await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, f.agentUserId));
      }

      // Blocking ends his sessions, the re-logged ones included (issue 10 endUserSessions).
      const blocked = await relogged();
      const own = await t.signedIn('client@example.com');
      const ended = await endUserSessions(t.db, [f.agentUserId]);
      expect(ended).toBeGreaterThanOrEqual(1);
      expect((await blocked.get(CURRENT_USER)).statusCode).toBe(401);
      // The client's own session is not the partner's: it lives on.
      expect((await own.get(CURRENT_USER)).json()).toMatchObject({ userId: f.clientUserId, originalUser: null });
    });
  });
}
