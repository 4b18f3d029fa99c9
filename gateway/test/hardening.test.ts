/**
 * Gateway hardening (issue 12 "Hardening"; gateway/src/security/): every persisted web operation fits the limits;
 * deep, aliased, costly, directive-heavy and huge documents are refused with clear messages; the /graphql body limit
 * (413); the execution time-out (TIMEOUT); production mode (introspection off, no field suggestions, cookie sessions run
 * only persisted documents, API-token requests may send their own); the explorer only in development; upstream failures
 * masked (a 500 whose body holds SQL text, a network failure).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { parse, specifiedRules, validate } from 'graphql/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app.js';
import { buildGatewaySchema } from '../src/schema.js';
import { checkTokens, DEFAULT_LIMITS, limitRules, measureDocument } from '../src/security/limits.js';
import { startStubBackend, type Stub } from './stubBackend.js';

const WEB_PQ = new URL('../../web/persisted-queries.json', import.meta.url);
const COUNTRIES = 'query Countries { countries { countryCode countryName } }';

let stub: Stub;
let dev: Gateway;
let prod: Gateway;
const pqPath = join(mkdtempSync(join(tmpdir(), 'gw-hard-')), 'persisted-queries.json');

interface Answer {
  status: number;
  body: { data?: Record<string, any> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  text: string;
}

async function post(target: Gateway, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

const gql = (target: Gateway, query: string, headers: Record<string, string> = {}) => post(target, { query }, headers);
const codes = (a: Answer) => (a.body.errors ?? []).map((e) => e.extensions?.code);
const SIGNED_IN = { cookie: 'SESSION=sess-1; XSRF-TOKEN=browser-token', 'x-xsrf-token': 'browser-token' };

beforeAll(async () => {
  writeFileSync(pqPath, JSON.stringify({ 'q-countries': COUNTRIES }));
  stub = await startStubBackend();
  dev = await buildGateway({ backendUrl: stub.url, port: 0, persistedQueriesPath: pqPath });
  prod = await buildGateway({
    backendUrl: stub.url,
    port: 0,
    persistedQueriesPath: pqPath,
    hardening: { production: true },
  });
});

afterAll(async () => {
  await dev?.close();
  await prod?.close();
  await stub?.close();
});

describe('limits', () => {
  it('every operation of the web app (web/persisted-queries.json) passes the default limits', () => {
    const schema = buildGatewaySchema();
    const documents = Object.entries(JSON.parse(readFileSync(WEB_PQ, 'utf8')) as Record<string, string>);
    expect(documents.length).toBeGreaterThan(50);
    const refused: string[] = [];
    const peak = { depth: 0, aliases: 0, cost: 0, tokens: 0, directives: 0 };
    for (const [id, text] of documents) {
      const errors = [
        ...validate(schema, parse(text), [...specifiedRules, ...limitRules(DEFAULT_LIMITS)]),
        ...[checkTokens(text, DEFAULT_LIMITS.maxTokens)].filter((e) => e !== undefined),
      ];
      if (errors.length) refused.push(`${id}: ${errors.map((e) => e.message).join('; ')}`);
      const m = measureDocument(schema, text);
      for (const k of Object.keys(peak) as (keyof typeof peak)[]) peak[k] = Math.max(peak[k], m[k]);
    }
    expect(refused).toEqual([]);
    // Headroom: the largest web operation stays well under every limit (figures documented in security/limits.ts).
    console.log('web operations, largest figures:', peak, 'limits:', DEFAULT_LIMITS);
    expect(peak.depth).toBeLessThan(DEFAULT_LIMITS.maxDepth);
    expect(peak.cost).toBeLessThan(DEFAULT_LIMITS.maxCost);
    expect(peak.tokens).toBeLessThan(DEFAULT_LIMITS.maxTokens);
  });

  it('refuses 300 aliases of countries with a clear message (400 GRAPHQL_VALIDATION_FAILED), nothing executed', async () => {
    const before = stub.calls.length;
    const aliases = Array.from({ length: 300 }, (_, i) => `c${i}: countries { countryCode }`).join(' ');
    const r = await gql(dev, `{ ${aliases} }`);
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors?.[0]).toMatchObject({
      message: 'Aliases limit of 15 exceeded, found 300.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(stub.calls.length).toBe(before);
  });

  it('refuses a query nested more than 18 levels deep', async () => {
    const open = '... on Query { '.repeat(20);
    const r = await gql(dev, `{ ${open} countries { countryCode } ${'}'.repeat(20)} }`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].message).toMatch(/^Query depth limit of 18 exceeded, found \d+\.$/);
    expect(codes(r)).toContain('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses a costly query (large pages of large pages)', async () => {
    const query = `{ viewer { chatGroups(first: 100) { edges { node { id name
      messages(last: 100) { edges { node { id text createdAt sender { id name } } } } } } } } }`;
    const r = await gql(dev, query);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].message).toMatch(/^Query Cost limit of 250000 exceeded, found \d+(\.\d+)?\.$/);
    expect(codes(r)).toContain('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses too many directives', async () => {
    const r = await gql(dev, `{ countries ${'@include(if: true) '.repeat(25)} { countryCode } }`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.map((e) => e.message)).toContain('Directives limit of 20 exceeded, found 25.');
  });

  it('refuses a document of more than 2000 tokens before parsing it', async () => {
    const r = await gql(dev, `{ countries { ${'countryCode '.repeat(2500)} } }`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]).toMatchObject({
      message: 'Token limit of 2000 exceeded.',
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    });
  });

  it('answers a /graphql body over GRAPHQL_BODY_LIMIT_BYTES with 413 and a GraphQL-shaped error', async () => {
    const small = await buildGateway({
      backendUrl: stub.url,
      port: 0,
      persistedQueriesPath: pqPath,
      hardening: { bodyLimitBytes: 1024 },
    });
    try {
      const ok = await gql(small, COUNTRIES);
      expect(ok.status).toBe(200);
      const r = await post(small, { query: COUNTRIES, variables: { pad: 'x'.repeat(2000) } });
      expect(r.status).toBe(413);
      expect(r.body).toEqual({
        errors: [
          {
            message: 'Тело запроса больше допустимого (1024 байт)',
            extensions: { code: 'PAYLOAD_TOO_LARGE', limitBytes: 1024 },
          },
        ],
      });
      const bad = await post(small, '{"query": ');
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.[0].extensions?.code).toBe('BAD_REQUEST');
    } finally {
      await small.close();
    }
    // Default: 256 KiB
    const big = await post(dev, { query: COUNTRIES, variables: { pad: 'x'.repeat(300 * 1024) } });
    expect(big.status).toBe(413);
  });
});

describe('execution time-out', () => {
  let slow: FastifyInstance;
  let gw: Gateway;
  beforeAll(async () => {
    slow = Fastify();
    slow.get('/api/public/counterparty/countries', async () => {
      await new Promise((r) => setTimeout(r, 1500));
      return [{ countryCode: 'CN', countryName: 'Китай', countryShortName: 'Китай' }];
    });
    slow.get('/api/public/currencies', async () => []);
    await slow.listen({ port: 0, host: '127.0.0.1' });
    const port = (slow.server.address() as { port: number }).port;
    gw = await buildGateway({
      backendUrl: `http://127.0.0.1:${port}`,
      port: 0,
      persistedQueriesPath: pqPath,
      hardening: { timeoutMs: 200 },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await slow?.close();
  });

  it('ends an operation running longer than GRAPHQL_TIMEOUT_MS with TIMEOUT', async () => {
    const r = await gql(gw, COUNTRIES);
    expect(r.status).toBe(200);
    expect(r.body.data).toBeNull();
    expect(r.body.errors).toEqual([
      expect.objectContaining({ message: 'Превышено время выполнения запроса', extensions: { code: 'TIMEOUT' } }),
    ]);
  });
});

describe('production mode', () => {
  it('refuses introspection (development allows it)', async () => {
    const q = '{ __schema { queryType { name } } }';
    const d = await gql(dev, q);
    expect(d.body.data?.__schema.queryType.name).toBe('Query');
    const r = await post(prod, { doc_id: undefined, query: q }, { authorization: 'Bearer vpt_fake' });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].message).toMatch(/introspection/i);
    expect(codes(r)).toContain('GRAPHQL_VALIDATION_FAILED');
  });

  it('gives no field suggestions ("Did you mean")', async () => {
    const q = '{ countrys { countryCode } }';
    const d = await gql(dev, q);
    expect(d.text).toContain('Did you mean');
    const r = await gql(prod, q, { authorization: 'Bearer vpt_fake' });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].message).toBe('Cannot query field "countrys" on type "Query".');
    expect(r.text).not.toContain('Did you mean');
  });

  it('a cookie session runs only persisted documents: doc_id and a persisted text pass, an own document is refused', async () => {
    const byId = await post(prod, { doc_id: 'q-countries' }, SIGNED_IN);
    expect(byId.body.data?.countries).toHaveLength(1);
    const byText = await gql(prod, COUNTRIES, SIGNED_IN);
    expect(byText.body.data?.countries).toHaveLength(1);
    const get = await fetch(`${prod.url}/graphql?doc_id=q-countries`, { headers: { 'apollo-require-preflight': '1' } });
    expect(get.status).toBe(200);
    const before = stub.calls.length;
    const own = await gql(prod, '{ countries { countryCode } }', SIGNED_IN);
    expect(own.status).toBe(400);
    expect(own.body.errors?.[0].extensions?.code).toBe('PERSISTED_QUERY_REQUIRED');
    expect(stub.calls.length).toBe(before);
    // Development accepts own documents.
    expect((await gql(dev, '{ countries { countryCode } }', SIGNED_IN)).body.data?.countries).toHaveLength(1);
  });

  it('a request with an API token may send its own document within the limits', async () => {
    const own = await gql(prod, '{ countries { countryCode } }', { authorization: 'Bearer vpt_fake-token' });
    expect(codes(own)).not.toContain('PERSISTED_QUERY_REQUIRED');
    expect(own.body.data?.countries).toEqual([{ countryCode: 'CN' }]);
    const aliases = Array.from({ length: 300 }, (_, i) => `c${i}: countries { countryCode }`).join(' ');
    const refused = await gql(prod, `{ ${aliases} }`, { authorization: 'Bearer vpt_fake-token' });
    expect(refused.status).toBe(400);
    expect(codes(refused)).toContain('GRAPHQL_VALIDATION_FAILED');
    // Another scheme is not an API token.
    const basic = await gql(prod, '{ countries { countryCode } }', { authorization: 'Bearer abc' });
    expect(codes(basic)).toContain('PERSISTED_QUERY_REQUIRED');
  });

  it('the explorer: Apollo Sandbox for a browser in development, none in production; GET doc_id still works', async () => {
    const html = { accept: 'text/html' };
    const d = await fetch(`${dev.url}/graphql`, { headers: html });
    expect(d.status).toBe(200);
    expect(await d.text()).toMatch(/sandbox/i);
    const p = await fetch(`${prod.url}/graphql`, { headers: html });
    expect(await p.text()).not.toMatch(/sandbox/i);
    const get = await fetch(`${dev.url}/graphql?doc_id=q-countries`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': '1' },
    });
    expect(((await get.json()) as Answer['body']).data?.countries).toHaveLength(1);
  });
});

describe('graphql-ws: the same rules as over HTTP', () => {
  function run(target: Gateway, headers: Record<string, string>, payload: Record<string, unknown>) {
    class HeaderWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    }
    const client = createClient({
      url: target.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: HeaderWebSocket,
      retryAttempts: 0,
      lazy: true,
    });
    return new Promise<unknown>((resolve) => {
      let value: unknown;
      client.subscribe(payload as { query: string }, {
        next: (v) => (value = v),
        error: (e) => resolve({ error: e }),
        complete: () => resolve(value),
      });
    }).finally(() => client.dispose());
  }
  const messages = (r: unknown) =>
    ((r as { error?: { message: string; extensions?: { code?: string } }[] }).error ?? []).map(
      (e) => `${e.extensions?.code ?? ''} ${e.message}`,
    );

  it('production: a cookie connection runs only persisted documents; an API-token one its own, within the limits', async () => {
    const cookie = { origin: prod.url, cookie: 'SESSION=sess-1' };
    expect(await run(prod, cookie, { query: '', doc_id: 'q-countries' })).toEqual({
      data: { countries: [{ countryCode: 'CN', countryName: 'Китай' }] },
    });
    expect(messages(await run(prod, cookie, { query: '{ countries { countryCode } }' }))).toEqual([
      'PERSISTED_QUERY_REQUIRED This gateway accepts persisted queries only: send doc_id',
    ]);
    const bearer = { authorization: 'Bearer vpt_fake-token' };
    expect(await run(prod, bearer, { query: '{ countries { countryCode } }' })).toEqual({
      data: { countries: [{ countryCode: 'CN' }] },
    });
    const aliases = Array.from({ length: 300 }, (_, i) => `c${i}: countries { countryCode }`).join(' ');
    expect(messages(await run(prod, bearer, { query: `{ ${aliases} }` }))).toContain(
      'GRAPHQL_VALIDATION_FAILED Aliases limit of 15 exceeded, found 300.',
    );
    const intro = messages(await run(prod, bearer, { query: '{ __schema { queryType { name } } }' }));
    expect(intro.join()).toMatch(/introspection/i);
    const typo = messages(await run(prod, bearer, { query: '{ countrys { countryCode } }' }));
    expect(typo.join()).toContain('Cannot query field "countrys" on type "Query".');
    expect(typo.join()).not.toContain('Did you mean');
    expect(messages(await run(prod, bearer, { query: `{ countries { ${'countryCode '.repeat(2500)} } }` }))).toEqual([
      'GRAPHQL_PARSE_FAILED Token limit of 2000 exceeded.',
    ]);
  });
});

describe('upstream failures are masked', () => {
  it('a 500 whose body holds SQL text and an internal address gives only the generic error', async () => {
    const r = await gql(prod, '{ countries(prefix: "boom") { countryCode } }', { authorization: 'Bearer vpt_fake' });
    expect(r.body.errors).toEqual([
      expect.objectContaining({ message: 'Что-то пошло не так', extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
    ]);
    expect(r.text).not.toMatch(/SELECT|10\.0\.0\.5|5432|stack|upstream/i);
  });

  it('a network failure (backend down) gives only the generic error', async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const port = (closed.server.address() as { port: number }).port;
    await closed.close();
    const gw = await buildGateway({
      backendUrl: `http://127.0.0.1:${port}`,
      port: 0,
      persistedQueriesPath: pqPath,
      hardening: { production: true },
    });
    try {
      const r = await gql(gw, COUNTRIES, SIGNED_IN);
      expect(r.body.errors).toEqual([
        expect.objectContaining({ message: 'Что-то пошло не так', extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
      ]);
      expect(r.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|fetch failed|stack/i);
    } finally {
      await gw.close();
    }
  });
});
