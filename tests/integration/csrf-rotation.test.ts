/**
 * The anti-forgery secret rotated at sign-in, through the gateway (issue 14 defect 7; backend plugins/csrf.ts
 * rotateCsrf): the login mutation relays a new `_csrf` secret and XSRF-TOKEN cookie; the first mutation after it works
 * with the new token (as the web app reads it from the cookie), and also from a browser still sending the pre-login
 * token (the gateway's retryCsrf path, spec core §8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GqlClient, ok, startStack, type Stack } from '../support/stack.js';

const LOGIN = `mutation Login($input: LoginInput!) {
  login(input: $input) { __typename ... on UserError { code } }
}`;
const LOGOUT = `mutation { logout { __typename } }`;
const VIEWER = `{ viewer { id } }`;

describe('anti-forgery rotation at sign-in through the gateway (issue 14)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A client that made one state-changing call before signing in (so it holds a pre-login secret and token). */
  async function signedInClient(): Promise<{ c: GqlClient; before: { token: string; secret: string } }> {
    const c = new GqlClient(stack.url);
    const wrong = await ok(c, LOGIN, { input: { email: 'client@example.com', password: 'Wrong-Pass-1!' } });
    expect(wrong.login.__typename).toBe('UserError');
    const before = { token: c.cookies.get('XSRF-TOKEN')!, secret: c.cookies.get('_csrf')! };
    expect(before.token).toBeTruthy();
    expect(before.secret).toBeTruthy();
    const login = await ok(c, LOGIN, { input: { email: 'client@example.com', password: 'Demo-2026!' } });
    expect(login.login.__typename).toBe('LoginSuccess');
    expect(c.cookies.get('XSRF-TOKEN')).toBeTruthy();
    expect(c.cookies.get('XSRF-TOKEN')).not.toBe(before.token);
    expect(c.cookies.get('_csrf')).not.toBe(before.secret);
    return { c, before };
  }

  it('login relays a new secret and token; the next mutation works with them', async () => {
    const { c } = await signedInClient();
    expect((await ok(c, VIEWER)).viewer).not.toBeNull();
    expect((await ok(c, LOGOUT)).logout.__typename).toBe('LogoutSuccess');
    expect((await ok(c, VIEWER)).viewer).toBeNull();
  });

  it('a browser still sending the pre-login token gets its mutation done through the retry', async () => {
    const { c, before } = await signedInClient();
    c.cookies.set('XSRF-TOKEN', before.token);
    expect((await ok(c, LOGOUT)).logout.__typename).toBe('LogoutSuccess');
    expect((await ok(c, VIEWER)).viewer).toBeNull();
  });
});
