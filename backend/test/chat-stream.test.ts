/**
 * GET /api/secured/chat/stream over real HTTP (spec chat §4 "Incoming realtime message types", "Realtime
 * connection", §9 ping and retry; DESIGN "Realtime": ordered durable log, monotonic ids at commit, Last-Event-ID
 * resume with nothing lost and nothing doubled, RESYNC beyond retention, ephemeral typing/presence).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendChatEvents } from '../src/chat/events.js';
import { sessions } from '../src/db/schema/core.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import { append, listen, SseReader, sleep, userId } from './chat-stream-helpers.js';

const msg = (n: number, groupId = 1) => ({ type: 'GROUP_MSG', message: { msgId: n, groupId, text: `сообщение ${n}` } });

for (const driver of DRIVERS) {
  describe(`chat stream [${driver}]`, () => {
    let t: TestApp;
    let base: string;
    let url: string;
    let clientId: number;
    let operId: number;
    let clientCookie: string;
    let operCookie: string;
    const readers: SseReader[] = [];
    const open = async (cookie: string, headers: Record<string, string> = {}, query = '') => {
      const r = await SseReader.open(`${url}${query}`, { cookie, ...headers });
      readers.push(r);
      return r;
    };

    beforeAll(async () => {
      t = await createTestApp({ driver, config: { chatStream: { pingMs: 150, pollMs: 0, pruneEveryMs: 0 } } });
      base = await listen(t.app);
      url = `${base}/api/secured/chat/stream`;
      clientId = await userId(t.db, 'client@example.com');
      operId = await userId(t.db, 'operator@example.com');
      clientCookie = (await t.signedIn('client@example.com')).cookieHeader();
      operCookie = (await t.signedIn('operator@example.com')).cookieHeader();
    });
    afterAll(async () => {
      for (const r of readers) r.close();
      await t?.close();
    });

    it('401 UNAUTHORIZED without a session', async () => {
      const r = await SseReader.open(url);
      expect(r.status).toBe(401);
      expect(JSON.parse(r.body)).toMatchObject({ code: 'UNAUTHORIZED' });
      const bad = await SseReader.open(`${url}?token=nope`);
      expect(bad.status).toBe(401);
    });

    it('delivers events appended by other transactions, in order, with ids; retry and bare cursor first', async () => {
      const r = await open(clientCookie);
      expect(r.status).toBe(200);
      await r.waitFor((x) => x.lastId() !== undefined, 5000, 'initial cursor');
      expect(r.blocks[0].comments.length + (r.blocks[0].id ? 1 : 0)).toBeGreaterThanOrEqual(0);
      const head = Number(r.lastId());
      const ids1 = await append(t.db, [
        { recipients: [clientId, operId], kind: 'GROUP_MSG', payload: msg(1) },
        {
          recipients: [clientId],
          kind: 'MODIFY_MSG',
          payload: { type: 'MODIFY_MSG', modification: 'MSG_EDITED', message: { msgId: 1 } },
        },
      ]);
      const ids2 = await append(t.db, [
        {
          recipients: [clientId],
          kind: 'MODIFY_GROUP_MSG',
          payload: { type: 'MODIFY_GROUP_MSG', event: 'GROUP_ADDED_FAVORITE', groupId: 1 },
        },
      ]);
      expect(ids1).toEqual([head + 1, head + 2]);
      expect(ids2).toEqual([head + 3]);
      await r.waitFor((x) => x.durable().length >= 3, 5000, '3 events');
      const got = r.durable();
      expect(got.map((e) => e.id)).toEqual([head + 1, head + 2, head + 3]);
      expect(got.map((e) => e.event)).toEqual(['GROUP_MSG', 'MODIFY_MSG', 'MODIFY_GROUP_MSG']);
      expect(got[0].data).toMatchObject({ type: 'GROUP_MSG', message: { msgId: 1, text: 'сообщение 1' } });
      r.close();
    });

    it('a rolled-back transaction emits nothing; ids stay contiguous', async () => {
      const r = await open(clientCookie);
      await r.waitFor((x) => x.lastId() !== undefined);
      const head = Number(r.lastId());
      await expect(
        t.db.transaction(async (tx) => {
          await appendChatEvents(tx, [{ recipients: [clientId], kind: 'GROUP_MSG', payload: msg(99) }]);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      const [id] = await append(t.db, [{ recipients: [clientId], kind: 'GROUP_MSG', payload: msg(2) }]);
      expect(id).toBe(head + 1);
      await r.waitFor((x) => x.durable().length >= 1);
      await sleep(100);
      expect(r.durable().map((e) => [e.id, (e.data.message as { msgId: number }).msgId])).toEqual([[head + 1, 2]]);
      r.close();
    });

    it('another user does not receive events not addressed to them', async () => {
      const rc = await open(clientCookie);
      const ro = await open(operCookie);
      await rc.waitFor((x) => x.lastId() !== undefined);
      await ro.waitFor((x) => x.lastId() !== undefined);
      const [onlyClient] = await append(t.db, [{ recipients: [clientId], kind: 'GROUP_MSG', payload: msg(3) }]);
      const [both] = await append(t.db, [
        { recipients: [operId, clientId], kind: 'CHILD_MSG', payload: { type: 'CHILD_MSG', message: { msgId: 4 } } },
      ]);
      await rc.waitFor((x) => x.durable().length >= 2);
      await ro.waitFor((x) => x.durable().length >= 1);
      await sleep(100);
      expect(rc.durable().map((e) => e.id)).toEqual([onlyClient, both]);
      expect(ro.durable().map((e) => e.id)).toEqual([both]);
      rc.close();
      ro.close();
    });

    it('reconnect with Last-Event-ID replays exactly the missed events, then goes live (nothing lost, nothing doubled)', async () => {
      const r1 = await open(clientCookie);
      await r1.waitFor((x) => x.lastId() !== undefined);
      const [a] = await append(t.db, [{ recipients: [clientId], kind: 'GROUP_MSG', payload: msg(10) }]);
      await r1.waitFor((x) => x.durable().length === 1);
      const last = r1.lastId()!;
      expect(Number(last)).toBe(a);
      r1.close();
      await sleep(50);
      const missed = await append(t.db, [
        { recipients: [clientId], kind: 'GROUP_MSG', payload: msg(11) },
        { recipients: [operId], kind: 'GROUP_MSG', payload: msg(12) },
        {
          recipients: [clientId],
          kind: 'MODIFY_MSG',
          payload: { type: 'MODIFY_MSG', modification: 'MSG_DELETED', message: { msgId: 11 } },
        },
      ]);
      const r2 = await open(clientCookie, { 'last-event-id': last });
      await r2.waitFor((x) => x.durable().length >= 2);
      const [live] = await append(t.db, [{ recipients: [clientId], kind: 'GROUP_MSG', payload: msg(13) }]);
      await r2.waitFor((x) => x.durable().length >= 3);
      await sleep(100);
      expect(r2.durable().map((e) => e.id)).toEqual([missed[0], missed[2], live]);
      expect(r2.blocks.some((b) => b.event === 'RESYNC')).toBe(false);
      r2.close();

      // The same through ?lastEventId= (gateway style), from the older cursor: a, then everything after it.
      const r3 = await open(clientCookie, {}, `?lastEventId=${a - 1}`);
      await r3.waitFor((x) => x.durable().length >= 4);
      await sleep(50);
      expect(r3.durable().map((e) => e.id)).toEqual([a, missed[0], missed[2], live]);
      r3.close();
    });

    it('RESYNC when the cursor is beyond retention, invalid or ahead of the head', async () => {
      const [old] = await append(t.db, [{ recipients: [clientId], kind: 'GROUP_MSG', payload: msg(20) }]);
      await append(t.db, [{ recipients: [clientId], kind: 'GROUP_MSG', payload: msg(21) }]);
      t.clock.advance(8 * 24 * 3600 * 1000);
      const pruned = await t.app.chatRealtime.prune();
      t.clock.advance(-8 * 24 * 3600 * 1000);
      expect(pruned.deleted).toBeGreaterThan(0);
      const r = await open(clientCookie, { 'last-event-id': String(old - 1) });
      await r.waitFor((x) => x.blocks.some((b) => b.event === 'RESYNC'));
      const rs = r.blocks.find((b) => b.event === 'RESYNC')!;
      expect(JSON.parse(rs.data!)).toEqual({ reason: 'GAP_BEYOND_RETENTION', lastEventId: pruned.retainedFromId - 1 });
      expect(rs.id).toBe(String(pruned.retainedFromId - 1));
      expect(r.durable()).toEqual([]);
      // A resume from the new cursor is exact again.
      const [next] = await append(t.db, [{ recipients: [clientId], kind: 'GROUP_MSG', payload: msg(22) }]);
      await r.waitFor((x) => x.durable().length === 1);
      expect(r.durable()[0].id).toBe(next);
      r.close();

      const bad = await open(clientCookie, { 'last-event-id': 'abc' });
      await bad.waitFor((x) => x.blocks.some((b) => b.event === 'RESYNC'));
      expect(JSON.parse(bad.blocks.find((b) => b.event === 'RESYNC')!.data!).reason).toBe('INVALID_CURSOR');
      const ahead = await open(clientCookie, { 'last-event-id': String(next + 1000) });
      await ahead.waitFor((x) => x.blocks.some((b) => b.event === 'RESYNC'));
      expect(JSON.parse(ahead.blocks.find((b) => b.event === 'RESYNC')!.data!).reason).toBe('CURSOR_AHEAD');
      bad.close();
      ahead.close();
    });

    it('sends retry 5000 and a ping comment at the configured interval', async () => {
      const started = performance.now();
      const r = await open(clientCookie);
      await r.waitFor((x) => x.blocks.some((b) => b.comments.includes('ping')), 3000, 'ping');
      const ping = r.blocks.find((b) => b.comments.includes('ping'))!;
      expect(ping.at - started).toBeGreaterThanOrEqual(100);
      expect(ping.at - started).toBeLessThan(1500);
      r.close();
      // retry: is a field of its own block; the reader keeps it out of id/event/data.
      const raw = await fetch(url, { headers: { cookie: clientCookie } });
      const reader = raw.body!.getReader();
      const { value } = await reader.read();
      expect(new TextDecoder().decode(value)).toContain('retry: 5000');
      await reader.cancel();
    });

    it('ephemeral NOTIFY_MSG reaches only its recipients live, without an id, and is not replayed', async () => {
      const rc = await open(clientCookie);
      const ro = await open(operCookie);
      await rc.waitFor((x) => x.lastId() !== undefined);
      await ro.waitFor((x) => x.lastId() !== undefined);
      const cursor = rc.lastId()!;
      expect(
        await t.app.chatRealtime.publishEphemeral([clientId], 'USER_TYPING_GROUP', {
          userId: operId,
          groupId: 7,
          at: new Date().toISOString(),
        }),
      ).toBe(true);
      await rc.waitFor((x) => x.blocks.some((b) => b.event === 'NOTIFY_MSG'));
      const n = rc.blocks.find((b) => b.event === 'NOTIFY_MSG')!;
      expect(n.id).toBeUndefined();
      expect(JSON.parse(n.data!)).toMatchObject({
        type: 'NOTIFY_MSG',
        notification: 'USER_TYPING_GROUP',
        userId: operId,
        groupId: 7,
      });
      await sleep(100);
      expect(ro.blocks.some((b) => b.event === 'NOTIFY_MSG')).toBe(false);
      rc.close();
      const again = await open(clientCookie, { 'last-event-id': cursor });
      await again.waitFor((x) => x.lastId() !== undefined);
      await sleep(100);
      expect(again.blocks.some((b) => b.event === 'NOTIFY_MSG')).toBe(false);
      again.close();
      ro.close();
    });

    it('the app installs the resolver: the real chat session token works as Authorization: Bearer or ?token=, without the cookie', async () => {
      expect(t.app.chatRealtime.tokenResolver).not.toBeNull();
      const res = await fetch(`${base}/api/secured/chat/session-token`, { headers: { cookie: clientCookie } });
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string };
      for (const r of [
        await SseReader.open(url, { authorization: `Bearer ${token}` }),
        await SseReader.open(`${url}?token=${encodeURIComponent(token)}`),
      ]) {
        expect(r.status).toBe(200);
        await r.waitFor((x) => x.lastId() !== undefined);
        const [id] = await append(t.db, [
          {
            recipients: [clientId],
            kind: 'GROUP_REQDOC_MSG',
            payload: { type: 'GROUP_REQDOC_MSG', payload: { y: 1 } },
          },
        ]);
        await r.waitFor((x) => x.durable().some((e) => e.id === id));
        r.close();
      }
      expect((await SseReader.open(url, { authorization: 'Bearer not-a-real-token-aaaaaaaaaaaa' })).status).toBe(401);
    });

    it('accepts ?token= through the installed chat token resolver', async () => {
      const installed = t.app.chatRealtime.tokenResolver;
      // a token belongs to a stored session (issue 14)
      await t.db.insert(sessions).values({
        sid: 'token-test-session',
        data: { userId: clientId },
        userId: clientId,
        expiresAt: new Date(t.clock.now().getTime() + 3600_000),
      });
      t.app.chatRealtime.tokenResolver = async (token) =>
        token === 'good-token' ? { userId: clientId, sessionSid: 'token-test-session' } : null;
      try {
        const r = await open('', {}, '?token=good-token');
        expect(r.status).toBe(200);
        await r.waitFor((x) => x.lastId() !== undefined);
        const [id] = await append(t.db, [
          {
            recipients: [clientId],
            kind: 'GROUP_REQDOC_MSG',
            payload: { type: 'GROUP_REQDOC_MSG', payload: { x: 1 } },
          },
        ]);
        await r.waitFor((x) => x.durable().length === 1);
        expect(r.durable()[0]).toMatchObject({ id, event: 'GROUP_REQDOC_MSG' });
        r.close();
        expect((await SseReader.open(`${url}?token=bad`)).status).toBe(401);
      } finally {
        t.app.chatRealtime.tokenResolver = installed;
      }
    });

    it('disconnect cleans up the subscription', async () => {
      for (const r of readers) r.close();
      await sleep(100);
      const before = t.app.chatRealtime.openStreams();
      const r = await open(clientCookie);
      await r.waitFor((x) => x.lastId() !== undefined);
      expect(t.app.chatRealtime.openStreams()).toBe(before + 1);
      expect(t.app.chatRealtime.hub.subscriberCount()).toBe(before + 1);
      r.close();
      const deadline = Date.now() + 3000;
      while (t.app.chatRealtime.openStreams() !== before && Date.now() < deadline) await sleep(20);
      expect(t.app.chatRealtime.openStreams()).toBe(before);
      expect(t.app.chatRealtime.hub.subscriberCount()).toBe(before);
    });

    it('concurrent appending transactions arrive in id order, contiguous, each once (measured)', async () => {
      const r = await open(clientCookie);
      await r.waitFor((x) => x.lastId() !== undefined);
      const head = Number(r.lastId());
      const N = 200;
      const started = performance.now();
      const ids = (
        await Promise.all(
          Array.from({ length: N }, (_, i) =>
            append(t.db, [{ recipients: [clientId], kind: 'GROUP_MSG', payload: msg(1000 + i) }]),
          ),
        )
      ).flat();
      const appended = performance.now();
      await r.waitFor((x) => x.durable().length >= N, 20_000, `${N} events`);
      const done = performance.now();
      const got = r.durable().map((e) => e.id);
      expect(got).toEqual(Array.from({ length: N }, (_, i) => head + 1 + i));
      expect([...ids].sort((a, b) => a - b)).toEqual(got);
      console.log(
        `[chat-stream ${driver}] ${N} concurrent appends: ${(appended - started).toFixed(0)} ms; all delivered after ${(done - started).toFixed(0)} ms`,
      );
      r.close();
    });
  });
}
