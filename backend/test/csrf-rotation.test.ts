/**
 * The anti-forgery secret rotated at sign-in (issue 14 defect 7; plugins/csrf.ts rotateCsrf, startSession): the login
 * answer sets a new `_csrf` secret cookie and a new XSRF-TOKEN; the pre-login token is refused afterwards — with the
 * new secret cookie and also together with the old secret cookie (the session is bound to the new secret); the new
 * token works; a session that lost its secret cookie gets a new one from GET /api/public/csrf.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness.js';

const LOGOUT = '/api/secured/common/logout';

describe('anti-forgery secret rotation at sign-in (issue 14)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** POST `url` with exactly these cookies and token (no jar). */
  const postWith = (url: string, cookies: Record<string, string>, token: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        'x-xsrf-token': token,
        'content-type': 'application/json',
      },
      payload: '{}',
    });

  it('login sets a new secret and token; the pre-login token is refused, with the new or the old secret cookie', async () => {
    const c = t.client();
    const before = await c.fetchCsrf();
    const oldSecret = c.cookies.get('_csrf')!;
    expect(oldSecret).toBeTruthy();

    const login = await c.signIn('client@example.com', DEMO_PASSWORD);
    expect(login.statusCode).toBe(200);
    const set = new Map((login.cookies as Array<{ name: string; value: string }>).map((k) => [k.name, k.value]));
    expect(set.get('_csrf')).toBeTruthy();
    expect(set.get('_csrf')).not.toBe(oldSecret);
    const after = set.get('XSRF-TOKEN')!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const session = c.cookies.get('SESSION')!;

    // The pre-login token with the new secret cookie.
    const stale = await postWith(LOGOUT, { SESSION: session, _csrf: set.get('_csrf')! }, before);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });
    // The pre-login secret cookie and its token: valid as a pair, but no longer for this session.
    const oldPair = await postWith(LOGOUT, { SESSION: session, _csrf: oldSecret }, before);
    expect(oldPair.statusCode).toBe(403);
    expect(oldPair.json()).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });

    // The new token (the jar's XSRF-TOKEN, as the web app reads it) works.
    const ok = await postWith(LOGOUT, { SESSION: session, _csrf: set.get('_csrf')! }, after);
    expect(ok.statusCode).toBe(204);
  });

  it('the old pair still works for an anonymous caller (no session to bind)', async () => {
    const c = t.client();
    const token = await c.fetchCsrf();
    const res = await postWith(LOGOUT, { _csrf: c.cookies.get('_csrf')! }, token);
    expect(res.statusCode).toBe(204);
  });

  it('a signed-in session that lost its secret cookie gets a new bound one from GET /api/public/csrf', async () => {
    const c = await t.signedIn('partner1@example.com');
    c.cookies.delete('_csrf');
    c.cookies.delete('XSRF-TOKEN');
    const token = await c.fetchCsrf();
    expect(c.cookies.get('_csrf')).toBeTruthy();
    const res = await c.request('POST', LOGOUT, { body: {} });
    expect(res.statusCode, res.body).toBe(204);
    expect(token).toBeTruthy();
  });
});
