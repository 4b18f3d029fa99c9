/** spec chat §4 new message handling, modification types, group modifications, notifications; §5 errors. */
import { describe, expect, it } from 'vitest';
import { applyRealtimeEvent, type ChatModel, type ModelGroup, type ModelMessage } from './chatModel.js';
import type { WireMessage } from './events.js';
import { TypingStore } from './typing.js';

const ME = 1;
const NOW = Date.UTC(2025, 5, 1, 12, 0);
const T = (min: number) => new Date(Date.UTC(2025, 5, 1, 11, min)).toISOString();
const group = (id: number, extra: Partial<ModelGroup> = {}): ModelGroup => ({
  id,
  groupType: 'ECVP_CLIENT',
  name: `g${id}`,
  favoriteId: null,
  lastMessage: { timeCreate: T(id) },
  unreadMessagesCount: 0,
  ...extra,
});
const wire = (msgId: number, senderId: number, extra: Partial<WireMessage> = {}): WireMessage => ({
  msgId,
  groupId: 10,
  dateTimeCreate: T(50),
  text: `m${msgId}`,
  status: 'SENT',
  sender: { id: senderId, name: `u${senderId}` },
  ...extra,
});
const mm = (msgId: number | null, senderId: number, extra: Partial<ModelMessage> = {}): ModelMessage => ({
  msgId,
  groupId: 10,
  dateTimeCreate: T(1),
  text: 'x',
  status: 'SENT',
  senderId,
  own: senderId === ME,
  ...extra,
});
const base = (extra: Partial<ChatModel> = {}): ChatModel => ({
  viewerId: ME,
  unread: { unreadMessagesCount: 2, lastMessageId: 100 },
  groups: [group(10, { unreadMessagesCount: 1 }), group(20, { unreadMessagesCount: 1 })],
  openGroupId: 10,
  openGroup: {
    id: 10,
    lastViewedMessageId: 99,
    messages: [mm(99, 2)],
    mentionedMessageIds: [],
    newReactionsMessageIds: [],
  },
  presence: {},
  ...extra,
});
const ctx = { now: NOW };
const ok = (r: ReturnType<typeof applyRealtimeEvent>) => {
  if (!r.ok) throw new Error(r.error);
  return r.model;
};

describe('new message handling (chat §4)', () => {
  it('a message from someone else increments the overall and the group count and joins the open chat', () => {
    const m = ok(applyRealtimeEvent(base(), { type: 'GROUP_MSG', message: wire(101, 2) }, ctx));
    expect(m.unread).toEqual({ unreadMessagesCount: 3, lastMessageId: 101 });
    expect(m.groups.find((g) => g.id === 10)!.unreadMessagesCount).toBe(2);
    expect(m.groups.find((g) => g.id === 20)!.unreadMessagesCount).toBe(1);
    expect(m.openGroup!.messages.map((x) => x.msgId)).toEqual([99, 101]);
    expect(m.groups[0].id).toBe(10); // moved up by its new last message
  });
  it('own messages change no counter', () => {
    const m = ok(applyRealtimeEvent(base(), { type: 'GROUP_MSG', message: wire(101, ME) }, ctx));
    expect(m.unread).toEqual({ unreadMessagesCount: 2, lastMessageId: 101 });
    expect(m.groups.find((g) => g.id === 10)!.unreadMessagesCount).toBe(1);
  });
  it("desk messages (support user 10762 in a support chat) are own for an operator, someone else's for the client (chat §6); the wire selfMsg is viewer-neutral", () => {
    const support = base({
      groups: [group(10, { groupType: 'ECVP_SUPPORT', unreadMessagesCount: 1 }), group(20, { unreadMessagesCount: 1 })],
    });
    const desk = wire(101, 10762, { selfMsg: false, group: { id: 10, type: 'ECVP_SUPPORT' } });
    const asOperator = ok(
      applyRealtimeEvent({ ...support, viewerIsSupport: true }, { type: 'GROUP_MSG', message: desk }, ctx),
    );
    expect(asOperator.unread!.unreadMessagesCount).toBe(2);
    expect(asOperator.openGroup!.messages.at(-1)).toMatchObject({ msgId: 101, own: true });
    const asClient = ok(applyRealtimeEvent(support, { type: 'GROUP_MSG', message: desk }, ctx));
    expect(asClient.unread!.unreadMessagesCount).toBe(3);
    expect(asClient.openGroup!.messages.at(-1)).toMatchObject({ msgId: 101, own: false });
  });
  it('messages up to and including the last seen message id are skipped', () => {
    const before = base();
    for (const id of [50, 100]) {
      const r = applyRealtimeEvent(before, { type: 'GROUP_MSG', message: wire(id, 2) }, ctx);
      expect(r).toEqual({ ok: true, model: before, skipped: true });
    }
    const once = ok(applyRealtimeEvent(before, { type: 'GROUP_MSG', message: wire(101, 2) }, ctx));
    const twice = applyRealtimeEvent(once, { type: 'GROUP_MSG', message: wire(101, 2) }, ctx);
    expect(twice.ok && twice.skipped).toBe(true);
    expect(twice.model.unread!.unreadMessagesCount).toBe(3);
  });
  it('replaces the placeholder with the same extMsgId', () => {
    const model = base({
      openGroup: { ...base().openGroup!, messages: [mm(99, 2), mm(null, ME, { extMsgId: 'e-1', text: 'черновик' })] },
    });
    const m = ok(
      applyRealtimeEvent(
        model,
        { type: 'GROUP_MSG', message: wire(101, ME, { extMsgId: 'e-1', text: 'готово' }) },
        ctx,
      ),
    );
    expect(m.openGroup!.messages.map((x) => [x.msgId, x.text])).toEqual([
      [99, 'x'],
      [101, 'готово'],
    ]);
  });
  it('records a mention of the viewer; CHILD_MSG is handled the same way', () => {
    const m = ok(applyRealtimeEvent(base(), { type: 'CHILD_MSG', message: wire(101, 2, { mentions: [ME] }) }, ctx));
    expect(m.openGroup!.mentionedMessageIds).toEqual([101]);
    expect(m.unread!.unreadMessagesCount).toBe(3);
  });
  it('a message in another group does not touch the open chat', () => {
    const m = ok(applyRealtimeEvent(base(), { type: 'GROUP_MSG', message: wire(101, 2, { groupId: 20 }) }, ctx));
    expect(m.openGroup!.messages).toHaveLength(1);
    expect(m.groups.find((g) => g.id === 20)!.unreadMessagesCount).toBe(2);
  });
  it("fails with 'Не загружена статистика' before the statistic is loaded", () => {
    const model = base({ unread: null });
    expect(applyRealtimeEvent(model, { type: 'GROUP_MSG', message: wire(101, 2) }, ctx)).toEqual({
      ok: false,
      error: 'Не загружена статистика',
      model,
    });
  });
  it("fails with 'Group info not loaded' for the open group before its info is loaded", () => {
    const model = base({ openGroup: null });
    expect(applyRealtimeEvent(model, { type: 'GROUP_MSG', message: wire(101, 2) }, ctx)).toEqual({
      ok: false,
      error: 'Group info not loaded',
      model,
    });
  });
  it("clears the sender's typing indicator", () => {
    const typing = new TypingStore(() => NOW);
    typing.notify({ groupId: 10, userId: 2 }, ME);
    ok(applyRealtimeEvent(base(), { type: 'GROUP_MSG', message: wire(101, 2) }, { now: NOW, typing }));
    expect(typing.typing(10)).toEqual([]);
  });
});

describe('message modification types (chat §4)', () => {
  it('MSG_EDITED and MSG_METADATA_EDITED update text, file and metadata and mark the message updated', () => {
    for (const modification of ['MSG_EDITED', 'MSG_METADATA_EDITED'] as const) {
      const m = ok(
        applyRealtimeEvent(
          base(),
          {
            type: 'MODIFY_MSG',
            modification,
            message: wire(99, 2, { text: 'новый', file: { name: 'a.pdf' }, metaData: '{"metadataType":"LINK"}' }),
          },
          ctx,
        ),
      );
      expect(m.openGroup!.messages[0]).toMatchObject({
        text: 'новый',
        file: { name: 'a.pdf' },
        metaData: '{"metadataType":"LINK"}',
        updated: true,
      });
    }
  });
  it('MSG_DELETED removes the message and its mention marker; an unread one leaves the counters, never below 0', () => {
    const model = base({
      unread: { unreadMessagesCount: 0, lastMessageId: 101 },
      openGroup: {
        id: 10,
        lastViewedMessageId: 99,
        messages: [mm(99, 2), mm(101, 2)],
        mentionedMessageIds: [101],
        newReactionsMessageIds: [],
      },
    });
    const m = ok(
      applyRealtimeEvent(model, { type: 'MODIFY_MSG', modification: 'MSG_DELETED', message: wire(101, 2) }, ctx),
    );
    expect(m.openGroup!.messages.map((x) => x.msgId)).toEqual([99]);
    expect(m.openGroup!.mentionedMessageIds).toEqual([]);
    expect(m.unread!.unreadMessagesCount).toBe(0);
    expect(m.groups.find((g) => g.id === 10)!.unreadMessagesCount).toBe(0);
    const read = ok(
      applyRealtimeEvent(base(), { type: 'MODIFY_MSG', modification: 'MSG_DELETED', message: wire(99, 2) }, ctx),
    );
    expect(read.unread!.unreadMessagesCount).toBe(2); // 99 was already viewed
  });
  it('MSG_DELIVERED sets DELIVERED; MSG_VIEWED sets VIEWED, for every id in metaData', () => {
    const model = base({
      openGroup: {
        id: 10,
        lastViewedMessageId: 0,
        messages: [mm(5, ME), mm(6, ME), mm(7, ME), mm(8, ME)],
        mentionedMessageIds: [],
        newReactionsMessageIds: [],
      },
    });
    const d = ok(
      applyRealtimeEvent(model, { type: 'MODIFY_MSG', modification: 'MSG_DELIVERED', message: wire(5, ME) }, ctx),
    );
    expect(d.openGroup!.messages.map((x) => x.status)).toEqual(['DELIVERED', 'SENT', 'SENT', 'SENT']);
    const v = ok(
      applyRealtimeEvent(
        d,
        { type: 'MODIFY_MSG', modification: 'MSG_VIEWED', message: wire(7, ME, { metaData: '5,6,7' }) },
        ctx,
      ),
    );
    expect(v.openGroup!.messages.map((x) => x.status)).toEqual(['VIEWED', 'VIEWED', 'VIEWED', 'SENT']);
    const late = ok(
      applyRealtimeEvent(v, { type: 'MODIFY_MSG', modification: 'MSG_DELIVERED', message: wire(5, ME) }, ctx),
    );
    expect(late.openGroup!.messages[0].status).toBe('VIEWED');
  });
});

describe('group modifications (chat §4)', () => {
  const g30 = { id: 30, groupType: 'ECVP_PARTNER_CLIENT', name: 'Альянс', unreadMessagesCount: 4 };
  it('GROUP_ADDED adds the group and its unread count to the statistic', () => {
    const m = ok(
      applyRealtimeEvent(base(), { type: 'MODIFY_GROUP_MSG', event: 'GROUP_ADDED', groupId: 30, group: g30 }, ctx),
    );
    expect(m.groups.map((g) => g.id)).toContain(30);
    expect(m.unread!.unreadMessagesCount).toBe(6);
  });
  it('GROUP_CREATED and GROUP_JOINED add the group without changing the statistic; a second add is a no-op', () => {
    for (const event of ['GROUP_CREATED', 'GROUP_JOINED'] as const) {
      const m = ok(applyRealtimeEvent(base(), { type: 'MODIFY_GROUP_MSG', event, groupId: 30, group: g30 }, ctx));
      expect(m.groups.map((g) => g.id)).toContain(30);
      expect(m.unread).toEqual(base().unread);
      const again = ok(
        applyRealtimeEvent(m, { type: 'MODIFY_GROUP_MSG', event: 'GROUP_ADDED', groupId: 30, group: g30 }, ctx),
      );
      expect(again.groups.filter((g) => g.id === 30)).toHaveLength(1);
      expect(again.unread).toEqual(base().unread);
    }
  });
  it('GROUP_ADDED_FAVORITE sets order 0 and shifts the other favourites by one; GROUP_REMOVED_FAVORITE removes the mark', () => {
    const model = base({ groups: [group(10, { favoriteId: 0 }), group(20, { favoriteId: 1 }), group(30), group(40)] });
    const m = ok(
      applyRealtimeEvent(model, { type: 'MODIFY_GROUP_MSG', event: 'GROUP_ADDED_FAVORITE', groupId: 40 }, ctx),
    );
    expect(m.groups.map((g) => [g.id, g.favoriteId])).toEqual([
      [40, 0],
      [10, 1],
      [20, 2],
      [30, null],
    ]);
    const r = ok(
      applyRealtimeEvent(m, { type: 'MODIFY_GROUP_MSG', event: 'GROUP_REMOVED_FAVORITE', groupId: 10 }, ctx),
    );
    expect(r.groups.map((g) => [g.id, g.favoriteId])).toEqual([
      [40, 0],
      [20, 2],
      [30, null],
      [10, null],
    ]);
  });
  it('GROUP_LEFT / GROUP_REMOVED for the viewer remove the group and its unread count; for another member nothing', () => {
    const other = ok(
      applyRealtimeEvent(base(), { type: 'MODIFY_GROUP_MSG', event: 'GROUP_LEFT', groupId: 20, userId: 5 }, ctx),
    );
    expect(other.groups).toHaveLength(2);
    const left = ok(
      applyRealtimeEvent(base(), { type: 'MODIFY_GROUP_MSG', event: 'GROUP_LEFT', groupId: 10, userId: ME }, ctx),
    );
    expect(left.groups.map((g) => g.id)).toEqual([20]);
    expect(left.unread!.unreadMessagesCount).toBe(1);
    expect(left.openGroup).toBeNull();
    const removed = ok(
      applyRealtimeEvent(
        base({ unread: { unreadMessagesCount: 0, lastMessageId: 1 } }),
        { type: 'MODIFY_GROUP_MSG', event: 'GROUP_REMOVED', groupId: 20 },
        ctx,
      ),
    );
    expect(removed.unread!.unreadMessagesCount).toBe(0);
  });
  it('GROUP_NAME_CHANGED renames the group', () => {
    const m = ok(
      applyRealtimeEvent(
        base(),
        {
          type: 'MODIFY_GROUP_MSG',
          event: 'GROUP_NAME_CHANGED',
          groupId: 20,
          group: { id: 20, groupType: 'ECVP_CLIENT', name: 'Новое' },
        },
        ctx,
      ),
    );
    expect(m.groups.find((g) => g.id === 20)!.name).toBe('Новое');
  });
});

describe('notifications and pass-through (chat §4)', () => {
  it('USER_ONLINE stores now; USER_OFFLINE stores the offline marker 4 minutes back', () => {
    const on = ok(applyRealtimeEvent(base(), { type: 'NOTIFY_MSG', notification: 'USER_ONLINE', userId: 2 }, ctx));
    expect(on.presence[2]).toBe(new Date(NOW).toISOString());
    const off = ok(applyRealtimeEvent(on, { type: 'NOTIFY_MSG', notification: 'USER_OFFLINE', userId: 2 }, ctx));
    expect(off.presence[2]).toBe(new Date(NOW - 240_000).toISOString());
  });
  it('USER_TYPING_GROUP goes to the typing store; own typing is ignored; a missing group is an error', () => {
    const typing = new TypingStore(() => NOW);
    ok(
      applyRealtimeEvent(
        base(),
        { type: 'NOTIFY_MSG', notification: 'USER_TYPING_GROUP', userId: 2, groupId: 10 },
        { now: NOW, typing },
      ),
    );
    ok(
      applyRealtimeEvent(
        base(),
        { type: 'NOTIFY_MSG', notification: 'USER_TYPING_GROUP', userId: ME, groupId: 10 },
        { now: NOW, typing },
      ),
    );
    expect(typing.typing(10).map((u) => u.userId)).toEqual([2]);
    const bad = applyRealtimeEvent(
      base(),
      { type: 'NOTIFY_MSG', notification: 'USER_TYPING_GROUP', userId: 2 },
      { now: NOW, typing },
    );
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toBe('Группы или пользователя нет');
  });
  it('GROUP_REQDOC_MSG is passed on unchanged', () => {
    const model = base();
    expect(applyRealtimeEvent(model, { type: 'GROUP_REQDOC_MSG', payload: { orderId: 5 } }, ctx)).toEqual({
      ok: true,
      model,
      passThrough: true,
    });
  });
});

describe('counters never go below 0 (chat §4), random event sequences', () => {
  it('holds for 300 random sequences', () => {
    let seed = 7;
    const r = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 300; run++) {
      let m = base({
        unread: { unreadMessagesCount: 0, lastMessageId: 0 },
        groups: [group(10), group(20)],
        openGroup: {
          id: 10,
          lastViewedMessageId: 0,
          messages: [],
          mentionedMessageIds: [],
          newReactionsMessageIds: [],
        },
      });
      let id = 0;
      for (let i = 0; i < 40; i++) {
        const x = r();
        const groupId = r() < 0.5 ? 10 : 20;
        const sender = r() < 0.3 ? ME : 2;
        const res =
          x < 0.5
            ? applyRealtimeEvent(m, { type: 'GROUP_MSG', message: wire(++id, sender, { groupId }) }, ctx)
            : x < 0.8
              ? applyRealtimeEvent(
                  m,
                  {
                    type: 'MODIFY_MSG',
                    modification: 'MSG_DELETED',
                    message: wire(Math.ceil(r() * id), sender, { groupId }),
                  },
                  ctx,
                )
              : applyRealtimeEvent(
                  m,
                  {
                    type: 'MODIFY_GROUP_MSG',
                    event: r() < 0.5 ? 'GROUP_LEFT' : 'GROUP_ADDED',
                    groupId,
                    userId: ME,
                    group: { id: groupId, groupType: 'ECVP_CLIENT', name: 'g', unreadMessagesCount: 1 },
                  },
                  ctx,
                );
        m = res.model;
        expect(m.unread!.unreadMessagesCount).toBeGreaterThanOrEqual(0);
        for (const g of m.groups) expect(g.unreadMessagesCount).toBeGreaterThanOrEqual(0);
        expect(m.unread!.unreadMessagesCount).toBeGreaterThanOrEqual(
          m.groups.reduce((s, g) => s + g.unreadMessagesCount, 0),
        );
      }
    }
  });
});
