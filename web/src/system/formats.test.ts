import { describe, expect, it } from 'vitest';
import {
  apiDateToDisplay,
  currencySymbol,
  formatAmount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatFileSize,
  formatMoney,
  formatRate,
  formatRateRub,
  formatTime,
  isApiDate,
  normalizeSpaces,
  parseApiDate,
  toApiDate,
} from './formats';

describe('amounts (spec core §9: grouped with spaces, comma decimals, 2 decimals)', () => {
  it('groups thousands with a plain space and uses a comma before 2 decimals', () => {
    expect(formatAmount('1234567.89')).toBe('1 234 567,89');
    expect(formatAmount(1234567.89)).toBe('1 234 567,89');
    expect(formatAmount('1000')).toBe('1 000,00');
    expect(formatAmount('999')).toBe('999,00');
    expect(formatAmount('0')).toBe('0,00');
  });
  it('never uses a no-break or narrow no-break space', () => {
    expect(formatAmount('123456789.5')).not.toMatch(/[\u00A0\u202F]/);
    expect(formatAmount('123456789.5').split(' ')).toEqual(['123', '456', '789,50']);
  });
  it('rounds half away from zero on the decimal string, without float errors', () => {
    expect(formatAmount('1.005')).toBe('1,01');
    expect(formatAmount('2.675')).toBe('2,68');
    expect(formatAmount('999999.995')).toBe('1 000 000,00');
    expect(formatAmount('0.004')).toBe('0,00');
    expect(formatAmount('-1234.5')).toBe('-1 234,50');
    expect(formatAmount('-0.001')).toBe('0,00');
  });
  it('keeps precision on amounts beyond float range', () => {
    expect(formatAmount('12345678901234567890.12')).toBe('12 345 678 901 234 567 890,12');
  });
  it('rejects what is not a decimal', () => {
    expect(() => formatAmount('abc')).toThrow(RangeError);
    expect(() => formatAmount('')).toThrow(RangeError);
  });
  it('formats an exchange rate with 4 decimals', () => {
    expect(formatRate('92.5')).toBe('92,5000');
    expect(formatRate('1234.56789')).toBe('1 234,5679');
    expect(formatRateRub('92.5')).toBe('92,5000 ₽');
  });
  it('formats any scale', () => {
    expect(formatDecimal('1234.5', 0)).toBe('1 235');
    expect(formatDecimal('1234.5', 1)).toBe('1 234,5');
  });
  it('normalises the spaces Intl produces', () => {
    const intl = new Intl.NumberFormat('ru', { minimumFractionDigits: 2 }).format(1234567.89);
    expect(normalizeSpaces(intl)).toBe('1 234 567,89');
  });
});

describe('currencies', () => {
  it('shows signs for known currencies and the code otherwise', () => {
    expect(currencySymbol('RUB')).toBe('₽');
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('CNY')).toBe('¥');
    expect(currencySymbol('AED')).toBe('AED');
    expect(currencySymbol('XXQ')).toBe('XXQ');
  });
  it('formats money as amount then sign', () => {
    expect(formatMoney('12500', 'USD')).toBe('12 500,00 $');
    expect(formatMoney('50000', 'RUB')).toBe('50 000,00 ₽');
    expect(formatMoney('10.5', 'AED')).toBe('10,50 AED');
  });
});

describe('dates (spec core §9: DD.MM.YYYY, HH:mm, API YYYY-MM-DD)', () => {
  const local = new Date(2026, 10, 21, 9, 5, 30);
  it('formats dates and times', () => {
    expect(formatDate(local)).toBe('21.11.2026');
    expect(formatTime(local)).toBe('09:05');
    expect(formatDateTime(local)).toBe('21.11.2026 09:05');
  });
  it('formats ISO date-times in local time', () => {
    const iso = local.toISOString();
    expect(formatDate(iso)).toBe('21.11.2026');
    expect(formatTime(iso)).toBe('09:05');
  });
  it('returns an empty string for empty or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatTime(undefined)).toBe('');
  });
  it('converts API dates both ways', () => {
    expect(toApiDate(new Date(2026, 11, 1))).toBe('2026-12-01');
    expect(apiDateToDisplay('2026-12-01')).toBe('01.12.2026');
    expect(formatDate('2026-12-01')).toBe('01.12.2026');
    expect(parseApiDate('2026-12-01')?.getDate()).toBe(1);
    expect(isApiDate('2026-02-30')).toBe(false);
    expect(isApiDate('01.12.2026')).toBe(false);
    expect(parseApiDate('2026-13-01')).toBeNull();
  });
  it('reads offsets and Z as instants, date-times without an offset as local times (no date library)', () => {
    const instant = formatDateTime(new Date(Date.UTC(2026, 10, 21, 6, 5, 30)));
    expect(formatDateTime('2026-11-21T06:05:30Z')).toBe(instant);
    expect(formatDateTime('2026-11-21T06:05:30.123456Z')).toBe(instant);
    expect(formatDateTime('2026-11-21T09:05:30+03:00')).toBe(instant);
    expect(formatDateTime('2026-11-21T09:05:30+0300')).toBe(instant);
    expect(formatDateTime('2026-11-21T01:05:30-05')).toBe(instant);
    expect(formatDateTime('2026-11-21T09:05:30.5')).toBe('21.11.2026 09:05');
    expect(formatDateTime('2026-11-21 09:05')).toBe('21.11.2026 09:05');
    expect(formatDate('0099-01-02')).toBe('02.01.0099');
    expect(toApiDate(parseApiDate('0099-01-02') as Date)).toBe('0099-01-02');
  });
  it('refuses impossible dates and times', () => {
    expect(formatDate('2026-02-30T10:00')).toBe('');
    expect(formatTime('2026-11-21T24:00')).toBe('');
    expect(formatTime('2026-11-21T10:60')).toBe('');
    expect(formatDate('2026-11-21T10:00+03:00 tail')).toBe('');
    expect(formatDate('Nov 21 2026')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('file sizes', () => {
  it('uses Russian units', () => {
    expect(formatFileSize(512)).toBe('512 Б');
    expect(formatFileSize(1536)).toBe('1,5 КБ');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50,0 МБ');
  });
});
