/** Locale routing of the public pages (chat-and-shell §2 locale routes, §9 locale cookie 365 days). */
import { describe, expect, it } from 'vitest';
import { localeCookie, localeOfPath, pathInLocale } from './locale';

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
});
