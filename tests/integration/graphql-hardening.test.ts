/**
 * Gateway hardening over the real backend (issue 12 "Hardening"): a production-mode gateway in front of the test
 * backend refuses introspection and own documents of cookie sessions (web persisted operations still run), lets an
 * API token send its own document within the limits (a fake token reaches the backend and gets UNAUTHENTICATED), and
 * refuses deep, aliased and costly documents with clear messages before any upstream call.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../../gateway/src/app.js';
import { signIn } from '../support/deal.js';
import { ok, REPO_ROOT, startStack, type GqlClient, type Stack } from '../support/stack.js';

const PQ_PATH = join(REPO_ROOT, 'web', 'persisted-queries.json');
const CREATE = `mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { __typename
  ... on CreateApiTokenSuccess { token } ... on UserError { code message } } }`;

interface Answer {
  status: number;
  body: { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** The doc_id of the web operation named `name` in web/persisted-queries.json. */
function docId(name: string): string {
  const map = JSON.parse(readFileSync(PQ_PATH, 'utf8')) as Record<string, string>;
  const hit = Object.entries(map).find(([, text]) => text.startsWith(`query ${name} `));
  if (!hit) throw new Error(`no persisted operation ${name}`);
  return hit[0];
}

describe('gateway hardening in production mode', () => {
  let stack: Stack;
  let prod: Gateway;
  let client: GqlClient;
  let token: string;

  beforeAll(async () => {
    stack = await startStack();
    prod = await buildGateway({
      backendUrl: stack.backendUrl,
      port: 0,
      host: '127.0.0.1',
      webDist: join(REPO_ROOT, 'web', 'dist'),
      persistedQueriesPath: PQ_PATH,
      hardening: { production: true },
    });
    ({ c: client } = await signIn(stack.url, 'client@example.com', 'CLIENT'));
    const created = (await ok(client, CREATE, { input: { name: 'Отчёты (hardening)' } })).createApiToken;
    expect(created.__typename).toBe('CreateApiTokenSuccess');
    token = created.token;
  });
  afterAll(async () => {
    await prod?.close();
    await stack?.close();
  });

  it('a cookie session runs the web app’s persisted operations only', async () => {
    const persisted = await post(prod.url, { doc_id: docId('ReloginBannerQuery') }, client.headers());
    expect(persisted.status).toBe(200);
    expect(persisted.body.errors).toBeUndefined();
    expect(persisted.body.data.viewer).toBeTruthy();
    const own = await post(prod.url, { query: '{ viewer { email } }' }, client.headers());
    expect(own.status).toBe(400);
    expect(own.body.errors?.[0]).toMatchObject({
      message: 'This gateway accepts persisted queries only: send doc_id',
      extensions: { code: 'PERSISTED_QUERY_REQUIRED' },
    });
    // The same session on the development gateway may send its own document.
    expect((await ok(client, '{ viewer { email } }')).viewer.email).toBe('client@example.com');
  });

  it('introspection is refused in production, even with an API token', async () => {
    const r = await post(
      prod.url,
      { query: '{ __schema { queryType { name } } }' },
      { authorization: `Bearer ${token}` },
    );
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].message).toMatch(/introspection/i);
    expect((await ok(client, '{ __schema { queryType { name } } }')).__schema.queryType.name).toBe('Query');
  });

  it('an API token sends its own document; a fake one reaches the backend and gets UNAUTHENTICATED', async () => {
    const mine = await post(
      prod.url,
      { query: '{ viewer { email accountType } }' },
      { authorization: `Bearer ${token}` },
    );
    expect(mine.body.errors).toBeUndefined();
    expect(mine.body.data.viewer).toEqual({ email: 'client@example.com', accountType: 'CLIENT' });
    const fake = await post(
      prod.url,
      { query: '{ viewer { company { inn } } }' },
      { authorization: 'Bearer vpt_fake' },
    );
    expect(fake.body.errors?.map((e) => e.extensions?.code)).toContain('UNAUTHENTICATED');
  });

  it('refuses deep, aliased and costly documents with clear messages', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const aliases = Array.from({ length: 300 }, (_, i) => `c${i}: countries { countryCode }`).join(' ');
    const aliased = await post(prod.url, { query: `{ ${aliases} }` }, auth);
    expect(aliased.status).toBe(400);
    expect(aliased.body.errors?.[0]).toMatchObject({
      message: 'Aliases limit of 15 exceeded, found 300.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const deep = await post(
      prod.url,
      { query: `{ ${'... on Query { '.repeat(20)} countries { countryCode } ${'}'.repeat(20)} }` },
      auth,
    );
    expect(deep.status).toBe(400);
    expect(deep.body.errors?.[0].message).toBe('Query depth limit of 18 exceeded, found 22.');
    const costly = await post(
      prod.url,
      {
        query: `{ viewer { chatGroups(first: 100) { edges { node { id
          messages(last: 100) { edges { node { id text sender { id name } } } } } } } } }`,
      },
      auth,
    );
    expect(costly.status).toBe(400);
    expect(costly.body.errors?.[0].message).toMatch(/^Query Cost limit of 250000 exceeded, found [\d.]+\.$/);
  });
});
