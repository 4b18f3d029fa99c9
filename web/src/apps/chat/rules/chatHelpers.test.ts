/**
 * Pure helpers of the chat screens: global ids, message rows (§4), typing texts (§4, §9), mentions. Message keys, the list
 * order and the typing time-out are @platform/domain's (packages/domain/src/chat tests).
 */
import { describe, expect, it } from 'vitest';
import { fromGlobalId, toGlobalId } from './globalId';
import { buildMessageRows, dedupeMessages, TODAY_LABEL } from './messageItems';
import { mentionedUserIds, splitMentions } from './mentions';
import { shouldSendTyping, typingText } from './typing';

const NOW = new Date(2025, 0, 15, 14, 30);
const iso = (y: number, mo: number, d: number, h = 12) => new Date(y, mo, d, h).toISOString();

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

describe('typing (chat §4, §9)', () => {
  const now = 10_000;
  it('renews before expiry (TYPING_SEND_INTERVAL_MS 2000 < TYPING_TIMEOUT_MS 3000, @platform/domain/limits)', () => {
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
