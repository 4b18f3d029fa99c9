/**
 * Currencies with Russian names from the platform (DESIGN "Reference data"; spec core §3 "Reference options":
 * currencyCode, currencyName; §7 /counterparty/currencies; §9 popular currencies and default).
 *
 * Codes: `Intl.supportedValuesOf('currency')` (ISO 4217 codes in current use known to ICU). Names: CLDR through
 * `Intl.DisplayNames(['ru'], { type: 'currency' })`, first letter capitalised ('Доллар США'). Codes for which CLDR
 * has no Russian name (it answers with the code) are left out.
 */
import { foldForSearch } from './text.js';

/** Popular currencies shown first, in this order (spec core §9). */
export const POPULAR_CURRENCIES = ['USD', 'EUR', 'CNY', 'AED'] as const;

/** Default currency of a new request (spec core §9). */
export const DEFAULT_CURRENCY = 'USD';

/** A currency option of the API. */
export interface CurrencyOption {
  /** ISO 4217 alphabetic code, e.g. 'CNY'. */
  currencyCode: string;
  /** Russian name, e.g. 'Китайский юань'. */
  currencyName: string;
  /** One of POPULAR_CURRENCIES. */
  popular: boolean;
}

let cache: CurrencyOption[] | undefined;

function all(): CurrencyOption[] {
  if (cache) return cache;
  const names = new Intl.DisplayNames(['ru'], { type: 'currency' });
  const popular: readonly string[] = POPULAR_CURRENCIES;
  const list: CurrencyOption[] = [];
  for (const code of new Set([...Intl.supportedValuesOf('currency'), ...POPULAR_CURRENCIES])) {
    const raw = names.of(code);
    if (!raw || raw === code) continue;
    list.push({
      currencyCode: code,
      currencyName: raw.charAt(0).toLocaleUpperCase('ru') + raw.slice(1),
      popular: popular.includes(code),
    });
  }
  list.sort((a, b) => {
    const pa = popular.indexOf(a.currencyCode);
    const pb = popular.indexOf(b.currencyCode);
    if (pa !== pb) return (pa < 0 ? Infinity : pa) - (pb < 0 ? Infinity : pb);
    return a.currencyName.localeCompare(b.currencyName, 'ru');
  });
  cache = list;
  return list;
}

/**
 * Currencies: USD, EUR, CNY, AED first in that order, then the rest by Russian name. With `prefix`
 * (case-insensitive): those whose code starts with it or whose name or one of its words starts with it
 * ('юань' finds 'Китайский юань'); the popular-first order is kept.
 */
export function listCurrencies(prefix?: string): CurrencyOption[] {
  const p = foldForSearch(prefix ?? '');
  const code = p.toUpperCase();
  return all()
    .filter((c) => {
      if (!p) return true;
      const name = foldForSearch(c.currencyName);
      return c.currencyCode.startsWith(code) || name.startsWith(p) || name.includes(` ${p}`);
    })
    .map((c) => ({ ...c }));
}

/** The option for an ISO 4217 code (any case), or undefined when unknown. */
export function findCurrency(code: string): CurrencyOption | undefined {
  const c = all().find((x) => x.currencyCode === code.toUpperCase());
  return c && { ...c };
}
