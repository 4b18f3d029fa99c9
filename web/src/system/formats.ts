/**
 * Display formats of spec core §9: dates DD.MM.YYYY, time HH:mm, API dates YYYY-MM-DD, amounts grouped
 * with spaces and a comma before 2 decimals ('1 234 567,89'), exchange rates with 4 decimals.
 *
 * Grouping uses a plain space (U+0020). `Intl.NumberFormat('ru')` groups with a no-break space (U+00A0)
 * or a narrow no-break space (U+202F) depending on the ICU version, so nothing here relies on it for
 * digits: amounts are decimal strings (DESIGN "Money is never a float") and are rounded and grouped as
 * strings, half away from zero, without ever passing through a float.
 */
import { format, isValid, parseISO } from 'date-fns';

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

function toDate(value: Date | string): Date | null {
  const d = typeof value === 'string' ? parseISO(value) : value;
  return isValid(d) ? d : null;
}

/** DD.MM.YYYY in local time; '' for an empty or invalid value. Accepts a Date, an ISO date-time or an API date. */
export function formatDate(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  return d ? format(d, 'dd.MM.yyyy') : '';
}

/** HH:mm (24-hour) in local time; '' for an empty or invalid value. */
export function formatTime(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  return d ? format(d, 'HH:mm') : '';
}

/** 'DD.MM.YYYY HH:mm'. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  return d ? format(d, 'dd.MM.yyyy HH:mm') : '';
}

/** A Date as an API date YYYY-MM-DD (spec core §9), taken from its local calendar day. */
export function toApiDate(value: Date): string {
  return format(value, 'yyyy-MM-dd');
}

/** True for a real calendar date written as YYYY-MM-DD. */
export function isApiDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = parseISO(value);
  return isValid(d) && toApiDate(d) === value;
}

/** Parses an API date YYYY-MM-DD into a local Date at midnight; null when invalid. */
export function parseApiDate(value: string): Date | null {
  return isApiDate(value) ? parseISO(value) : null;
}

/** '2026-12-01' → '01.12.2026'; '' for invalid input. */
export function apiDateToDisplay(value: string | null | undefined): string {
  if (!value) return '';
  const d = parseApiDate(value);
  return d ? format(d, 'dd.MM.yyyy') : '';
}

/** File size for display: 1536 → '1,5 КБ'; 52428800 → '50,0 МБ'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, 1)} КБ`;
  return `${formatDecimal(bytes / (1024 * 1024), 1)} МБ`;
}
