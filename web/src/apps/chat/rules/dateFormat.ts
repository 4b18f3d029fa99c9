/**
 * Date labels in the message list (spec chat §4 "Message list date formats"), Russian (date-fns, ru locale),
 * in the viewer's time zone. Compared by calendar days, not 24-hour spans:
 *   same calendar day as now           → time only, 'HH:mm'                 e.g. '14:05'
 *   1 to 7 days before today           → the weekday, capitalised           e.g. 'Понедельник'
 *   ("within 8 days": fewer than 8 calendar days back)
 *   otherwise in the current year      → 'dd.MM'                            e.g. '03.02'
 *   otherwise                          → 'dd.MM.yy'                         e.g. '28.12.24'
 * A date in the future (clock skew) that is not today gets 'dd.MM' / 'dd.MM.yy' by its year.
 */
import { differenceInCalendarDays, format, isSameYear } from 'date-fns';
import { ru } from 'date-fns/locale/ru';

/** Days back (exclusive) within which the weekday is shown (chat §4). */
export const WEEKDAY_WITHIN_DAYS = 8;

/**
 * The label for a message date (rules above).
 * @param date the message time (Date or UTC ISO 8601 string)
 * @param now the current time
 * @throws RangeError for an unparsable date
 */
export function formatMessageListDate(date: Date | string, now: Date = new Date()): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date: ${String(date)}`);
  const days = differenceInCalendarDays(now, d);
  if (days === 0) return format(d, 'HH:mm', { locale: ru });
  if (days > 0 && days < WEEKDAY_WITHIN_DAYS) {
    const w = format(d, 'EEEE', { locale: ru });
    return w.charAt(0).toUpperCase() + w.slice(1);
  }
  return format(d, isSameYear(d, now) ? 'dd.MM' : 'dd.MM.yy', { locale: ru });
}
