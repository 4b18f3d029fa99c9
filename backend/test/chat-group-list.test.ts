/**
 * The group list and previews read in one statement (issue 15; chat/repository/group-views.ts groupListPage,
 * groupPreviews; spec chat §3 "Chat group" preview fields, §4 "Group list", §7 group/filter, group/by-ids, GET group):
 *   - a non-operator's support chat is created by the first list call even when the filter finds nothing, once;
 *   - each preview's last message is the newest live one — its file name, its sender's display name, its text or the
 *     metaData label, VIEWED / DELIVERED from the viewer's read pointer — and a deletion of the newest message shows
 *     the one before it and moves the group in the list by that message's time;
 *   - group/filter, group/by-ids and GET group answer the same preview of a group, and paging by cursor gives the
 *     whole list in order.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatGroups, chatMembers } from '../src/db/schema/chat.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { activeOrder, partnerCompanyId, userOf } from './deal-partner-helpers.js';
import { freshDataDir, pdf } from './orders-helpers.js';

const C = '/api/secured/common/chat';
const SUPPORT = 10762;

interface Preview {
  id: number;
  groupType: string;
  name: string;
  cursor: string;
  lastMessage: {
    msgId: number;
    fileName: string | null;
    message: string | null;
    sender: { id: number; name: string };
    messageStatus: string;
    selfMsg: boolean;
    sentByGroup: boolean;
    type: string;
    timeCreate: string;
  } | null;
  statistics: { unreadMessagesCount: number };
  supportRequester: { id: number; name: string; companyName: string | null } | null;
}
interface Page {
  content: Preview[];
  cursor: string | null;
  last: boolean;
}

for (const driver of DRIVERS) {
  describe(`chat group list [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient, p1: TestClient, oper: TestClient;
    let ids: { client: number; p1: number };
    let groupId: number;
    let key = 0;
    beforeAll(async () => {
      t = await createTestApp({ driver, config: { dataDir: freshDataDir() } });
      client = await t.signedIn('client@example.com'); // Иван Смирнов
      p1 = await t.signedIn('partner1@example.com');
      oper = await t.signedIn('operator@example.com');
      ids = {
        client: (await userOf(t, 'client@example.com')).id,
        p1: (await userOf(t, 'partner1@example.com')).id,
      };
      const orderId = await activeOrder(t, client, [await partnerCompanyId(t, 'Альфа Платежи')]);
      groupId = (await client.post(`${C}/${orderId}/create-get`, {})).json().id;
      await p1.post(`${C}/${orderId}/create-get`, {});
    });
    afterAll(() => t.close());

    const send = async (c: TestClient, body: Record<string, unknown>, gid = groupId) => {
      const r = await c.post(`${C}/group/${gid}/messages`, { extMsgId: `msg_${++key}`, ...body });
      expect(r.statusCode, r.body).toBe(201);
      t.clock.advance(1000);
      return r.json().msgId as number;
    };
    const list = async (c: TestClient, body: Record<string, unknown> = {}): Promise<Page> => {
      const r = await c.post(`${C}/group/filter`, body);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const inList = async (c: TestClient, gid = groupId) => {
      const g = (await list(c, { limit: 100 })).content.find((p) => p.id === gid);
      expect(g).toBeDefined();
      return g!;
    };
    /** The preview of `gid` by group/filter, group/by-ids and GET group: the same but for the list's cursor. */
    const samePreviews = async (c: TestClient, gid = groupId) => {
      const { cursor: _c, ...fromList } = await inList(c, gid);
      const { cursor: _b, ...byIds } = ((await c.post(`${C}/group/by-ids`, { ids: [gid] })).json() as Preview[])[0];
      const { cursor: _g, members: _m, info: _i, ...one } = (await c.get(`${C}/group/${gid}`)).json();
      expect(byIds).toEqual(fromList);
      expect(one).toEqual(fromList);
      return fromList;
    };

    it('the first list call creates the support chat even when the filter finds nothing, and only once', async () => {
      const fresh = await t.signedIn('newclient@example.com');
      const userId = (await userOf(t, 'newclient@example.com')).id;
      const supportChats = async () =>
        t.db
          .select({ id: chatGroups.id })
          .from(chatGroups)
          .innerJoin(chatMembers, eq(chatMembers.groupId, chatGroups.id))
          .where(
            and(eq(chatGroups.type, 'ECVP_SUPPORT'), eq(chatMembers.userId, userId), eq(chatMembers.role, 'OWNER')),
          );
      expect(await supportChats()).toEqual([]);
      expect(await list(fresh, { searchStr: 'нет такой группы' })).toEqual({ content: [], cursor: null, last: true });
      const [sg] = await supportChats();
      expect(sg).toBeDefined();
      const page = await list(fresh);
      expect(page.content.map((g) => [g.id, g.groupType, g.lastMessage])).toEqual([[sg.id, 'ECVP_SUPPORT', null]]);
      expect(page.content[0].supportRequester).toMatchObject({ id: userId });
      expect(await supportChats()).toEqual([sg]);
    });

    it("the last live message: file name, sender name, text or metaData label, status by the viewer's pointer", async () => {
      const first = await send(p1, { text: 'первое' });
      const fileId = (await client.upload(`${C}/group/${groupId}/files`, 'invoice.pdf', pdf(1000, 'x'))).json()
        .id as string;
      const withFile = await send(client, { text: null, fileId });
      const mine = await samePreviews(client);
      expect(mine.lastMessage).toMatchObject({
        msgId: withFile,
        fileName: 'invoice.pdf',
        message: null,
        sender: { id: ids.client, name: 'Иван Смирнов' },
        selfMsg: true,
        sentByGroup: false,
        type: 'GROUP_MSG',
      });
      const theirs = await samePreviews(p1);
      expect(theirs.lastMessage).toMatchObject({ msgId: withFile, selfMsg: false, messageStatus: 'DELIVERED' });
      expect(theirs.statistics.unreadMessagesCount).toBe(1);
      expect((await p1.post(`${C}/group/${groupId}/viewed`, {})).statusCode).toBe(200);
      expect((await samePreviews(p1)).lastMessage).toMatchObject({ msgId: withFile, messageStatus: 'VIEWED' });

      // a metaData message without text shows its label
      const link = await send(p1, { metaData: { userMessage: 'ссылка', metadataType: 'LINK' } });
      expect((await samePreviews(client)).lastMessage).toMatchObject({
        msgId: link,
        message: 'Ссылка: ссылка',
        fileName: null,
        sender: { id: ids.p1 },
        selfMsg: false,
      });

      // the newest message deleted: the one before it is the last message, and the list orders by its time
      expect((await p1.delete(`${C}/group/${groupId}/messages/${link}`)).statusCode).toBe(204);
      expect((await samePreviews(client)).lastMessage).toMatchObject({ msgId: withFile, fileName: 'invoice.pdf' });
      expect((await client.delete(`${C}/group/${groupId}/messages/${withFile}`)).statusCode).toBe(204);
      const after = await samePreviews(client);
      expect(after.lastMessage).toMatchObject({ msgId: first, message: 'первое', sender: { id: ids.p1 } });
      // a group whose last message is newer than `first` comes before this one
      const other = (await client.post(`${C}/group`, { name: 'Обзор', groupType: 'ECVP_CLIENT' })).json().id as number;
      await send(client, { text: 'новее' }, other);
      const order = (await list(client, { favorite: false, limit: 100 })).content.map((g) => g.id);
      expect(order.indexOf(other)).toBeLessThan(order.indexOf(groupId));
      expect((await list(client, { emptyGroups: false, limit: 100 })).content.map((g) => g.id)).toContain(groupId);
    });

    it("the desk's previews: support messages named 'Поддержка', the requester shown; paging by cursor gives the whole list", async () => {
      const sg = (await client.get('/api/secured/chat/session-token')).json().supportChatGroupId as number;
      await send(oper, { text: 'Чем помочь?' }, sg);
      const desk = await samePreviews(oper, sg);
      expect(desk.lastMessage).toMatchObject({
        sender: { id: SUPPORT, name: 'Поддержка' },
        selfMsg: true,
        sentByGroup: true,
      });
      expect(desk.supportRequester).toMatchObject({ id: ids.client, name: 'Иван Смирнов' });
      expect((await samePreviews(client, sg)).lastMessage).toMatchObject({
        selfMsg: false,
        messageStatus: 'DELIVERED',
      });

      const all = (await list(oper, { limit: 100 })).content;
      const paged: Preview[] = [];
      let cursor: string | null = null;
      for (;;) {
        const page: Page = await list(oper, { limit: 2, ...(cursor ? { cursor } : {}) });
        paged.push(...page.content);
        if (page.last) {
          expect(page.cursor).toBeNull();
          break;
        }
        cursor = page.cursor;
      }
      expect(paged).toEqual(all);
      expect(all.map((g) => g.cursor)).toEqual(all.map((_, i) => String(i + 1)));
    });
  });
}
