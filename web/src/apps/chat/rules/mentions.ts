/**
 * Mentions in message text: `@Name` of a group member. The composer turns them into `mentionedUserIds`; the
 * message shows them highlighted. Names are matched longest first, case-insensitively, and must end at a word
 * boundary. An '@' starts a mention at the start of the text or after a space, '(' or ','.
 * The composer's autocomplete: `activeMention` finds the '@prefix' being typed before the caret,
 * `filterMentionCandidates` lists the members whose name (or a word of it) starts with the prefix
 * (case-insensitive, 'ё' as 'е'), `insertMention` puts '@Name ' in its place.
 */
export interface Mentionable {
  userId: number;
  name: string | null | undefined;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'mention'; text: string; userId: number };

/** Whether an '@' at `index` of `text` may start a mention. */
function mentionStartsAt(text: string, index: number): boolean {
  return text[index] === '@' && (index === 0 || /\s|[(,]/.test(text[index - 1]));
}

function candidates(members: readonly Mentionable[]) {
  return members
    .filter((m): m is Mentionable & { name: string } => !!m.name && m.name.trim().length > 0)
    .sort((a, b) => b.name.length - a.name.length);
}

/** Splits text into plain parts and mentions. */
export function splitMentions(text: string, members: readonly Mentionable[]): TextPart[] {
  const list = candidates(members);
  const parts: TextPart[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    if (mentionStartsAt(text, i)) {
      const rest = text.slice(i + 1);
      const hit = list.find((m) => {
        if (rest.slice(0, m.name.length).toLowerCase() !== m.name.toLowerCase()) return false;
        const after = rest[m.name.length];
        return after === undefined || !/[\p{L}\p{N}_]/u.test(after);
      });
      if (hit) {
        if (plain) parts.push({ kind: 'text', text: plain });
        plain = '';
        const t = text.slice(i, i + 1 + hit.name.length);
        parts.push({ kind: 'mention', text: t, userId: hit.userId });
        i += t.length;
        continue;
      }
    }
    plain += text[i];
    i += 1;
  }
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}

/** The distinct user ids mentioned in text. */
export function mentionedUserIds(text: string, members: readonly Mentionable[]): number[] {
  return [...new Set(splitMentions(text, members).flatMap((p) => (p.kind === 'mention' ? [p.userId] : [])))];
}

/** The '@prefix' typed right before the caret: `start` is the index of '@', `end` the caret, `query` the prefix. */
export interface MentionQuery {
  start: number;
  end: number;
  query: string;
}

/** Longest prefix looked at (names are shorter). */
const MAX_MENTION_QUERY = 40;
/** What a prefix may hold: letters, digits, '_', '-', '.', and single spaces inside (first and last names). */
const MENTION_QUERY = /^(?:[\p{L}\p{N}_.-]+(?: [\p{L}\p{N}_.-]+)* ?)?$/u;

/**
 * The mention being typed at `caret`: the nearest '@' before it that may start a mention, followed only by
 * name characters up to the caret (no line break, no second '@'). Null when the caret is not in one.
 */
export function activeMention(text: string, caret: number): MentionQuery | null {
  const end = Math.max(0, Math.min(caret, text.length));
  const from = Math.max(0, end - MAX_MENTION_QUERY - 1);
  for (let i = end - 1; i >= from; i -= 1) {
    if (text[i] === '@') {
      if (!mentionStartsAt(text, i)) return null;
      const query = text.slice(i + 1, end);
      return MENTION_QUERY.test(query) ? { start: i, end, query } : null;
    }
    if (text[i] === '\n') return null;
  }
  return null;
}

/** Lower case for comparison: Russian locale, 'ё' as 'е'. */
function fold(s: string): string {
  return s.toLocaleLowerCase('ru-RU').replace(/ё/g, 'е');
}

/**
 * The members offered for `query`: named, not the viewer, once each; those whose name starts with the query
 * first, then those with a later word starting with it; each part by name (Russian order). At most `limit`.
 */
export function filterMentionCandidates<T extends Mentionable>(
  members: readonly T[],
  query: string,
  viewerUserId: number | null,
  limit = 8,
): Array<T & { name: string }> {
  const q = fold(query);
  const seen = new Set<number>();
  const starts: Array<T & { name: string }> = [];
  const words: Array<T & { name: string }> = [];
  for (const m of members) {
    if (!m.name || !m.name.trim() || m.userId === viewerUserId || seen.has(m.userId)) continue;
    const named = m as T & { name: string };
    const name = fold(named.name);
    if (name.startsWith(q)) starts.push(named);
    else if (name.split(/\s+/).some((w) => w.startsWith(q))) words.push(named);
    else continue;
    seen.add(m.userId);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'ru');
  return [...starts.sort(byName), ...words.sort(byName)].slice(0, limit);
}

/** Replaces the typed '@prefix' with '@Name ' (one space after it); answers the new text and the caret after the space. */
export function insertMention(text: string, mention: MentionQuery, name: string): { text: string; caret: number } {
  const before = text.slice(0, mention.start);
  const rest = text.slice(mention.end);
  const inserted = `@${name} `;
  return {
    text: before + inserted + (rest.startsWith(' ') ? rest.slice(1) : rest),
    caret: before.length + inserted.length,
  };
}
