/** The composer's mention autocomplete (mentions.ts): the typed '@prefix', the offered members, the insertion. */
import { describe, expect, it } from 'vitest';
import { activeMention, filterMentionCandidates, insertMention, mentionedUserIds } from './mentions';

const members = [
  { userId: 1, name: 'Анна Смирнова' },
  { userId: 2, name: 'Павел Морозов' },
  { userId: 3, name: 'Пётр Иванов' },
  { userId: 4, name: 'Алексей Павлов' },
  { userId: 5, name: null },
  { userId: 6, name: 'Поддержка' },
];

describe('activeMention', () => {
  it("finds '@' and the letters typed before the caret", () => {
    expect(activeMention('@', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(activeMention('Привет, @Па', 11)).toEqual({ start: 8, end: 11, query: 'Па' });
    expect(activeMention('(@ан', 4)).toEqual({ start: 1, end: 4, query: 'ан' });
    expect(activeMention('@Павел Мо', 9)).toEqual({ start: 0, end: 9, query: 'Павел Мо' });
  });
  it('only up to the caret', () => {
    expect(activeMention('@Павел и ещё', 3)).toEqual({ start: 0, end: 3, query: 'Па' });
  });
  it("no mention: an e-mail, no '@', a line break, two spaces, a leading space", () => {
    expect(activeMention('mail@example', 12)).toBeNull();
    expect(activeMention('Привет', 6)).toBeNull();
    expect(activeMention('@Па\nвел', 7)).toBeNull();
    expect(activeMention('@Павел  М', 9)).toBeNull();
    expect(activeMention('@ Павел', 7)).toBeNull();
    expect(activeMention('@Па!', 4)).toBeNull();
  });
  it('after a picked mention and its space the list has nothing to match', () => {
    const after = '@Павел Морозов ';
    const q = activeMention(after, after.length);
    expect(filterMentionCandidates(members, q?.query ?? '', null)).toEqual([]);
  });
});

describe('filterMentionCandidates', () => {
  it('case-insensitive prefix of the name or of a later word; the viewer and nameless members left out', () => {
    expect(filterMentionCandidates(members, 'па', 1).map((m) => m.userId)).toEqual([2, 4]);
    expect(filterMentionCandidates(members, 'ПАВ', null).map((m) => m.name)).toEqual([
      'Павел Морозов',
      'Алексей Павлов',
    ]);
    expect(filterMentionCandidates(members, 'смир', null).map((m) => m.userId)).toEqual([1]);
    expect(filterMentionCandidates(members, 'па', 2).map((m) => m.userId)).toEqual([4]);
  });
  it("'ё' matches 'е' and the other way round", () => {
    expect(filterMentionCandidates(members, 'пет', null).map((m) => m.userId)).toEqual([3]);
    expect(filterMentionCandidates([{ userId: 9, name: 'Семен' }], 'Семён', null).map((m) => m.userId)).toEqual([9]);
  });
  it('an empty prefix offers every other member, by name in Russian order, at most the limit', () => {
    expect(filterMentionCandidates(members, '', 6).map((m) => m.name)).toEqual([
      'Алексей Павлов',
      'Анна Смирнова',
      'Павел Морозов',
      'Пётр Иванов',
    ]);
    expect(filterMentionCandidates(members, '', null, 2)).toHaveLength(2);
  });
  it('each member once', () => {
    expect(filterMentionCandidates([...members, members[1]], 'Пав', null).map((m) => m.userId)).toEqual([2, 4]);
  });
});

describe('insertMention', () => {
  it("replaces '@prefix' with '@Name ' and puts the caret after the space", () => {
    const text = 'Привет, @Па';
    const r = insertMention(text, activeMention(text, text.length)!, 'Павел Морозов');
    expect(r).toEqual({ text: 'Привет, @Павел Морозов ', caret: 23 });
    expect(mentionedUserIds(r.text, members)).toEqual([2]);
  });
  it('in the middle of the text, without doubling the space', () => {
    const text = '@Ан как дела';
    const r = insertMention(text, activeMention(text, 3)!, 'Анна Смирнова');
    expect(r.text).toBe('@Анна Смирнова как дела');
    expect(r.text.slice(0, r.caret)).toBe('@Анна Смирнова ');
  });
});
