/** The per-operation cookie jar (DESIGN "Sessions"). */
import { describe, expect, it } from 'vitest';
import { CookieJar, parseSetCookie, setCookieRelay } from './cookies.js';

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

describe('setCookieRelay (issue 14 defect 7)', () => {
  /** A reply stand-in with Fastify's header semantics for set-cookie (header() appends, removeHeader() clears). */
  function reply() {
    let lines: string[] = [];
    return {
      header(name: string, value: string | string[]) {
        expect(name).toBe('set-cookie');
        lines = lines.concat(value);
      },
      removeHeader() {
        lines = [];
      },
      get lines() {
        return lines;
      },
    };
  }

  it('relays each cookie name once per response, the latest line of each', () => {
    const r = reply();
    const relay = setCookieRelay(r);
    for (let i = 0; i < 20; i++) relay([`SESSION=s${i}; Path=/; HttpOnly`, `XSRF-TOKEN=t${i}; Path=/`]);
    relay([]);
    relay(['USER_TYPE=CLIENT; Path=/']);
    expect(r.lines).toEqual(['SESSION=s19; Path=/; HttpOnly', 'XSRF-TOKEN=t19; Path=/', 'USER_TYPE=CLIENT; Path=/']);
  });

  it('keeps a deleting line when it comes last', () => {
    const r = reply();
    const relay = setCookieRelay(r);
    relay(['SESSION=s1; Path=/']);
    relay(['SESSION=; Path=/; Max-Age=0']);
    expect(r.lines).toEqual(['SESSION=; Path=/; Max-Age=0']);
  });
});
