#!/usr/bin/env node
/**
 * CPU per page of the client's requests page (issue 15): how many milliseconds of CPU the gateway and the backend
 * each spend on one /client/fea list query (the web app's persisted `ClientFeaPageQuery`, tab CURRENT, signed in as
 * the demo client). Starts the built backend and gateway itself (`npm run build` first) on a fresh data directory
 * (the embedded database, or `DATABASE_URL`, e.g. postgres://postgres@127.0.0.1:5432/bench_x — seeded with the demo
 * world on its first start), sends `--warmup` pages, then `--n` pages one after another (`--concurrency C`: C at a time), and reads each process's CPU
 * time (user + system, /proc/<pid>/stat) before and after: CPU per page = the difference / n. With PGlite the
 * database's work is inside the backend's process; with PostgreSQL it is not. The pages ask for `Accept-Encoding: gzip,
 * deflate, br` like a browser (the gateway compresses the answer); `BENCH_ACCEPT_ENCODING=identity` leaves that out.
 *
 *   node tests/bench/page-cpu.mjs [--n 500] [--warmup 100] [--prof [--prof-dir DIR]] [--top 25] [--root DIR]
 *
 * `--prof` runs both processes with `node --cpu-prof` and prints, for the measured window only, their self time by
 * file/package and by function (tests/bench/lib/cpu-profile.mjs); `--prof-dir DIR` keeps the profiles there (to open
 * in Chrome DevTools). Profiling slows both processes: compare figures of runs without `--prof`. `--root DIR` runs the
 * built backend and gateway of another checkout (e.g. `git worktree add /tmp/base <commit>`, built there) with this
 * checkout's web app operations: on a shared machine, alternate runs of both builds to compare. Ports from BENCH_PORTS (default 4500-4599).
 * Prints the figures and a `SUMMARY ` line; writes tests/bench/results/page-cpu.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { monotonicMicros, printSummary, summariseProfile } from './lib/cpu-profile.mjs';
import { DEMO_CLIENT, freePort, root } from './lib/platform.mjs';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '1' },
    prof: { type: 'boolean', default: false },
    top: { type: 'string', default: '25' },
    'prof-dir': { type: 'string' },
    root: { type: 'string' },
  },
});
const N = Number(args.n);
/** Whose build runs: this checkout, or `--root DIR` (another checkout's built backend/ and gateway/, to compare commits). */
const buildRoot = args.root ?? root;
const WARMUP = Number(args.warmup);
/** Pages in flight at once (`--concurrency C`: C loops sending pages one after another; 1 by default). */
const CONCURRENCY = Math.max(1, Number(args.concurrency));
const CLK_TCK = 100; // Linux USER_HZ (getconf CLK_TCK)

const persisted = JSON.parse(readFileSync(join(root, 'web', 'persisted-queries.json'), 'utf8'));
const docId = (name) => {
  const id = Object.keys(persisted).find((k) => new RegExp(`^(query|mutation) ${name}\\b`).test(persisted[k]));
  if (!id) throw new Error(`no persisted operation ${name}`);
  return id;
};
const PAGE_DOC = docId('ClientFeaPageQuery');
const LOGIN_DOC = docId('useLoginMutation');

/** CPU seconds (user + system) of process `pid` so far. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime, stime (fields 14, 15 of stat)
}

async function waitOk(url, ms = 300_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-page-cpu-'));
const profDir = args['prof-dir'] ?? join(dataDir, 'profiles');
const port = await freePort();
const backendPort = await freePort([port]);
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  DATA_DIR: join(dataDir, 'data'),
  PORT: String(port),
  BACKEND_PORT: String(backendPort),
  BACKEND_URL: `http://127.0.0.1:${backendPort}`,
  PUBLIC_URL: base,
  HOST: '127.0.0.1',
  // one session sends every page: the per-session limit (600 a minute) would answer 429 otherwise
  RATE_LIMIT_SESSION_PER_MINUTE: '100000000',
  // the web app's operations and files are this checkout's (another --root may not have built its web app)
  PERSISTED_QUERIES: join(root, 'web', 'persisted-queries.json'),
  WEB_DIST: join(root, 'web', 'dist'),
};
const children = [];
function start(name, script) {
  const flags = args.prof || args['prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${join(profDir, name)}`] : [];
  const child = spawn(process.execPath, [...flags, script], {
    cwd: buildRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}
async function stopAll() {
  await Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const t = setTimeout(() => c.kill('SIGKILL'), 15_000);
          c.once('exit', () => (clearTimeout(t), resolve()));
          c.kill('SIGTERM');
        }),
    ),
  );
}

let result;
try {
  const backend = start('backend', join(buildRoot, 'backend', 'dist', 'src', 'server.js'));
  await waitOk(`${env.BACKEND_URL}/api/health`);
  const gateway = start('gateway', join(buildRoot, 'gateway', 'dist', 'src', 'server.js'));
  await waitOk(`${base}/health`);

  // Sign in as the demo client through the gateway and keep its cookies.
  const cookies = new Map();
  const login = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ doc_id: LOGIN_DOC, variables: { input: DEMO_CLIENT } }),
  });
  for (const line of login.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  const loginBody = await login.json();
  if (loginBody.data?.login?.__typename !== 'LoginSuccess') throw new Error(`login: ${JSON.stringify(loginBody)}`);
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const headers = {
    'content-type': 'application/json',
    cookie,
    // as a browser sends it (the gateway then compresses the answer); BENCH_ACCEPT_ENCODING=identity: no compression,
    // as tests/bench/gateway-overhead.mjs compares the gateways
    'accept-encoding': process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br',
    ...(cookies.has('XSRF-TOKEN') ? { 'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN')) } : {}),
  };
  const body = JSON.stringify({ doc_id: PAGE_DOC, variables: { tab: 'CURRENT', number: null } });
  const page = async () => {
    const r = await fetch(`${base}/graphql`, { method: 'POST', headers, body });
    const json = await r.json();
    if (!r.ok || json.errors || !json.data?.viewer?.orders)
      throw new Error(`page: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
  const first = await page();
  const rows = first.data.viewer.orders.edges.length;
  for (let i = 0; i < WARMUP; i++) await page();

  const load0 = loadavg()[0];
  const before = { gateway: cpuSeconds(gateway.pid), backend: cpuSeconds(backend.pid) };
  const fromUs = monotonicMicros();
  const t0 = performance.now();
  const latencies = [];
  let sent = 0;
  const loop = async () => {
    while (sent < N) {
      sent += 1;
      const s = performance.now();
      await page();
      latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  const wallMs = performance.now() - t0;
  const toUs = monotonicMicros();
  const after = { gateway: cpuSeconds(gateway.pid), backend: cpuSeconds(backend.pid) };
  latencies.sort((a, b) => a - b);
  const perPage = (k) => ((after[k] - before[k]) * 1000) / N;
  result = {
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    build: args.root ? buildRoot : 'this checkout',
    acceptEncoding: process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br',
    pages: N,
    concurrency: CONCURRENCY,
    rowsPerPage: rows,
    gatewayCpuMsPerPage: Number(perPage('gateway').toFixed(2)),
    backendCpuMsPerPage: Number(perPage('backend').toFixed(2)),
    latencyMs: {
      p50: Number(latencies[Math.floor(N * 0.5)].toFixed(1)),
      p95: Number(latencies[Math.floor(N * 0.95)].toFixed(1)),
    },
    pagesPerSecond: Number(((N * 1000) / wallMs).toFixed(1)),
    loadAverage: [Number(load0.toFixed(2)), Number(loadavg()[0].toFixed(2))],
    profiles: undefined,
  };
  await stopAll();
  if (args.prof || args['prof-dir']) {
    result.profiles = {};
    for (const name of ['gateway', 'backend']) {
      const dir = join(profDir, name);
      const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) continue;
      const s = summariseProfile(join(dir, file), { fromUs, toUs, root: buildRoot });
      printSummary(`${name} profile`, s, N, Number(args.top));
      result.profiles[name] = {
        busyMsPerPage: Number((s.totalUs / 1000 / N).toFixed(2)),
        gcShare: Number((s.gcUs / Math.max(1, s.totalUs)).toFixed(3)),
        topFiles: s.byFile.slice(0, 15).map((r) => ({ file: r.key, msPerPage: Number((r.us / 1000 / N).toFixed(3)) })),
      };
    }
  }
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n/client/fea list query (${result.rowsPerPage} rows), ${result.pages} pages, ${result.concurrency} at a time, ${result.database}, ` +
    `Accept-Encoding ${result.acceptEncoding}${args.root ? `, build of ${buildRoot}` : ''}:`,
);
console.log(`  gateway CPU per page: ${result.gatewayCpuMsPerPage} ms`);
console.log(`  backend CPU per page: ${result.backendCpuMsPerPage} ms`);
console.log(
  `  latency p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms; ${result.pagesPerSecond} pages/s`,
);
console.log(`  load average ${result.loadAverage.join(' → ')} (the machine may be shared)`);
mkdirSync(join(root, 'tests', 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'tests', 'bench', 'results', 'page-cpu.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `SUMMARY page-cpu: gateway ${result.gatewayCpuMsPerPage} ms, backend ${result.backendCpuMsPerPage} ms CPU per /client/fea page (${result.database}, ${result.acceptEncoding}, n=${result.pages}, load ${result.loadAverage[0]})`,
);
