/**
 * The per-recipient views of the chat stream (issue 15; spec chat §4 "New message handling": on every event a client
 * updates the group's list entry and the unread badge). A stream opened with `views=1` (the gateway's) gets with each live
 * event about a group a `view:` line `{ group, unread }`: the group as GET group/{id} previews it to that recipient
 * (without members and chat info) and GET messages/unread of that recipient, read once per batch of the hub
 * (src/chat/stream/views.ts; group-views.ts previewsOfPairs, overallUnreadOf). Checked against those two routes for a
 * client, an agent and an operator (the desk's support chats through 10762); a stream without views and a replay carry
 * none; a failed read of the views still delivers the events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overallUnreadOf, previewsOfPairs } from '../src/chat/repository/group-views.js';
import type { Actor } from '../src/chat/repository/membership.js';
import { ChatEventHub, type HubMessage } from '../src/chat/stream/hub.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { append, listen, SseReader, userId } from './chat-stream-helpers.js';
import { activeOrder, partnerCompanyId } from './deal-partner-helpers.js';

const C = '/api/secured/common/chat';

for (const driver of DRIVERS) {
  describe(`chat stream views [${driver}]`, () => {
    let t: TestApp;
    let url: string;
    let client: TestClient, p1: TestClient, p2: TestClient, oper: TestClient;
    let actors: { client: Actor; p1: Actor; p2: Actor; oper: Actor };
    let groupId: number, supportId: number;
    let key = 0;
    const readers: SseReader[] = [];

    beforeAll(async () => {
      t = await createTestApp({ driver, config: { chatStream: { pingMs: 150, pollMs: 0, pruneEveryMs: 0 } } });
      url = `${await listen(t.app)}/api/secured/chat/stream`;
      client = await t.signedIn('client@example.com');
      p1 = await t.signedIn('partner1@example.com');
      p2 = await t.signedIn('partner2@example.com');
      oper = await t.signedIn('operator@example.com');
      actors = {
        client: { id: await userId(t.db, 'client@example.com'), accountType: 'CLIENT' },
        p1: { id: await userId(t.db, 'partner1@example.com'), accountType: 'PARTNER' },
        p2: { id: await userId(t.db, 'partner2@example.com'), accountType: 'PARTNER' },
        oper: { id: await userId(t.db, 'operator@example.com'), accountType: 'OPER' },
      };
      const orderId = await activeOrder(t, client, [await partnerCompanyId(t, 'Альфа Платежи')]);
      groupId = (await client.post(`${C}/${orderId}/create-get`, {})).json().id;
      expect((await p1.post(`${C}/${orderId}/create-get`, {})).json().id).toBe(groupId);
      supportId = (await client.get('/api/secured/chat/session-token')).json().supportChatGroupId;
    });
    afterAll(async () => {
      for (const r of readers) r.close();
      await t?.close();
    });

    const open = async (c: TestClient, query = '', headers: Record<string, string> = {}) => {
      const r = await SseReader.open(`${url}${query}`, { cookie: c.cookieHeader(), ...headers });
      readers.push(r);
      expect(r.status).toBe(200);
      await r.waitFor((x) => x.lastId() !== undefined, 5000, 'initial cursor');
      return r;
    };
    const send = async (c: TestClient, gid: number, text: string): Promise<number> => {
      const r = await c.post(`${C}/group/${gid}/messages`, { text, extMsgId: `msg_${++key}` });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().msgId;
    };
    /** The block of the GROUP_MSG of `msgId` on `r`. */
    const blockOf = async (r: SseReader, msgId: number) => {
      const has = (b: (typeof r.blocks)[number]) =>
        b.event === 'GROUP_MSG' &&
        (JSON.parse(b.data ?? '{}') as { message?: { msgId?: number } }).message?.msgId === msgId;
      await r.waitFor((x) => x.blocks.some(has), 5000, `GROUP_MSG ${msgId}`);
      return r.blocks.find(has)!;
    };
    const viewOf = (b: { view?: string }) =>
      JSON.parse(b.view ?? 'null') as { group: Record<string, unknown> | null; unread: Record<string, number> };
    /** GET group/{id} as a preview: without its members and the caller's chat info. */
    const preview = async (c: TestClient, gid: number) => {
      const r = await c.get(`${C}/group/${gid}`);
      expect(r.statusCode, r.body).toBe(200);
      const { members: _m, info: _i, ...rest } = r.json() as Record<string, unknown>;
      return rest;
    };
    const unread = async (c: TestClient) => (await c.get(`${C}/messages/unread`)).json() as Record<string, number>;

    it("a live message: a views=1 stream gets the recipient's group preview and unread statistic; another stream none", async () => {
      const withViews = await open(client, '?views=1');
      const plain = await open(p1);
      const first = await send(p1, groupId, 'первое');
      const v1 = viewOf(await blockOf(withViews, first));
      // nothing is written between the event and these reads: the view equals what the routes answer now
      expect(v1.group).toEqual(await preview(client, groupId));
      expect(v1.unread).toEqual(await unread(client));
      expect(v1.unread).toMatchObject({ unreadMessagesCount: expect.any(Number), lastMessageId: first });
      expect(v1.group).toMatchObject({ id: groupId, lastMessage: { msgId: first, message: 'первое', selfMsg: false } });
      expect((await blockOf(plain, first)).view).toBeUndefined();

      // each event's view is read after it: one more unread message, the new last message
      const second = await send(p1, groupId, 'второе');
      const v2 = viewOf(await blockOf(withViews, second));
      expect(v2.unread.unreadMessagesCount).toBe(v1.unread.unreadMessagesCount + 1);
      expect(v2.group).toMatchObject({ lastMessage: { msgId: second } });
      expect(v2.group).toEqual(await preview(client, groupId));

      // the sender's own stream with views: its own message, nothing unread added
      const own = await open(p1, '?views=1');
      const third = await send(p1, groupId, 'третье');
      const v3 = viewOf(await blockOf(own, third));
      expect(v3.group).toMatchObject({ lastMessage: { msgId: third, selfMsg: true } });
      expect(v3.group).toEqual(await preview(p1, groupId));
      expect(v3.unread).toEqual(await unread(p1));
      for (const r of [withViews, plain, own]) r.close();
    });

    it("an operator's view of a support chat is the desk's (10762's pointer), with its requester", async () => {
      const desk = await open(oper, '?views=1');
      const msg = await send(client, supportId, 'нужна помощь');
      const v = viewOf(await blockOf(desk, msg));
      expect(v.group).toEqual(await preview(oper, supportId));
      expect(v.group).toMatchObject({
        groupType: 'ECVP_SUPPORT',
        supportRequester: { id: actors.client.id },
        lastMessage: { msgId: msg, selfMsg: false },
      });
      expect(v.unread).toEqual(await unread(oper));
      expect(v.unread.unreadMessagesCount).toBeGreaterThan(0);
      desk.close();
    });

    it('a replayed event carries no view; views=2 is refused', async () => {
      const live = await open(client, '?views=1');
      const msg = await send(p1, groupId, 'для повтора');
      const b = await blockOf(live, msg);
      expect(b.view).toBeDefined();
      live.close();
      const replay = await open(client, '?views=1', { 'last-event-id': String(Number(b.id) - 1) });
      expect((await blockOf(replay, msg)).view).toBeUndefined();
      replay.close();
      const bad = await SseReader.open(`${url}?views=2`, { cookie: client.cookieHeader() });
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body)).toMatchObject({ code: 'VALIDATION_ERROR' });
    });

    it('the batch statements answer what GET group/{id} and GET messages/unread answer each viewer', async () => {
      const alliance = (await p1.post(`${C}/group`, { name: 'Альянс', groupType: 'ECVP_PARTNER_CLIENT' })).json()
        .id as number;
      await send(p1, alliance, 'в альянсе');
      const gone = (await p1.post(`${C}/group`, { name: 'Удалённый', groupType: 'ECVP_PARTNER_CLIENT' })).json()
        .id as number;
      expect((await p1.delete(`${C}/group/${gone}`)).statusCode).toBe(204);
      const pairs = [
        { viewer: actors.client, groupId },
        { viewer: actors.p1, groupId },
        { viewer: actors.p1, groupId: alliance },
        { viewer: actors.oper, groupId: supportId },
        { viewer: actors.p2, groupId }, // not a member
        { viewer: actors.client, groupId: alliance }, // not a member
        { viewer: actors.p1, groupId: gone }, // deleted
        { viewer: actors.client, groupId: 99_999_999 }, // no such group
      ];
      const got = await previewsOfPairs(t.db, pairs);
      expect([...got.keys()].sort()).toEqual(
        [
          `${actors.client.id}:${groupId}`,
          `${actors.p1.id}:${groupId}`,
          `${actors.p1.id}:${alliance}`,
          `${actors.oper.id}:${supportId}`,
        ].sort(),
      );
      expect(got.get(`${actors.client.id}:${groupId}`)).toEqual(await preview(client, groupId));
      expect(got.get(`${actors.p1.id}:${groupId}`)).toEqual(await preview(p1, groupId));
      expect(got.get(`${actors.p1.id}:${alliance}`)).toEqual(await preview(p1, alliance));
      expect(got.get(`${actors.oper.id}:${supportId}`)).toEqual(await preview(oper, supportId));
      expect((await p2.get(`${C}/group/${groupId}`)).statusCode).toBe(404);

      const counts = await overallUnreadOf(t.db, [actors.client, actors.p1, actors.p2, actors.oper]);
      expect(counts.get(actors.client.id)).toEqual(await unread(client));
      expect(counts.get(actors.p1.id)).toEqual(await unread(p1));
      expect(counts.get(actors.p2.id)).toEqual(await unread(p2));
      expect(counts.get(actors.oper.id)).toEqual(await unread(oper));
      // the operator's figures include the desk's support chats
      expect(counts.get(actors.oper.id)!.unreadMessagesCount).toBeGreaterThan(0);
      expect(await previewsOfPairs(t.db, [])).toEqual(new Map());
      expect(await overallUnreadOf(t.db, [])).toEqual(new Map());
    });

    it('when reading the views fails the events still arrive, without views', async () => {
      const hub = new ChatEventHub(t.dbh, {
        pollMs: 0,
        reconnectMs: 1000,
        batch: 500,
        sweepMs: 0,
        readViews: () => Promise.reject(new Error('views unavailable')),
      });
      await hub.start();
      const got: HubMessage[] = [];
      const off = hub.subscribe(actors.client.id, (m) => got.push(m), actors.client);
      try {
        const payload = { type: 'GROUP_MSG', msgId: 1, groupId, text: 'x' };
        await append(t.db, [{ recipients: [actors.client.id], kind: 'GROUP_MSG', payload }]);
        await hub.kick();
        expect(got).toHaveLength(1);
        expect(got[0]).toMatchObject({ durable: true, event: { kind: 'GROUP_MSG', payload } });
        expect('view' in got[0]).toBe(false);
        expect(hub.stats.viewFailures).toBe(1);
      } finally {
        off();
        await hub.close();
      }
    });
  });
}
