/**
 * Locale of the public pages (chat-and-shell §2 "Locale-prefixed routes exist through the translation setup. The locale
 * cookie lasts 365 days"): Russian at the root, English under /en; the choice is kept in the LOCALE cookie.
 */
import { createContext, useContext } from 'react';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../system/i18n';

/** Name of the locale cookie. */
export const LOCALE_COOKIE = 'LOCALE';
/** Lifetime of the locale cookie (chat §9 "Locale cookie 365 days"), seconds. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The locale of a public path: '/en/…' → 'en', anything else → 'ru'. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return (LOCALES as readonly string[]).includes(first) && first !== DEFAULT_LOCALE
    ? (first as Locale)
    : DEFAULT_LOCALE;
}

/** The same public page in `locale`: ('/en/agents', 'ru') → '/agents'; ('/clients', 'en') → '/en/clients'. */
export function pathInLocale(pathname: string, locale: Locale): string {
  const current = localeOfPath(pathname);
  const bare = current === DEFAULT_LOCALE ? pathname : pathname.slice(current.length + 1) || '/';
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}

/** The Set-Cookie-style string that remembers `locale` for 365 days. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/** The locale of the page being rendered (set by LandingLayout / CardsPage). */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function useLocale(): Locale {
  return useContext(LocaleContext);
}
