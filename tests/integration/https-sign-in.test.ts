/**
 * Sign-in on an HTTPS deployment (issue 14 defect 1): PUBLIC_URL=https://… makes the session cookie Secure; the browser
 * reaches the gateway through a TLS-terminating proxy (here: the test client on loopback, a trusted proxy, sending
 * X-Forwarded-Proto: https) and the gateway reaches the backend over plain HTTP. The gateway tells the backend the
 * original protocol and host; the backend believes them only from its trusted proxies (the gateway), so it saves the
 * session and sends the Secure cookie: the viewer is signed in. A client that is not a trusted proxy cannot claim https.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/deal.js';
import { GqlClient, startStack, type Stack } from '../support/stack.js';

const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { __typename ... on LoginSuccess { viewer { email } } ... on UserError { code } } }`;
const VIEWER = `{ viewer { email } }`;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ backendConfig: { publicUrl: 'https://platform.example', secureCookies: true } });
});
afterAll(async () => {
  await stack?.close();
});

/** Signs the demo client in through the gateway as `c`; answers the SESSION Set-Cookie line seen by the browser. */
async function signIn(c: GqlClient): Promise<string | undefined> {
  const res = await c.fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: LOGIN,
      variables: { input: { email: 'client@example.com', password: DEMO_PASSWORD, userType: 'CLIENT' } },
    }),
  });
  const body = (await res.json()) as { data: { login: { __typename: string } } };
  expect(body.data.login.__typename).toBe('LoginSuccess');
  return res.headers.getSetCookie().find((l) => l.startsWith('SESSION='));
}

describe('HTTPS deployment: sign-in through the gateway (issue 14)', () => {
  it('behind a TLS-terminating proxy the Secure session cookie comes back and the viewer is signed in', async () => {
    const c = new GqlClient(stack.url);
    c.extraHeaders = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'platform.example' };
    const cookie = await signIn(c);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    const viewer = await c.gql(VIEWER);
    expect(viewer.data.viewer).toEqual({ email: 'client@example.com' });
  });

  it('the backend believes X-Forwarded-Proto only from its trusted proxies', async () => {
    const app = stack.backend.app;
    const csrf = await app.inject({ method: 'GET', url: '/api/public/csrf' });
    const headers = {
      cookie: csrf.cookies.map((k) => `${k.name}=${k.value}`).join('; '),
      'x-xsrf-token': (csrf.json() as { token: string }).token,
      authorization: `Basic ${Buffer.from(`client@example.com:${DEMO_PASSWORD}`).toString('base64')}`,
      'x-forwarded-proto': 'https',
    };
    const login = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/public/common/login', remoteAddress, headers, payload: {} });
    const untrusted = await login('203.0.113.7');
    expect(untrusted.statusCode).toBe(200);
    expect(untrusted.cookies.find((k) => k.name === 'SESSION')).toBeUndefined(); // plain http: no Secure cookie saved
    const trusted = await login('127.0.0.1');
    expect(trusted.cookies.find((k) => k.name === 'SESSION')).toMatchObject({ secure: true, httpOnly: true });
  });
});
