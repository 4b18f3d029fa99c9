/** Locale routing of the public pages (chat-and-shell §2 locale routes, §9 locale cookie 365 days). */
import { describe, expect, it } from 'vitest';
import { isPublicSitePage, localeCookie, localeOfCookies, localeOfPath, localeRedirect, pathInLocale } from './locale';

describe('public page locales', () => {
  it('reads the locale from the path prefix; Russian is the default', () => {
    expect(localeOfPath('/en/clients')).toBe('en');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/clients')).toBe('ru');
    expect(localeOfPath('/ru/clients')).toBe('ru');
    expect(localeOfPath('/enx/clients')).toBe('ru');
  });

  it('maps a page to its other-language version', () => {
    expect(pathInLocale('/clients', 'en')).toBe('/en/clients');
    expect(pathInLocale('/en/clients/cards', 'ru')).toBe('/clients/cards');
    expect(pathInLocale('/en', 'ru')).toBe('/');
    expect(pathInLocale('/', 'en')).toBe('/en');
    expect(pathInLocale('/agents', 'ru')).toBe('/agents');
  });

  it('keeps the choice for 365 days', () => {
    expect(localeCookie('en')).toBe('LOCALE=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('reads the LOCALE cookie', () => {
    expect(localeOfCookies('a=1; LOCALE=en; b=2')).toBe('en');
    expect(localeOfCookies('LOCALE=ru')).toBe('ru');
    expect(localeOfCookies('LOCALE=de')).toBeNull();
    expect(localeOfCookies('XLOCALE=en')).toBeNull();
    expect(localeOfCookies('')).toBeNull();
  });

  it('knows the pages of the public site in both languages', () => {
    expect(isPublicSitePage('/clients')).toBe(true);
    expect(isPublicSitePage('/en/clients/cards/')).toBe(true);
    expect(isPublicSitePage('/')).toBe(false);
    expect(isPublicSitePage('/en')).toBe(false);
    expect(isPublicSitePage('/client/auth')).toBe(false);
  });
});

describe('redirect by the remembered locale', () => {
  it('sends an unprefixed public page opened with LOCALE=en to its /en version', () => {
    expect(localeRedirect('/clients', 'LOCALE=en', null)).toBe('/en/clients');
    expect(localeRedirect('/agents', 'x=1; LOCALE=en', null)).toBe('/en/agents');
    expect(localeRedirect('/partners/', 'LOCALE=en', null)).toBe('/en/partners');
    expect(localeRedirect('/clients/cards', 'LOCALE=en', null)).toBe('/en/clients/cards');
    // Coming from outside the public site (the sign-in page's logo, '/' redirecting to /clients): the cookie counts.
    expect(localeRedirect('/clients', 'LOCALE=en', '/client/auth')).toBe('/en/clients');
    expect(localeRedirect('/clients', 'LOCALE=en', '/')).toBe('/en/clients');
  });

  it('keeps Russian by default and the explicit prefix', () => {
    expect(localeRedirect('/clients', '', null)).toBeNull();
    expect(localeRedirect('/clients', 'LOCALE=ru', null)).toBeNull();
    expect(localeRedirect('/clients', 'LOCALE=de', null)).toBeNull();
    expect(localeRedirect('/en/clients', 'LOCALE=ru', null)).toBeNull();
    expect(localeRedirect('/client/fea', 'LOCALE=en', null)).toBeNull();
  });

  it('never overrides the language switch between public pages', () => {
    expect(localeRedirect('/clients', 'LOCALE=en', '/en/clients')).toBeNull();
    expect(localeRedirect('/agents', 'LOCALE=en', '/clients')).toBeNull();
  });
});
