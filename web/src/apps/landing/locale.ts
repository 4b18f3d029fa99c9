/**
 * Locale of the public pages (chat-and-shell §2 "Locale-prefixed routes exist through the translation setup. The locale
 * cookie lasts 365 days"): Russian at the root, English under /en; the choice is kept in the LOCALE cookie. An
 * unprefixed public page opened with LOCALE=en (a new visit, or a link from outside the public site) redirects to its
 * /en version (`localeRedirect`); a prefixed page never redirects: the explicit prefix wins and the page updates the
 * cookie (useSitePage), and the language switch between public pages is never overridden.
 */
import { createContext, useContext } from 'react';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../system/i18n';
import { normalizePath } from '../../system/router/guards';
import { navigationHistory } from '../../system/router/navigationHistory';

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

/** The pages of the public site in the default locale (each also under /en). */
export const PUBLIC_SITE_PAGES: ReadonlySet<string> = new Set(['/clients', '/agents', '/partners', '/clients/cards']);

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The LOCALE cookie's locale in a cookie header string (document.cookie), or null when absent or unknown. */
export function localeOfCookies(cookieHeader: string): Locale | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === LOCALE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return isLocale(value) ? value : null;
    }
  }
  return null;
}

/** Whether `pathname` is a page of the public site in any locale ('/' and '/en' only redirect, so they are not). */
export function isPublicSitePage(pathname: string): boolean {
  const path = normalizePath(pathname);
  return PUBLIC_SITE_PAGES.has(pathInLocale(path, DEFAULT_LOCALE));
}

/**
 * Where an unprefixed public page must go for the remembered locale, or null to stay: `pathname` in the default
 * locale, the LOCALE cookie names another locale, and the user does not come from a public page (`previous`: the
 * previous in-app path, null for a new visit) — there he chose the language himself.
 */
export function localeRedirect(pathname: string, cookieHeader: string, previous: string | null): string | null {
  const path = normalizePath(pathname);
  if (localeOfPath(path) !== DEFAULT_LOCALE || !PUBLIC_SITE_PAGES.has(path)) return null;
  const remembered = localeOfCookies(cookieHeader);
  if (!remembered || remembered === DEFAULT_LOCALE) return null;
  if (previous != null && isPublicSitePage(previous)) return null;
  return pathInLocale(path, remembered);
}

/** The route loader of the unprefixed public pages: redirects by `localeRedirect`, keeping the query and the hash. */
export function localeRedirectLoader({ request }: LoaderFunctionArgs): Response | null {
  const url = new URL(request.url);
  const to = localeRedirect(url.pathname, document.cookie, navigationHistory().previousOf(url.pathname));
  return to ? redirect(`${to}${url.search}${url.hash}`) : null;
}

/** The locale of the page being rendered (set by LandingLayout / CardsPage). */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function useLocale(): Locale {
  return useContext(LocaleContext);
}
