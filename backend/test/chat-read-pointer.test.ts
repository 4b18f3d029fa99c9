/**
 * The read pointer and the last-viewed time agree (spec chat §3 "Current chat info": lastViewedMessageId,
 * lastViewedMessageDateTime; §4 "Message status": someone else's message is VIEWED when created at or before the
 * last-viewed time; decision of issue 4): lastViewedMessageDateTime is the creation time of the message at the pointer,
 * and creation times strictly increase in id order within a group, even for messages sent in the same millisecond
 * (frozen TestClock) or after the clock stepped back. So "id ≤ pointer" and "created ≤ last-viewed time" pick the same
 * messages, and the unread counter (by id) equals the number of messages the time rule shows as unread.
 */
import { asc, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatEvents } from '../src/db/schema/chat-events.js';
import { readEventsAfter, readRetainedWindow, type LoggedEvent } from '../src/chat/stream/log.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { activeOrder, partnerCompanyId } from './deal-partner-helpers.js';

const C = '/api/secured/common/chat';

interface Msg {
  msgId: number;
  dateTimeCreate: string;
  status: string;
  selfMsg: boolean;
}
interface Info {
  lastViewedMessageId: number;
  lastViewedMessageDateTime: string | null;
}

for (const driver of DRIVERS) {
  describe(`chat read pointer and last-viewed time [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient, p1: TestClient, oper: TestClient;
    let groupId: number;
    let key = 0;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      client = await t.signedIn('client@example.com');
      p1 = await t.signedIn('partner1@example.com');
      oper = await t.signedIn('operator@example.com');
      const orderId = await activeOrder(t, client, [await partnerCompanyId(t, 'Альфа Платежи')]);
      groupId = (await client.post(`${C}/${orderId}/create-get`, {})).json().id;
      expect((await p1.post(`${C}/${orderId}/create-get`, {})).json().id).toBe(groupId);
    });
    afterAll(async () => {
      t.clock.unfreeze();
      await t.close();
    });

    const send = async (c: TestClient, text: string, gid = groupId): Promise<Msg> => {
      const r = await c.post(`${C}/group/${gid}/messages`, { text, extMsgId: `msg_${++key}` });
      expect(r.statusCode, r.body).toBe(201);
      return r.json();
    };
    const info = async (c: TestClient, gid = groupId): Promise<Info & { unread: number }> => {
      const r = (await c.get(`${C}/group/${gid}`)).json();
      return {
        lastViewedMessageId: r.info.lastViewedMessageId,
        lastViewedMessageDateTime: r.info.lastViewedMessageDateTime,
        unread: r.statistics.unreadMessagesCount,
      };
    };
    const messages = async (c: TestClient, gid = groupId): Promise<Msg[]> =>
      (await c.get(`${C}/group/${gid}/messages`, { query: { limit: '50' } })).json().content;
    const ms = (iso: string) => Date.parse(iso);

    it('messages sent in the same millisecond, or after the clock stepped back, get strictly increasing dateTimeCreate in id order', async () => {
      t.clock.freeze();
      const t0 = t.clock.now().getTime();
      const a = await send(client, 'раз');
      const b = await send(client, 'два');
      const c = await send(p1, 'три');
      expect([a, b, c].map((m) => ms(m.dateTimeCreate))).toEqual([t0, t0 + 1, t0 + 2]);
      // the clock steps back an hour: the next message is still 1 ms after the newest
      t.clock.set(new Date(t0 - 3600_000));
      const d = await send(oper, 'четыре');
      expect(ms(d.dateTimeCreate)).toBe(t0 + 3);
      // concurrent sends in one frozen millisecond: ids and times in the same order, no two equal
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => send(i % 2 ? client : p1, `пачка ${i}`)));
      const byId = [...burst].sort((x, y) => x.msgId - y.msgId).map((m) => ms(m.dateTimeCreate));
      expect(byId).toEqual(Array.from({ length: 8 }, (_, i) => t0 + 4 + i));
      // the sender's pointer stands on its own message and its last-viewed time is that message's creation time
      const last = [...burst].sort((x, y) => x.msgId - y.msgId).pop()!;
      const sender = burst.indexOf(last) % 2 ? client : p1;
      expect(await info(sender)).toMatchObject({
        lastViewedMessageId: last.msgId,
        lastViewedMessageDateTime: last.dateTimeCreate,
        unread: 0,
      });
      t.clock.unfreeze();
    });

    it('after "viewed to message N" with later messages: lastViewedMessageDateTime = N\'s dateTimeCreate, unread = later messages of others', async () => {
      t.clock.freeze(); // all in one millisecond: the pointer, not the clock, must decide
      const m1 = await send(client, 'первое');
      const n = await send(client, 'второе');
      const later = [await send(oper, 'третье (оператор)'), await send(client, 'четвёртое')];
      const answer = await p1.post(`${C}/${groupId}/viewed/to`, { messageId: n.msgId });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        lastViewedMessageId: n.msgId,
        lastViewedMessageDateTime: n.dateTimeCreate,
        statistics: { unreadMessagesCount: later.length },
      });
      expect(await info(p1)).toEqual({
        lastViewedMessageId: n.msgId,
        lastViewedMessageDateTime: n.dateTimeCreate,
        unread: later.length,
      });
      expect(ms(m1.dateTimeCreate)).toBeLessThan(ms(n.dateTimeCreate));
      // for every message of the group: created at or before the last-viewed time ⇔ at or below the pointer
      const all = await messages(p1);
      for (const m of all)
        expect(ms(m.dateTimeCreate) <= ms(n.dateTimeCreate), `message ${m.msgId}`).toBe(m.msgId <= n.msgId);
      // p1's view: others' messages up to N are VIEWED, the later ones DELIVERED
      const others = all.filter((m) => !m.selfMsg);
      expect(others.filter((m) => m.status === 'DELIVERED').map((m) => m.msgId)).toEqual(later.map((m) => m.msgId));
      expect((await p1.get(`${C}/messages/unread`)).json().unreadMessagesCount).toBe(later.length);
      // a smaller id moves nothing (forward only), the time stays N's
      expect((await p1.post(`${C}/${groupId}/viewed/to`, { messageId: m1.msgId })).json()).toMatchObject({
        lastViewedMessageId: n.msgId,
        lastViewedMessageDateTime: n.dateTimeCreate,
      });
      // viewing the whole group: the pointer and the time of the newest message
      const whole = (await p1.post(`${C}/group/${groupId}/viewed`, {})).json();
      expect(whole).toMatchObject({
        lastViewedMessageId: later[1].msgId,
        lastViewedMessageDateTime: later[1].dateTimeCreate,
        statistics: { unreadMessagesCount: 0 },
      });
      t.clock.unfreeze();
    });

    it('replying reads: the messages of others the reply passes become VIEWED for their senders, with one MSG_VIEWED', async () => {
      await p1.post(`${C}/group/${groupId}/viewed`, {});
      const q1 = await send(client, 'вопрос 1');
      const q2 = await send(client, 'вопрос 2');
      expect((await info(p1)).unread).toBe(2);
      const [{ last }] = await t.db.select({ last: max(chatEvents.id) }).from(chatEvents);
      const reply = await send(p1, 'ответ');
      // p1 has nothing unread; the client sees both questions VIEWED (the server status of its own messages)
      expect(await info(p1)).toMatchObject({ lastViewedMessageId: reply.msgId, unread: 0 });
      const mine = (await messages(client)).filter((m) => m.msgId === q1.msgId || m.msgId === q2.msgId);
      expect(mine.map((m) => [m.selfMsg, m.status])).toEqual([
        [true, 'VIEWED'],
        [true, 'VIEWED'],
      ]);
      // the operator has not read them: still unread for the operator
      expect((await info(oper)).unread).toBeGreaterThanOrEqual(3);
      // one MSG_VIEWED event carrying both ids, written before the reply's own event
      const events = await t.db
        .select({ payload: chatEvents.payload })
        .from(chatEvents)
        .where(gt(chatEvents.id, last ?? 0))
        .orderBy(asc(chatEvents.id));
      const viewed = events.map((e) => JSON.stringify(e.payload)).filter((p) => p.includes('MSG_VIEWED'));
      expect(viewed).toHaveLength(1);
      expect(viewed[0]).toContain(`${q1.msgId},${q2.msgId}`);

      // issue 15: the stream's reads (live fan-out and replay) add the view of the highest id, as GROUP_MSG carries a
      // message, so no reader has to load it; the stored payload stays the stub
      const isViewed = (e: LoggedEvent) => e.payload.modification === 'MSG_VIEWED';
      const live = (await readEventsAfter(t.db, last ?? 0, 100)).filter(isViewed);
      expect(live).toHaveLength(1);
      expect(live[0].payload.message).toMatchObject({ msgId: q2.msgId, status: 'VIEWED' });
      expect(live[0].payload.view).toMatchObject({
        msgId: q2.msgId,
        text: 'вопрос 2',
        dateTimeCreate: q2.dateTimeCreate,
        status: 'VIEWED',
        selfMsg: false,
        groupId,
        group: { id: groupId },
      });
      const stored = await t.db.select().from(chatEvents).where(eq(chatEvents.id, live[0].id));
      expect(stored[0].payload).not.toHaveProperty('view');
      const clientUserId = (await client.get('/api/secured/chat/user/info')).json().id as number;
      expect(live[0].recipients).toContain(clientUserId);
      const replay = (await readRetainedWindow(t.db, clientUserId, last ?? 0, 100)).events.filter(isViewed);
      expect(replay.map((e) => e.payload.view)).toEqual([live[0].payload.view]);
      // a deleted message has no view: readers fall back to their own read
      expect((await client.delete(`${C}/group/${groupId}/messages/${q2.msgId}`)).statusCode).toBeLessThan(300);
      const afterDelete = (await readEventsAfter(t.db, last ?? 0, 100)).filter(isViewed);
      expect(afterDelete[0].payload).not.toHaveProperty('view');
    });

    it("joining and rejoining start the pointer on the newest message with its creation time; an invitation moves the inviter's", async () => {
      // rejoin a request chat: messages sent while away are not unread, the time is the newest message's
      expect((await p1.post(`${C}/group/${groupId}/leave`, {})).statusCode).toBe(204);
      t.clock.advance(5000);
      const away = await send(client, 'пока вас не было');
      const orderId = (await client.get(`${C}/group/${groupId}`)).json().orderId as number;
      t.clock.advance(5000);
      expect((await p1.post(`${C}/${orderId}/create-get`, {})).statusCode).toBe(200);
      expect(await info(p1)).toEqual({
        lastViewedMessageId: away.msgId,
        lastViewedMessageDateTime: away.dateTimeCreate,
        unread: 0,
      });

      // an alliance: the invitation message moves the inviter's pointer; the invited user joins on it
      const alliance = (await p1.post(`${C}/group`, { name: 'Альянс', groupType: 'ECVP_PARTNER_CLIENT' })).json()
        .id as number;
      expect(await info(p1, alliance)).toEqual({ lastViewedMessageId: 0, lastViewedMessageDateTime: null, unread: 0 });
      const hello = await send(p1, 'добро пожаловать', alliance);
      t.clock.advance(1000);
      const clientId = (await client.get('/api/secured/chat/user/info')).json().id as number;
      const inv = await p1.post(`${C}/group/${alliance}/invitations`, { userId: clientId });
      expect(inv.statusCode).toBe(201);
      const [, invitation] = await messages(p1, alliance);
      expect(ms(invitation.dateTimeCreate)).toBeGreaterThan(ms(hello.dateTimeCreate));
      expect(await info(p1, alliance)).toEqual({
        lastViewedMessageId: invitation.msgId,
        lastViewedMessageDateTime: invitation.dateTimeCreate,
        unread: 0,
      });
      t.clock.advance(1000);
      expect((await client.post(`${C}/invitations/${inv.json().id}/accept`, {})).json().status).toBe('ACCEPTED');
      expect(await info(client, alliance)).toEqual({
        lastViewedMessageId: invitation.msgId,
        lastViewedMessageDateTime: invitation.dateTimeCreate,
        unread: 0,
      });
      const next = await send(p1, 'первое после вступления', alliance);
      expect(await info(client, alliance)).toMatchObject({
        lastViewedMessageDateTime: invitation.dateTimeCreate,
        unread: 1,
      });
      expect((await messages(client, alliance)).map((m) => [m.msgId, m.status])).toEqual([
        [hello.msgId, 'VIEWED'],
        [invitation.msgId, 'VIEWED'],
        [next.msgId, 'DELIVERED'],
      ]);
    });
  });
}
