#!/usr/bin/env node
/**
 * Backend CPU per order-list call at data scale (issue 15; docs/performance.md "Data scale on PostgreSQL"): the
 * client's, the payment agent's and the operator's list pages (`filter`, 10 rows), counts and grouped tab counts of
 * tests/bench/data-scale.mjs (tests/bench/lib/scale-calls.mjs `listCalls`), each `--n` times one after another after `--warmup` calls, with the backend process's
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
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { monotonicMicros, printSummary, summariseProfile } from './lib/cpu-profile.mjs';
import { cpuSeconds } from './lib/http-load.mjs';
import { freePort, root } from './lib/platform.mjs';
import { listCalls, scaleIds, signInRoles } from './lib/scale-calls.mjs';

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
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

  // ---------------------------------------------------------------------------------------------- the calls
  // the list calls of tests/bench/data-scale.mjs (same names and bodies; tests/bench/lib/scale-calls.mjs)
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  const ids = await scaleIds(pool);
  await pool.end();
  const calls = listCalls(await signInRoles(base), ids);
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
  for (const [name, s, method, path, body] of selected)
    for (let i = 0; i < WARMUP; i++) answers.set(name, await s.call(method, path, body));
  let cpuTotal = 0;
  const fromUs = monotonicMicros();
  for (const [name, s, method, path, body] of selected) {
    const answer = answers.get(name);
    const times = [];
    const cpu0 = cpuSeconds(backend.pid);
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await s.call(method, path, body);
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
