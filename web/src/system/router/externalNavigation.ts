/**
 * Navigation away from the app (spec core §2 "Navigation to an external address is refused unless explicitly allowed;
 * some protocols are refused"):
 * - an address of the app's own origin is always allowed (relative addresses included);
 * - javascript:, data:, vbscript:, file: and blob: are always refused;
 * - mailto: and tel: are allowed (they open the mail or phone application, not a page);
 * - an http(s) address of another origin only when its host is in the allow-list (EXTERNAL_NAVIGATION_ALLOW_LIST: the
 *   CryptoPro plug-in and browser extension install pages; plus the external operator login when configured);
 * - every other protocol and an address that cannot be parsed are refused.
 * `openExternal` and the document-level click guard (NavigationGuard.tsx, installed once at the shell root) use it.
 */

/** Protocols that are never followed. */
export const REFUSED_PROTOCOLS: ReadonlySet<string> = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

/** Protocols handed to another application, always allowed. */
export const APPLICATION_PROTOCOLS: ReadonlySet<string> = new Set(['mailto:', 'tel:']);

/**
 * Hosts of other sites the app may open: the CryptoPro CAdES browser plug-in install page and its Chrome extension
 * (system/signing/pluginMessages.ts, the signature modal's install prompt). The platform's own documentation
 * (/api/docs, the GraphQL explorer) is served from the app's origin.
 */
export const EXTERNAL_NAVIGATION_ALLOW_LIST: readonly string[] = [
  'www.cryptopro.ru',
  'cryptopro.ru',
  'chromewebstore.google.com',
];

/** Why a navigation was refused, or null when it is allowed. */
export type NavigationRefusal = 'unparsable' | 'refused-protocol' | 'unknown-protocol' | 'host-not-allowed';

function hostAllowed(host: string, allowList: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowList.some((entry) => entry.toLowerCase() === h);
}

/** The reason `url` may not be opened from a page at `base` (null: allowed); see the module comment for the rules. */
export function navigationRefusal(
  url: string,
  allowList: readonly string[] = EXTERNAL_NAVIGATION_ALLOW_LIST,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): NavigationRefusal | null {
  let target: URL;
  let origin: string;
  try {
    // Browsers drop tabs and newlines inside a URL and trim it ('java\tscript:' is javascript:); URL does the same.
    target = new URL(url, base);
    origin = new URL(base).origin;
  } catch {
    return 'unparsable';
  }
  const protocol = target.protocol.toLowerCase();
  if (REFUSED_PROTOCOLS.has(protocol)) return 'refused-protocol';
  if (APPLICATION_PROTOCOLS.has(protocol)) return null;
  if (protocol !== 'http:' && protocol !== 'https:') return 'unknown-protocol';
  if (target.origin === origin) return null;
  return hostAllowed(target.hostname, allowList) ? null : 'host-not-allowed';
}

/** Whether `url` may be opened (core §2); `base` is the page's address (default: the current page). */
export function isNavigationAllowed(
  url: string,
  allowList: readonly string[] = EXTERNAL_NAVIGATION_ALLOW_LIST,
  base?: string,
): boolean {
  return navigationRefusal(url, allowList, base) === null;
}

/** The allow-list plus the host of an absolute extra address (e.g. the configured external operator login). */
export function allowListWith(...urls: ReadonlyArray<string | undefined>): string[] {
  const hosts = [...EXTERNAL_NAVIGATION_ALLOW_LIST];
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url)) continue;
    try {
      hosts.push(new URL(url).hostname);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return hosts;
}

/** Logs a refused navigation (the console is the app's log in the browser). */
export function logRefusedNavigation(url: string, reason: NavigationRefusal): void {
  console.warn(`[navigation] refused (${reason}): ${url.slice(0, 200)}`);
}

/**
 * Opens `url` in a new tab without giving it this window (noopener, noreferrer) when the rules allow it; otherwise
 * logs and does nothing. Returns whether it was opened.
 */
export function openExternal(url: string, allowList: readonly string[] = EXTERNAL_NAVIGATION_ALLOW_LIST): boolean {
  const refusal = navigationRefusal(url, allowList);
  if (refusal) {
    logRefusedNavigation(url, refusal);
    return false;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}

/**
 * Leaves the app for `url` in this window (window.location.assign) when the rules allow it; otherwise logs and does
 * nothing. Returns whether it navigated.
 */
export function assignLocation(url: string, allowList: readonly string[] = EXTERNAL_NAVIGATION_ALLOW_LIST): boolean {
  const refusal = navigationRefusal(url, allowList);
  if (refusal) {
    logRefusedNavigation(url, refusal);
    return false;
  }
  window.location.assign(url);
  return true;
}
