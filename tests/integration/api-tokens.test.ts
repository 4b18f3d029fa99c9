/**
 * API tokens through the gateway (issue 12 "API tokens"): a token created in a cookie session acts on /graphql with
 * `Authorization: Bearer` and no cookie, cannot mutate, is refused once revoked; the rate limit per token and per
 * session answers 429 with Retry-After and a GraphQL-shaped body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/deal.js';
import { ok, startStack, type GqlClient, type Stack } from '../support/stack.js';

const CREATE = `mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { __typename
  ... on CreateApiTokenSuccess { token apiToken { id name prefix status expiresAt lastUsedAt } }
  ... on UserError { code message fieldErrors { field code } } } }`;
const REVOKE = `mutation ($input: RevokeApiTokenInput!) { revokeApiToken(input: $input) { __typename
  ... on RevokeApiTokenSuccess { apiToken { id status revokedAt } } ... on UserError { code message } } }`;
const LIST = `{ viewer { apiTokens { id name prefix status lastUsedAt } } }`;

/** A bare POST /graphql with only the bearer token (no cookie, no anti-forgery header). */
async function withToken(url: string, token: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { res, body: (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions?: any }> } };
}

describe('API tokens through the gateway', () => {
  let stack: Stack;
  let client: GqlClient;
  beforeAll(async () => {
    stack = await startStack();
    ({ c: client } = await signIn(stack.url, 'client@example.com', 'CLIENT'));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('creates a token in the cookie session, queries with the bearer alone, refuses mutations, revokes', async () => {
    const created = (await ok(client, CREATE, { input: { name: 'Отчёты' } })).createApiToken;
    expect(created.__typename).toBe('CreateApiTokenSuccess');
    expect(created.token).toMatch(/^vpt_/);
    expect(created.apiToken).toMatchObject({ name: 'Отчёты', prefix: created.token.slice(0, 12), status: 'ACTIVE' });
    const listed = (await ok(client, LIST)).viewer.apiTokens;
    expect(listed.map((t: { id: string }) => t.id)).toContain(created.apiToken.id);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const me = await withToken(stack.url, created.token, `{ viewer { email accountType } }`);
    expect(me.res.status).toBe(200);
    expect(me.body.errors).toBeUndefined();
    expect(me.body.data.viewer).toEqual({ email: 'client@example.com', accountType: 'CLIENT' });
    expect(me.res.headers.getSetCookie()).toEqual([]);

    const mutation = await withToken(stack.url, created.token, CREATE, { input: { name: 'из токена' } });
    expect(mutation.body.data).toBeUndefined();
    expect(mutation.body.errors?.[0]).toMatchObject({
      message: 'API-токен даёт доступ только на чтение',
      extensions: { code: 'FORBIDDEN' },
    });
    const still = (await ok(client, LIST)).viewer.apiTokens;
    expect(still.map((t: { name: string }) => t.name)).not.toContain('из токена');
    expect(still.find((t: { id: string }) => t.id === created.apiToken.id).lastUsedAt).not.toBeNull();

    const listWithToken = await withToken(stack.url, created.token, LIST);
    expect(listWithToken.body.errors?.[0].extensions.code).toBe('FORBIDDEN');

    const revoked = (await ok(client, REVOKE, { input: { id: created.apiToken.id } })).revokeApiToken;
    expect(revoked).toMatchObject({ __typename: 'RevokeApiTokenSuccess', apiToken: { status: 'REVOKED' } });
    const after = await withToken(stack.url, created.token, `{ viewer { email } }`);
    expect(after.body.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers bad input and foreign tokens with UserError', async () => {
    const bad = (await ok(client, CREATE, { input: { name: ' ' } })).createApiToken;
    expect(bad).toMatchObject({
      __typename: 'UserError',
      code: 'VALIDATION_ERROR',
      fieldErrors: [{ field: 'name', code: 'NAME_REQUIRED' }],
    });
    const { c: other } = await signIn(stack.url, 'partner1@example.com', 'PARTNER');
    const theirs = (await ok(other, CREATE, { input: { name: 'агент' } })).createApiToken;
    expect(theirs.__typename).toBe('CreateApiTokenSuccess');
    const foreign = (await ok(client, REVOKE, { input: { id: theirs.apiToken.id } })).revokeApiToken;
    expect(foreign).toMatchObject({ __typename: 'UserError', code: 'API_TOKEN_NOT_FOUND' });
    const node = await ok(client, `query ($id: ID!) { node(id: $id) { id } }`, { id: theirs.apiToken.id });
    expect(node.node).toBeNull();
    const own = await ok(other, `query ($id: ID!) { node(id: $id) { ... on ApiToken { name } } }`, {
      id: theirs.apiToken.id,
    });
    expect(own.node).toEqual({ name: 'агент' });
  });
});

describe('rate limit of the graph', () => {
  let stack: Stack;
  beforeAll(async () => {
    // With REDIS_URL set (e.g. redis://127.0.0.1:6379) the counters live in Redis, as replicas share them.
    stack = await startStack({
      gateway: { rateLimitTokenPerMinute: 3, rateLimitSessionPerMinute: 5, redisUrl: process.env.REDIS_URL },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('limits per token: 429 with Retry-After and RATE_LIMITED; another token is not affected', async () => {
    const { c } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const a = (await ok(c, CREATE, { input: { name: 'a' } })).createApiToken.token;
    const b = (await ok(c, CREATE, { input: { name: 'b' } })).createApiToken.token;
    for (let i = 0; i < 3; i++) expect((await withToken(stack.url, a, `{ viewer { email } }`)).res.status).toBe(200);
    const over = await withToken(stack.url, a, `{ viewer { email } }`);
    expect(over.res.status).toBe(429);
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body).toEqual({
      errors: [{ message: 'Слишком много запросов, повторите позже', extensions: { code: 'RATE_LIMITED' } }],
    });
    expect((await withToken(stack.url, b, `{ viewer { email } }`)).res.status).toBe(200);
  });

  it('limits per session: another session keeps working', async () => {
    const { c: first } = await signIn(stack.url, 'newclient@example.com', 'CLIENT');
    const { c: second } = await signIn(stack.url, 'newclient@example.com', 'CLIENT');
    let status = 200;
    let res: Response | undefined;
    for (let i = 0; i < 6 && status !== 429; i++) {
      res = await first.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { email } }' }),
      });
      status = res.status;
    }
    expect(status).toBe(429);
    expect(res!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await second.gql('{ viewer { email } }')).data.viewer.email).toBe('newclient@example.com');
  });
});
