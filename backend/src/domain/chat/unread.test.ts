/**
 * spec chat §3 statistics, §4 "Message status" / "New message handling" (unread counts never below 0),
 * DESIGN "Realtime" (counters derived from read pointers): unit cases, then random sequences of sends,
 * views, deletes, joins, leaves and reconnects checked against a brute-force model.
 */
import { prng } from '../../../test/prng.js';
import { describe, expect, it } from 'vitest';
import {
  applyUnreadOp,
  emptyUnreadBook,
  groupCountsByType,
  groupStatistics,
  isUnreadFor,
  mentionedMessageIds,
  newReactionsMessageIds,
  nextReadPointer,
  overallUnread,
  unreadCount,
  type CountedMessage,
  type UnreadBook,
  type UnreadOp,
} from './unread.js';

const msg = (id: number, senderId: number, extra: Partial<CountedMessage> = {}): CountedMessage => ({
  id,
  senderId,
  deleted: false,
  ...extra,
});

describe('unread count (chat §3, §4)', () => {
  const messages = [msg(1, 2), msg(2, 1), msg(3, 2), msg(4, 3, { deleted: true }), msg(5, 3)];
  it('counts messages from others above the read pointer that are not deleted', () => {
    expect(unreadCount(messages, 1, 0)).toBe(3);
    expect(unreadCount(messages, 1, 3)).toBe(1);
    expect(unreadCount(messages, 1, 5)).toBe(0);
    expect(unreadCount(messages, 2, 0)).toBe(2);
  });
  it('own messages and deleted messages are never unread', () => {
    expect(isUnreadFor(msg(9, 1), 1, 0)).toBe(false);
    expect(isUnreadFor(msg(9, 2, { deleted: true }), 1, 0)).toBe(false);
    expect(isUnreadFor(msg(9, 2), 1, 9)).toBe(false);
    expect(isUnreadFor(msg(9, 2), 1, 8)).toBe(true);
  });
  it('the read pointer moves forward only and never past the last message', () => {
    expect(nextReadPointer(5, 3, 10)).toBe(5);
    expect(nextReadPointer(5, 8, 10)).toBe(8);
    expect(nextReadPointer(5, 99, 10)).toBe(10);
    expect(nextReadPointer(0, 99, 0)).toBe(0);
  });
});

describe('mention and reaction flags (chat §3 group statistics, current chat info)', () => {
  const messages = [
    msg(1, 1),
    msg(2, 2, { mentions: [1] }),
    msg(3, 2, { mentions: [3] }),
    msg(4, 3, { mentions: [1], deleted: true }),
    msg(5, 1),
  ];
  it('mentions: unread, not deleted messages that mention the member', () => {
    expect(mentionedMessageIds(messages, 1, 0)).toEqual([2]);
    expect(mentionedMessageIds(messages, 1, 2)).toEqual([]);
    expect(mentionedMessageIds(messages, 3, 0)).toEqual([3]);
  });
  it('reactions: by others on own live messages, newer than the last seen reaction', () => {
    const reactions = [
      { id: 1, messageId: 1, userId: 2 },
      { id: 2, messageId: 1, userId: 1 }, // own reaction: ignored
      { id: 3, messageId: 5, userId: 3 },
      { id: 4, messageId: 2, userId: 3 }, // on someone else's message: ignored
    ];
    expect(
      newReactionsMessageIds(messages, reactions, { memberId: 1, lastViewedMessageId: 0, lastSeenReactionId: 0 }),
    ).toEqual([1, 5]);
    expect(
      newReactionsMessageIds(messages, reactions, { memberId: 1, lastViewedMessageId: 0, lastSeenReactionId: 1 }),
    ).toEqual([5]);
    expect(
      newReactionsMessageIds(messages, reactions, { memberId: 1, lastViewedMessageId: 0, lastSeenReactionId: 3 }),
    ).toEqual([]);
    const deleted = messages.map((m) => (m.id === 5 ? { ...m, deleted: true } : m));
    expect(
      newReactionsMessageIds(deleted, reactions, { memberId: 1, lastViewedMessageId: 0, lastSeenReactionId: 1 }),
    ).toEqual([]);
  });
  it('group statistics combine count, per-type counters (default GROUP_MSG), mentions, reactions', () => {
    const s = groupStatistics(
      77,
      [...messages, msg(6, 2, { type: 'GROUP_REQDOC_MSG' })],
      [{ id: 1, messageId: 1, userId: 2 }],
      {
        memberId: 1,
        lastViewedMessageId: 0,
        lastSeenReactionId: 0,
      },
    );
    expect(s).toEqual({
      groupId: 77,
      hasMessages: true,
      hasNewMentions: true,
      hasNewReactions: true,
      unreadMessagesCount: 3,
      unreadMessagesCounters: [
        { type: 'GROUP_MSG', count: 2 },
        { type: 'GROUP_REQDOC_MSG', count: 1 },
      ],
    });
    const empty = groupStatistics(78, [msg(1, 2, { deleted: true })], [], {
      memberId: 1,
      lastViewedMessageId: 0,
      lastSeenReactionId: 0,
    });
    expect(empty).toMatchObject({
      hasMessages: false,
      unreadMessagesCount: 0,
      unreadMessagesCounters: [{ type: 'GROUP_MSG', count: 0 }],
    });
  });
  it('overall statistic sums the groups and keeps the highest message id; counts by type include zeros', () => {
    expect(
      overallUnread([
        { unreadMessagesCount: 2, lastMessageId: 9 },
        { unreadMessagesCount: 3, lastMessageId: 4 },
      ]),
    ).toEqual({ unreadMessagesCount: 5, lastMessageId: 9 });
    expect(overallUnread([])).toEqual({ unreadMessagesCount: 0, lastMessageId: 0 });
    expect(
      groupCountsByType([
        { groupType: 'ECVP_CLIENT', unreadMessagesCount: 0 },
        { groupType: 'ECVP_CLIENT', unreadMessagesCount: 3 },
        { groupType: 'ECVP_SUPPORT', unreadMessagesCount: 0 },
      ]),
    ).toEqual([
      { groupType: 'ECVP_CLIENT', groupCount: 2, unreadGroupCount: 1, unreadMessagesCount: 3 },
      { groupType: 'ECVP_PARTNER_CLIENT', groupCount: 0, unreadGroupCount: 0, unreadMessagesCount: 0 },
      { groupType: 'ECVP_PARTNER', groupCount: 0, unreadGroupCount: 0, unreadMessagesCount: 0 },
      { groupType: 'ECVP_SUPPORT', groupCount: 1, unreadGroupCount: 0, unreadMessagesCount: 0 },
    ]);
  });

  it('per-type unread figures (chat §3, §7 statistics): groups with unread, their sum, never negative, summing to the overall count', () => {
    const groups = [
      { groupType: 'ECVP_SUPPORT' as const, unreadMessagesCount: 2, lastMessageId: 9 },
      { groupType: 'ECVP_SUPPORT' as const, unreadMessagesCount: 0, lastMessageId: 4 },
      { groupType: 'ECVP_CLIENT' as const, unreadMessagesCount: 1, lastMessageId: 7 },
      { groupType: 'ECVP_CLIENT' as const, unreadMessagesCount: -5, lastMessageId: 3 }, // a guard: a broken count never subtracts
    ];
    const byType = groupCountsByType(groups);
    expect(byType.find((t) => t.groupType === 'ECVP_SUPPORT')).toEqual({
      groupType: 'ECVP_SUPPORT',
      groupCount: 2,
      unreadGroupCount: 1,
      unreadMessagesCount: 2,
    });
    expect(byType.find((t) => t.groupType === 'ECVP_CLIENT')).toEqual({
      groupType: 'ECVP_CLIENT',
      groupCount: 2,
      unreadGroupCount: 1,
      unreadMessagesCount: 1,
    });
    expect(
      byType.every((t) => t.unreadGroupCount >= 0 && t.unreadMessagesCount >= 0 && t.unreadGroupCount <= t.groupCount),
    ).toBe(true);
    expect(byType.reduce((n, t) => n + t.unreadMessagesCount, 0)).toBe(overallUnread(groups).unreadMessagesCount);
  });
});

describe('incremental counters (applyUnreadOp)', () => {
  it('send, view, delete, join, leave and reconnect in one story', () => {
    let b: UnreadBook = emptyUnreadBook([1, 2]);
    b = applyUnreadOp(b, { kind: 'send', messageId: 1, senderId: 1 });
    b = applyUnreadOp(b, { kind: 'send', messageId: 2, senderId: 1 });
    expect(b.members.get(2)!.unread).toBe(2);
    expect(b.members.get(1)!.unread).toBe(0);
    b = applyUnreadOp(b, { kind: 'send', messageId: 2, senderId: 1 }); // idempotent re-send
    expect(b.members.get(2)!.unread).toBe(2);
    b = applyUnreadOp(b, { kind: 'delete', messageId: 1 });
    b = applyUnreadOp(b, { kind: 'delete', messageId: 1 });
    expect(b.members.get(2)!.unread).toBe(1);
    b = applyUnreadOp(b, { kind: 'join', memberId: 3 });
    expect(b.members.get(3)).toEqual({ lastViewedMessageId: 2, unread: 0 });
    b = applyUnreadOp(b, { kind: 'view', memberId: 2, upToMessageId: 50 });
    expect(b.members.get(2)).toEqual({ lastViewedMessageId: 2, unread: 0 });
    b = applyUnreadOp(b, { kind: 'send', messageId: 3, senderId: 3 });
    expect(b.members.get(2)!.unread).toBe(1); // the early "viewed up to 50" did not pre-read message 3
    b = applyUnreadOp(b, { kind: 'reconnect', memberId: 2 });
    b = applyUnreadOp(b, { kind: 'view', memberId: 2, upToMessageId: 1 }); // late view: no change
    expect(b.members.get(2)!.unread).toBe(1);
    b = applyUnreadOp(b, { kind: 'leave', memberId: 2 });
    expect(b.members.has(2)).toBe(false);
  });

  /** Brute-force model: the full history as plain arrays, counts recomputed from scratch with loops. */
  class Model {
    msgs: { id: number; sender: number; deleted: boolean }[] = [];
    pointers = new Map<number, number>();
    constructor(members: number[]) {
      for (const m of members) this.pointers.set(m, 0);
    }
    last() {
      return this.msgs.length ? this.msgs[this.msgs.length - 1].id : 0;
    }
    apply(op: UnreadOp) {
      if (op.kind === 'send') {
        if (op.messageId > this.last()) this.msgs.push({ id: op.messageId, sender: op.senderId, deleted: false });
      } else if (op.kind === 'delete') {
        const m = this.msgs.find((x) => x.id === op.messageId);
        if (m) m.deleted = true;
      } else if (op.kind === 'view') {
        const p = this.pointers.get(op.memberId);
        if (p !== undefined) this.pointers.set(op.memberId, Math.max(p, Math.min(op.upToMessageId, this.last())));
      } else if (op.kind === 'join') {
        if (!this.pointers.has(op.memberId)) this.pointers.set(op.memberId, this.last());
      } else if (op.kind === 'leave') this.pointers.delete(op.memberId);
    }
    count(member: number) {
      const p = this.pointers.get(member)!;
      let n = 0;
      for (const m of this.msgs) if (m.sender !== member && !m.deleted && m.id > p) n++;
      return n;
    }
  }

  function randomOp(r: () => number, nextId: { v: number }, users: number[]): UnreadOp {
    const user = users[Math.floor(r() * users.length)];
    const x = r();
    if (x < 0.4) {
      nextId.v += 1 + Math.floor(r() * 3);
      return { kind: 'send', messageId: nextId.v, senderId: user };
    } // ids skip like a sequence
    if (x < 0.45) return { kind: 'send', messageId: Math.max(1, nextId.v - Math.floor(r() * 3)), senderId: user }; // retry / stale id
    if (x < 0.7) return { kind: 'view', memberId: user, upToMessageId: Math.floor(r() * (nextId.v + 5)) };
    if (x < 0.85) return { kind: 'delete', messageId: 1 + Math.floor(r() * (nextId.v + 1)) };
    if (x < 0.9) return { kind: 'join', memberId: user };
    if (x < 0.94) return { kind: 'leave', memberId: user };
    return { kind: 'reconnect', memberId: user };
  }

  it('equals the brute-force model and the derived count after every step of 400 random sequences; never negative', () => {
    const users = [1, 2, 3, 4];
    for (let seed = 1; seed <= 400; seed++) {
      const r = prng(seed);
      const start = users.filter(() => r() < 0.8);
      let book = emptyUnreadBook(start);
      const model = new Model(start);
      const nextId = { v: 0 };
      const steps = 20 + Math.floor(r() * 80);
      for (let i = 0; i < steps; i++) {
        const op = randomOp(r, nextId, users);
        book = applyUnreadOp(book, op);
        model.apply(op);
        expect([...book.members.keys()].sort(), `seed ${seed} step ${i}`).toEqual([...model.pointers.keys()].sort());
        const live = [...book.messages].map(([id, m]) => ({ id, ...m }));
        for (const [member, state] of book.members) {
          const expected = model.count(member);
          expect(state.unread, `seed ${seed} step ${i} member ${member} ${JSON.stringify(op)}`).toBe(expected);
          expect(state.lastViewedMessageId).toBe(model.pointers.get(member));
          expect(unreadCount(live, member, state.lastViewedMessageId)).toBe(expected);
          expect(state.unread).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('viewing everything always brings every member to 0, whatever came before', () => {
    for (let seed = 1000; seed < 1100; seed++) {
      const r = prng(seed);
      let book = emptyUnreadBook([1, 2, 3]);
      const nextId = { v: 0 };
      for (let i = 0; i < 50; i++) book = applyUnreadOp(book, randomOp(r, nextId, [1, 2, 3]));
      for (const id of [...book.members.keys()])
        book = applyUnreadOp(book, { kind: 'view', memberId: id, upToMessageId: Number.MAX_SAFE_INTEGER });
      for (const s of book.members.values()) expect(s.unread).toBe(0);
    }
  });
});
