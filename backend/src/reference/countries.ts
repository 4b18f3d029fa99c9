/**
 * Countries with Russian names from the platform (DESIGN "Reference data"; spec core §3 "Reference options":
 * countryCode, countryName, countryShortName; §7 /counterparty/countries).
 *
 * The list of codes is ISO 3166-1 alpha-2 from i18n-iso-countries; names are CLDR's through `Intl.DisplayNames`:
 * countryName is the standard form ('Китай', 'Соединенные Штаты'), countryShortName the short form ('США').
 * The names i18n-iso-countries knows for the 'ru' locale ('КНР (Китайская Народная Республика)', 'Российская
 * Федерация') are kept as search aliases.
 */
import countries from 'i18n-iso-countries';
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import { foldForSearch } from './text.js';

countries.registerLocale(ru);

/** A country option of the API. */
export interface CountryOption {
  /** ISO 3166-1 alpha-2, e.g. 'CN'. */
  countryCode: string;
  /** Russian CLDR name, e.g. 'Китай'. */
  countryName: string;
  /** Russian short name, e.g. 'США' (equals countryName when CLDR has no short form). */
  countryShortName: string;
}

interface Indexed extends CountryOption {
  terms: string[];
}

let cache: Indexed[] | undefined;

function all(): Indexed[] {
  if (cache) return cache;
  const long = new Intl.DisplayNames(['ru'], { type: 'region' });
  const short = new Intl.DisplayNames(['ru'], { type: 'region', style: 'short' });
  const aliases = countries.getNames('ru', { select: 'all' }) as unknown as Record<string, string[]>;
  const list = Object.keys(countries.getAlpha2Codes()).map((code) => {
    const countryName = long.of(code) ?? code;
    const countryShortName = short.of(code) ?? countryName;
    const terms = [...new Set([countryName, countryShortName, ...(aliases[code] ?? [])].map(foldForSearch))];
    return { countryCode: code, countryName, countryShortName, terms };
  });
  list.sort((a, b) => a.countryName.localeCompare(b.countryName, 'ru'));
  cache = list;
  return list;
}

/**
 * Countries, sorted by Russian name. With `prefix` (case-insensitive, 'ё' = 'е'): those whose code starts with it
 * or whose name, short name or an alias starts with it or has a word starting with it ('штаты' finds
 * 'Соединенные Штаты'). An empty or blank prefix returns all ~250 countries.
 */
export function listCountries(prefix?: string): CountryOption[] {
  const p = foldForSearch(prefix ?? '');
  const code = p.toUpperCase();
  return all()
    .filter(
      (c) =>
        !p ||
        c.countryCode.startsWith(code) ||
        c.terms.some((t) => t.startsWith(p) || t.includes(` ${p}`) || t.includes(`(${p}`)),
    )
    .map(({ countryCode, countryName, countryShortName }) => ({ countryCode, countryName, countryShortName }));
}

/** The option for an ISO alpha-2 code (any case), or undefined when unknown. */
export function findCountry(code: string): CountryOption | undefined {
  const c = all().find((x) => x.countryCode === code.toUpperCase());
  return c && { countryCode: c.countryCode, countryName: c.countryName, countryShortName: c.countryShortName };
}

/** Russian name of an ISO alpha-2 code ('CN' → 'Китай'); the code itself when unknown. */
export function countryNameRu(code: string): string {
  return findCountry(code)?.countryName ?? code;
}
