/**
 * The operators' support desk over the chat calls (spec chat §6 Support, §5 search, §7 group/filter, group/statistics,
 * messages/unread; §3 "Group statistics by group type"):
 *   - per-type unread figures of POST group/statistics (groupCount, unreadGroupCount, unreadMessagesCount) derived from the
 *     read pointers, for an operator from the desk's shared pointer of the support user 10762;
 *   - `supportRequester` { id, name, companyName } on ECVP_SUPPORT previews (group/filter, by-ids, GET group) and the
 *     operator's search by the requester's name and company short name, with no leak to clients;
 *   - `selfMsg` of desk messages: own for every operator (they all write as 10762), someone else's for the client.
 * Two operators: the seeded operator@example.com and a second one inserted here.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSupportGroup } from '../src/chat/groups.js';
import { chatEvents } from '../src/db/schema/chat-events.js';
import { users } from '../src/db/schema/core.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { userOf } from './deal-partner-helpers.js';

const C = '/api/secured/common/chat';
const SUPPORT = 10762;

interface TypeCount {
  groupType: string;
  groupCount: number;
  unreadGroupCount: number;
  unreadMessagesCount: number;
}
interface Preview {
  id: number;
  groupType: string;
  name: string;
  supportRequester: { id: number; name: string; companyName: string | null } | null;
  lastMessage: { selfMsg: boolean; sender: { id: number } } | null;
}

for (const driver of DRIVERS) {
  describe(`support desk [${driver}]`, () => {
    let t: TestApp;
    let c1: TestClient, c2: TestClient, oper: TestClient, oper2: TestClient;
    let ids: { c1: number; c2: number; oper: number; oper2: number };
    let sg1: number, sg2: number;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      const [op] = await t.db.select().from(users).where(eq(users.email, 'operator@example.com'));
      await t.db.insert(users).values({
        email: 'operator2@example.com',
        passwordHash: op.passwordHash,
        accountType: 'OPER',
        name: 'Пётр',
        surname: 'Лебедев',
        rights: op.rights,
        operatorRoles: ['ADMIN'],
      });
      c1 = await t.signedIn('client@example.com'); // Иван Смирнов, ООО «ВЭД Трейд»
      c2 = await t.signedIn('newclient@example.com'); // Анна Кузнецова, ООО «Новый Импорт»
      oper = await t.signedIn('operator@example.com');
      oper2 = await t.signedIn('operator2@example.com');
      ids = {
        c1: (await userOf(t, 'client@example.com')).id,
        c2: (await userOf(t, 'newclient@example.com')).id,
        oper: (await userOf(t, 'operator@example.com')).id,
        oper2: (await userOf(t, 'operator2@example.com')).id,
      };
      sg1 = (await c1.get('/api/secured/chat/session-token')).json().supportChatGroupId;
      sg2 = (await c2.get('/api/secured/chat/session-token')).json().supportChatGroupId;
    });
    afterAll(() => t.close());

    const send = async (c: TestClient, gid: number, text: string) => {
      const r = await c.post(`${C}/group/${gid}/messages`, { text });
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as {
        msgId: number;
        selfMsg: boolean;
        sender: { id: number; name: string };
        sentByGroup: boolean;
      };
    };
    const byType = async (c: TestClient) => {
      const r = await c.post(`${C}/group/statistics`, { statisticType: 'MSG' });
      expect(r.statusCode).toBe(200);
      return r.json().groupTypeStatistics as TypeCount[];
    };
    const supportCounts = async (c: TestClient) => (await byType(c)).find((x) => x.groupType === 'ECVP_SUPPORT')!;
    /** The per-type figures never go below 0 and add up to GET messages/unread (spec chat §3, §4 "never below 0"). */
    const consistent = async (c: TestClient) => {
      const types = await byType(c);
      for (const x of types) {
        expect(x.unreadGroupCount).toBeGreaterThanOrEqual(0);
        expect(x.unreadMessagesCount).toBeGreaterThanOrEqual(0);
        expect(x.unreadGroupCount).toBeLessThanOrEqual(x.groupCount);
      }
      const overall = (await c.get(`${C}/messages/unread`)).json().unreadMessagesCount as number;
      expect(types.reduce((n, x) => n + x.unreadMessagesCount, 0)).toBe(overall);
      return types;
    };
    const search = async (c: TestClient, searchStr: string, extra: Record<string, unknown> = {}) => {
      const r = await c.post(`${C}/group/filter`, { searchStr, limit: 100, ...extra });
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().content as Preview[]).map((g) => g.id).sort((a, b) => a - b);
    };

    it("per-type unread (chat §7 statistics): the desk's 2 support chats, one unread with 2 messages; viewed → 0; never negative; sums to messages/unread", async () => {
      await send(c1, sg1, 'Добрый день, вопрос по платежу');
      await oper.post(`${C}/group/${sg1}/viewed`, {});
      const m1 = await send(c2, sg2, 'Здравствуйте');
      await send(c2, sg2, 'Когда проверят компанию?');
      expect(await supportCounts(oper)).toEqual({
        groupType: 'ECVP_SUPPORT',
        groupCount: 2,
        unreadGroupCount: 1,
        unreadMessagesCount: 2,
      });
      // the desk shares one read pointer (member 10762): the second operator sees the same figures
      expect(await supportCounts(oper2)).toEqual({
        groupType: 'ECVP_SUPPORT',
        groupCount: 2,
        unreadGroupCount: 1,
        unreadMessagesCount: 2,
      });
      await consistent(oper);
      // the per-group answer agrees with the per-type one
      const perGroup = (await oper.post(`${C}/group/statistics`, { groupIds: [sg1, sg2], statisticType: 'MSG' })).json()
        .groupStatistics as { groupId: number; unreadMessagesCount: number }[];
      expect(Object.fromEntries(perGroup.map((g) => [g.groupId, g.unreadMessagesCount]))).toEqual({
        [sg1]: 0,
        [sg2]: 2,
      });
      // an empty groupIds list: the per-type figures (over every group) without the per-group answer (the gateway's call)
      const typesOnly = (await oper.post(`${C}/group/statistics`, { groupIds: [], statisticType: 'MSG' })).json();
      expect(typesOnly).toEqual({ groupTypeStatistics: await byType(oper), groupStatistics: [] });

      // viewing by one operator clears the chat for the whole desk
      await oper.post(`${C}/group/${sg2}/viewed`, {});
      expect(await supportCounts(oper)).toEqual({
        groupType: 'ECVP_SUPPORT',
        groupCount: 2,
        unreadGroupCount: 0,
        unreadMessagesCount: 0,
      });
      expect(await supportCounts(oper2)).toEqual({
        groupType: 'ECVP_SUPPORT',
        groupCount: 2,
        unreadGroupCount: 0,
        unreadMessagesCount: 0,
      });
      // a viewed message deleted by its sender takes nothing away: derived counts never go below 0
      expect((await c2.delete(`${C}/group/${sg2}/messages/${m1.msgId}`)).statusCode).toBe(204);
      expect(await supportCounts(oper)).toMatchObject({ unreadGroupCount: 0, unreadMessagesCount: 0 });
      await consistent(oper);
      await consistent(oper2);
      // an unread one deleted: back to 0 as well
      const late = await send(c1, sg1, 'Ой, не туда');
      expect(await supportCounts(oper)).toMatchObject({ unreadGroupCount: 1, unreadMessagesCount: 1 });
      await c1.delete(`${C}/group/${sg1}/messages/${late.msgId}`);
      expect(await supportCounts(oper)).toMatchObject({ unreadGroupCount: 0, unreadMessagesCount: 0 });
      await consistent(oper);

      // a desk answer is the desk's own: sent by the second operator, it moves the shared pointer past the question for
      // both operators, and is unread for the client
      await send(c2, sg2, 'Ещё вопрос');
      expect(await supportCounts(oper)).toMatchObject({ unreadGroupCount: 1, unreadMessagesCount: 1 });
      await send(oper2, sg2, 'Проверка займёт день');
      expect(await supportCounts(oper)).toEqual({
        groupType: 'ECVP_SUPPORT',
        groupCount: 2,
        unreadGroupCount: 0,
        unreadMessagesCount: 0,
      });
      expect(await supportCounts(oper2)).toEqual({
        groupType: 'ECVP_SUPPORT',
        groupCount: 2,
        unreadGroupCount: 0,
        unreadMessagesCount: 0,
      });
      expect(await supportCounts(c2)).toEqual({
        groupType: 'ECVP_SUPPORT',
        groupCount: 1,
        unreadGroupCount: 1,
        unreadMessagesCount: 1,
      });
      await consistent(c2);
    });

    it("supportRequester (chat §6) on the desk's previews; the operator finds a support chat by the requester's name or company (§5)", async () => {
      // a requester without a company and without a name: the display name is the e-mail, the company null
      const [loner] = await t.db
        .insert(users)
        .values({ email: 'loner@example.com', passwordHash: 'x', accountType: 'AGENT' })
        .returning();
      const sg3 = (await ensureSupportGroup(t.db, { id: loner.id, accountType: 'AGENT' }, t.clock.now()))!;
      // an ordinary group of the operator whose NAME contains a client's surname
      const plain = (await oper.post(`${C}/group`, { name: 'Смирнов: сверка', groupType: 'ECVP_CLIENT' })).json()
        .id as number;

      const list = (await oper.post(`${C}/group/filter`, { types: ['ECVP_SUPPORT'], limit: 100 })).json()
        .content as Preview[];
      expect(list.map((g) => g.id).sort((a, b) => a - b)).toEqual([sg1, sg2, sg3].sort((a, b) => a - b));
      expect(list.every((g) => g.name === 'Поддержка' && g.groupType === 'ECVP_SUPPORT')).toBe(true);
      const requester = Object.fromEntries(list.map((g) => [g.id, g.supportRequester]));
      expect(requester).toEqual({
        [sg1]: { id: ids.c1, name: 'Иван Смирнов', companyName: 'ООО «ВЭД Трейд»' },
        [sg2]: { id: ids.c2, name: 'Анна Кузнецова', companyName: 'ООО «Новый Импорт»' },
        [sg3]: { id: loner.id, name: 'loner@example.com', companyName: null },
      });
      // the same on by-ids (in the order asked) and GET group; null for other group types
      const byIds = (await oper.post(`${C}/group/by-ids`, { ids: [sg2, plain, sg1] })).json() as Preview[];
      expect(byIds.map((g) => [g.id, g.supportRequester?.name ?? null])).toEqual([
        [sg2, 'Анна Кузнецова'],
        [plain, null],
        [sg1, 'Иван Смирнов'],
      ]);
      expect((await oper.get(`${C}/group/${sg2}`)).json().supportRequester).toEqual({
        id: ids.c2,
        name: 'Анна Кузнецова',
        companyName: 'ООО «Новый Импорт»',
      });
      expect((await oper.get(`${C}/group/${plain}`)).json().supportRequester).toBeNull();
      // the requester sees themselves on their own support chat
      expect((await c1.get(`${C}/group/${sg1}`)).json().supportRequester).toEqual({
        id: ids.c1,
        name: 'Иван Смирнов',
        companyName: 'ООО «ВЭД Трейд»',
      });

      // operator search: surname, full name, company, any case; only the matching support chat
      for (const s of ['Кузнецова', 'кузнецова', 'Анна Кузнецова', 'Новый Импорт', 'ИМПОРТ']) {
        expect(await search(oper, s), s).toEqual([sg2]);
        expect(await search(oper, s, { types: ['ECVP_SUPPORT'] }), s).toEqual([sg2]);
      }
      expect(await search(oper, 'ВЭД Трейд')).toEqual([sg1]);
      expect(await search(oper, 'loner@')).toEqual([sg3]);
      // the group name still counts: 'Смирнов' finds the requester's chat and the group named after him
      expect(await search(oper, 'Смирнов')).toEqual([sg1, plain].sort((a, b) => a - b));
      expect(await search(oper, 'Поддержка', { types: ['ECVP_SUPPORT'] })).toEqual(
        [sg1, sg2, sg3].sort((a, b) => a - b),
      );
      // LIKE wildcards in the input match literally (nothing here has them)
      for (const s of ['%%%', '___', '%а%', 'Анна_Кузнецова']) expect(await search(oper, s), s).toEqual([]);
      // under 3 characters: nothing is fetched
      expect((await oper.post(`${C}/group/filter`, { searchStr: 'Ан' })).json()).toEqual({
        content: [],
        cursor: null,
        last: true,
      });

      // a client's search never reaches other users' support chats, nor matches by requester
      expect(await search(c1, 'Кузнецова')).toEqual([]);
      expect(await search(c1, 'Новый Импорт')).toEqual([]);
      expect(await search(c2, 'Кузнецова')).toEqual([]);
      expect(await search(c1, 'Поддержка')).toEqual([sg1]);
      expect(await search(c2, 'Поддержка')).toEqual([sg2]);
    });

    it('selfMsg (chat §6 "Messages of the current user are treated as own"): desk messages are own for every operator, not for the client', async () => {
      const answer = await send(oper, sg1, 'Отвечаю за поддержку');
      expect(answer).toMatchObject({ selfMsg: true, sentByGroup: true, sender: { id: SUPPORT, name: 'Поддержка' } });
      const mine = (c: TestClient) =>
        c.get(`${C}/group/${sg1}/messages`).then(
          (r) =>
            r.json().content as {
              msgId: number;
              selfMsg: boolean;
              sender: { id: number };
              replyMessage: { msgId: number; selfMsg: boolean } | null;
            }[],
        );
      // the other operator: the desk spoke, so it is theirs too (they act as 10762 in support chats)
      expect((await mine(oper2)).find((m) => m.msgId === answer.msgId)).toMatchObject({
        selfMsg: true,
        sender: { id: SUPPORT },
      });
      expect((await mine(c1)).find((m) => m.msgId === answer.msgId)).toMatchObject({
        selfMsg: false,
        sender: { id: SUPPORT },
      });
      // previews say the same
      const preview = async (c: TestClient) =>
        ((await c.post(`${C}/group/by-ids`, { ids: [sg1] })).json() as Preview[])[0].lastMessage;
      expect(await preview(oper2)).toMatchObject({ selfMsg: true, sender: { id: SUPPORT } });
      expect(await preview(c1)).toMatchObject({ selfMsg: false, sender: { id: SUPPORT } });
      // a reply quotes the desk message: the quote is own for the operators, not for the client
      const reply = await c1.post(`${C}/group/${sg1}/messages`, { text: 'Спасибо', replyMessageId: answer.msgId });
      expect(reply.json()).toMatchObject({ selfMsg: true, replyMessage: { msgId: answer.msgId, selfMsg: false } });
      const replyAt = async (c: TestClient) => (await mine(c)).find((m) => m.msgId === reply.json().msgId)!;
      expect(await replyAt(oper)).toMatchObject({
        selfMsg: false,
        replyMessage: { msgId: answer.msgId, selfMsg: true },
      });
      expect(await replyAt(oper2)).toMatchObject({
        selfMsg: false,
        replyMessage: { msgId: answer.msgId, selfMsg: true },
      });
      // the realtime event carries the viewer-neutral view (selfMsg false); each receiver applies the rule itself
      const events = await t.db.select().from(chatEvents).where(eq(chatEvents.kind, 'GROUP_MSG'));
      const ev = events.find((e) => (e.payload as { message: { msgId: number } }).message.msgId === answer.msgId)!;
      expect(
        (ev.payload as { message: { selfMsg: boolean; sender: { id: number }; group: { type: string } } }).message,
      ).toMatchObject({ selfMsg: false, sender: { id: SUPPORT }, group: { type: 'ECVP_SUPPORT' } });
      // every operator receives the desk's events (the seeded support@example.com too)
      const support = (await userOf(t, 'support@example.com')).id;
      expect([...ev.recipients].sort((a, b) => a - b)).toEqual(
        [ids.c1, ids.oper, ids.oper2, support].sort((a, b) => a - b),
      );
    });
  });
}
