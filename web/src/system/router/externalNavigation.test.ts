// @vitest-environment jsdom
/**
 * External navigation of spec core §2 ("Navigation to an external address is refused unless explicitly allowed; some
 * protocols are refused"): the rules, openExternal and the document-level click guard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EXTERNAL_NAVIGATION_ALLOW_LIST,
  allowListWith,
  isNavigationAllowed,
  navigationRefusal,
  openExternal,
} from './externalNavigation';
import { installClickGuard } from './NavigationGuard';

const BASE = 'https://pay.example/client/fea';
const allowed = (url: string, list: readonly string[] = EXTERNAL_NAVIGATION_ALLOW_LIST) =>
  isNavigationAllowed(url, list, BASE);

describe('external navigation rules', () => {
  it('always allows the app’s own origin', () => {
    expect(allowed('/client/chats/5')).toBe(true);
    expect(allowed('https://pay.example/api/docs')).toBe(true);
    expect(allowed('../files/1?x=y')).toBe(true);
    expect(allowed('#top')).toBe(true);
  });

  it('always refuses javascript:, data:, vbscript:, file: and blob:, however they are spelled', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'blob:https://pay.example/1b2c',
    ]) {
      expect(navigationRefusal(url, ['pay.example'], BASE)).toBe('refused-protocol');
    }
  });

  it('allows mailto: and tel:', () => {
    expect(allowed('mailto:support@example.com')).toBe(true);
    expect(allowed('tel:+74951234567')).toBe(true);
  });

  it('allows another site only when its host is in the allow-list', () => {
    expect(allowed('https://www.cryptopro.ru/products/cades/plugin')).toBe(true);
    expect(allowed('https://chromewebstore.google.com/detail/x')).toBe(true);
    expect(navigationRefusal('https://evil.example/phish', undefined, BASE)).toBe('host-not-allowed');
    expect(navigationRefusal('//evil.example/x', undefined, BASE)).toBe('host-not-allowed');
    expect(navigationRefusal('https://www.cryptopro.ru.evil.example/', undefined, BASE)).toBe('host-not-allowed');
    expect(allowed('https://login.example/sso', allowListWith('https://login.example/sso'))).toBe(true);
    expect(allowListWith('/oper-login', undefined, 'https://')).toEqual([...EXTERNAL_NAVIGATION_ALLOW_LIST]);
  });

  it('refuses other protocols and what cannot be parsed', () => {
    expect(navigationRefusal('ftp://files.example/a', undefined, BASE)).toBe('unknown-protocol');
    expect(navigationRefusal('intent://scan#Intent;end', undefined, BASE)).toBe('unknown-protocol');
    expect(navigationRefusal('http://[::1', undefined, BASE)).toBe('unparsable');
  });
});

describe('openExternal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens an allowed address in a new tab without this window, and refuses the rest with a log line', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(openExternal('https://www.cryptopro.ru/products/cades/plugin')).toBe(true);
    expect(open).toHaveBeenCalledWith(
      'https://www.cryptopro.ru/products/cades/plugin',
      '_blank',
      'noopener,noreferrer',
    );
    expect(openExternal('javascript:alert(1)')).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused (refused-protocol)'));
  });
});

describe('document click guard', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  /**
   * Clicks the [data-target] element of `html`: whether the guard refused it (cancelled before the click reached the
   * element). The element's own listener cancels the clicks that reach it, since jsdom cannot follow links.
   */
  function refused(html: string): boolean {
    document.body.innerHTML = html;
    const target = document.querySelector('[data-target]') as HTMLElement;
    let reached = false;
    target.addEventListener('click', (e) => {
      reached = true;
      e.preventDefault();
    });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return !reached && event.defaultPrevented;
  }

  it('cancels a click on a link to a refused target (also on an element inside the link) and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const remove = installClickGuard(document, EXTERNAL_NAVIGATION_ALLOW_LIST);
    try {
      expect(refused('<a href="javascript:alert(1)" data-target>x</a>')).toBe(true);
      expect(refused('<a href="https://evil.example/"><span data-target>x</span></a>')).toBe(true);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(refused('<a href="/client/fea" data-target>x</a>')).toBe(false);
      expect(refused('<a href="https://www.cryptopro.ru/" data-target>x</a>')).toBe(false);
      expect(refused('<button data-target>x</button>')).toBe(false);
    } finally {
      remove();
    }
    expect(refused('<a href="javascript:void 0" data-target>x</a>')).toBe(false);
  });
});
