/**
 * Unit tests of the bank requisite checks (spec core §3 "Bank requisite"; docs/rest-api.md "Company, bank
 * requisites…"): the Bank of Russia control key on REAL directory pairs.
 *
 * The BIK + correspondent account pairs are copied from the Bank of Russia directory ED807 of 2026-04-17
 * (../shared/data/cbr-bik-ed807/20260417_ED807_full.xml, Accounts[@RegulationAccountType='CRSA']).
 */
import { describe, expect, it } from 'vitest';
import {
  checkBik,
  checkCorrAccount,
  checkSettlementAccount,
  conditionalNumber,
  controlKey,
  hasValidControlKey,
  isBankOfRussiaBik,
} from './bank-account.js';

/** [BIK, correspondent account, bank] from ED807 2026-04-17. */
const DIRECTORY_PAIRS: Array<[string, string, string]> = [
  ['044525225', '30101810400000000225', 'ПАО Сбербанк'],
  ['044525974', '30101810145250000974', 'АО "ТБанк"'],
  ['044525593', '30101810200000000593', 'АО "АЛЬФА-БАНК"'],
  ['045004641', '30101810500000000641', 'СИБИРСКИЙ БАНК ПАО СБЕРБАНК'],
  ['044030653', '30101810500000000653', 'СЕВЕРО-ЗАПАДНЫЙ БАНК ПАО СБЕРБАНК'],
  ['040702615', '30101810907020000615', 'СТАВРОПОЛЬСКОЕ ОТДЕЛЕНИЕ N5230 ПАО СБЕРБАНК'],
  ['044525966', '30101810145374525966', 'Филиал Москва-Центр АО "ТБанк"'],
  ['046577512', '30101810845376577512', 'Росбанк филиал Урал АО "ТБанк"'],
  ['040813770', '30101810800000000770', 'ФИЛИАЛ "ХАБАРОВСКИЙ" АО "АЛЬФА-БАНК"'],
];

/** Replaces the digit at `i` with the next one (mod 10). */
const bump = (s: string, i: number) => s.slice(0, i) + String((Number(s[i]) + 1) % 10) + s.slice(i + 1);
/** Puts the computed control key into the 9th digit of `account`. */
const withKey = (bik: string, account: string) =>
  `${account.slice(0, 8)}${controlKey(bik, account)}${account.slice(9)}`;

describe('BIK format', () => {
  it.each(['044525225', '000000000'])('accepts %s', (b) => expect(checkBik(b)).toBeNull());
  it.each(['', '04452522', '0445252250', '04452522a', ' 44525225', '０４４５２５２２５'])(
    "refuses %j with 'БИК — 9 цифр'",
    (b) => {
      expect(checkBik(b)).toEqual({ code: 'BIK_INVALID', message: 'БИК — 9 цифр' });
    },
  );
  it('tells Bank of Russia offices (…000/001/002) from credit institutions', () => {
    expect(isBankOfRussiaBik('044525000')).toBe(true);
    expect(isBankOfRussiaBik('045004001')).toBe(true);
    expect(isBankOfRussiaBik('044525225')).toBe(false);
    expect(conditionalNumber('044525225', false)).toBe('225');
    expect(conditionalNumber('044525225', true)).toBe('025');
    expect(conditionalNumber('044525000', false)).toBe('025');
    expect(conditionalNumber('045004641', true)).toBe('004');
  });
});

describe('correspondent accounts of the directory (key over "0" + BIK digits 5–6)', () => {
  it.each(DIRECTORY_PAIRS)('%s %s (%s) is valid', (bik, corr) => {
    expect(checkCorrAccount(bik, corr)).toBeNull();
    expect(hasValidControlKey(bik, corr, true)).toBe(true);
  });
  it.each(DIRECTORY_PAIRS)('every one-digit-off variant of %s %s is refused', (bik, corr) => {
    for (let i = 0; i < 20; i++) {
      expect(checkCorrAccount(bik, bump(corr, i)), `digit ${i + 1}`).toEqual({
        code: 'CORR_ACCOUNT_INVALID',
        message: 'Корреспондентский счёт банка в справочнике не соответствует БИК',
      });
    }
  });
  it('refuses a correspondent account of another bank and one outside balance account 30101', () => {
    expect(checkCorrAccount('044525225', '30101810200000000593')).not.toBeNull();
    expect(checkCorrAccount('044525974', '30101810400000000225')).not.toBeNull();
    expect(checkCorrAccount('044525225', '4070281040000000022x')).not.toBeNull();
  });
  it('accepts an empty correspondent account (Bank of Russia offices have none)', () => {
    expect(checkCorrAccount('044525000', '')).toBeNull();
  });
});

describe('settlement accounts (key over the last 3 BIK digits)', () => {
  // A real published pair (the demo payment agent's requisites in src/seed/partners.ts use it too).
  it('accepts 40702810938000012345 at ПАО Сбербанк 044525225', () => {
    expect(checkSettlementAccount('044525225', '40702810938000012345')).toBeNull();
  });

  const bodies = [
    '40702810_38000012345',
    '40702810_00000000001',
    '40817810_99910004312',
    '40802810_12340000077',
    '40702978_00000123456',
  ];
  const cases = DIRECTORY_PAIRS.flatMap(([bik]) =>
    bodies.map((b) => [bik, withKey(bik, b.replace('_', '0'))] as const),
  );

  it.each(cases)('a key computed for %s makes %s valid', (bik, account) => {
    expect(checkSettlementAccount(bik, account)).toBeNull();
  });
  it.each(cases)('at %s every one-digit-off variant of %s is refused', (bik, account) => {
    for (let i = 0; i < 20; i++) {
      expect(checkSettlementAccount(bik, bump(account, i)), `digit ${i + 1}`).toEqual({
        code: 'ACCOUNT_CONTROL_KEY',
        message: 'Номер счёта не соответствует БИК банка',
      });
    }
    // …and the same account at a BIK differing in one of the 3 digits the key covers.
    for (let i = 6; i < 9; i++) expect(checkSettlementAccount(bump(bik, i), account)).not.toBeNull();
  });
  it('the key of one BIK is refused at another bank', () => {
    const account = withKey('044525225', '40702810000000000001');
    expect(checkSettlementAccount('044525225', account)).toBeNull();
    expect(checkSettlementAccount('044525974', account)).toEqual({
      code: 'ACCOUNT_CONTROL_KEY',
      message: 'Номер счёта не соответствует БИК банка',
    });
  });
  it.each(['', '4070281093800001234', '407028109380000123456', '4070281093800001234a', '40702 810938000012345'])(
    "refuses %j with 'Расчётный счёт — 20 цифр'",
    (a) => {
      expect(checkSettlementAccount('044525225', a)).toEqual({
        code: 'ACCOUNT_INVALID',
        message: 'Расчётный счёт — 20 цифр',
      });
    },
  );
});
