/** The per-operation cookie jar (DESIGN "Sessions"). */
import { describe, expect, it } from 'vitest';
import { CookieJar, parseSetCookie } from './cookies.js';

describe('CookieJar', () => {
  it('starts from the browser Cookie header and applies Set-Cookie in order', () => {
    const jar = new CookieJar('SESSION=old; XSRF-TOKEN=t1');
    jar.apply(['SESSION=new; Path=/; HttpOnly; SameSite=Lax', 'USER_TYPE=CLIENT; Path=/']);
    expect(jar.header()).toBe('SESSION=new; XSRF-TOKEN=t1; USER_TYPE=CLIENT');
  });
  it('deletes cookies expired by Max-Age=0 or a past Expires', () => {
    const jar = new CookieJar('SESSION=s; A=1');
    jar.apply(['SESSION=; Max-Age=0; Path=/', 'A=; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.header()).toBeUndefined();
  });
  it('ignores malformed lines', () => {
    expect(parseSetCookie('garbage')).toBeNull();
  });
});
