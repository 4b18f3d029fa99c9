/**
 * Fan-out across backend replicas (DESIGN "Realtime": PostgreSQL LISTEN/NOTIFY; issue 4 "two backend processes
 * on one database deliver to each other's users"). PostgreSQL only: two app instances, each with its own pool and
 * its own LISTEN connection, on one database. Registered only when DATABASE_URL is set. The same scenario also
 * runs on PGlite with two app instances over one PGlite handle (two hubs, two `listen()` registrations): PGlite is
 * single-process, but it goes through the same NOTIFY → read-the-log code path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../src/app.js';
import { openPostgres, type DbHandle } from '../src/db/client.js';
import { createTestApp, TestClock, RecordingMailer, type Driver, type TestApp } from './harness.js';
import { append, listen, SseReader, sleep, userId } from './chat-stream-helpers.js';

function twoInstances(driver: Driver): void {
  describe(`chat stream across two backend instances [${driver}]`, () => {
    let a: TestApp;
    let bDbh: DbHandle;
    let b: FastifyInstance;
    let urlA: string;
    let urlB: string;
    let clientId: number;
    let operId: number;
    let clientCookie: string;
    let operCookieB: string;
    const readers: SseReader[] = [];

    beforeAll(async () => {
      a = await createTestApp({ driver, config: { chatStream: { pingMs: 5000, pollMs: 0, pruneEveryMs: 0 } } });
      if (driver === 'postgres') {
        const connectionString = (
          (a.dbh.db as unknown as { $client: pg.Pool }).$client.options as { connectionString: string }
        ).connectionString;
        bDbh = openPostgres(connectionString);
      } else {
        bDbh = { ...a.dbh, close: async () => undefined }; // the same PGlite instance; A's harness closes it
      }
      b = await buildApp({ config: a.config, dbh: bDbh, clock: new TestClock(), mailer: new RecordingMailer() });
      urlA = `${await listen(a.app)}/api/secured/chat/stream`;
      urlB = `${await listen(b)}/api/secured/chat/stream`;
      clientId = await userId(a.db, 'client@example.com');
      operId = await userId(a.db, 'operator@example.com');
      clientCookie = (await a.signedIn('client@example.com')).cookieHeader();
      // Sessions live in the shared database: a cookie from A is valid on B as well; sign the operator in on B.
      const login = await b.inject({ method: 'GET', url: '/api/public/csrf' });
      const csrfCookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const token = (login.json() as { token: string }).token;
      const res = await b.inject({
        method: 'POST',
        url: '/api/public/common/login',
        payload: {},
        headers: {
          cookie: csrfCookie,
          'x-xsrf-token': token,
          authorization: `Basic ${Buffer.from('operator@example.com:Demo-2026!').toString('base64')}`,
        },
      });
      expect(res.statusCode).toBe(200);
      operCookieB = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    });
    afterAll(async () => {
      for (const r of readers) r.close();
      await b?.close();
      await bDbh?.close();
      await a?.close();
    });

    it('each instance has its own hub and listener', () => {
      expect(b.chatRealtime.hub).not.toBe(a.app.chatRealtime.hub);
    });

    it('a user on instance A receives events appended through instance B, in order, once; and the other way round', async () => {
      const onA = await SseReader.open(urlA, { cookie: clientCookie });
      const onB = await SseReader.open(urlB, { cookie: operCookieB });
      readers.push(onA, onB);
      expect([onA.status, onB.status]).toEqual([200, 200]);
      await onA.waitFor((x) => x.lastId() !== undefined);
      await onB.waitFor((x) => x.lastId() !== undefined);

      const t0 = performance.now();
      const viaB = await append(bDbh.db, [
        { recipients: [clientId, operId], kind: 'GROUP_MSG', payload: { type: 'GROUP_MSG', message: { msgId: 1 } } },
        {
          recipients: [clientId],
          kind: 'MODIFY_MSG',
          payload: { type: 'MODIFY_MSG', modification: 'MSG_VIEWED', message: { msgId: 1 } },
        },
      ]);
      await onA.waitFor((x) => x.durable().length >= 2, 5000, 'events from B on A');
      const latency = onA.blocks.find((x) => x.id === String(viaB[1]))!.at - t0;
      const viaA = await append(a.db, [
        {
          recipients: [operId],
          kind: 'MODIFY_GROUP_MSG',
          payload: { type: 'MODIFY_GROUP_MSG', event: 'GROUP_JOINED', groupId: 1, userId: clientId },
        },
      ]);
      await onB.waitFor((x) => x.durable().length >= 2, 5000, 'events from A on B');
      await sleep(150);
      expect(onA.durable().map((e) => e.id)).toEqual(viaB);
      expect(onB.durable().map((e) => e.id)).toEqual([viaB[0], viaA[0]]);
      console.log(`[chat-stream replicas ${driver}] append on B → received on A: ${latency.toFixed(1)} ms`);
    });

    it('ephemeral events cross replicas too; concurrent appends on both instances reach a reader in id order', async () => {
      const onA = await SseReader.open(urlA, { cookie: clientCookie });
      readers.push(onA);
      await onA.waitFor((x) => x.lastId() !== undefined);
      const head = Number(onA.lastId());
      await b.chatRealtime.publishEphemeral([clientId], 'USER_ONLINE', {
        userId: operId,
        at: new Date().toISOString(),
      });
      await onA.waitFor((x) => x.blocks.some((k) => k.event === 'NOTIFY_MSG'), 5000, 'ephemeral from B');

      const N = 100;
      await Promise.all(
        Array.from({ length: N }, (_, i) =>
          append(i % 2 ? a.db : bDbh.db, [
            { recipients: [clientId], kind: 'GROUP_MSG', payload: { type: 'GROUP_MSG', message: { msgId: 100 + i } } },
          ]),
        ),
      );
      await onA.waitFor((x) => x.durable().length >= N, 20_000, `${N} events`);
      await sleep(100);
      expect(onA.durable().map((e) => e.id)).toEqual(Array.from({ length: N }, (_, i) => head + 1 + i));
    });

    it("logout through instance B ends that session's stream on instance A at once; the other session stays (issue 14)", async () => {
      const c = await a.signedIn('client@example.com');
      const mine = await SseReader.open(urlA, { cookie: c.cookieHeader() });
      const other = await SseReader.open(urlA, { cookie: clientCookie });
      readers.push(mine, other);
      await mine.waitFor((x) => x.lastId() !== undefined);
      await other.waitFor((x) => x.lastId() !== undefined);
      const res = await b.inject({
        method: 'POST',
        url: '/api/secured/common/logout',
        headers: { cookie: c.cookieHeader(), 'x-xsrf-token': c.token ?? (await c.fetchCsrf()) },
      });
      expect(res.statusCode).toBe(204);
      await mine.waitFor((x) => x.ended, 5000, 'the logged-out stream ends');
      const notice = mine.blocks.find((x) => x.event === 'SESSION_ENDED');
      expect(JSON.parse(notice!.data!)).toMatchObject({ type: 'SESSION_ENDED', sessions: [expect.any(String)] });
      // the other session's stream hears of it (a gateway channel shared by both ends only that session) and goes on
      await other.waitFor((x) => x.blocks.some((k) => k.event === 'SESSION_ENDED'), 5000, 'the notice on the other');
      expect(other.ended).toBe(false);
      const [id] = await append(a.db, [
        { recipients: [clientId], kind: 'GROUP_MSG', payload: { type: 'GROUP_MSG', message: { msgId: 999 } } },
      ]);
      await other.waitFor((x) => x.durable().some((e) => e.id === id), 5000, 'a later event on the other session');
      expect((await SseReader.open(urlB, { cookie: c.cookieHeader() })).status).toBe(401);
    });
  });
}

twoInstances('pglite');
if (process.env.DATABASE_URL) twoInstances('postgres');
