/**
 * Mentions in message text: `@Name` of a group member. The composer turns them into `mentionedUserIds`; the
 * message shows them highlighted. Names are matched longest first, case-insensitively, and must end at a word
 * boundary.
 */
export interface Mentionable {
  userId: number;
  name: string | null | undefined;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'mention'; text: string; userId: number };

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
    if (text[i] === '@' && (i === 0 || /\s|[(,]/.test(text[i - 1]))) {
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
