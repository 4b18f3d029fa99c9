/**
 * The data set of the gateway benchmarks (issue 15 "Gateway overhead", tests/bench/gateway-overhead.mjs and
 * peer-gateway.mjs): the built platform on a fresh PostgreSQL database of its own and 200 requests of the demo client,
 * 12 of them with two offers each (the outside measurement's shape), all made through the backend's real REST routes
 * the way the deal flow makes them (tests/support/deal.ts, backend/src/seed/world/deals.ts): the client creates each
 * request, the operator takes it and sends it to both payment agents, each agent takes it and sends its offer.
 * Not a benchmark itself (tests/bench/run.mjs runs only the files directly under tests/bench/).
 */
import pg from 'pg';
import { startPlatform } from './platform.mjs';
import { dropDatabase as dropDatabaseOn, freshDatabase as freshDatabaseOn } from './chat-world.mjs';

/** Password of every demo account (README "Set-up"). */
const DEMO_PASSWORD = 'Demo-2026!';

/** The PostgreSQL server of the benchmarks (BENCH_PG_URL; the database name is added per run). */
export const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

const CLIENT = '/api/secured/client/order/exch';
const OPER = '/api/secured/oper/order/exch';
const PARTNER = '/api/secured/partner/order/exch';

/**
 * A browser-like session on the REST backend: keeps the cookies it is given (SESSION, XSRF-TOKEN, USER_TYPE, _csrf)
 * and sends the anti-forgery header `X-XSRF-TOKEN` (from the XSRF-TOKEN cookie, or GET /api/public/csrf before the
 * first unsafe call) the way the web app does (spec core §7 Public "csrf").
 */
/** What a TLS-terminating proxy adds to a request (the platform trusts it from loopback, TRUSTED_PROXIES). */
export const BEHIND_TLS = { 'x-forwarded-proto': 'https' };

export class RestSession {
  /** @param {string} baseUrl origin of the backend (or of the gateway for its proxied REST paths) */
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
    this.csrf = undefined;
  }

  /** Signs `email` in with the demo password (POST /api/public/common/login, Basic header); answers the session. */
  static async signIn(baseUrl, email) {
    const s = new RestSession(baseUrl);
    const basic = Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64');
    await s.call('POST', '/api/public/common/login', { body: {}, headers: { authorization: `Basic ${basic}` } });
    return s;
  }

  /** Takes the Set-Cookie headers of `res` into the jar (empty or expired values remove the cookie). */
  absorb(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The `Cookie` header of the jar. */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The anti-forgery token a browser would send: the XSRF-TOKEN cookie's value (decoded), or the fetched one. */
  xsrfToken() {
    const c = this.cookies.get('XSRF-TOKEN');
    return c ? decodeURIComponent(c) : this.csrf;
  }

  /**
   * Headers of a browser call: cookies and, when known, `X-XSRF-TOKEN`; `X-Forwarded-Proto: https` as a TLS proxy in
   * front of the platform sends it (a platform with NODE_ENV=production sets its cookies Secure, only over https).
   */
  headers(extra = {}) {
    const h = { ...BEHIND_TLS, ...extra };
    if (this.cookies.size) h.cookie = this.cookieHeader();
    const t = this.xsrfToken();
    if (t) h['x-xsrf-token'] = t;
    return h;
  }

  /**
   * One call; answers the parsed JSON body (null when empty). Throws with the status and the body unless 2xx.
   * `body` is sent as JSON.
   */
  async call(method, path, { body, headers = {} } = {}) {
    if (method !== 'GET' && !this.xsrfToken()) {
      const r = await fetch(`${this.baseUrl}/api/public/csrf`, { headers: this.headers() });
      this.absorb(r);
      this.csrf = (await r.json()).token;
    }
    const h = this.headers(headers);
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: h,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    this.absorb(res);
    const text = await res.text();
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${method} ${path} answered ${res.status} ${text.slice(0, 400)}`);
    }
    return text ? JSON.parse(text) : null;
  }

  /** POST `path` with a JSON body (default `{}`). */
  post(path, body = {}) {
    return this.call('POST', path, { body });
  }

  /** GET `path`. */
  get(path) {
    return this.call('GET', path);
  }
}

/** YYYY-MM-DD `n` days from now. */
function day(n) {
  return new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
}

const SUPPLIERS = [
  { countryCode: 'CN', city: 'Beijing', bankName: 'BANK OF CHINA', swift: 'BKCHCNBJ', currency: 'USD' },
  { countryCode: 'TR', city: 'Istanbul', bankName: 'TURKIYE IS BANKASI', swift: 'ISBKTRIS', currency: 'USD' },
  { countryCode: 'AE', city: 'Dubai', bankName: 'EMIRATES NBD', swift: 'EBILAEAD', currency: 'AED' },
  { countryCode: 'IN', city: 'Mumbai', bankName: 'STATE BANK OF INDIA', swift: 'SBININBB', currency: 'USD' },
];

/** The i-th request of the data set: a valid order input (spec core §3 Request) varying country, sum and term. */
function orderInput(i) {
  const s = SUPPLIERS[i % SUPPLIERS.length];
  return {
    paymentType: 'SENDING',
    amount: { cost: `${10_000 + ((i * 137) % 90_000)}.50`, currency: s.currency },
    counterparty: { countryCode: s.countryCode, city: s.city, bankName: s.bankName, swift: s.swift },
    tnvedCode: '8471300000',
    goodsLocation: 'NOT_IMPORTED',
    paymentDateFrom: day(3),
    paymentDateTo: day(20),
    comment: `Оплата по контракту № ${i + 1}`,
    fileIds: [],
  };
}

/** An agent's offer (spec core §3 "Offer"; the commission is computed by the server). */
function offerInput(usd, fee, course) {
  return {
    dealMethod: 'PROTECTED',
    paymentDateFrom: day(1),
    paymentDateTo: day(12),
    clientFeePercent: fee,
    additionalExpenses: usd
      ? [{ amount: '25', currency: 'USD', rate: course, description: 'Комиссия банка-корреспондента' }]
      : [],
    exchangeRate: { course, source: 'ЦБ РФ', courseDeterminationRules: 'Курс на дату оплаты' },
    transactionType: 'SWIFT',
  };
}

/** Runs `fn(i)` for i in [0, n) with at most `width` calls in flight. */
async function pool(n, width, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

/**
 * Which requests (by creation index, 0 = oldest) get two offers: every 4th of the newest, so that a page of 3 holds
 * 1, a page of 10 holds 3 and a page of 50 holds all `withOffers` of them (the list is newest first).
 */
export function offerIndexes(requests, withOffers) {
  return Array.from({ length: withOffers }, (_, k) => requests - 1 - 4 * k).filter((i) => i >= 0);
}

/**
 * Creates the data set on the backend at `backendUrl` (an empty database with the demo accounts): `requests` requests
 * of client@example.com, `withOffers` of them ({@link offerIndexes}) taken by the operator, sent to both payment
 * agents and answered by an offer of each. Answers `{ orderIds, offered, ms }` (ids in creation order, the ids with
 * offers, the time it took in ms).
 */
export async function createRequestsDataset(backendUrl, { requests = 200, withOffers = 12 } = {}) {
  const started = Date.now();
  const [client, oper, p1, p2] = await Promise.all(
    ['client@example.com', 'operator@example.com', 'partner1@example.com', 'partner2@example.com'].map((e) =>
      RestSession.signIn(backendUrl, e),
    ),
  );
  const [p1User, p2User] = await Promise.all([p1, p2].map((p) => p.get('/api/secured/common/current/user')));
  const partnerIds = [p1User.company.id, p2User.company.id];
  // One at a time so that the creation times (the list's order) follow the index.
  const orderIds = [];
  for (let i = 0; i < requests; i++) orderIds.push((await client.post(CLIENT, orderInput(i))).id);
  const offered = offerIndexes(requests, withOffers).map((i) => orderIds[i]);
  await pool(offered.length, 3, async (k) => {
    const id = offered[k];
    const usd = orderInput(orderIds.indexOf(id)).amount.currency === 'USD';
    await oper.post(`${OPER}/${id}/take`, {});
    await oper.post(`${OPER}/${id}/partners/send`, { partnerIds });
    for (const [agent, fee, course] of [
      [p1, '1.2', '92.45'],
      [p2, '1.1', '92.60'],
    ]) {
      await agent.post(`${PARTNER}/${id}/take`, {});
      await agent.post(`${PARTNER}/${id}/offer/send`, offerInput(usd, fee, course));
    }
  });
  return { orderIds, offered, ms: Date.now() - started };
}

/** Drops (if present) and creates the PostgreSQL database `name` on {@link PG_SERVER}; answers its URL. */
export const freshDatabase = (name) => freshDatabaseOn(`${PG_SERVER}/postgres`, name);

/** Drops the PostgreSQL database `name` (after the platform using it stopped). */
export const dropDatabase = (name) => dropDatabaseOn(`${PG_SERVER}/postgres`, name);

/**
 * The process ids of the PostgreSQL server processes connected to database `name` (pg_stat_activity; the server must
 * run on this machine for their CPU to be read from /proc), e.g. the backend's pool.
 */
export async function databasePids(name) {
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  try {
    const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [name]);
    return rows.map((r) => r.pid);
  } finally {
    await admin.end();
  }
}

/**
 * Starts the built platform (tests/bench/lib/platform.mjs, ports of BENCH_PORTS) without the demo world on a fresh
 * PostgreSQL database `database` and creates the data set ({@link createRequestsDataset}). The gateway's per-session
 * rate limit is lifted (a benchmark sends thousands of requests a minute from one session). Answers the platform
 * (`base`, `backendUrl`, `pids()`, `stop()` — which also drops the database) and the data set.
 */
export async function startWithRequests({ database, requests = 200, withOffers = 12, env = {} }) {
  const url = await freshDatabase(database);
  const platform = await startPlatform({
    empty: true,
    env: { DATABASE_URL: url, RATE_LIMIT_SESSION_PER_MINUTE: '100000000', ...env },
  });
  const stop = async () => {
    await platform.stop();
    await dropDatabase(database).catch(() => undefined);
  };
  try {
    const dataset = await createRequestsDataset(platform.backendUrl, { requests, withOffers });
    return { ...platform, stop, dataset };
  } catch (error) {
    await stop();
    throw error;
  }
}
