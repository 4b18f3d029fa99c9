/** Pure helpers of the chat screens: message keys (chat §5), message rows (§4), list order (§4), typing (§4, §9), mentions. */
import { describe, expect, it } from 'vitest';
import { fromGlobalId, toGlobalId } from './globalId';
import { compareGroups, sortGroups } from './groupOrder';
import { buildMessageRows, dedupeMessages, TODAY_LABEL } from './messageItems';
import { createMsgKeyFactory, isValidMsgKey, MSG_KEY_ERROR, msgKeyNumber } from './msgKey';
import { mentionedUserIds, splitMentions } from './mentions';
import { activeTypers, shouldSendTyping, TYPING_SEND_INTERVAL_MS, TYPING_TIMEOUT_MS, typingText } from './typing';

const NOW = new Date(2025, 0, 15, 14, 30);
const iso = (y: number, mo: number, d: number, h = 12) => new Date(y, mo, d, h).toISOString();

describe('message keys (chat §5)', () => {
  it('msg_ followed by a number', () => {
    expect(isValidMsgKey('msg_1736951400000')).toBe(true);
    expect(isValidMsgKey('msg_')).toBe(false);
    expect(isValidMsgKey('msg_12a')).toBe(false);
    expect(isValidMsgKey('m_12')).toBe(false);
    expect(msgKeyNumber('msg_42')).toBe(42);
    expect(() => msgKeyNumber('abc')).toThrow(MSG_KEY_ERROR);
  });
  it('msg_<now>, strictly increasing within one millisecond', () => {
    let t = 1000;
    const next = createMsgKeyFactory(() => t);
    expect(next()).toBe('msg_1000');
    expect(next()).toBe('msg_1001');
    t = 5000;
    expect(next()).toBe('msg_5000');
  });
});

describe('global ids', () => {
  it('round trip', () => {
    expect(fromGlobalId('ChatGroup', toGlobalId('ChatGroup', 17))).toBe('17');
    expect(fromGlobalId('ChatGroup', toGlobalId('ChatMessage', 17))).toBeNull();
    expect(fromGlobalId('ChatGroup', '%%%')).toBeNull();
  });
});

describe('message rows (chat §4)', () => {
  const m = (id: string, createdAt: string, extra: object = {}) => ({ id, createdAt, ...extra });
  it('a date separator per calendar day, Сегодня for today', () => {
    const rows = buildMessageRows(
      [m('a', iso(2025, 0, 13, 9)), m('b', iso(2025, 0, 13, 10)), m('c', iso(2025, 0, 15, 9))],
      null,
      NOW,
    );
    expect(rows.map((r) => (r.kind === 'date' ? r.label : r.kind === 'message' ? r.message.id : 'U'))).toEqual([
      'Понедельник',
      'a',
      'b',
      TODAY_LABEL,
      'c',
    ]);
  });
  it('older dates as dd.MM and dd.MM.yy', () => {
    const rows = buildMessageRows([m('a', iso(2024, 11, 1)), m('b', iso(2025, 0, 2))], null, NOW);
    expect(rows.filter((r) => r.kind === 'date').map((r) => (r.kind === 'date' ? r.label : ''))).toEqual([
      '01.12.24',
      '02.01',
    ]);
  });
  it('the UNREAD separator before the first unread message, never before the first row', () => {
    const msgs = [m('a', iso(2025, 0, 15, 9)), m('b', iso(2025, 0, 15, 10))];
    expect(buildMessageRows(msgs, 'b', NOW).map((r) => r.kind)).toEqual(['date', 'message', 'unread', 'message']);
    expect(buildMessageRows(msgs, 'a', NOW).map((r) => r.kind)).toEqual(['date', 'message', 'message']);
    expect(buildMessageRows(msgs, 'zzz', NOW).map((r) => r.kind)).toEqual(['date', 'message', 'message']);
  });
  it('a placeholder is replaced by the server message with the same extMsgId; repeated ids once', () => {
    const msgs = [
      m('x', iso(2025, 0, 15, 9), { extMsgId: 'msg_1' }),
      m('tmp', iso(2025, 0, 15, 9), { extMsgId: 'msg_1', pending: true }),
      m('x', iso(2025, 0, 15, 9)),
    ];
    expect(dedupeMessages(msgs).map((r) => r.id)).toEqual(['x']);
    expect(dedupeMessages([m('tmp', iso(2025, 0, 15), { extMsgId: 'msg_2', pending: true })]).map((r) => r.id)).toEqual(
      ['tmp'],
    );
  });
});

describe('group list order (chat §4)', () => {
  it('favourites by favoriteId, then newest last message first', () => {
    const g = (id: string, favoriteId: number | null, lastAt: string | null) => ({ id, favoriteId, lastAt });
    const sorted = sortGroups(
      [
        g('old', null, iso(2025, 0, 1)),
        g('f1', 1, iso(2024, 0, 1)),
        g('new', null, iso(2025, 0, 10)),
        g('f0', 0, null),
        g('empty', null, null),
      ],
      (x) => x,
    );
    expect(sorted.map((x) => x.id)).toEqual(['f0', 'f1', 'new', 'old', 'empty']);
    expect(compareGroups({ favoriteId: null, lastAt: null }, { favoriteId: null, lastAt: null })).toBe(0);
  });
});

describe('typing (chat §4, §9)', () => {
  const now = 10_000;
  const at = (ms: number) => new Date(ms).toISOString();
  it('an indicator lasts until expiresAt; the viewer is never shown', () => {
    expect(TYPING_TIMEOUT_MS).toBe(3000);
    const users = [
      { userId: 1, name: 'Анна', expiresAt: at(now + 1) },
      { userId: 2, name: 'Олег', expiresAt: at(now) },
      { userId: 7, name: 'Я', expiresAt: at(now + 2000) },
    ];
    expect(activeTypers(users, now, 7).map((u) => u.userId)).toEqual([1]);
  });
  it('renews before expiry', () => {
    expect(TYPING_SEND_INTERVAL_MS).toBeLessThan(TYPING_TIMEOUT_MS);
    expect(shouldSendTyping(null, now)).toBe(true);
    expect(shouldSendTyping(now - 1999, now)).toBe(false);
    expect(shouldSendTyping(now - 2000, now)).toBe(true);
  });
  it('texts', () => {
    const u = (name: string | null) => ({ userId: 1, name, expiresAt: '' });
    expect(typingText([], true)).toBeNull();
    expect(typingText([u('Анна')], false)).toBe('Печатает…');
    expect(typingText([u('Анна')], true)).toBe('Анна печатает…');
    expect(typingText([u('Анна'), u('Олег')], true)).toBe('Анна, Олег печатают…');
    expect(typingText([u(null)], true)).toBe('Печатает…');
  });
});

describe('mentions', () => {
  const members = [
    { userId: 1, name: 'Анна' },
    { userId: 2, name: 'Анна Петрова' },
    { userId: 3, name: null },
  ];
  it('longest name first, at a word boundary, case-insensitive', () => {
    expect(splitMentions('Привет, @анна петрова и @Анна!', members)).toEqual([
      { kind: 'text', text: 'Привет, ' },
      { kind: 'mention', text: '@анна петрова', userId: 2 },
      { kind: 'text', text: ' и ' },
      { kind: 'mention', text: '@Анна', userId: 1 },
      { kind: 'text', text: '!' },
    ]);
    expect(mentionedUserIds('@Аннабель mail@Анна', members)).toEqual([]);
    expect(mentionedUserIds('@Анна @Анна', members)).toEqual([1]);
  });
});
