/**
 * `node(id:)` and `nodes(ids:)` over a stub backend that rolls the session on every answer (issue 14 defects 6 and 7):
 * out-of-range ids are null without an upstream read; `nodes` takes at most 100 ids (more: BAD_USER_INPUT TOO_MANY_IDS
 * before any upstream call), reads the orders of many Order and PartnerOrder ids in ONE batch call per role (client,
 * payment agent, operator), and the response relays each cookie once, not one Set-Cookie per upstream call.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { toGlobalId } from 'graphql-relay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app.js';
import { MAX_NODE_IDS } from '../src/modules/node/resolvers.js';
import { graphql } from 'graphql/index.js';
import { createContext } from '../src/context.js';
import { buildGatewaySchema } from '../src/schema.js';
import { startDealStub, type DealStub, type Role } from './dealStub.js';
import { startStubBackend, type Stub } from './stubBackend.js';

let stub: Stub;
let rolling: FastifyInstance;
let gw: Gateway;
let rolled = 0;

const SIGNED_IN = { cookie: 'SESSION=sess-1; XSRF-TOKEN=browser-token', 'x-xsrf-token': 'browser-token' };
const upstreamPaths = () => stub.calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${gw.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...SIGNED_IN },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] },
    setCookie: res.headers.getSetCookie(),
  };
}

beforeAll(async () => {
  stub = await startStubBackend();
  for (let id = 1; id <= 30; id++) stub.orders.push({ id, status: 'VALIDATION', companyId: id % 2 ? 7 : 8 });
  // A backend that refreshes the session cookie and the anti-forgery token on every answer.
  rolling = Fastify();
  rolling.removeAllContentTypeParsers();
  rolling.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  rolling.all('/*', async (req, reply) => {
    // Like the real backend: a path id beyond int4 is a 400 VALIDATION_ERROR (MAXIMUM).
    if (/\/(\d{10,})(\/|\?|$)/.exec(req.url)?.[1] && Number(/\/(\d{10,})(\/|\?|$)/.exec(req.url)![1]) > 2147483647) {
      return reply.code(400).send({
        message: 'Ошибка валидации',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'id', code: 'MAXIMUM', message: 'Превышено максимальное значение' }],
      });
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host') headers[k] = v;
    const res = await fetch(`${stub.url}${req.url}`, {
      method: req.method,
      headers,
      body: req.body instanceof Buffer && req.body.length ? new Uint8Array(req.body) : undefined,
    });
    rolled++;
    reply.code(res.status);
    const type = res.headers.get('content-type');
    if (type) reply.header('content-type', type);
    reply.header('set-cookie', [
      'SESSION=sess-1; Path=/; HttpOnly; SameSite=Lax',
      `XSRF-TOKEN=browser-token; Path=/`,
      `ROLL=${rolled}; Path=/`,
    ]);
    return reply.send(Buffer.from(await res.arrayBuffer()));
  });
  await rolling.listen({ port: 0, host: '127.0.0.1' });
  const addr = rolling.server.address();
  gw = await buildGateway({
    backendUrl: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    port: 0,
    webDist: '',
  });
});
afterAll(async () => {
  await gw?.close();
  await rolling?.close();
  await stub?.close();
});
beforeEach(() => {
  stub.calls.length = 0;
});

const NODES = 'query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Order { orderId } } }';

describe('nodes(ids:)', () => {
  it(`answers ${MAX_NODE_IDS} ids with one batch read of their orders, and relays each cookie once`, async () => {
    const ids = Array.from({ length: MAX_NODE_IDS }, (_, i) => toGlobalId('Order', String((i % 10) + 1)));
    const r = await gql(NODES, { ids });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.nodes).toHaveLength(MAX_NODE_IDS);
    // Orders 1, 3, 5… are the client's company's (7); the others another company's: null.
    expect(r.body.data.nodes.slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? { id: ids[i], orderId: i + 1 } : null)),
    );
    expect(r.body.data.nodes.slice(10, 20)).toEqual(r.body.data.nodes.slice(0, 10));
    // ONE upstream order call, for the 10 distinct ids (not one GET per id).
    const orderReads = stub.calls.filter((c) => c.url.startsWith('/api/secured/client/order/exch/'));
    expect(orderReads.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET /api/secured/client/order/exch/batch?${Array.from({ length: 10 }, (_, i) => `ids=${i + 1}`).join('&')}`,
    ]);
    expect(upstreamPaths().filter((p) => p === 'GET /api/secured/common/current/user')).toHaveLength(1);
    // 2 upstream answers, each with three cookies: the browser gets three lines, the latest of each.
    expect(r.setCookie.map((c) => c.split('=')[0]).sort()).toEqual(['ROLL', 'SESSION', 'XSRF-TOKEN']);
    expect(r.setCookie.find((c) => c.startsWith('ROLL='))).toBe(`ROLL=${rolled}; Path=/`);
  });

  it(`refuses more than ${MAX_NODE_IDS} ids with BAD_USER_INPUT before any upstream call`, async () => {
    const ids = Array.from({ length: MAX_NODE_IDS + 1 }, (_, i) => toGlobalId('Order', String(i + 1)));
    const r = await gql(NODES, { ids });
    expect(r.body.errors?.[0]).toMatchObject({
      message: `Не более ${MAX_NODE_IDS} идентификаторов в одном запросе`,
      extensions: { code: 'BAD_USER_INPUT', reason: 'TOO_MANY_IDS' },
    });
    expect(stub.calls).toEqual([]);
  });
});

describe('node(id:) with an out-of-range id', () => {
  const RAW = ['12345678901234567890123', '9007199254740993', '0', '-1', '1e3', '01', ' 1'];
  it('is null, with no upstream read of the entity', async () => {
    for (const raw of RAW) {
      for (const type of ['Order', 'ChatGroup', 'ChatMessage', 'VerificationDocument', 'AuditEntry']) {
        const r = await gql('query ($id: ID!) { node(id: $id) { id } }', { id: toGlobalId(type, raw) });
        expect(r.body, `${type}:${raw}`).toEqual({ data: { node: null } });
      }
      const p = await gql('query ($id: ID!) { node(id: $id) { id } }', {
        id: toGlobalId('PartnerOrder', `1:${raw}`),
      });
      expect(p.body, `PartnerOrder:1:${raw}`).toEqual({ data: { node: null } });
    }
    expect(upstreamPaths().filter((p) => p !== 'GET /api/secured/common/current/user')).toEqual([]);
  });

  it('is null when the backend refuses the id with 400 (beyond its int4 range)', async () => {
    const r = await gql(NODES, { ids: [toGlobalId('Order', '2147483648'), toGlobalId('Order', '1')] });
    expect(r.body).toEqual({ data: { nodes: [null, { id: toGlobalId('Order', '1'), orderId: 1 }] } });
  });
});

describe('nodes(ids:) reads the orders in one batch call for every role', () => {
  let deal: DealStub;
  const schema = buildGatewaySchema();
  beforeAll(async () => {
    deal = await startDealStub(30);
  });
  afterAll(async () => {
    await deal?.close();
  });

  /** Runs `nodes(ids:)` as `role` in-process; answers the result and the upstream calls (method and path). */
  async function nodesAs(role: Role, ids: string[]) {
    deal.calls.length = 0;
    const ctx = createContext({ backendUrl: deal.url, cookieHeader: `SESSION=${role}`, csrfToken: 't' });
    const result = await graphql({
      schema,
      source:
        'query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Order { orderId } ... on PartnerOrder { status } } }',
      variableValues: { ids },
      contextValue: ctx,
    });
    return { result, calls: [...deal.calls] };
  }

  it('operator: 30 Order and PartnerOrder ids, one GET …/oper/order/exch/batch', async () => {
    const ids = [
      ...Array.from({ length: 30 }, (_, i) => toGlobalId('Order', String(i + 1))),
      ...Array.from({ length: 10 }, (_, i) => toGlobalId('PartnerOrder', `${i + 1}:21`)),
    ];
    const { result, calls } = await nodesAs('OPER', ids);
    expect(result.errors).toBeUndefined();
    const nodes = result.data!.nodes as Array<{ orderId?: number } | null>;
    expect(nodes.slice(0, 30).map((n) => n?.orderId)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(calls.filter((c) => c.includes('/order/exch/'))).toEqual(['GET /api/secured/oper/order/exch/batch']);
  });

  it("payment agent: its orders and sides in one GET …/partner/order/exch/batch, others' null", async () => {
    const ids = [
      ...Array.from({ length: 20 }, (_, i) => toGlobalId('Order', String(i + 1))),
      toGlobalId('Order', '5000'), // not sent to the agent: the backend's null
      toGlobalId('PartnerOrder', '3:21'),
      toGlobalId('PartnerOrder', '3:22'), // another agent's side: null without a read
    ];
    const { result, calls } = await nodesAs('PARTNER', ids);
    expect(result.errors).toBeUndefined();
    const nodes = result.data!.nodes as Array<{ id: string; orderId?: number } | null>;
    expect(nodes.slice(0, 20).map((n) => n?.orderId)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(nodes.slice(20).map((n) => n?.id ?? null)).toEqual([null, toGlobalId('PartnerOrder', '3:21'), null]);
    expect(calls.filter((c) => c.includes('/order/exch/'))).toEqual(['GET /api/secured/partner/order/exch/batch']);
  });
});
