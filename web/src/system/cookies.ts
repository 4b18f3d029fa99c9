/** Readable cookies of the platform (spec core §9): the anti-forgery token and the last-login user type. */
import { lastLoginTypeFromCookies, type AccountType } from './router/guards';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Value of a cookie by name, or null. Works only in the browser (document.cookie). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** The anti-forgery token to send as X-XSRF-TOKEN, when the gateway has set it. */
export function xsrfToken(): string | null {
  return readCookie(XSRF_COOKIE);
}

/** The USER_TYPE cookie (last-login type). */
export function lastLoginType(): AccountType | null {
  return typeof document === 'undefined' ? null : lastLoginTypeFromCookies(document.cookie);
}

/** Headers with the anti-forgery token, for fetch calls outside Relay (file upload). */
export function xsrfHeaders(): Record<string, string> {
  const token = xsrfToken();
  return token ? { [XSRF_HEADER]: token } : {};
}
