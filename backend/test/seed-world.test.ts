/**
 * The living demo world (issue 13 "A living demo world"; README "Set-up"; backend/src/seed/world): seeded through the
 * app's own routes on a database with the demo accounts, it gives every role real content at first sight. Checked
 * through the REST API as each demo user: the client's requests cover every order status and every client display
 * status of spec core §4 (the lists come from @platform/domain, not a hand copy) and each client tab; both payment
 * agents have requests in every tab of §4 and offers; the operator's list and inbox are not empty; the client's chats
 * include request chats, the support chat and an alliance, with unread messages, reactions and a picture (chat §3,
 * §6); the referral partner sees his client's requests. Seeding twice changes nothing; DEMO_WORLD=false seeds nothing.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_DISPLAY_STATUSES,
  CLIENT_TAB_STATUSES,
  clientDisplayStatus,
  PARTNER_TAB_STATUSES,
} from '@platform/domain/deal/display';
import { ORDER_STATUSES, type OfferStatus, type OrderStatus } from '@platform/domain/deal/statuses';
import { demoWorldFlag, loadConfig } from '../src/config.js';
import { orders as ordersTable } from '../src/db/schema/orders.js';
import { seedWorld, seedWorldOnFirstStart, type WorldSummary } from '../src/seed/world/index.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { freshDataDir } from './orders-helpers.js';

const C = '/api/secured/common/chat';
const CLIENT = '/api/secured/client/order/exch';

interface ClientOrder {
  id: number;
  status: OrderStatus;
  created: string;
  files: unknown[];
  consultant: { name: string } | null;
  partnerOrders: { status: OfferStatus; partnerSignRequired: boolean }[];
}
interface Group {
  id: number;
  groupType: string;
  orderId: number | null;
  name: string;
}

async function ok(c: TestClient, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = method === 'GET' ? await c.get(url) : await c.post(url, body ?? {});
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

for (const driver of DRIVERS) {
  describe(`demo world [${driver}]`, () => {
    let t: TestApp;
    let summary: WorldSummary | null;
    let client: TestClient;
    let orders: ClientOrder[];

    beforeAll(async () => {
      t = await createTestApp({ driver, config: { dataDir: freshDataDir() } });
      summary = await seedWorld(t.app, t.clock);
      client = await t.signedIn('client@example.com');
      orders = (await ok(client, 'POST', `${CLIENT}/filter`, { pageable: { page: 0, pageSize: 100 } })).content;
    }, 180_000);
    afterAll(() => t?.close());

    it('seeds requests, offers, documents, chats, messages, reactions and inbox items, and says how many', () => {
      expect(summary).not.toBeNull();
      expect(summary!.orders).toBe(orders.length);
      for (const k of ['offers', 'documents', 'groups', 'messages', 'reactions', 'inbox'] as const)
        expect(summary![k], k).toBeGreaterThan(0);
    });

    it('the client has requests in every order status of spec core §4, spread over the last weeks', () => {
      const statuses = new Set(orders.map((o) => o.status));
      expect(ORDER_STATUSES.filter((s) => !statuses.has(s))).toEqual([]);
      const now = t.clock.now().getTime();
      const ages = orders.map((o) => (now - new Date(o.created).getTime()) / 86_400_000);
      expect(Math.max(...ages)).toBeGreaterThan(20);
      expect(Math.min(...ages)).toBeLessThan(1);
      expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
      expect(orders.some((o) => o.files.length > 0)).toBe(true);
    });

    it('… and in every client display status of spec core §4 (partner2 signs with the demo CA of the test)', () => {
      const shown = new Set(orders.map((o) => clientDisplayStatus(o.status, o.partnerOrders).code));
      expect(CLIENT_DISPLAY_STATUSES.filter((s) => !shown.has(s))).toEqual([]);
      expect(summary!.signatures).toBe(1);
    });

    it('every client tab (spec core §4 "Client tab groups") lists requests', async () => {
      for (const [tab, statuses] of Object.entries(CLIENT_TAB_STATUSES)) {
        const { count: n } = await ok(client, 'POST', `${CLIENT}/filter/count`, { statuses });
        expect(n, tab).toBeGreaterThan(0);
      }
    });

    it('an executed request has its history and closing documents; several requests carry operator comments', async () => {
      const executed = orders.filter((o) => o.status === 'EXECUTED');
      expect(executed.length).toBeGreaterThanOrEqual(2);
      const history = await ok(client, 'GET', `${CLIENT}/${executed[executed.length - 1].id}/history`);
      expect(history.length).toBeGreaterThanOrEqual(8);
      const oper = await t.signedIn('operator@example.com');
      const commented = await Promise.all(
        orders.map(
          async (o) => (await ok(oper, 'GET', `/api/secured/oper/order/exch/${o.id}`)).operatorComments.length,
        ),
      );
      expect(commented.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
      const docs = await ok(client, 'GET', `${CLIENT}/${executed[0].id}/offer/final-docs`);
      expect(docs.length).toBeGreaterThan(0);
    });

    it('both payment agents have requests in every tab of spec core §4 and offers of their own', async () => {
      for (const email of ['partner1@example.com', 'partner2@example.com']) {
        const p = await t.signedIn(email);
        for (const tab of Object.keys(PARTNER_TAB_STATUSES)) {
          const { count: n } = await ok(p, 'POST', '/api/secured/partner/order/exch/filter/count', { tab });
          expect(n, `${email} ${tab}`).toBeGreaterThan(0);
        }
        const page = await ok(p, 'POST', '/api/secured/partner/order/exch/filter', { tab: 'working' });
        expect(
          page.content.some((r: { offer: unknown }) => r.offer !== null),
          email,
        ).toBe(true);
      }
    });

    it("the operator's request list and inbox are not empty", async () => {
      const oper = await t.signedIn('operator@example.com');
      const { count: n } = await ok(oper, 'POST', '/api/secured/oper/order/exch/filter/count', {});
      expect(n).toBe(orders.length);
      expect((await ok(oper, 'GET', '/api/secured/oper/inbox/new-count')).count).toBeGreaterThanOrEqual(4);
      // every kind of the inbox has an item: the site's callbacks, a debit card lead (issue 13), a recommendation
      const items: { kind: string; type: string }[] = (await ok(oper, 'POST', '/api/secured/oper/inbox/filter', {}))
        .content;
      expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['CALLBACK', 'LEAD', 'RECOMMENDATION']));
      expect(items.find((i) => i.kind === 'LEAD')?.type).toBe('CARD_DEBIT');
    });

    it("the client's chats: request chats, the support chat and an alliance, with unread messages (chat §3, §6)", async () => {
      const groups: Group[] = (await ok(client, 'POST', `${C}/group/filter`, { limit: 100 })).content;
      const types = groups.map((g) => g.groupType);
      expect(types.filter((x) => x === 'ECVP_CLIENT').length).toBeGreaterThanOrEqual(3);
      expect(types).toContain('ECVP_SUPPORT');
      expect(types).toContain('ECVP_PARTNER_CLIENT');
      expect((await ok(client, 'GET', `${C}/messages/unread`)).unreadMessagesCount).toBeGreaterThan(0);
      const stats = await ok(client, 'POST', `${C}/group/statistics`, {
        groupIds: groups.map((g) => g.id),
        statisticType: 'MSG',
      });
      const unreadGroups = stats.groupStatistics.filter(
        (s: { unreadMessagesCount: number }) => s.unreadMessagesCount > 0,
      );
      expect(unreadGroups.length).toBeGreaterThanOrEqual(3);
      const p1 = await t.signedIn('partner1@example.com');
      expect((await ok(p1, 'GET', `${C}/messages/unread`)).unreadMessagesCount).toBeGreaterThan(0);
    });

    it('the alliance has a reply, a forwarded message, reactions and a picture', async () => {
      const groups: Group[] = (await ok(client, 'POST', `${C}/group/filter`, { limit: 100 })).content;
      const alliance = groups.find((g) => g.groupType === 'ECVP_PARTNER_CLIENT')!;
      const page = await ok(client, 'GET', `${C}/group/${alliance.id}/messages?limit=50`);
      const messages = page.content as {
        replyMessage?: unknown;
        forwardMessage?: unknown;
        reactions: unknown[];
        pictures: unknown[];
      }[];
      expect(messages.some((m) => m.replyMessage)).toBe(true);
      expect(messages.some((m) => m.forwardMessage)).toBe(true);
      expect(messages.some((m) => m.reactions.length > 0)).toBe(true);
      expect(messages.some((m) => m.pictures.length > 0)).toBe(true);
    });

    it("the referral partner sees his client's requests, one of them created by him acting as the client", async () => {
      const agent = await t.signedIn('agent@example.com');
      const { count: n } = await ok(agent, 'POST', '/api/secured/agent/order/exch/filter/count', {});
      expect(n).toBe(orders.length);
      expect(orders.filter((o) => o.consultant !== null).length).toBeGreaterThan(0);
    });

    it('seeding again is a no-op', async () => {
      const before = await t.snapshot();
      expect(await seedWorld(t.app, t.clock)).toBeNull();
      expect(await t.snapshot()).toEqual(before);
    });
  });
}

describe('DEMO_WORLD (README "Configuration")', () => {
  it('reads false, 0, no, off as off and defaults to off in production only', () => {
    for (const v of ['false', 'FALSE', '0', 'no', ' off ']) expect(demoWorldFlag(v, true), v).toBe(false);
    for (const v of ['true', '1', 'yes']) expect(demoWorldFlag(v, false), v).toBe(true);
    expect(demoWorldFlag(undefined, true)).toBe(true);
    expect(demoWorldFlag('', false)).toBe(false);
    const base = { sessionSecret: 'x', dataDir: '/tmp/platform-demo-world-config' };
    expect(loadConfig(base, {}).demoWorld).toBe(true);
    expect(loadConfig(base, { NODE_ENV: 'production' }).demoWorld).toBe(false);
    expect(loadConfig(base, { NODE_ENV: 'production', DEMO_WORLD: 'true' }).demoWorld).toBe(true);
    expect(loadConfig(base, { DEMO_WORLD: 'false' }).demoWorld).toBe(false);
  });

  it('DEMO_WORLD=false, or a database that already had users, seeds nothing at start-up', async () => {
    const t = await createTestApp({ config: { dataDir: freshDataDir(), demoWorld: false } });
    try {
      const logs: string[] = [];
      expect(await seedWorldOnFirstStart(t.app, t.clock, { accountsSeeded: true }, (m) => logs.push(m))).toBeNull();
      t.app.config.demoWorld = true;
      expect(await seedWorldOnFirstStart(t.app, t.clock, { accountsSeeded: false }, (m) => logs.push(m))).toBeNull();
      const [{ n }] = await t.db.select({ n: count() }).from(ordersTable);
      expect(n).toBe(0);
      expect(logs).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
