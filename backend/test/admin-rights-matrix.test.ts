/**
 * Every operator route × its right (issue 10 "Every operator route checks its right on the server (403 with a stable
 * code otherwise)"; spec core §6). The routes come from `app.operatorRouteRights` (recorded by plugins/auth.ts for each
 * route guarded by `requireRight`), so routes added later are covered without editing this file. For each route:
 * - an operator holding every right EXCEPT the route's gets 403 RIGHT_REQUIRED (and the database is unchanged);
 * - a client gets 403 FORBIDDEN, a caller without a session 401 UNAUTHORIZED;
 * - an operator holding ONLY the route's rights is let through (whatever the route then answers, never RIGHT_REQUIRED).
 * And no /api/secured/oper/ route of the OpenAPI document is left without a right.
 *
 * Requests carry a valid anti-forgery token, syntactically valid path parameters and a minimal body generated from the
 * route's schema (the schema is checked before the right, so an invalid body would answer 400 first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_RIGHTS, type OperatorRight } from '@platform/domain/operator/rights';
import { signedInOperator } from './admin-helpers.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';

type Schema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};
type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Schema }>;
  requestBody?: { content?: Record<string, { schema: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** Strings tried for a `pattern` (the first that matches is used). */
const PATTERN_CANDIDATES = [
  '1',
  '100',
  '100.00',
  'USD',
  'RU',
  '7707393126',
  '1177746126040',
  '9161234567',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  '00000000-0000-4000-8000-000000000000',
  'https://example.com',
  'x@example.com',
  'Тест',
  'a',
  'A',
];

/** A minimal value the JSON schema accepts (required properties only). */
function sample(s: Schema, doc: Doc): unknown {
  if (s.$ref) return sample(doc.components!.schemas![s.$ref.split('/').pop()!], doc);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const options = s.anyOf ?? s.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], doc);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((p) => sample(p, doc) as object));
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = sample(s.properties?.[k] ?? {}, doc);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, doc));
    case 'integer':
    case 'number':
      return Math.min(Math.max(s.minimum ?? 1, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'email') return 'x@example.com';
      const fits = (v: string) =>
        v.length >= (s.minLength ?? 0) &&
        v.length <= (s.maxLength ?? Infinity) &&
        (!s.pattern || new RegExp(s.pattern, 'u').test(v));
      const found = PATTERN_CANDIDATES.find(fits);
      return found ?? 'a'.repeat(Math.max(s.minLength ?? 1, 1));
    }
    default:
      return {};
  }
}

const docPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

interface Call {
  key: string;
  method: string;
  url: string;
  body: unknown;
  rights: OperatorRight[];
}

/** The request of a route: path parameters, required query parameters and a JSON body from its schema. */
function callOf(doc: Doc, route: { method: string; url: string; rights: OperatorRight[] }): Call {
  const op = doc.paths[docPath(route.url)]?.[route.method.toLowerCase()];
  const params = op?.parameters ?? [];
  let url = route.url;
  for (const p of params.filter((x) => x.in === 'path'))
    url = url.replace(`:${p.name}`, encodeURIComponent(String(sample(p.schema, doc))));
  url = url.replace(/:[A-Za-z0-9_]+/g, '1');
  const query = params
    .filter((x) => x.in === 'query' && x.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(sample(p.schema, doc)))}`);
  if (query.length) url += `?${query.join('&')}`;
  const json = op?.requestBody?.content?.['application/json']?.schema;
  return {
    key: `${route.method} ${route.url}`,
    method: route.method,
    url,
    body: json ? sample(json, doc) : undefined,
    rights: route.rights,
  };
}

for (const driver of DRIVERS) {
  describe(`every operator route × its right (issue 10; spec core §6) [${driver}]`, () => {
    let t: TestApp;
    let doc: Doc;
    let calls: Call[];
    let client: TestClient;
    const operators = new Map<string, TestClient>();
    let counter = 0;

    /** A signed-in operator holding exactly `rights` (as extra rights, no role). */
    async function operatorWith(rights: readonly OperatorRight[]): Promise<TestClient> {
      const key = [...rights].sort().join(',');
      const known = operators.get(key);
      if (known) return known;
      const email = `matrix${++counter}@example.com`;
      const { client: c } = await signedInOperator(t, { email, surname: 'Матрица', rights: [...rights] });
      await c.fetchCsrf();
      operators.set(key, c);
      return c;
    }
    const send = (c: TestClient, call: Call) =>
      c.request(call.method, call.url, call.body === undefined ? {} : { body: call.body });

    beforeAll(async () => {
      t = await createTestApp({ driver });
      doc = t.app.swagger() as Doc;
      calls = t.app.operatorRouteRights.filter((r) => r.method !== 'HEAD').map((r) => callOf(doc, r));
      client = await t.signedIn('client@example.com');
    }, 120_000);
    afterAll(() => t.close());

    it('covers the administration and order routes', () => {
      const keys = calls.map((c) => c.key);
      for (const k of [
        'POST /api/secured/oper/users/filter',
        'PUT /api/secured/oper/users/:id/rights',
        'GET /api/secured/oper/users',
        'POST /api/secured/oper/order/exch/filter',
        'POST /api/secured/oper/order/exch/:id/take',
      ])
        expect(keys).toContain(k);
    });

    it('no /api/secured/oper/ route is left without a right', () => {
      const guarded = new Set(t.app.operatorRouteRights.map((r) => `${r.method} ${docPath(r.url)}`));
      const unguarded = Object.entries(doc.paths)
        .filter(([p]) => p.startsWith('/api/secured/oper/'))
        .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
        .filter((k) => !guarded.has(k));
      expect(unguarded).toEqual([]);
    });

    it('an operator lacking the route right gets 403 RIGHT_REQUIRED and nothing changes', async () => {
      const before = await t.snapshot();
      const wrong: string[] = [];
      for (const call of calls) {
        const c = await operatorWith(OPERATOR_RIGHTS.filter((r) => !call.rights.includes(r)));
        const res = await send(c, call);
        const code = res.statusCode === 403 ? (res.json() as { code: string }).code : res.statusCode;
        if (code !== 'RIGHT_REQUIRED') wrong.push(`${call.key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      const after = await t.snapshot();
      // the matrix operators themselves were inserted and signed in meanwhile
      delete (before as Record<string, unknown>).users;
      delete (after as Record<string, unknown>).users;
      expect(after).toEqual(before);
    }, 300_000);

    it('a client gets 403 FORBIDDEN and a caller without a session 401', async () => {
      const wrong: string[] = [];
      for (const call of calls) {
        const res = await send(client, call);
        if (res.statusCode !== 403 || (res.json() as { code: string }).code !== 'FORBIDDEN')
          wrong.push(`client ${call.key} → ${res.statusCode}`);
        const anon = t.client();
        await anon.fetchCsrf();
        const res2 = await send(anon, call);
        if (res2.statusCode !== 401) wrong.push(`anonymous ${call.key} → ${res2.statusCode}`);
      }
      expect(wrong).toEqual([]);
    }, 300_000);

    it('an operator holding only the route right is let through (never RIGHT_REQUIRED)', async () => {
      const wrong: string[] = [];
      for (const call of calls) {
        const c = await operatorWith([call.rights[0]]);
        // inject directly: the answers of these synthetic requests are not under test (the route tests check them)
        const res = await t.app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers: {
            cookie: c.cookieHeader(),
            'x-xsrf-token': c.token!,
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
        });
        const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
        if (res.statusCode === 401 || (body as { code?: string }).code === 'RIGHT_REQUIRED')
          wrong.push(`${call.key} → ${res.statusCode}`);
      }
      t.app.undeclaredErrors.splice(0);
      expect(wrong).toEqual([]);
    }, 300_000);
  });
}
