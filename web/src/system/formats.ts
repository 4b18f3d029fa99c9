/**
 * Display formats of spec core §9: dates DD.MM.YYYY, time HH:mm, API dates YYYY-MM-DD, amounts grouped
 * with spaces and a comma before 2 decimals ('1 234 567,89'), exchange rates with 4 decimals.
 *
 * Grouping uses a plain space (U+0020). `Intl.NumberFormat('ru')` groups with a no-break space (U+00A0)
 * or a narrow no-break space (U+202F) depending on the ICU version, so nothing here relies on it for
 * digits: amounts are decimal strings (DESIGN "Money is never a float") and are rounded and grouped as
 * strings, half away from zero, without ever passing through a float.
 *
 * Dates are parsed and written with the platform's Date alone (no date library: issue 13 "Fast first load", the
 * formats ride with every account page): ISO 8601 dates are local calendar days, date-times without an offset local
 * times, with `Z` or an offset absolute instants, shown in local time.
 */

/** A plain ASCII space: the grouping separator of every formatted number. */
export const GROUP_SEPARATOR = ' ';
/** The decimal separator of Russian formatting. */
export const DECIMAL_SEPARATOR = ',';

/** Replaces the no-break and narrow no-break spaces Intl produces with plain spaces. */
export function normalizeSpaces(text: string): string {
  return text.replace(/[\u00A0\u202F\u2007]/g, ' ');
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Rounds a decimal string to `scale` digits (half away from zero) and returns sign, integer and
 * fraction digits. Accepts '1234.5', '-0.005', '12', '.5' and numbers (converted with String()).
 * Throws RangeError on anything else (e.g. '', 'abc', '1e5').
 */
function roundDecimal(value: string | number, scale: number): { negative: boolean; int: string; frac: string } {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim().replace(',', '.');
  const m = DECIMAL_RE.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`Not a decimal: ${String(value)}`);
  const negative = m[1] === '-';
  let int = (m[2] || '0').replace(/^0+(?=\d)/, '');
  let frac = m[3] ?? '';
  if (frac.length > scale) {
    const roundUp = frac.charCodeAt(scale) - 48 >= 5;
    frac = frac.slice(0, scale);
    if (roundUp) {
      // Add one unit in the last kept place, carrying through fraction and integer digits.
      const digits = (int + frac).split('').map(Number);
      let i = digits.length - 1;
      while (i >= 0) {
        if (digits[i] === 9) {
          digits[i] = 0;
          i -= 1;
        } else {
          digits[i] += 1;
          break;
        }
      }
      let all = digits.join('');
      if (i < 0) all = `1${all}`;
      int = all.slice(0, all.length - scale) || '0';
      frac = all.slice(all.length - scale);
    }
  }
  frac = frac.padEnd(scale, '0');
  const isZero = /^0*$/.test(int + frac);
  return { negative: negative && !isZero, int, frac };
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`);
  // toFixed avoids exponent notation for the magnitudes money can have.
  return Math.abs(n) < 1e21 ? n.toFixed(Math.min(20, Math.max(0, decimalsOf(n)))) : String(n);
}

function decimalsOf(n: number): number {
  const s = String(n);
  const e = /e-(\d+)$/.exec(s);
  if (e) return Number(e[1]) + (s.split('e')[0].split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
}

function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
}

/**
 * Formats a decimal with grouping and a fixed number of decimals: formatDecimal('1234567.891', 2) →
 * '1 234 567,89'; negative values get a leading '-'.
 */
export function formatDecimal(value: string | number, scale: number): string {
  const { negative, int, frac } = roundDecimal(value, scale);
  const body = groupThousands(int) + (scale > 0 ? DECIMAL_SEPARATOR + frac : '');
  return negative ? `-${body}` : body;
}

/** An amount with 2 decimals (spec core §9): '1234567.89' → '1 234 567,89'. */
export function formatAmount(value: string | number): string {
  return formatDecimal(value, 2);
}

/** An exchange rate with 4 decimals (spec core §9): '92.5' → '92,5000'. */
export function formatRate(value: string | number): string {
  return formatDecimal(value, 4);
}

/** An exchange rate in roubles: '92.5' → '92,5000 ₽'. */
export function formatRateRub(value: string | number): string {
  return `${formatRate(value)} ${currencySymbol('RUB')}`;
}

const SYMBOLS: Record<string, string> = {
  RUB: '₽',
  USD: '$',
  EUR: '€',
  CNY: '¥',
  GBP: '£',
  JPY: '¥',
  INR: '₹',
  TRY: '₺',
  KZT: '₸',
};

/**
 * The currency's sign for display: ₽, $, €, ¥… and the ISO code itself for currencies without a
 * well-known sign (e.g. 'AED'). Unknown or malformed codes are returned upper-cased.
 */
export function currencySymbol(code: string): string {
  const upper = code.toUpperCase();
  if (SYMBOLS[upper]) return SYMBOLS[upper];
  try {
    const part = new Intl.NumberFormat('ru', { style: 'currency', currency: upper, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part && /^[^A-Za-z]+$/.test(part.value) ? part.value : upper;
  } catch {
    return upper;
  }
}

/** Money for display: formatMoney('12500', 'USD') → '12 500,00 $'; formatMoney('10', 'AED') → '10,00 AED'. */
export function formatMoney(amount: string | number, currency: string): string {
  return `${formatAmount(amount)} ${currencySymbol(currency)}`;
}

/** Money with the ISO code: '12 500,00 USD'. */
export function formatMoneyCode(amount: string | number, currency: string): string {
  return `${formatAmount(amount)} ${currency.toUpperCase()}`;
}

const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Parses an ISO 8601 date ('2026-12-01': local midnight) or date-time ('2026-11-21T09:05:30', local; with 'Z' or an
 * offset such as '+03:00': that instant); null for anything else or an impossible date ('2026-02-30', '24:00').
 */
function parseIso(text: string): Date | null {
  const m = ISO_RE.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((x) => (x === undefined ? 0 : Number(x)));
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const probe = new Date(2000, 0, 1);
  probe.setFullYear(year, month - 1, day); // also years 0-99, which the Date constructor maps to 1900-1999
  if (probe.getFullYear() !== year || probe.getMonth() !== month - 1 || probe.getDate() !== day) return null;
  const zone = m[8];
  if (!zone) {
    probe.setHours(hour, minute, second, ms);
    return probe;
  }
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0)) * (zone[0] === '-' ? -1 : 1);
  }
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  utc.setUTCFullYear(year);
  return new Date(utc.getTime() - offsetMinutes * 60_000);
}

function toDate(value: Date | string): Date | null {
  const d = typeof value === 'string' ? parseIso(value) : value;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'dd.MM.yyyy' of the local calendar day. */
function dayText(d: Date): string {
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${pad(d.getFullYear(), 4)}`;
}

/** 'HH:mm' of the local time (24-hour). */
function timeText(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** DD.MM.YYYY in local time; '' for an empty or invalid value. Accepts a Date, an ISO date-time or an API date. */
export function formatDate(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  return d ? dayText(d) : '';
}

/** HH:mm (24-hour) in local time; '' for an empty or invalid value. */
export function formatTime(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  return d ? timeText(d) : '';
}

/** 'DD.MM.YYYY HH:mm'. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  return d ? `${dayText(d)} ${timeText(d)}` : '';
}

/** A Date as an API date YYYY-MM-DD (spec core §9), taken from its local calendar day. */
export function toApiDate(value: Date): string {
  return `${pad(value.getFullYear(), 4)}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** True for a real calendar date written as YYYY-MM-DD. */
export function isApiDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = parseIso(value);
  return d !== null && toApiDate(d) === value;
}

/** Parses an API date YYYY-MM-DD into a local Date at midnight; null when invalid. */
export function parseApiDate(value: string): Date | null {
  return isApiDate(value) ? parseIso(value) : null;
}

/** '2026-12-01' → '01.12.2026'; '' for invalid input. */
export function apiDateToDisplay(value: string | null | undefined): string {
  if (!value) return '';
  const d = parseApiDate(value);
  return d ? dayText(d) : '';
}

/** File size for display: 1536 → '1,5 КБ'; 52428800 → '50,0 МБ'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, 1)} КБ`;
  return `${formatDecimal(bytes / (1024 * 1024), 1)} МБ`;
}
