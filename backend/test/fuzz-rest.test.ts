/**
 * REST fuzz test (issue 14 "Tests", defects 5 and 6): every route of the backend's OpenAPI document gets malformed
 * inputs (test/fuzz-rest-cases.ts: NUL, huge and negative numbers, 23-digit ids, wrong types, 1 MB strings, JSON nested
 * 5 000 deep, a broken multipart boundary), sent signed in as a role that may call it and as a guest, with a valid
 * anti-forgery token. Every answer must be a 4xx with the error contract `{ message, code }` and the database must be
 * unchanged (a fingerprint of every table but the session ones).
 *
 * In `npm test` a seeded sample of each route's cases (PGlite, and PostgreSQL too with DATABASE_URL); FUZZ_FULL=1 sends every case (tests/bench/fuzz-rest.mjs
 * runs it and prints the figures; FUZZ_REPORT=<file> writes them as JSON).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { loadConfig, type Config } from '../src/config.js';
import { allTables, createTestApp, DRIVERS, snapshotDb, type TestApp, type TestClient } from './harness.js';
import { fuzzCases, type FuzzRole, type OpenApiDoc } from './fuzz-rest-cases.js';

/** The generator's seed: change it to explore other samples; a failure names the case to replay. */
const SEED = 20261127;
const FULL = process.env.FUZZ_FULL === '1';
const PER_ROUTE = 4;

/**
 * Tables that change without any write of a fuzz call: sessions (the anonymous sessions of anti-forgery tokens and
 * their expiry), chat presence (last seen on every chat call) and the chat session tokens a GET issues.
 */
const VOLATILE = [
  'sessions',
  'chat_presence',
  'chat_session_tokens',
  // Counters of rate limits and sign-in throttles count every call, malformed or not.
  ...allTables()
    .map((table) => getTableConfig(table).name)
    .filter((name) => /rate_limit|throttle/.test(name)),
];

/**
 * Rate limits high enough that every case reaches the route's own checks (a 429 is a 4xx, but it would hide them).
 * Every bucket of the public and sign-in limits (src/config.ts) gets the same generous one.
 */
function generousRateLimits(config: Config): Partial<Config> {
  const generous = { max: 1_000_000, windowSeconds: 60 };
  const all = <T extends object>(o: T): T =>
    Object.fromEntries(
      Object.entries(o).map(([k, v]) => [k, v && typeof v === 'object' && 'max' in v ? generous : v]),
    ) as T;
  return { publicRateLimit: all(config.publicRateLimit), authRateLimit: all(config.authRateLimit) };
}

/** Row count and a SHA-256 of the rows of every table (reference directories included by their counts only). */
async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const snap = await snapshotDb(t.db, VOLATILE);
  return Object.fromEntries(
    Object.entries(snap).map(([table, rows]) => [
      table,
      `${rows.length}:${createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16)}`,
    ]),
  );
}

const ACCOUNTS: Record<Exclude<FuzzRole, 'guest'>, string> = {
  CLIENT: 'client@example.com',
  PARTNER: 'partner1@example.com',
  AGENT: 'agent@example.com',
  OPER: 'operator@example.com',
};

describe.each(DRIVERS)('REST fuzz: malformed input never answers 5xx nor writes (issue 14) [%s]', (driver) => {
  let t: TestApp;
  const clients = new Map<FuzzRole, TestClient>();

  beforeAll(async () => {
    const defaults = loadConfig({ dataDir: `/tmp/platform-test-${process.pid}`, sessionSecret: 'x'.repeat(64) });
    t = await createTestApp({ driver, config: generousRateLimits(defaults) });
    for (const [role, email] of Object.entries(ACCOUNTS)) clients.set(role as FuzzRole, await t.signedIn(email));
    const guest = t.client();
    await guest.fetchCsrf();
    clients.set('guest', guest);
    for (const c of clients.values()) if (!c.token) await c.fetchCsrf();
  });
  afterAll(() => t?.close());

  it(
    `answers 4xx with { message, code } to every malformed call (${FULL ? 'full' : `${PER_ROUTE} per route`})`,
    async () => {
      const doc = t.app.swagger() as unknown as OpenApiDoc;
      const cases = fuzzCases(doc, { seed: SEED, full: FULL, perRoute: PER_ROUTE });
      const before = await fingerprint(t);
      const started = Date.now();
      const failures: string[] = [];
      const counts = { calls: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
      for (const c of cases) {
        const client = clients.get(c.role)!;
        const headers: Record<string, string> = { ...c.headers, 'x-xsrf-token': client.token! };
        const cookie = client.cookieHeader();
        if (cookie) headers.cookie = cookie;
        const res = await t.app.inject({ method: c.method as 'GET', url: c.url, headers, payload: c.payload });
        counts.calls++;
        counts[`${String(res.statusCode)[0]}xx` as '4xx']++;
        let body: { message?: unknown; code?: unknown } = {};
        try {
          body = res.json();
        } catch {
          /* not JSON: reported below */
        }
        const contract = typeof body.message === 'string' && typeof body.code === 'string';
        if (res.statusCode < 400 || res.statusCode >= 500 || !contract)
          failures.push(
            `${c.role} ${c.method} ${c.route} [${c.what}] → ${res.statusCode} ${res.body.slice(0, 160).replace(/\s+/g, ' ')}`,
          );
      }
      // Error answers a route does not declare are the error-contract test's business (test/error-contract.test.ts).
      t.app.undeclaredErrors.splice(0);
      const after = await fingerprint(t);
      const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
      const figures = {
        seed: SEED,
        full: FULL,
        ...counts,
        failures: failures.length,
        changed,
        ms: Date.now() - started,
      };
      // PGlite's report at FUZZ_REPORT, PostgreSQL's next to it (…-postgres.json).
      const report = process.env.FUZZ_REPORT?.replace(/\.json$/, driver === 'pglite' ? '.json' : `-${driver}.json`);
      if (report) writeFileSync(report, JSON.stringify({ driver, ...figures, failures }, null, 2));
      if (FULL) console.log(`REST fuzz: ${JSON.stringify(figures)}`);
      expect(failures).toEqual([]);
      expect(changed).toEqual([]);
    },
    FULL ? 1_800_000 : 180_000,
  );
});
