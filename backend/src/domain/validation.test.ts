/** The backend's ISO code and website checks (spec core §3, §5); the other §5 rules are tested in @platform/domain. */
import { describe, expect, it } from 'vitest';
import { checkCountryCode, checkCurrencyCode, checkWebsite } from './validation.js';

describe('country and currency codes (spec core §3 "Checklist")', () => {
  it('knows ISO codes', () => {
    expect(checkCountryCode('CN')).toBeNull();
    expect(checkCurrencyCode('AED')).toBeNull();
  });
  it('refuses unknown or malformed ones', () => {
    expect(checkCountryCode('XX')).toEqual({ code: 'COUNTRY_INVALID', message: 'Неизвестный код страны' });
    expect(checkCountryCode('cn')?.code).toBe('COUNTRY_INVALID');
    expect(checkCurrencyCode('ABC')).toEqual({ code: 'CURRENCY_INVALID', message: 'Неизвестный код валюты' });
    expect(checkCurrencyCode('US')?.code).toBe('CURRENCY_INVALID');
  });
});

describe('website (spec core §5 "invalid site")', () => {
  it.each([
    'example.com',
    'https://example.com',
    'http://sub.example.co.uk/path?x=1',
    'www.компания.рф',
    'example.com:8080',
  ])('accepts %s', (s) => {
    expect(checkWebsite(s)).toBeNull();
  });
  it.each([
    '',
    'example',
    'ftp://example.com',
    'javascript:alert(1)',
    'http://exa mple.com',
    'http://-bad.com',
    'http://user:pw@example.com',
    `${'a'.repeat(250)}.com`,
  ])('refuses %j', (s) => {
    expect(checkWebsite(s)).toEqual({ code: 'WEBSITE_INVALID', message: 'Некорректный адрес сайта' });
  });
});
