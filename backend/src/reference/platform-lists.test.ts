/**
 * Countries and currencies from the platform (CLDR) and the search helpers (spec core §3, §5, §9).
 */
import { describe, expect, it } from 'vitest';
import { countryNameRu, findCountry, listCountries } from './countries.js';
import { DEFAULT_CURRENCY, findCurrency, listCurrencies, POPULAR_CURRENCIES } from './currencies.js';
import { escapeLike, foldForSearch, searchWords } from './text.js';

describe('countries', () => {
  it('lists ~250 ISO countries with Russian names, sorted by name', () => {
    const all = listCountries();
    expect(all.length).toBeGreaterThanOrEqual(249);
    const names = all.map((c) => c.countryName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(findCountry('cn')).toEqual({ countryCode: 'CN', countryName: 'Китай', countryShortName: 'Китай' });
    expect(findCountry('US')?.countryShortName).toBe('США');
    expect(countryNameRu('AE')).toBe('ОАЭ');
    expect(countryNameRu('ZZ')).toBe('ZZ');
  });

  it('prefix matches the code, the name, a word of the name or an alias, case-insensitively', () => {
    // Taiwan comes through its alias «Китайская Республика»; sorted by name, Китай first.
    expect(listCountries('кит').map((c) => c.countryCode)).toEqual(['CN', 'TW']);
    expect(listCountries('CN').map((c) => c.countryCode)).toContain('CN');
    expect(listCountries('штаты').map((c) => c.countryCode)).toEqual(['US', 'FM']); // Соединенные Штаты, Федеративные Штаты Микронезии
    expect(listCountries('оаэ').map((c) => c.countryCode)).toEqual(['AE']);
    expect(listCountries('кнр').map((c) => c.countryCode)).toEqual(['CN']);
    expect(listCountries('РОССИЙСКАЯ').map((c) => c.countryCode)).toEqual(['RU']);
    expect(listCountries('%')).toEqual([]);
  });
});

describe('currencies', () => {
  it('puts USD, EUR, CNY, AED first in that order, then the rest by Russian name (spec core §9)', () => {
    const all = listCurrencies();
    expect(all.slice(0, 4).map((c) => c.currencyCode)).toEqual(['USD', 'EUR', 'CNY', 'AED']);
    expect(all.slice(0, 4).every((c) => c.popular)).toBe(true);
    const rest = all.slice(4);
    expect(rest.some((c) => c.popular)).toBe(false);
    expect(rest.map((c) => c.currencyName)).toEqual(
      rest.map((c) => c.currencyName).sort((a, b) => a.localeCompare(b, 'ru')),
    );
    expect(all.length).toBeGreaterThan(100);
    expect(POPULAR_CURRENCIES).toEqual(['USD', 'EUR', 'CNY', 'AED']);
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it('has capitalised Russian names and no nameless codes', () => {
    expect(findCurrency('usd')?.currencyName).toBe('Доллар США');
    expect(findCurrency('RUB')?.currencyName).toBe('Российский рубль');
    expect(listCurrencies().every((c) => c.currencyName !== c.currencyCode)).toBe(true);
  });

  it('prefix matches code or a word of the name; popular order kept', () => {
    expect(listCurrencies('юан').map((c) => c.currencyCode)).toEqual(['CNY']);
    expect(listCurrencies('aed').map((c) => c.currencyCode)).toEqual(['AED']);
    const dollars = listCurrencies('доллар').map((c) => c.currencyCode);
    expect(dollars[0]).toBe('USD');
    expect(dollars).toContain('HKD');
  });
});

describe('search helpers', () => {
  it('folds case and ё, collapses spaces', () => {
    expect(foldForSearch('  Ёлки   ПАЛКИ ')).toBe('елки палки');
  });
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
  it('splits words once each', () => {
    expect(searchWords('Машины  машины для')).toEqual(['машины', 'для']);
  });
});
