/**
 * Chat REST calls (spec chat §3, §4, §5, §6, §7, §9): request chat creation and scoping, messages (send, edit,
 * delete, react, reply, forward, mention, idempotent send), paging, derived unread counters and statistics,
 * favourites, the group filter, typing, the session token and the support chat.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveChatSessionToken } from '../src/chat/session-token.js';
import { chatEvents } from '../src/db/schema/chat-events.js';
import { chatMessages } from '../src/db/schema/chat.js';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { activeOrder, partnerCompanyId, userOf } from './deal-partner-helpers.js';

const C = '/api/secured/common/chat';

for (const driver of DRIVERS) {
  describe(`chat calls [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient, p1: TestClient, p2: TestClient, oper: TestClient, other: TestClient, agent: TestClient;
    let ids: { client: number; p1: number; p2: number; oper: number; support: number; other: number };
    let orderId: number;
    let groupId: number;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      client = await t.signedIn('client@example.com');
      p1 = await t.signedIn('partner1@example.com');
      p2 = await t.signedIn('partner2@example.com');
      oper = await t.signedIn('operator@example.com');
      other = await t.signedIn('newclient@example.com');
      agent = await t.signedIn('agent@example.com');
      ids = {
        client: (await userOf(t, 'client@example.com')).id,
        p1: (await userOf(t, 'partner1@example.com')).id,
        p2: (await userOf(t, 'partner2@example.com')).id,
        oper: (await userOf(t, 'operator@example.com')).id,
        // the seeded support operator: order chats have every operator as a member
        support: (await userOf(t, 'support@example.com')).id,
        other: (await userOf(t, 'newclient@example.com')).id,
      };
      orderId = await activeOrder(t, client, [await partnerCompanyId(t, 'Альфа Платежи')]);
    });
    afterAll(() => t.close());

    const unread = async (c: TestClient) =>
      (await c.get(`${C}/messages/unread`)).json() as { unreadMessagesCount: number; lastMessageId: number };
    const stats = async (c: TestClient, gid: number) => {
      const r = await c.post(`${C}/group/statistics`, { groupIds: [gid], statisticType: 'MSG' });
      expect(r.statusCode).toBe(200);
      return r.json().groupStatistics[0] as {
        unreadMessagesCount: number;
        hasNewMentions: boolean;
        hasNewReactions: boolean;
        unreadMessagesCounters: { type: string; count: number }[];
      };
    };
    const send = async (c: TestClient, body: Record<string, unknown>, gid = groupId) =>
      c.post(`${C}/group/${gid}/messages`, body);

    it('create-get (chat §7): client, the agent the order was sent to and the operator get one chat; others 404', async () => {
      const first = await client.post(`${C}/${orderId}/create-get`, {});
      expect(first.statusCode).toBe(201);
      groupId = first.json().id;
      expect(first.json()).toMatchObject({
        groupType: 'ECVP_CLIENT',
        name: `Заявка №${orderId}`,
        orderId,
        favoriteId: null,
        userRole: 'PARTICIPANT',
        lastMessage: null,
      });
      const again = await client.post(`${C}/${orderId}/create-get`, {});
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(groupId);
      expect((await p1.post(`${C}/${orderId}/create-get`, {})).json().id).toBe(groupId);
      expect((await oper.post(`${C}/${orderId}/create-get`, {})).json().id).toBe(groupId);
      const before = await t.snapshot();
      for (const c of [other, p2, agent]) {
        const r = await c.post(`${C}/${orderId}/create-get`, {});
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ code: 'CHAT_NOT_FOUND', message: 'Чат не найден' });
      }
      expect((await client.post(`${C}/999999/create-get`, {})).statusCode).toBe(404);
      // Non-members cannot read or write the group.
      expect((await other.get(`${C}/group/${groupId}`)).statusCode).toBe(404);
      expect((await p2.get(`${C}/group/${groupId}/messages`)).statusCode).toBe(404);
      expect((await other.post(`${C}/group/${groupId}/messages`, { text: 'чужой' })).statusCode).toBe(404);
      expect((await other.post(`${C}/group/by-ids`, { ids: [groupId] })).json()).toEqual([]);
      expect(await t.snapshot()).toEqual(before);
      const detail = (await client.get(`${C}/group/${groupId}`)).json();
      expect(detail.members.map((m: { id: number }) => m.id).sort()).toEqual(
        [ids.client, ids.p1, ids.oper, ids.support].sort(),
      );
    });

    it('bad input answers 400 with Russian messages and changes nothing (chat §5 msgKey)', async () => {
      const before = await t.snapshot();
      const key = await send(client, { text: 'x', extMsgId: 'abc' });
      expect(key.statusCode).toBe(400);
      expect(key.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: CHAT_ERRORS.MSG_KEY_INVALID });
      const empty = await send(client, { text: '   ' });
      expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Сообщение не может быть пустым' });
      const wrong = await send(client, { text: { a: 1 } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors[0]).toMatchObject({ field: 'text', message: 'Неверный тип значения' });
      const extra = await send(client, { text: 'a', bogus: 1 });
      expect(extra.json().errors[0]).toMatchObject({ message: 'Неизвестное поле' });
      expect(
        (await client.get(`${C}/group/${groupId}/messages`, { query: { limit: '51' } })).json().errors[0].message,
      ).toBe('Превышено максимальное значение');
      expect((await client.post(`${C}/group/statistics`, { statisticType: 'X' })).statusCode).toBe(400);
      expect((await send(client, { text: 'x', mentioned: [ids.other] })).json().message).toBe(
        'Упомянутый пользователь не участник чата',
      );
      expect((await send(client, { text: 'x', replyMessageId: 99999 })).json().code).toBe('VALIDATION_ERROR');
      expect(await t.snapshot()).toEqual(before);
    });

    let m1: number, m2: number, m3: number;
    it('idempotent send: the same extMsgId answers the same message with 200 and keeps one row; events go to the members', async () => {
      const a = await send(client, { text: 'Здравствуйте', extMsgId: 'msg_1' });
      expect(a.statusCode).toBe(201);
      m1 = a.json().msgId;
      expect(a.json()).toMatchObject({
        text: 'Здравствуйте',
        extMsgId: 'msg_1',
        selfMsg: true,
        status: 'SENT',
        type: 'GROUP_MSG',
        groupId,
      });
      const b = await send(client, { text: 'Здравствуйте', extMsgId: 'msg_1' });
      expect(b.statusCode).toBe(200);
      expect(b.json().msgId).toBe(m1);
      const rows = await t.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.extMsgId, 'msg_1'), eq(chatMessages.authorUserId, ids.client)));
      expect(rows).toHaveLength(1);
      const events = await t.db.select().from(chatEvents).where(eq(chatEvents.kind, 'GROUP_MSG'));
      expect(events).toHaveLength(1);
      expect([...events[0].recipients].sort()).toEqual([ids.client, ids.p1, ids.oper, ids.support].sort());
      expect((events[0].payload as { message: { msgId: number } }).message.msgId).toBe(m1);
    });

    it('unread counters are derived from read pointers through sends, views and deletes (exact numbers)', async () => {
      expect(await unread(p1)).toEqual({ unreadMessagesCount: 1, lastMessageId: m1 });
      expect(await unread(client)).toEqual({ unreadMessagesCount: 0, lastMessageId: m1 });
      m2 = (await send(client, { text: 'Второе', extMsgId: 'msg_2' })).json().msgId;
      m3 = (await send(client, { text: 'Третье', extMsgId: 'msg_3' })).json().msgId;
      expect((await unread(p1)).unreadMessagesCount).toBe(3);
      expect((await unread(oper)).unreadMessagesCount).toBe(3);
      const to = await p1.post(`${C}/${groupId}/viewed/to`, { messageId: m2 });
      expect(to.json()).toMatchObject({ lastViewedMessageId: m2, statistics: { unreadMessagesCount: 1 } });
      // Forward only: an older id changes nothing.
      expect((await p1.post(`${C}/${groupId}/viewed/to`, { messageId: m1 })).json().lastViewedMessageId).toBe(m2);
      expect((await unread(p1)).unreadMessagesCount).toBe(1);
      // The statuses: others' messages up to the pointer are VIEWED for p1, the sender sees VIEWED too.
      const list = (await p1.get(`${C}/group/${groupId}/messages`)).json().content as {
        msgId: number;
        status: string;
      }[];
      expect(list.map((m) => m.status)).toEqual(['VIEWED', 'VIEWED', 'DELIVERED']);
      expect(
        ((await client.get(`${C}/group/${groupId}/messages`)).json().content as { status: string }[]).map(
          (m) => m.status,
        ),
      ).toEqual(['VIEWED', 'VIEWED', 'SENT']);
      // p1 cannot delete the client's message; the client can; then it no longer counts.
      expect((await p1.delete(`${C}/group/${groupId}/messages/${m3}`)).statusCode).toBe(403);
      expect((await client.delete(`${C}/group/${groupId}/messages/${m3}`)).statusCode).toBe(204);
      expect((await unread(p1)).unreadMessagesCount).toBe(0);
      expect((await unread(oper)).unreadMessagesCount).toBe(2);
      expect((await p1.delete(`${C}/group/${groupId}/messages/${m3}`)).statusCode).toBe(404);
      const kinds = (await t.db.select().from(chatEvents).orderBy(chatEvents.id)).map((e) => [
        e.kind,
        (e.payload as { modification?: string }).modification,
      ]);
      expect(kinds).toContainEqual(['MODIFY_MSG', 'MSG_DELETED']);
      expect(kinds).toContainEqual(['MODIFY_MSG', 'MSG_VIEWED']);
      // A reply that mentions p1: CHILD_MSG, one unread, hasNewMentions.
      const reply = await send(client, { text: '@Павел посмотрите', replyMessageId: m1, mentioned: [ids.p1] });
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toMatchObject({
        type: 'CHILD_MSG',
        replyMessage: { msgId: m1, text: 'Здравствуйте' },
        mentioned: [ids.p1],
      });
      const s = await stats(p1, groupId);
      expect(s).toMatchObject({ unreadMessagesCount: 1, hasNewMentions: true, hasNewReactions: false });
      expect(s.unreadMessagesCounters).toEqual([
        { type: 'GROUP_MSG', count: 0 },
        { type: 'CHILD_MSG', count: 1 },
      ]);
      expect((await stats(oper, groupId)).hasNewMentions).toBe(false);
      expect((await t.db.select().from(chatEvents).where(eq(chatEvents.kind, 'CHILD_MSG'))).length).toBe(1);
      const viewed = await p1.post(`${C}/group/${groupId}/viewed`, {});
      expect(viewed.json().statistics).toMatchObject({ unreadMessagesCount: 0, hasNewMentions: false });
      expect(await unread(p1)).toEqual({ unreadMessagesCount: 0, lastMessageId: reply.json().msgId });
      // messages/viewed by ids: the operator reads m1 only.
      const mv = await oper.post(`${C}/messages/viewed`, { messageIds: [m1] });
      expect(mv.json()[0]).toMatchObject({ groupId, lastViewedMessageId: m1, statistics: { unreadMessagesCount: 2 } });
    });

    it('edit (sender only), rename (admin rights or operator), reactions, forward', async () => {
      expect((await p1.put(`${C}/${groupId}`, { messageId: m1, text: 'взлом' })).statusCode).toBe(403);
      const ed = await client.put(`${C}/${groupId}`, { messageId: m1, text: 'Здравствуйте!' });
      expect(ed.statusCode).toBe(200);
      expect(ed.json()).toMatchObject({ msgId: m1, text: 'Здравствуйте!', edited: true });
      const md = await client.put(`${C}/${groupId}`, {
        messageId: m1,
        metaData: { userMessage: 'ссылка', metadataType: 'LINK' },
      });
      expect(JSON.parse(md.json().metaData)).toEqual({ userMessage: 'ссылка', metadataType: 'LINK' });
      expect((await client.put(`${C}/${groupId}`, { name: 'Новое имя' })).statusCode).toBe(403);
      const rn = await oper.put(`${C}/${groupId}`, { name: 'Заявка: обсуждение' });
      expect(rn.json().name).toBe('Заявка: обсуждение');
      const mods = (await t.db.select().from(chatEvents).orderBy(chatEvents.id)).map(
        (e) =>
          (e.payload as { modification?: string; event?: string }).modification ??
          (e.payload as { event?: string }).event,
      );
      expect(mods).toEqual(
        expect.arrayContaining(['MSG_EDITED', 'MSG_METADATA_EDITED', 'GROUP_NAME_CHANGED', 'GROUP_CREATED']),
      );
      // p1 reacts to the client's message: the client has a new reaction until it views the group.
      const r = await p1.post(`${C}/group/${groupId}/messages/${m1}/reactions`, { emoji: '👍' });
      expect(r.json().reactions).toEqual([{ emoji: '👍', count: 1, userIds: [ids.p1] }]);
      expect(
        (await p1.post(`${C}/group/${groupId}/messages/${m1}/reactions`, { emoji: '👍' })).json().reactions[0].count,
      ).toBe(1);
      expect((await stats(client, groupId)).hasNewReactions).toBe(true);
      expect((await client.get(`${C}/group/${groupId}`)).json().info.newReactionsMessageIds).toEqual([m1]);
      await client.post(`${C}/group/${groupId}/viewed`, {});
      expect((await stats(client, groupId)).hasNewReactions).toBe(false);
      expect(
        (await p1.request('DELETE', `${C}/group/${groupId}/messages/${m1}/reactions`, { body: { emoji: '👍' } })).json()
          .reactions,
      ).toEqual([]);
      const fw = await send(p1, { forwardMessageId: m1 });
      expect(fw.statusCode).toBe(201);
      expect(fw.json()).toMatchObject({ forwardMessage: { msgId: m1 }, sourceMsgId: m1, text: 'Здравствуйте!' });
      // Forwarding from a group the caller is not in is refused.
      expect((await send(client, { forwardMessageId: 999999 })).statusCode).toBe(400);
    });

    it('pages messages both ways and around a message', async () => {
      const g = (await client.post(`${C}/group`, { name: 'Лента', groupType: 'ECVP_CLIENT' })).json().id as number;
      const sent: number[] = [];
      for (let i = 1; i <= 25; i++)
        sent.push((await send(client, { text: `n${i}`, extMsgId: `msg_${100 + i}` }, g)).json().msgId);
      const newest = (await client.get(`${C}/group/${g}/messages`, { query: { limit: '10' } })).json();
      expect(newest.content.map((m: { text: string }) => m.text)).toEqual(
        Array.from({ length: 10 }, (_, i) => `n${16 + i}`),
      );
      expect(newest).toMatchObject({ hasBefore: true, hasAfter: false, last: false });
      const older = (
        await client.get(`${C}/group/${g}/messages`, {
          query: { limit: '10', before: String(newest.content[0].msgId) },
        })
      ).json();
      expect(older.content.map((m: { text: string }) => m.text)[0]).toBe('n6');
      const oldest = (
        await client.get(`${C}/group/${g}/messages`, { query: { limit: '10', before: String(older.content[0].msgId) } })
      ).json();
      expect(oldest.content).toHaveLength(5);
      expect(oldest).toMatchObject({ hasBefore: false, hasAfter: true, last: true });
      const fwd = (
        await client.get(`${C}/group/${g}/messages`, { query: { limit: '10', after: String(sent[4]) } })
      ).json();
      expect(fwd.content.map((m: { text: string }) => m.text)).toEqual(
        Array.from({ length: 10 }, (_, i) => `n${6 + i}`),
      );
      expect(fwd).toMatchObject({ hasBefore: true, hasAfter: true, last: false });
      const around = (await client.post(`${C}/group/${g}/messages/${sent[12]}/around`, { limit: 5 })).json();
      expect(around.content.map((m: { text: string }) => m.text)).toEqual(['n11', 'n12', 'n13', 'n14', 'n15']);
      expect(around).toMatchObject({ hasBefore: true, hasAfter: true });
      expect((await client.post(`${C}/group/${g}/messages/${m1}/around`, {})).statusCode).toBe(404);
      expect(
        (await client.get(`${C}/group/${g}/messages`, { query: { before: '5', after: '1' } })).json().message,
      ).toBe('Укажите только before или after');
    });

    it('favourites: at most 5 (chat §9), the sixth answers 409 with the pin-limit text; the filter puts favourites first', async () => {
      const groups: number[] = [];
      for (let i = 1; i <= 6; i++) {
        groups.push((await client.post(`${C}/group`, { name: `Избранное ${i}`, groupType: 'ECVP_CLIENT' })).json().id);
        t.clock.advance(1000);
      }
      for (const g of groups.slice(0, 5))
        expect((await client.post(`${C}/group/${g}/favorite`, {})).statusCode).toBe(200);
      const before = await t.snapshot();
      const sixth = await client.post(`${C}/group/${groups[5]}/favorite`, {});
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json()).toEqual({ code: 'PIN_LIMIT', message: CHAT_ERRORS.PIN_LIMIT });
      expect(await t.snapshot()).toEqual(before);
      const list = (await client.post(`${C}/group/filter`, {})).json();
      const favs = list.content.slice(0, 5).map((g: { id: number; favoriteId: number }) => [g.id, g.favoriteId]);
      expect(favs).toEqual([
        [groups[4], 0],
        [groups[3], 1],
        [groups[2], 2],
        [groups[1], 3],
        [groups[0], 4],
      ]);
      expect(list.content[5].favoriteId).toBeNull();
      // Unpin the second: the rest close the gap; then the sixth fits.
      expect((await client.delete(`${C}/group/${groups[3]}/favorite`)).json().favoriteId).toBeNull();
      expect((await client.post(`${C}/group/${groups[5]}/favorite`, {})).json().favoriteId).toBe(0);
      const favOnly = (await client.post(`${C}/group/filter`, { favorite: true }))
        .json()
        .content.map((g: { id: number; favoriteId: number }) => [g.id, g.favoriteId]);
      expect(favOnly).toEqual([
        [groups[5], 0],
        [groups[4], 1],
        [groups[2], 2],
        [groups[1], 3],
        [groups[0], 4],
      ]);
      expect(
        (await t.db.select().from(chatEvents).orderBy(chatEvents.id)).some(
          (e) => (e.payload as { event?: string }).event === 'GROUP_ADDED_FAVORITE',
        ),
      ).toBe(true);
    });

    it('filter: non-favourites by last message time, newest first; search needs 3 characters; paging by cursor', async () => {
      const a = (await client.post(`${C}/group`, { name: 'Поиск Альфа', groupType: 'ECVP_CLIENT' })).json()
        .id as number;
      t.clock.advance(1000);
      const b = (await client.post(`${C}/group`, { name: 'Поиск Бета', groupType: 'ECVP_CLIENT' })).json().id as number;
      t.clock.advance(1000);
      await send(client, { text: 'свежее' }, a);
      const nonFav = (await client.post(`${C}/group/filter`, { favorite: false }))
        .json()
        .content.map((g: { id: number }) => g.id);
      expect(nonFav.indexOf(a)).toBeLessThan(nonFav.indexOf(b));
      expect(nonFav[0]).toBe(a);
      const short = (await client.post(`${C}/group/filter`, { searchStr: 'По' })).json();
      expect(short).toEqual({ content: [], cursor: null, last: true });
      const found = (await client.post(`${C}/group/filter`, { searchStr: 'поиск' }))
        .json()
        .content.map((g: { id: number }) => g.id);
      expect(found).toEqual([a, b]);
      expect(
        (await client.post(`${C}/group/filter`, { searchStr: 'поиск', emptyGroups: false }))
          .json()
          .content.map((g: { id: number }) => g.id),
      ).toEqual([a]);
      const all = (await client.post(`${C}/group/filter`, { limit: 100 }))
        .json()
        .content.map((g: { id: number }) => g.id);
      const paged: number[] = [];
      let cursor: string | null = null;
      for (;;) {
        const page: { content: { id: number }[]; last: boolean; cursor: string | null } = (
          await client.post(`${C}/group/filter`, { limit: 3, ...(cursor ? { cursor } : {}) })
        ).json();
        paged.push(...page.content.map((g) => g.id));
        if (page.last) break;
        cursor = page.cursor;
      }
      expect(paged).toEqual(all);
      const types = (await client.post(`${C}/group/statistics`, { statisticType: 'MSG' })).json()
        .groupTypeStatistics as { groupType: string; groupCount: number; unreadMessagesCount: number }[];
      expect(types.reduce((n, x) => n + x.unreadMessagesCount, 0)).toBe((await unread(client)).unreadMessagesCount);
      expect(types.map(({ groupType, groupCount }) => ({ groupType, groupCount }))).toEqual([
        { groupType: 'ECVP_CLIENT', groupCount: all.length - 1 },
        { groupType: 'ECVP_PARTNER_CLIENT', groupCount: 0 },
        { groupType: 'ECVP_PARTNER', groupCount: 0 },
        { groupType: 'ECVP_SUPPORT', groupCount: 1 },
      ]);
    });

    it('typing: only the caller as a member; a non-member or another user id is refused', async () => {
      expect((await p1.post(`/api/chat/notification/user/${ids.p1}/group/${groupId}/typing`, {})).statusCode).toBe(204);
      expect(
        (await other.post(`/api/chat/notification/user/${ids.other}/group/${groupId}/typing`, {})).statusCode,
      ).toBe(404);
      expect((await p1.post(`/api/chat/notification/user/${ids.client}/group/${groupId}/typing`, {})).statusCode).toBe(
        403,
      );
      const n = await client.put(`/api/chat/notification/user/${ids.client}`, { online: true });
      expect(n.json()).toMatchObject({ userId: ids.client, online: true });
      expect((await client.put(`/api/chat/notification/user/${ids.p1}`, { online: true })).statusCode).toBe(403);
    });

    it('presence (chat §4 "Online and last seen", §9 offline marker): online records now, offline sets last seen 4 minutes back', async () => {
      t.clock.freeze();
      const now = t.clock.now().getTime();
      const member = async () =>
        (
          (await client.get(`${C}/group/${groupId}`)).json().members as {
            id: number;
            online: boolean;
            lastSeenAt: string | null;
          }[]
        ).find((m) => m.id === ids.p1)!;
      const on = await p1.put(`/api/chat/notification/user/${ids.p1}`, { online: true });
      expect(on.json()).toEqual({
        userId: ids.p1,
        online: true,
        lastSeenAt: new Date(now).toISOString(),
        delivered: [],
      });
      expect(await member()).toMatchObject({ online: true, lastSeenAt: new Date(now).toISOString() });
      t.clock.advance(1000);
      const off = await p1.put(`/api/chat/notification/user/${ids.p1}`, { online: false });
      expect(off.json()).toMatchObject({ online: false, lastSeenAt: new Date(now + 1000 - 240_000).toISOString() });
      expect(await member()).toMatchObject({ online: false, lastSeenAt: new Date(now + 1000 - 240_000).toISOString() });
      expect((await p1.get(`/api/secured/chat/users/${ids.p1}`)).json()).toMatchObject({ online: false });
      // any later activity makes the user online again
      t.clock.advance(1000);
      await p1.put(`/api/chat/notification/user/${ids.p1}`, {});
      expect(await member()).toMatchObject({ online: true, lastSeenAt: new Date(now + 2000).toISOString() });
      t.clock.unfreeze();
    });

    it('session token and the support chat: operators answer as support user 10762', async () => {
      const tok = (await client.get('/api/secured/chat/session-token')).json();
      expect(tok).toMatchObject({ chatUserId: ids.client, supportChatGroupId: expect.any(Number) });
      expect(new Date(tok.expirationTime).getTime() - t.clock.now().getTime()).toBeGreaterThan(11.9 * 3600 * 1000);
      expect((await resolveChatSessionToken(t.db, tok.token, t.clock.now()))?.userId).toBe(ids.client);
      expect(
        await resolveChatSessionToken(t.db, tok.token, new Date(t.clock.now().getTime() + 13 * 3600 * 1000)),
      ).toBeNull();
      const stored = await t.db.execute(
        sql`select count(*)::int as n from chat_session_tokens where token_hash = ${tok.token}`,
      );
      expect((stored as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
      const sg = tok.supportChatGroupId as number;
      expect((await oper.get('/api/secured/chat/session-token')).json().supportChatGroupId).toBeNull();
      await send(client, { text: 'Помогите' }, sg);
      const opList = (await oper.post(`${C}/group/filter`, { groupTypes: ['ECVP_SUPPORT'] })).json().content;
      expect(opList.map((g: { id: number }) => g.id)).toContain(sg);
      const answer = await send(oper, { text: 'Здравствуйте, поддержка' }, sg);
      expect(answer.json()).toMatchObject({
        sender: { id: 10762, name: 'Поддержка' },
        sentByGroup: true,
        selfMsg: true,
      });
      expect((await stats(client, sg)).unreadMessagesCount).toBe(1);
      expect((await client.post(`${C}/group/${sg}/leave`, {})).statusCode).toBe(409);
      expect((await p2.get(`${C}/group/${sg}`)).statusCode).toBe(404);
      // 'Поддержка' (10762) is online while an operator is (its last seen = the latest operator's), offline after
      t.clock.freeze();
      const at = t.clock.now().getTime();
      await oper.put(`/api/chat/notification/user/${ids.oper}`, { online: true });
      const desk = async () =>
        (
          (await client.get(`${C}/group/${sg}`)).json().members as {
            id: number;
            online: boolean;
            lastSeenAt: string | null;
          }[]
        ).find((m) => m.id === 10762)!;
      expect(await desk()).toMatchObject({ online: true, lastSeenAt: new Date(at).toISOString() });
      await oper.put(`/api/chat/notification/user/${ids.oper}`, { online: false });
      expect(await desk()).toMatchObject({ online: false, lastSeenAt: new Date(at - 240_000).toISOString() });
      t.clock.unfreeze();
      const info = (await client.get('/api/secured/chat/user/info')).json();
      expect(info).toMatchObject({
        chatUserId: ids.client,
        supportChatGroupId: sg,
        isSupport: false,
        supportUserId: 10762,
      });
    });

    it('leave and delete: members only, owner deletes, events to the members', async () => {
      const g = (
        await client.post(`${C}/group`, { name: 'Временная', groupType: 'ECVP_CLIENT', memberIds: [ids.oper] })
      ).json().id as number;
      expect((await other.delete(`${C}/group/${g}`)).statusCode).toBe(404);
      expect((await oper.post(`${C}/group/${g}/leave`, {})).statusCode).toBe(204);
      expect((await oper.get(`${C}/group/${g}`)).statusCode).toBe(404);
      expect((await client.delete(`${C}/group/${g}`)).statusCode).toBe(204);
      expect((await client.get(`${C}/group/${g}`)).statusCode).toBe(404);
      const evs = (await t.db.select().from(chatEvents).orderBy(chatEvents.id))
        .map((e) => e.payload as { event?: string; groupId?: number })
        .filter((p) => p.groupId === g)
        .map((p) => p.event);
      expect(evs).toEqual(['GROUP_CREATED', 'GROUP_LEFT', 'GROUP_REMOVED']);
      // Personal chat types (chat §6): a client cannot open an ECVP_PARTNER chat.
      expect((await client.post(`${C}/group`, { name: 'x', groupType: 'ECVP_PARTNER' })).json().message).toBe(
        'Этот тип чата вам недоступен',
      );
    });

    it('alliances: invitation, acceptance, membership', async () => {
      const g = (await p1.post(`${C}/group`, { name: 'Альянс', groupType: 'ECVP_PARTNER_CLIENT' })).json().id as number;
      const inv = await p1.post(`${C}/group/${g}/invitations`, { userId: ids.client });
      expect(inv.statusCode).toBe(201);
      expect((await client.get(`${C}/group/${g}`)).statusCode).toBe(404);
      expect((await other.post(`${C}/invitations/${inv.json().id}/accept`, {})).statusCode).toBe(404);
      expect((await client.post(`${C}/invitations/${inv.json().id}/accept`, {})).json().status).toBe('ACCEPTED');
      expect((await client.get(`${C}/group/${g}`)).json().memberRole).toBe('PARTICIPANT');
      expect((await client.post(`${C}/invitations/${inv.json().id}/decline`, {})).statusCode).toBe(409);
      const msgs = (await p1.get(`${C}/group/${g}/messages`)).json().content;
      expect(JSON.parse(msgs[0].metaData).metadataType).toBe('GROUP_INVITATION');
    });
  });
}
