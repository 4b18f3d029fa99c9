#!/usr/bin/env node
/**
 * Backend CPU per order-list call at data scale (issue 15; docs/performance.md "Data scale on PostgreSQL"): the
 * client's, the payment agent's and the operator's list pages (`filter`, 10 rows) and counts of
 * tests/bench/data-scale.mjs, each `--n` times one after another after `--warmup` calls, with the backend process's
 * CPU time (user + system, /proc/<pid>/stat) per call beside the round trip's p50 / p95. CPU per call moves much less
 * than the round trip when other processes load the machine, so it compares two builds on a shared machine.
 *
 *   node tests/bench/list-cpu.mjs --database-url postgres://…/bench_x [--n 200] [--warmup 20] [--only text]
 *        [--root DIR] [--prof [--top 25] [--prof-dir DIR]]
 *
 * The database must already hold the generated data (run tests/bench/data-scale.mjs on it once, or copy a database
 * that does); never `test` or `postgres`. `--root DIR` runs the built backend of another checkout (its
 * backend/dist, backend/drizzle), e.g. a copy of the build before a change: alternate runs of both to compare.
 * `--prof` runs the backend with `node --cpu-prof` and prints its self time by file and by function over all measured
 * calls (tests/bench/lib/cpu-profile.mjs); profiling slows the backend, so compare figures of runs without it.
 * Ports from BENCH_PORTS. Prints one line per call and a `SUMMARY` line; writes no JSON.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { monotonicMicros, printSummary, summariseProfile } from './lib/cpu-profile.mjs';
import { freePort, root } from './lib/platform.mjs';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    n: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    only: { type: 'string' },
    root: { type: 'string' },
    prof: { type: 'boolean', default: false },
    'prof-dir': { type: 'string' },
    top: { type: 'string', default: '25' },
  },
});
const N = Number(args.n);
const WARMUP = Number(args.warmup);
const buildRoot = args.root ?? root;
const DATABASE_URL = args['database-url'] ?? process.env.DATABASE_URL;
const dbName = DATABASE_URL ? new URL(DATABASE_URL).pathname.slice(1) : '';
if (!DATABASE_URL || ['test', 'postgres', ''].includes(dbName)) {
  console.error('give a database of your own with the generated data: --database-url postgres://…/bench_x');
  process.exit(2);
}
const PASSWORD = 'Demo-2026!';
const CLK_TCK = 100; // Linux USER_HZ
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (user + system) of process `pid` so far. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

// ------------------------------------------------------------------------------------------------ backend
const dataDir = mkdtempSync(join(tmpdir(), 'bench-list-cpu-'));
const profDir = args['prof-dir'] ?? join(dataDir, 'profile');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const backend = spawn(
  process.execPath,
  [...(args.prof ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), join(buildRoot, 'backend/dist/src/server.js')],
  {
    cwd: buildRoot,
    env: {
      ...process.env,
      DATABASE_URL,
      DEMO_WORLD: 'false',
      BACKEND_PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      RATE_LIMIT_PUBLIC_FORMS: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const exited = new Promise((r) => backend.once('exit', r));
let stopped = false;
async function stop() {
  if (stopped) return;
  stopped = true;
  backend.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
}
process.on('SIGINT', () => {
  backend.kill('SIGTERM');
  process.exit(130);
});

try {
  const end = Date.now() + 600_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/public/csrf`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error('the backend did not start');
    await sleep(300);
  }

  // ---------------------------------------------------------------------------------------------- sessions
  class Session {
    cookies = new Map();
    take(res) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair.indexOf('=');
        this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
      }
      return res;
    }
    headers(extra = {}) {
      const h = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...extra };
      const xsrf = this.cookies.get('XSRF-TOKEN');
      if (xsrf) h['x-xsrf-token'] = decodeURIComponent(xsrf);
      return h;
    }
    async call(method, path, body) {
      const res = this.take(
        await fetch(`${base}${path}`, {
          method,
          headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'manual',
        }),
      );
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
      return text ? JSON.parse(text) : null;
    }
  }
  const signIn = async (email, userType) => {
    const s = new Session();
    s.take(await fetch(`${base}/api/public/csrf`));
    const res = s.take(
      await fetch(`${base}/api/public/common/login`, {
        method: 'POST',
        headers: s.headers({
          authorization: `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}`,
          'content-type': 'application/json',
        }),
        body: JSON.stringify({ userType }),
      }),
    );
    if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
    return s;
  };
  const signInOperator = async (email) => {
    const s = new Session();
    const html = await s.take(await fetch(`${base}/oper-login`)).text();
    const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
    if (!token) throw new Error('no anti-forgery token on /oper-login');
    const res = s.take(
      await fetch(`${base}/oper-login`, {
        method: 'POST',
        headers: s.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
        body: new URLSearchParams({ _csrf: token, email, password: PASSWORD }).toString(),
        redirect: 'manual',
      }),
    );
    const code = new URL(res.headers.get('location') ?? 'http://x/').searchParams.get('code');
    if (!code) throw new Error(`operator sign-in: ${res.status}`);
    s.take(await fetch(`${base}/api/public/csrf`, { headers: s.headers() }));
    await s.call('POST', '/api/public/oper/autologin', { code });
    return s;
  };
  const client = await signIn('client@example.com', 'CLIENT');
  const partner = await signIn('partner1@example.com', 'PARTNER');
  const oper = await signInOperator('operator@example.com');

  // ---------------------------------------------------------------------------------------------- the calls
  // the list calls of tests/bench/data-scale.mjs (same names and bodies)
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  const ids = (
    await pool.query(
      `select (select max(id) from orders where company_id = 1) as client_order,
              (select max(order_id) from partner_orders where partner_company_id = 3) as partner_order,
              (select id from users where email = 'operator@example.com') as operator_id,
              (select inn from companies where id = (select company_id from orders where id = 500000)) as inn`,
    )
  ).rows[0];
  await pool.end();
  const page = (extra = {}) => ({ pageable: { page: 0, pageSize: 10 }, ...extra });
  const monthAgo = new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const calls = [];
  const C = '/api/secured/client/order/exch';
  const clientTabs = {
    all: undefined,
    current: ['ACTIVE', 'EXECUTING', 'IN_VALIDATION', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'VALIDATION'],
    completed: ['EXECUTED'],
    cancelled: ['CANCELED', 'REJECTED'],
  };
  for (const [tab, statuses] of Object.entries(clientTabs)) {
    calls.push([`client-filter-${tab}`, client, `${C}/filter`, page(statuses ? { statuses } : {})]);
    calls.push([`client-count-${tab}`, client, `${C}/filter/count`, statuses ? { statuses } : {}]);
  }
  calls.push(['client-filter-number', client, `${C}/filter`, page({ id: String(ids.client_order) })]);
  calls.push([
    'client-filter-completed-amount-asc',
    client,
    `${C}/filter`,
    {
      pageable: { page: 0, pageSize: 10, sortFields: [{ field: 'amount', direction: 'ASC' }] },
      statuses: ['EXECUTED'],
    },
  ]);
  const P = '/api/secured/partner/order/exch';
  const partnerFilters = {
    'tab-all': { tab: 'all' },
    'tab-new': { tab: 'new' },
    'tab-working': { tab: 'working' },
    'tab-deals': { tab: 'deals' },
    'tab-results': { tab: 'results' },
    number: { id: String(ids.partner_order) },
    country: { countryCode: 'CN' },
    term: { paymentDateFrom: monthAgo, paymentDateTo: today },
    'results-country-term': { tab: 'results', countryCode: 'AE', paymentDateFrom: monthAgo, paymentDateTo: today },
  };
  for (const [name, f] of Object.entries(partnerFilters)) {
    calls.push([`partner-filter-${name}`, partner, `${P}/filter`, page(f)]);
    calls.push([`partner-count-${name}`, partner, `${P}/filter/count`, f]);
  }
  const O = '/api/secured/oper/order/exch';
  const operFilters = {
    'tab-all': { tab: 'all' },
    'tab-new': { tab: 'new' },
    'tab-work': { tab: 'work' },
    'tab-deals': { tab: 'deals' },
    'tab-results': { tab: 'results' },
    number: { id: '500000' },
    'client-inn': { client: ids.inn.slice(0, 9) },
    'client-name': { client: 'Импорт 77' },
    employee: { employee: ids.operator_id },
    partner: { partner: 3 },
    'work-partner': { tab: 'work', partner: 3 },
    'deals-employee': { tab: 'deals', employee: ids.operator_id },
  };
  for (const [name, f] of Object.entries(operFilters)) {
    calls.push([`oper-filter-${name}`, oper, `${O}/filter`, page(f)]);
    calls.push([`oper-count-${name}`, oper, `${O}/filter/count`, f]);
  }
  const selected = args.only ? calls.filter(([name]) => name.includes(args.only)) : calls;

  // ---------------------------------------------------------------------------------------------- measure
  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const load0 = loadavg()[0];
  console.log(
    `build: ${buildRoot}; n ${N} after ${WARMUP} warm-up calls; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${'call'.padEnd(40)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'cpu/call'.padStart(9)}  answer`);
  // every call's warm-up first, then the measured calls in one window (the profile's)
  const answers = new Map();
  for (const [name, s, path, body] of selected)
    for (let i = 0; i < WARMUP; i++) answers.set(name, await s.call('POST', path, body));
  let cpuTotal = 0;
  const fromUs = monotonicMicros();
  for (const [name, s, path, body] of selected) {
    const answer = answers.get(name);
    const times = [];
    const cpu0 = cpuSeconds(backend.pid);
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await s.call('POST', path, body);
      times.push(performance.now() - t);
    }
    const cpuMs = ((cpuSeconds(backend.pid) - cpu0) * 1000) / N;
    cpuTotal += cpuMs;
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(40)} ${pct(times, 50).toFixed(1).padStart(6)} ${pct(times, 95).toFixed(1).padStart(6)} ${cpuMs
        .toFixed(2)
        .padStart(9)}  ${answer?.count ?? answer?.totalElements ?? ''}`,
    );
  }
  const toUs = monotonicMicros();
  const load1 = loadavg()[0];
  await stop();
  if (args.prof) {
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    // the measured calls only (not the start-up, sign-ins or warm-up calls)
    if (file)
      printSummary(
        'backend profile (per call)',
        summariseProfile(join(profDir, file), { fromUs, toUs, root: buildRoot }),
        N * selected.length,
        Number(args.top),
      );
  }
  console.log(
    `SUMMARY list-cpu: ${selected.length} calls × ${N}; backend CPU ${(cpuTotal / Math.max(1, selected.length)).toFixed(2)} ms per call on average; load ${load0.toFixed(2)} → ${load1.toFixed(2)}`,
  );
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
