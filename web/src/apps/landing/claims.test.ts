/** The landings print exactly the claims of spec core §1 and §9, in Russian and English. */
import { describe, expect, it } from 'vitest';
import { claims, formatNumber } from './claims';
import { siteTexts } from './texts';

describe('public claims on the landings (spec core §1, §9)', () => {
  it('formats numbers per locale', () => {
    expect(formatNumber('50000.00', 'ru')).toBe('50\u00a0000');
    expect(formatNumber('50000.00', 'en')).toBe('50,000');
    expect(formatNumber('0.4', 'ru')).toBe('0,4');
    expect(formatNumber('1.5', 'en')).toBe('1.5');
  });

  it('states fee from 0.4 %, up to 5 working days, minimum $1 000, acquiring 1–1.5 %, card discount 10 %', () => {
    expect(claims('ru')).toEqual({
      minFee: '0,4\u00a0%',
      calculatorMin: '50\u00a0000\u00a0₽',
      workingDays: '5',
      minPayment: '$1\u00a0000',
      acquiring: '1–1,5\u00a0%',
      cardDiscount: '10\u00a0%',
    });
    const ru = JSON.stringify(siteTexts('ru'));
    for (const text of [
      'Комиссия от 0,4\u00a0%',
      'По курсу ЦБ',
      'До 5 рабочих дней',
      'От $1\u00a0000',
      '1–1,5\u00a0%',
      'Скидка на карту 10\u00a0%',
    ]) {
      expect(ru).toContain(text);
    }
    const en = JSON.stringify(siteTexts('en'));
    for (const text of [
      'Fee from 0.4%',
      'Central bank rate',
      'Up to 5 working days',
      'From $1,000',
      '1–1.5%',
      'Card discount 10%',
    ]) {
      expect(en).toContain(text);
    }
  });
});
