/**
 * The one-statement send of a plain message (issue 15, the send route's cost; SQL function chat_send_message of
 * migration 0025, src/chat/repository/messages.ts sendPlainMessage): the same effects as the multi-statement path
 * (spec chat-and-shell §4, §5) — the GROUP_MSG event carries exactly the viewer-neutral view that eventMessage builds
 * from the stored row (sender and group set in SQL, the operator acting as 10762 included); MSG_VIEWED comes before it
 * with the next contiguous id; the idempotent extMsgId answers 200 (409 from another group) without a row or an event;
 * a reply (migration 0026) is a CHILD_MSG and a forward (0026 too) copies the forwarded text, file and pictures, their
 * events carrying the same view with the quote, and both go through the function; own attachments (0027) are locked
 * and attached by the function, and uploads gone since the route's read are refused with nothing written; refusals (404, REPLY_NOT_FOUND,
 * FORWARD_NOT_FOUND, MENTION_NOT_MEMBER) and a failure inside the statement leave the database unchanged; presence is
 * rewritten only when at least PRESENCE_REFRESH_MS old. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { chatEvents } from '../src/db/schema/chat-events.js';
import { chatGroups, chatMessages, chatPresence } from '../src/db/schema/chat.js';
import { storedFiles } from '../src/db/schema/orders.js';
import { eventMessage, isPlainSend, sendPlainMessage } from '../src/chat/repository/messages.js';
import { PRESENCE_REFRESH_MS } from '../src/chat/repository/people.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { PNG, pdf } from './orders-helpers.js';
import { activeOrder, partnerCompanyId } from './deal-partner-helpers.js';

const C = '/api/secured/common/chat';

for (const driver of DRIVERS) {
  describe(`chat send in one statement [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient, p1: TestClient, oper: TestClient, stranger: TestClient;
    let groupId: number;
    let supportGroupId: number;
    let key = 0;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      client = await t.signedIn('client@example.com');
      p1 = await t.signedIn('partner1@example.com');
      oper = await t.signedIn('operator@example.com');
      stranger = await t.signedIn('newclient@example.com');
      const orderId = await activeOrder(t, client, [await partnerCompanyId(t, 'Альфа Платежи')]);
      groupId = (await client.post(`${C}/${orderId}/create-get`, {})).json().id;
      expect((await p1.post(`${C}/${orderId}/create-get`, {})).json().id).toBe(groupId);
      supportGroupId = (await client.get('/api/secured/chat/session-token')).json().supportChatGroupId;
      expect(supportGroupId).toBeGreaterThan(0);
    });
    afterAll(async () => {
      t.clock.unfreeze();
      await t.close();
    });

    const lastEvents = async (n: number) =>
      (
        await t.db
          .select()
          .from(chatEvents)
          .orderBy(sql`${chatEvents.id} desc`)
          .limit(n)
      ).reverse();
    const headId = async () => (await lastEvents(1))[0]?.id ?? 0;
    /** The event view of a stored message as the multi-statement path builds it (repository/messages.ts). */
    const expectedView = async (msgId: number) => {
      const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, msgId));
      const [group] = await t.db.select().from(chatGroups).where(eq(chatGroups.id, row.groupId));
      return JSON.parse(JSON.stringify(await eventMessage(t.db, row, group)));
    };

    /**
     * Runs `send` and checks that its message row was inserted by the one-statement path: a test trigger records the
     * top-level statement of every insert into chat_messages, which must be the call of chat_send_message.
     */
    const throughFunction = async <T>(send: () => Promise<T>): Promise<T> => {
      await t.db.execute(sql`create table send_probe (q text)`);
      await t.db.execute(sql`create function send_probe() returns trigger language plpgsql as $$
        begin insert into send_probe values (current_query()); return new; end $$`);
      await t.db.execute(sql`create trigger send_probe after insert on chat_messages
        for each row execute function send_probe()`);
      try {
        const out = await send();
        const inserts = (
          (await t.db.execute(sql`select q from send_probe`)) as unknown as { rows: Array<{ q: string }> }
        ).rows.map((r) => r.q);
        expect(inserts).toHaveLength(1);
        expect(inserts[0]).toContain('chat_send_message(');
        return out;
      } finally {
        await t.db.execute(sql`drop trigger send_probe on chat_messages`);
        await t.db.execute(sql`drop function send_probe()`);
        await t.db.execute(sql`drop table send_probe`);
      }
    };

    /** The client's send to the request chat with `field` = each of `ids` is refused with `error`; nothing is written. */
    const refusedWithoutWrites = async (
      field: 'replyMessageId' | 'forwardMessageId',
      ids: number[],
      error: { code: string; message: string },
    ) => {
      const snap = await t.snapshot();
      for (const id of ids) {
        const r = await client.post(`${C}/group/${groupId}/messages`, {
          text: 'не будет отправлено',
          extMsgId: `msg_${++key}`,
          [field]: id,
        });
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().errors[0]).toMatchObject({ field, ...error });
      }
      expect(await t.snapshot()).toEqual(snap);
    };

    it('the one-statement predicate: no invitation, no forward with attachments of its own (own attachments since 0027)', () => {
      expect(isPlainSend({})).toBe(true);
      expect(isPlainSend({ metaData: { metadataType: 'HASHTAG' } })).toBe(true);
      expect(isPlainSend({ replyMessageId: 1 })).toBe(true);
      expect(isPlainSend({ forwardMessageId: 1 })).toBe(true);
      expect(isPlainSend({ replyMessageId: 1, fileId: 'x' })).toBe(true);
      expect(isPlainSend({ fileId: 'x' })).toBe(true);
      expect(isPlainSend({ pictureIds: ['x'] })).toBe(true);
      expect(isPlainSend({ forwardMessageId: 1, pictureIds: ['x'] })).toBe(false);
      expect(isPlainSend({ forwardMessageId: 1, fileId: 'x' })).toBe(false);
      expect(isPlainSend({ metaData: { metadataType: 'GROUP_INVITATION' } })).toBe(false);
    });

    it('GROUP_MSG carries exactly the view eventMessage builds from the stored row; MSG_VIEWED before it, ids contiguous', async () => {
      const before = await headId();
      const other = await p1.post(`${C}/group/${groupId}/messages`, { text: 'от партнёра', extMsgId: `msg_${++key}` });
      expect(other.statusCode, other.body).toBe(201);
      const p1Id = (await t.db.select().from(chatMessages).where(eq(chatMessages.id, other.json().msgId)))[0].senderId;
      const body = {
        text: '  ответ клиента  ',
        extMsgId: `msg_${++key}`,
        mentioned: [p1Id, p1Id],
        metaData: { userMessage: 'пояснение', metadataType: 'HASHTAG' },
      };
      const res = await client.post(`${C}/group/${groupId}/messages`, body);
      expect(res.statusCode, res.body).toBe(201);
      const sent = res.json();
      expect(sent).toMatchObject({ text: 'ответ клиента', mentioned: [p1Id], selfMsg: true, type: 'GROUP_MSG' });
      const events = await lastEvents(3);
      expect(events.map((e) => e.id)).toEqual([before + 1, before + 2, before + 3]);
      const [ownGroupMsg, viewed, groupMsg] = events;
      expect(ownGroupMsg.kind).toBe('GROUP_MSG');
      expect(viewed.kind).toBe('MODIFY_MSG');
      expect(viewed.payload).toEqual({
        type: 'MODIFY_MSG',
        modification: 'MSG_VIEWED',
        groupId,
        message: { msgId: other.json().msgId, groupId, status: 'VIEWED', metaData: String(other.json().msgId) },
        viewerId: sent.sender.id,
      });
      expect(groupMsg.kind).toBe('GROUP_MSG');
      expect(groupMsg.payload).toEqual({ type: 'GROUP_MSG', groupId, message: await expectedView(sent.msgId) });
      expect([...groupMsg.recipients].sort()).toEqual([...viewed.recipients].sort());
      expect(groupMsg.recipients).toEqual(expect.arrayContaining([sent.sender.id, p1Id]));
      // the answer is the caller's view of the same message
      const again = (await client.get(`${C}/messages/${sent.msgId}`)).json();
      expect(sent).toEqual(again);
      const info = (await client.get(`${C}/group/${groupId}`)).json().info;
      expect(info.lastViewedMessageId).toBe(sent.msgId);
      expect(info.lastViewedMessageDateTime).toBe(sent.dateTimeCreate);
    });

    it('an operator in a support chat sends as 10762 with the support name; every active operator receives it', async () => {
      const res = await oper.post(`${C}/group/${supportGroupId}/messages`, { text: 'служба поддержки' });
      expect(res.statusCode, res.body).toBe(201);
      const sent = res.json();
      expect(sent.sender.id).toBe(10762);
      expect(sent.sentByGroup).toBe(true);
      const [ev] = await lastEvents(1);
      expect(ev.kind).toBe('GROUP_MSG');
      expect(ev.payload).toEqual({
        type: 'GROUP_MSG',
        groupId: supportGroupId,
        message: await expectedView(sent.msgId),
      });
      const operIds = (
        (await t.db.execute(
          sql`select id from users where account_type = 'OPER' and status = 'ACTIVE'`,
        )) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows.map((r) => Number(r.id));
      expect(ev.recipients).toEqual(expect.arrayContaining(operIds));
      expect(ev.recipients).not.toContain(10762);
    });

    it("a reply (migration 0026): a CHILD_MSG row and event whose message is exactly eventMessage's view, quote included", async () => {
      const asked = await p1.post(`${C}/group/${groupId}/messages`, {
        text: 'вопрос партнёра',
        extMsgId: `msg_${++key}`,
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const before = await headId();
      const res = await throughFunction(() =>
        client.post(`${C}/group/${groupId}/messages`, {
          text: 'ответ на вопрос',
          extMsgId: `msg_${++key}`,
          replyMessageId: asked.json().msgId,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const sent = res.json();
      expect(sent).toMatchObject({
        type: 'CHILD_MSG',
        replyMessage: { msgId: asked.json().msgId, text: 'вопрос партнёра', selfMsg: false, deleted: false },
      });
      const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, sent.msgId));
      expect(row).toMatchObject({ replyToId: asked.json().msgId, type: 'CHILD_MSG' });
      // MSG_VIEWED for the question the reply passes, then the CHILD_MSG
      const events = await lastEvents(2);
      expect(events.map((e) => e.id)).toEqual([before + 1, before + 2]);
      expect(events[0].payload).toMatchObject({ modification: 'MSG_VIEWED', message: { msgId: asked.json().msgId } });
      expect(events[1].kind).toBe('CHILD_MSG');
      expect(events[1].payload).toEqual({ type: 'CHILD_MSG', groupId, message: await expectedView(sent.msgId) });
      expect((events[1].payload as { message: { replyMessage: unknown } }).message.replyMessage).toMatchObject({
        msgId: asked.json().msgId,
        text: 'вопрос партнёра',
      });
    });

    it('REPLY_NOT_FOUND writes nothing: a missing message, a deleted one, one of another group', async () => {
      const gone = await client.post(`${C}/group/${groupId}/messages`, { text: 'удалю', extMsgId: `msg_${++key}` });
      expect((await client.delete(`${C}/group/${groupId}/messages/${gone.json().msgId}`)).statusCode).toBe(204);
      const elsewhere = await client.post(`${C}/group/${supportGroupId}/messages`, {
        text: 'в поддержку',
        extMsgId: `msg_${++key}`,
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
      await refusedWithoutWrites('replyMessageId', [987654321, gone.json().msgId, elsewhere.json().msgId], {
        code: 'REPLY_NOT_FOUND',
        message: 'Сообщение для ответа не найдено',
      });
    });

    it('a forward (migration 0026): text, file and pictures of the forwarded message, its quote in the event view', async () => {
      // partner1's message with a file and a picture, in the request chat
      const file = (await p1.upload(`${C}/group/${groupId}/files`, 'счёт.pdf', pdf(900, 'f'))).json().id as string;
      const pic = (await p1.upload(`${C}/group/${groupId}/files`, 'фото.png', PNG)).json().id as string;
      const original = await p1.post(`${C}/group/${groupId}/messages`, {
        text: 'документы',
        extMsgId: `msg_${++key}`,
        fileId: file,
        pictureIds: [pic],
      });
      expect(original.statusCode, original.body).toBe(201);
      // the client forwards it into his support chat, without text of his own
      const res = await throughFunction(() =>
        client.post(`${C}/group/${supportGroupId}/messages`, {
          extMsgId: `msg_${++key}`,
          forwardMessageId: original.json().msgId,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const sent = res.json();
      expect(sent).toMatchObject({
        text: 'документы',
        file: { id: file },
        pictures: [{ id: pic }],
        forwardMessage: { msgId: original.json().msgId, text: 'документы' },
      });
      const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, sent.msgId));
      expect(row).toMatchObject({
        forwardOfId: original.json().msgId,
        fileId: file,
        pictureIds: [pic],
        type: 'GROUP_MSG',
      });
      const [ev] = await lastEvents(1);
      expect(ev.payload).toEqual({
        type: 'GROUP_MSG',
        groupId: supportGroupId,
        message: await expectedView(sent.msgId),
      });
      // with text of its own: the text is the sender's, the file the forwarded one's
      const own = await client.post(`${C}/group/${supportGroupId}/messages`, {
        text: 'смотрите',
        extMsgId: `msg_${++key}`,
        forwardMessageId: original.json().msgId,
      });
      expect(own.json()).toMatchObject({ text: 'смотрите', file: { id: file } });
    });

    it('FORWARD_NOT_FOUND writes nothing: a missing message, a deleted one, one of a group the caller is not in', async () => {
      const gone = await client.post(`${C}/group/${groupId}/messages`, {
        text: 'удалю тоже',
        extMsgId: `msg_${++key}`,
      });
      expect((await client.delete(`${C}/group/${groupId}/messages/${gone.json().msgId}`)).statusCode).toBe(204);
      const strangersSupport = (await stranger.get('/api/secured/chat/session-token')).json().supportChatGroupId;
      const foreign = await stranger.post(`${C}/group/${strangersSupport}/messages`, {
        text: 'чужое',
        extMsgId: `msg_${++key}`,
      });
      expect(foreign.statusCode, foreign.body).toBe(201);
      await refusedWithoutWrites('forwardMessageId', [987654321, gone.json().msgId, foreign.json().msgId], {
        code: 'FORWARD_NOT_FOUND',
        message: 'Пересылаемое сообщение не найдено',
      });
    });

    it('the same extMsgId answers the existing message with 200 (409 from another group), no row and no event', async () => {
      const extMsgId = `msg_${++key}`;
      const first = await client.post(`${C}/group/${groupId}/messages`, { text: 'один раз', extMsgId });
      expect(first.statusCode, first.body).toBe(201);
      const snap = await t.snapshot();
      const dup = await client.post(`${C}/group/${groupId}/messages`, { text: 'другой текст', extMsgId });
      expect(dup.statusCode, dup.body).toBe(200);
      expect(dup.json().msgId).toBe(first.json().msgId);
      expect(dup.json().text).toBe('один раз');
      const elsewhere = await client.post(`${C}/group/${supportGroupId}/messages`, { text: 'x', extMsgId });
      expect(elsewhere.statusCode, elsewhere.body).toBe(409);
      expect(elsewhere.json().code).toBe('EXT_MSG_ID_USED');
      expect(await t.snapshot()).toEqual(snap);
    });

    it('refusals write nothing: 404 for a stranger or a missing group, MENTION_NOT_MEMBER', async () => {
      const snap = await t.snapshot();
      expect((await stranger.post(`${C}/group/${groupId}/messages`, { text: 'чужой' })).statusCode).toBe(404);
      expect((await client.post(`${C}/group/999999/messages`, { text: 'нет группы' })).statusCode).toBe(404);
      const m = await client.post(`${C}/group/${groupId}/messages`, { text: 'упоминание', mentioned: [987654] });
      expect(m.statusCode, m.body).toBe(400);
      expect(m.json().errors[0]).toMatchObject({ field: 'mentioned', code: 'MENTION_NOT_MEMBER' });
      expect(await t.snapshot()).toEqual(snap);
    });

    it('a failure inside the statement (the event append raising) leaves nothing half-written', async () => {
      // Time moves on, so that the send would touch presence and mark messages VIEWED if it got that far.
      await p1.post(`${C}/group/${groupId}/messages`, { text: 'ещё от партнёра', extMsgId: `msg_${++key}` });
      t.clock.advance(PRESENCE_REFRESH_MS * 5);
      await t.db.execute(sql`create function h1_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'injected failure'; end $$`);
      await t.db.execute(sql`create trigger h1_test_fail before insert on chat_events_pending
        for each row when (new.kind = 'GROUP_MSG') execute function h1_test_fail()`);
      try {
        const snap = await t.snapshot();
        const res = await client.post(`${C}/group/${groupId}/messages`, {
          text: 'не дойдёт',
          extMsgId: `msg_${++key}`,
        });
        expect(res.statusCode).toBe(500);
        expect(await t.snapshot()).toEqual(snap);
      } finally {
        await t.db.execute(sql`drop trigger h1_test_fail on chat_events_pending`);
        await t.db.execute(sql`drop function h1_test_fail()`);
      }
      const ok = await client.post(`${C}/group/${groupId}/messages`, { text: 'дойдёт', extMsgId: `msg_${key}` });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('presence: a send rewrites last seen only when it is at least PRESENCE_REFRESH_MS old', async () => {
      t.clock.freeze();
      const me = (await client.post(`${C}/group/${groupId}/messages`, { text: 'a' })).json().sender.id as number;
      const seen = async () =>
        (await t.db.select().from(chatPresence).where(eq(chatPresence.userId, me)))[0].lastSeenAt.getTime();
      t.clock.advance(PRESENCE_REFRESH_MS * 3);
      expect((await client.post(`${C}/group/${groupId}/messages`, { text: 'b' })).statusCode).toBe(201);
      const s1 = await seen();
      expect(s1).toBe(t.clock.now().getTime());
      t.clock.advance(PRESENCE_REFRESH_MS - 1);
      expect((await client.post(`${C}/group/${groupId}/messages`, { text: 'c' })).statusCode).toBe(201);
      expect(await seen()).toBe(s1);
      t.clock.advance(1);
      expect((await client.post(`${C}/group/${groupId}/messages`, { text: 'd' })).statusCode).toBe(201);
      expect(await seen()).toBe(t.clock.now().getTime());
      t.clock.unfreeze();
    });

    it("own attachments (migration 0027): the file and pictures attached by the statement, the event view exactly eventMessage's", async () => {
      const file = (await client.upload(`${C}/group/${groupId}/files`, 'акт.pdf', pdf(700, 'a'))).json().id as string;
      const pic = (await client.upload(`${C}/group/${groupId}/files`, 'схема.png', PNG)).json().id as string;
      const res = await throughFunction(() =>
        client.post(`${C}/group/${groupId}/messages`, {
          text: 'вложения',
          extMsgId: `msg_${++key}`,
          fileId: file,
          pictureIds: [pic, pic],
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const sent = res.json();
      expect(sent).toMatchObject({ text: 'вложения', file: { id: file }, pictures: [{ id: pic }] });
      const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, sent.msgId));
      expect(row).toMatchObject({ fileId: file, pictureIds: [pic], type: 'GROUP_MSG' });
      // attached at the message's creation time: out of the upload quota, never expired (files/quota.ts)
      const files = await t.db
        .select()
        .from(storedFiles)
        .where(inArray(storedFiles.id, [file, pic]));
      expect(files.map((f) => f.attachedAt?.getTime())).toEqual([row.createdAt.getTime(), row.createdAt.getTime()]);
      const [ev] = await lastEvents(1);
      expect(ev.payload).toEqual({ type: 'GROUP_MSG', groupId, message: await expectedView(sent.msgId) });
      // a reply with a picture of its own goes through the statement too
      const pic2 = (await client.upload(`${C}/group/${groupId}/files`, 'ещё.png', PNG)).json().id as string;
      const reply = await throughFunction(() =>
        client.post(`${C}/group/${groupId}/messages`, {
          extMsgId: `msg_${++key}`,
          replyMessageId: sent.msgId,
          pictureIds: [pic2],
        }),
      );
      expect(reply.json()).toMatchObject({
        type: 'CHILD_MSG',
        pictures: [{ id: pic2 }],
        replyMessage: { msgId: sent.msgId },
      });
    });

    it('own attachments refused before the statement keep their codes and fields; an upload gone meanwhile writes nothing', async () => {
      const pdfId = (await client.upload(`${C}/group/${groupId}/files`, 'не картинка.pdf', pdf(300, 'n'))).json()
        .id as string;
      const strangers = (
        await stranger.upload(
          `${C}/group/${(await stranger.get('/api/secured/chat/session-token')).json().supportChatGroupId}/files`,
          'чужое.png',
          PNG,
        )
      ).json().id as string;
      const snap = await t.snapshot();
      const refused = async (body: Record<string, unknown>, field: string, code: string) => {
        const r = await client.post(`${C}/group/${groupId}/messages`, { extMsgId: `msg_${++key}`, ...body });
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json()).toMatchObject({ code, errors: [{ field, code }] });
      };
      await refused({ pictureIds: [pdfId] }, 'pictureIds.0', 'NOT_A_PICTURE');
      await refused({ fileId: strangers }, 'fileId', 'FILE_NOT_FOUND');
      await refused({ text: 'x', pictureIds: [pdfId, strangers] }, 'pictureIds.1', 'FILE_NOT_FOUND');
      expect(await t.snapshot()).toEqual(snap);

      // the route read the uploads, then they went before the statement ran — one deleted (the expiry), one taken by an
      // order: FILE_NOT_FOUND with their ids from the statement, nothing written
      const pic = (await client.upload(`${C}/group/${groupId}/files`, 'уйдёт.png', PNG)).json().id as string;
      const readRows = await t.db
        .select()
        .from(storedFiles)
        .where(inArray(storedFiles.id, [pdfId, pic]));
      const orderId = (await t.db.execute(sql`select id from orders order by id limit 1`)) as unknown as {
        rows: Array<{ id: number }>;
      };
      await t.db
        .update(storedFiles)
        .set({ orderId: Number(orderId.rows[0].id) })
        .where(eq(storedFiles.id, pdfId));
      const gone = { ...readRows[0], id: '00000000-0000-4000-8000-00000000dead' };
      const before = await t.snapshot();
      const me = (await client.get('/api/secured/common/current/user')).json().userId as number;
      const out = await sendPlainMessage(t.db, {
        groupId,
        user: { id: me, accountType: 'CLIENT' },
        extMsgId: `msg_${++key}`,
        text: 'с пропавшими файлами',
        mentioned: [],
        metaData: null,
        own: { fileId: pdfId, pictureIds: [pic, gone.id], files: [...readRows, gone] },
        now: t.clock.now(),
        senderName: 'Иван Смирнов',
        supportName: 'Поддержка',
      });
      expect(out).toEqual({ outcome: 'FILE_NOT_FOUND', missing: [pdfId, gone.id] });
      expect(await t.snapshot()).toEqual(before);
    });
  });
}
