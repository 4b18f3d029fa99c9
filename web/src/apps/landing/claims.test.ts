/** The landings print exactly the claims of spec core §1 and §9, in Russian and English. */
import { describe, expect, it } from 'vitest';
import { claims, formatDecimalString, formatNumber } from './claims';
import { siteTexts } from './texts';

describe('public claims on the landings (spec core §1, §9)', () => {
  it('formats numbers per locale', () => {
    expect(formatNumber('50000.00', 'ru')).toBe('50\u00a0000');
    expect(formatNumber('50000.00', 'en')).toBe('50,000');
    expect(formatNumber('0.4', 'ru')).toBe('0,4');
    expect(formatNumber('1.5', 'en')).toBe('1.5');
    // money keeps 2 decimals and rates 4 (spec core §9): the fee calculator's answer
    expect(formatDecimalString('928620.50', 'ru')).toBe('928\u00a0620,50');
    expect(formatDecimalString('928620.00', 'en')).toBe('928,620.00');
    expect(formatDecimalString('92.4000', 'ru')).toBe('92,4000');
    expect(formatDecimalString('1000', 'ru')).toBe('1\u00a0000');
  });

  it('the calculator texts name its minimum of 50 000 roubles and the 0.4 % floor', () => {
    expect(siteTexts('ru').calculator.lead).toContain('от 0,4\u00a0%, для платежей от 50\u00a0000\u00a0₽');
    expect(siteTexts('en').calculator.lead).toContain('from 0.4%, for payments from RUB 50,000');
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
