/**
 * Online and last-seen texts (spec chat §4 "Online and last seen", §9), in Russian. `elapsed` = now − lastSeenAt.
 *   elapsed < 4 min (online)                   → 'в сети'
 *   4 min ≤ elapsed < 1 h                      → 'был(а) N минут назад'   (N минуту / минуты / минут)
 *   1 h ≤ elapsed < 4 h                        → 'был(а) N часов назад'   (N час / часа / часов)
 *   ≥ 4 h, same calendar day                   → 'был(а) сегодня в HH:mm'
 *   ≥ 4 h, the calendar day before             → 'был(а) вчера в HH:mm'
 *   older, elapsed < 14 days                   → 'был(а) dd.MM.yyyy'
 *   elapsed ≥ 14 days ("after 2 weeks")        → 'был(а) недавно'
 *   never seen (no lastSeenAt)                 → 'не в сети'
 * A lastSeenAt in the future counts as online. The spec gives the steps, not the words; the words are ours.
 * "Today after 4 hours" is not in the spec (it goes from hours to yesterday); we show the time.
 * The online rule, the offline marker and the numbers of chat §9 are @platform/domain's (chat/presence, limits); the
 * Russian wording and the calendar steps are this screen's.
 */
import { differenceInCalendarDays, format } from 'date-fns';
import { LAST_SEEN_RECENTLY_AFTER_MS, ONLINE_THRESHOLD_MS } from '@platform/domain/limits';

/** Hours shown as "N hours ago" up to (exclusive), chat §4. */
export const HOURS_TEXT_LIMIT_MS = 4 * 3_600_000;

/** Russian plural form for a count: one (1, 21…), few (2–4, 22–24…), many (0, 5–20, 25…). */
export function ruPlural(n: number, one: string, few: string, many: string): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}

function toDate(t: Date | string): Date {
  const d = typeof t === 'string' ? new Date(t) : t;
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date: ${String(t)}`);
  return d;
}

/**
 * The online / last-seen text (table above).
 * @param lastSeenAt Date or UTC ISO 8601 string; null when unknown
 * @param now the current time
 * @throws RangeError for an unparsable time
 */
export function lastSeenText(lastSeenAt: Date | string | null | undefined, now: Date = new Date()): string {
  if (lastSeenAt == null) return 'не в сети';
  const seen = toDate(lastSeenAt);
  const elapsed = now.getTime() - seen.getTime();
  if (elapsed < ONLINE_THRESHOLD_MS) return 'в сети';
  if (elapsed < 3_600_000) {
    const n = Math.floor(elapsed / 60_000);
    return `был(а) ${n} ${ruPlural(n, 'минуту', 'минуты', 'минут')} назад`;
  }
  if (elapsed < HOURS_TEXT_LIMIT_MS) {
    const n = Math.floor(elapsed / 3_600_000);
    return `был(а) ${n} ${ruPlural(n, 'час', 'часа', 'часов')} назад`;
  }
  if (elapsed >= LAST_SEEN_RECENTLY_AFTER_MS) return 'был(а) недавно';
  const days = differenceInCalendarDays(now, seen);
  if (days === 0) return `был(а) сегодня в ${format(seen, 'HH:mm')}`;
  if (days === 1) return `был(а) вчера в ${format(seen, 'HH:mm')}`;
  return `был(а) ${format(seen, 'dd.MM.yyyy')}`;
}
