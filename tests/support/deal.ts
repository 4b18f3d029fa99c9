/**
 * Helpers of the deal-flow integration test (issue 3): signing in each role through the gateway, the operator's
 * external sign-in page on the gateway origin, order input and uploads.
 */
import { expect } from 'vitest';
import { GqlClient } from './stack.js';

export const DEMO_PASSWORD = 'Demo-2026!';

const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { __typename ... on UserError { code message } ... on LoginSuccess { viewer { email company { companyId } } } } }`;

/** Signs in a client, payment agent or referral partner with the spec's login call; answers the client and its company id. */
export async function signIn(
  url: string,
  email: string,
  userType: 'CLIENT' | 'PARTNER',
): Promise<{ c: GqlClient; companyId: number | null }> {
  const c = new GqlClient(url);
  const r = await c.gql(LOGIN, { input: { email, password: DEMO_PASSWORD, userType } });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  expect(r.data.login.__typename, JSON.stringify(r.data.login)).toBe('LoginSuccess');
  return { c, companyId: r.data.login.viewer.company?.companyId ?? null };
}

/**
 * The demo actors of a deal signed in through the gateway at `url`: the client, both payment agents with their company
 * ids, and the operator (seed: backend/src/seed).
 */
export async function signInDealActors(
  url: string,
): Promise<{ client: GqlClient; p1: GqlClient; p2: GqlClient; p1Id: number; p2Id: number; oper: GqlClient }> {
  const { c: client } = await signIn(url, 'client@example.com', 'CLIENT');
  const a1 = await signIn(url, 'partner1@example.com', 'PARTNER');
  const a2 = await signIn(url, 'partner2@example.com', 'PARTNER');
  const oper = await signInOperator(url);
  return { client, p1: a1.c, p2: a2.c, p1Id: a1.companyId!, p2Id: a2.companyId!, oper };
}

/**
 * Signs an operator in the way a browser does (DESIGN "Sessions"; spec core §8 "operators to external login"):
 * `operatorLoginUrl` → GET the page on the gateway origin, read the form's anti-forgery token, POST the form, take the
 * code from the redirect to /operator/auth?code=… and exchange it with `operatorAutologin`.
 */
export async function signInOperator(url: string, email = 'operator@example.com'): Promise<GqlClient> {
  const c = new GqlClient(url);
  const q = await c.gql('{ operatorLoginUrl }');
  const loginPath: string = q.data.operatorLoginUrl;
  expect(loginPath).toBe('/oper-login');
  const page = await c.fetch(loginPath);
  expect(page.status).toBe(200);
  const html = await page.text();
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(token, 'anti-forgery token of the form').toBeTruthy();
  const post = await c.fetch(loginPath, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: token!, email, password: DEMO_PASSWORD }).toString(),
  });
  expect(post.status, await post.clone().text()).toBe(303);
  const location = post.headers.get('location') ?? '';
  expect(location.startsWith('/operator/auth?code='), location).toBe(true);
  const code = new URL(location, url).searchParams.get('code');
  const r = await c.gql(
    `mutation ($code: String!) { operatorAutologin(input: { code: $code }) { __typename
    ... on OperatorAutologinSuccess { viewer { accountType email } } ... on UserError { code message } } }`,
    { code },
  );
  expect(r.data.operatorAutologin).toMatchObject({
    __typename: 'OperatorAutologinSuccess',
    viewer: { accountType: 'OPER', email },
  });
  return c;
}

/** A valid order input (spec core §3 Request): 12 500.50 USD to China, payment term in 3–20 days. */
export function orderInput(over: Record<string, unknown> = {}) {
  const day = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
  return {
    paymentType: 'SENDING',
    amount: { amount: '12500.50', currency: 'USD' },
    counterparty: { countryCode: 'CN', city: 'Beijing', bankName: 'BANK OF CHINA', swift: 'BKCHCNBJ' },
    tnvedCode: '8471300000',
    goodsLocation: 'NOT_IMPORTED',
    paymentDateFrom: day(3),
    paymentDateTo: day(20),
    comment: 'Оплата по контракту № 15',
    fileIds: [],
    ...over,
  };
}

/** YYYY-MM-DD `n` days from now. */
export function day(n: number): string {
  return new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
}

/** A minimal valid PDF (the backend checks the type by content). */
export function pdf(label: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
}

/** Uploads one file through a gateway upload proxy (multipart, part `file`). */
export async function uploadFile(c: GqlClient, path: string, name: string, content: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  return c.fetch(path, { method: 'POST', body: form as never });
}
