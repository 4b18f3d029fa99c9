#!/usr/bin/env node
/**
 * Benchmark: the CSV export of 100 000 orders in constant memory (issue 12 "Load"; docs/integrators.md "CSV export").
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node tests/bench/csv-export.mjs [rows]
 *
 * On PostgreSQL (DATABASE_URL: any database of the server; the benchmark uses its own fresh database `bench_csv`,
 * dropped and created again), it starts the backend from its sources (tsx; migrations and demo seed), inserts the
 * orders with one `generate_series` INSERT, signs in as the demo operator, streams GET /api/secured/reports/orders.csv
 * and prints rows, bytes, seconds, throughput and the backend's RSS (VmRSS sampled every 50 ms and the kernel's
 * peak VmHWM from /proc/<pid>/status) before and during the export, then a one-line summary. The result is written
 * as JSON to tests/bench/results/csv-export.json. No assertion: the figures are for reading (constant memory shows as
 * a peak RSS independent of the row count: compare `node tests/bench/csv-export.mjs 10000`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const ROWS = Number(process.argv[2] ?? 100_000);
const DB = 'bench_csv';
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('csv-export: set DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}
const dbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${DB}`;
  return u.toString();
})();

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function memKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const get = (k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: get('VmRSS'), hwm: get('VmHWM') };
}

async function waitFor(url, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`backend did not become healthy at ${url}`);
}

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`drop database if exists ${DB} with (force)`);
await admin.query(`create database ${DB}`);
await admin.end();

const port = await freePort();
const backend = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: join(root, 'backend'),
  env: {
    ...process.env,
    DATABASE_URL: dbUrl,
    BACKEND_PORT: String(port),
    DATA_DIR: join('/tmp', `bench-csv-${process.pid}`),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => backend.exitCode === null && backend.kill('SIGTERM');
process.on('exit', stop);
const api = `http://127.0.0.1:${port}`;
try {
  await waitFor(`${api}/api/health`);

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const t0 = performance.now();
  const {
    rows: [who],
  } = await db.query(`select id, company_id from users where email = 'client@example.com'`);
  await db.query(
    `insert into orders (company_id, created_by, created_at, payment_type, amount, currency, country_code, city,
       bank_name, swift, tnved_code, goods_location, payment_date_from, payment_date_to, comment, status, status_date)
     select $1, $2, now() - (g || ' seconds')::interval, case when g % 3 = 0 then 'RECEIVING' else 'SENDING' end,
       round((1000 + (g % 997) * 13.37)::numeric, 2), (array['USD','EUR','CNY','AED'])[1 + g % 4],
       (array['CN','TR','AE','IN'])[1 + g % 4], 'Город ' || (g % 50), 'Bank; "N' || g || '"', 'BKCHCNBJ',
       '8471300000', 'NOT_IMPORTED', current_date + 3, current_date + 20,
       case when g % 100 = 0 then '=cmd' else 'Оплата по контракту № ' || g end,
       (array['VALIDATION','ACTIVE','CANCELED'])[1 + g % 3], now()
     from generate_series(1, $3) g`,
    [who.company_id, who.id, ROWS],
  );
  await db.query('analyze orders');
  await db.end();
  const insertSeconds = (performance.now() - t0) / 1000;

  // Sign in as the demo operator (anti-forgery token first, then the Basic header).
  const jar = new Map();
  const absorb = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${api}/api/public/csrf`);
  absorb(csrfRes);
  const { token } = await csrfRes.json();
  const login = await fetch(`${api}/api/public/common/login`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('operator@example.com:Demo-2026!').toString('base64')}`,
      'content-type': 'application/json',
      'x-xsrf-token': token,
      cookie: cookie(),
    },
    body: '{}',
  });
  if (!login.ok) throw new Error(`operator sign-in failed: ${login.status} ${await login.text()}`);
  absorb(login);

  const before = memKb(backend.pid);
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, memKb(backend.pid).rss);
    } catch {
      /* exited */
    }
  }, 50);
  const t1 = performance.now();
  const res = await fetch(`${api}/api/secured/reports/orders.csv`, { headers: { cookie: cookie() } });
  if (!res.ok) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 0x0a) lines++;
  }
  const seconds = (performance.now() - t1) / 1000;
  clearInterval(sampler);
  const after = memKb(backend.pid);
  const dataRows = lines - 1; // minus the header
  const result = {
    benchmark: 'csv-export',
    at: new Date().toISOString(),
    database: 'postgresql',
    ordersInserted: ROWS,
    insertSeconds: Number(insertSeconds.toFixed(2)),
    rows: dataRows,
    bytes,
    seconds: Number(seconds.toFixed(2)),
    rowsPerSecond: Math.round(dataRows / seconds),
    backendRssBeforeMb: Number((before.rss / 1024).toFixed(1)),
    backendPeakRssDuringMb: Number((peakRss / 1024).toFixed(1)),
    backendRssAfterMb: Number((after.rss / 1024).toFixed(1)),
    backendVmHwmMb: Number((after.hwm / 1024).toFixed(1)),
  };
  console.table(result);
  console.log(
    `csv-export: ${dataRows} rows, ${(bytes / 1048576).toFixed(1)} MiB in ${result.seconds} s ` +
      `(${result.rowsPerSecond} rows/s); backend RSS ${result.backendRssBeforeMb} MB before, peak ` +
      `${result.backendPeakRssDuringMb} MB during (VmHWM ${result.backendVmHwmMb} MB)`,
  );
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'csv-export.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  stop();
}
