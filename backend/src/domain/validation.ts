/**
 * The backend's own validation rules: ISO country and currency codes (spec core §3 "Checklist"), which need the ISO
 * tables of i18n-iso-countries and the runtime's Intl, and the company website (spec core §5 "invalid site"), which
 * needs the WHATWG URL parser. Every other rule of spec core §5 is shared with the web app
 * and lives once in @platform/domain/validation/rules.
 */
import countries from 'i18n-iso-countries';
import { issue, type Issue } from '@platform/domain/validation/rules';

/**
 * Company website (spec core §5 "invalid site"): an optional http/https scheme, a host of dot-separated
 * labels with a top-level domain of letters (Latin or Cyrillic, e.g. `.рф`), optional port and path.
 * At most 255 characters. Invalid → WEBSITE_INVALID.
 */
export function checkWebsite(site: string): Issue | null {
  const s = site.trim();
  if (!s || s.length > 255 || /\s/.test(s)) return issue('WEBSITE_INVALID');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `http://${s}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return issue('WEBSITE_INVALID');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return issue('WEBSITE_INVALID');
  if (url.username || url.password) return issue('WEBSITE_INVALID');
  // URL puts IDN hosts into punycode; check the label shape on what was typed.
  const typedHost = withScheme.replace(/^[a-z]+:\/\//i, '').split(/[/:?#]/)[0];
  const label = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
  const hostRe = new RegExp(`^(?:${label}\\.)+\\p{L}{2,63}$`, 'u');
  return hostRe.test(typedHost) ? null : issue('WEBSITE_INVALID');
}

/** ISO 3166-1 alpha-2 country code known to i18n-iso-countries (upper case, e.g. `CN`). Else COUNTRY_INVALID. */
export function checkCountryCode(code: string): Issue | null {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code) ? null : issue('COUNTRY_INVALID');
}

let currencyCodes: Set<string> | undefined;
/** ISO 4217 currency code known to the runtime's Intl (upper case, e.g. `USD`). Else CURRENCY_INVALID. */
export function checkCurrencyCode(code: string): Issue | null {
  currencyCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return /^[A-Z]{3}$/.test(code) && currencyCodes.has(code) ? null : issue('CURRENCY_INVALID');
}
