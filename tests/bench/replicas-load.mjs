#!/usr/bin/env node
/**
 * The platform on several replicas under load (issue 15 "Several replicas"; docs/deployment.md "What one PostgreSQL
 * limits"): for each topology of `--topologies` (BACKENDSxGATEWAYS, default `1x1,2x2`) it starts
 * `scripts/start-replicas.mjs --empty` (HAProxy in front of the gateways and of the backends, every process supervised)
 * on a fresh PostgreSQL database (`--database`, default bench_replicas; dropped at the end; server BENCH_PG_URL), creates
 * the requests data set of the gateway benchmarks through the balancer (tests/bench/lib/requests-dataset.mjs: 200
 * requests of the demo client, 12 with two offers), signs the client in through the balancer and loads the web app's
 * persisted `ClientFeaPageQuery` (the /client/fea requests page):
 * - `--pages` pages one after another (p50 / p99 at 1 connection);
 * - autocannon with `--connections` connections for `--seconds` (pages/s, p50 / p99), with the CPU per page of every
 *   process: the backends, the gateways, HAProxy and the PostgreSQL server processes of the database (utime + stime
 *   from /proc), and how the pages were spread over the replicas (each backend's and gateway's request counts from
 *   their /metrics).
 * From PostgreSQL's CPU per page it prints the pages per second that one PostgreSQL core could serve if every other
 * tier were scaled out (1000 / PostgreSQL ms per page): the ceiling one database sets for this page.
 *
 *   npm run build && BENCH_PORTS=4650-4699 node tests/bench/replicas-load.mjs [--topologies 1x1,2x2] [--connections 20]
 *     [--seconds 15] [--pages 200] [--database bench_replicas]
 *
 * Uses ports from BENCH_PORTS (default 4500-4599): the public port, the backends' balancer port and the replicas' ports
 * after each. Needs Debian's haproxy (HAPROXY_BIN) and Redis (REDIS_URL, default redis://127.0.0.1:6379). All processes
 * share this machine's cores with the load generator: compare topologies within one run. Prints a table and a
 * `SUMMARY` line; writes tests/bench/results/replicas-load.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  cpuMeter,
  gatewayClientHeaders,
  gitState,
  load1,
  metricByLabel,
  percentile,
  sequential,
  throughput,
} from './lib/http-load.mjs';
import { freePort, root } from './lib/platform.mjs';
import { createRequestsDataset, databasePids, dropDatabase, freshDatabase } from './lib/requests-dataset.mjs';

const { values: opts } = parseArgs({
  options: {
    topologies: { type: 'string', default: '1x1,2x2' },
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    pages: { type: 'string', default: '200' },
    database: { type: 'string', default: process.env.BENCH_DATABASE ?? 'bench_replicas' },
  },
});
const CONNECTIONS = Number(opts.connections);
const SECONDS = Number(opts.seconds);
const PAGES = Number(opts.pages);
if (['test', 'postgres'].includes(opts.database)) {
  console.error(`refusing to use the database '${opts.database}': give a database of your own (--database)`);
  process.exit(2);
}
const topologies = opts.topologies.split(',').map((t) => {
  const m = /^(\d+)x(\d+)$/.exec(t.trim());
  if (!m) {
    console.error(`bad topology '${t}': BACKENDSxGATEWAYS, e.g. 2x2`);
    process.exit(2);
  }
  return { backends: Number(m[1]), gateways: Number(m[2]) };
});

/** The web app's persisted list query of /client/fea (web/persisted-queries.json, by operation name). */
const persisted = JSON.parse(readFileSync(join(root, 'web', 'persisted-queries.json'), 'utf8'));
const [DOC_ID] = Object.entries(persisted).find(([, text]) => /^\s*query ClientFeaPageQuery\b/.test(text));
const BODY = JSON.stringify({ doc_id: DOC_ID, operationName: 'ClientFeaPageQuery', variables: { tab: 'CURRENT' } });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first of `size` consecutive free ports of BENCH_PORTS outside `taken`. */
async function portBlock(size, taken = []) {
  let first = await freePort(taken);
  for (;;) {
    const block = [first];
    while (block.length < size) {
      const next = await freePort([...taken, ...block]);
      if (next !== first + block.length) break;
      block.push(next);
    }
    if (block.length === size) return first;
    first = await freePort([...taken, ...block]);
  }
}

/** Starts the replicas launcher; answers its ports, pids (from START_PID_FILE) and `stop()`. */
async function startReplicas({ backends, gateways }, databaseUrl) {
  const port = await portBlock(gateways + 1);
  const backendPort = await portBlock(
    backends + 1,
    Array.from({ length: gateways + 1 }, (_, i) => port + i),
  );
  const dir = mkdtempSync(join(tmpdir(), 'bench-replicas-'));
  const pidFile = join(dir, 'pids.json');
  const log = [];
  const launcher = spawn(process.execPath, [join(root, 'scripts', 'start-replicas.mjs'), '--empty'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      BACKEND_PORT: String(backendPort),
      BACKEND_REPLICAS: String(backends),
      GATEWAY_REPLICAS: String(gateways),
      START_PID_FILE: pidFile,
      RATE_LIMIT_SESSION_PER_MINUTE: '100000000', // one benchmark session sends thousands of pages a minute
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const s of [launcher.stdout, launcher.stderr]) s.on('data', (d) => log.push(String(d)));
  const stop = async () => {
    if (launcher.exitCode === null) {
      launcher.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => launcher.once('exit', resolve)), sleep(20_000)]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const end = Date.now() + 300_000;
  for (;;) {
    if (launcher.exitCode !== null) throw new Error(`the launcher stopped:\n${log.join('')}`);
    if (Date.now() > end) {
      await stop();
      throw new Error(`the replicas did not start in 5 min:\n${log.join('')}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok && /Ctrl\+C/.test(log.join(''))) break;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  const pids = JSON.parse(readFileSync(pidFile, 'utf8'));
  const ports = {
    gateways: Array.from({ length: gateways }, (_, i) => port + 1 + i),
    backends: Array.from({ length: backends }, (_, i) => backendPort + 1 + i),
  };
  return { base: `http://127.0.0.1:${port}`, backendUrl: `http://127.0.0.1:${backendPort}`, pids, ports, stop };
}

/** Requests served so far by each replica: the backends' HTTP requests and the gateways' GraphQL operations (/metrics). */
async function servedBy(ports) {
  const count = async (url, metric, label) => {
    const text = await (await fetch(url)).text();
    return Object.values(metricByLabel(text, metric, label)).reduce((a, b) => a + b, 0);
  };
  return {
    backends: await Promise.all(
      ports.backends.map((p) =>
        count(`http://127.0.0.1:${p}/metrics`, 'http_server_request_duration_seconds_count', 'route'),
      ),
    ),
    gateways: await Promise.all(
      ports.gateways.map((p) =>
        count(`http://127.0.0.1:${p}/metrics`, 'graphql_operation_duration_seconds_count', 'operation'),
      ),
    ),
  };
}

const results = [];
for (const topology of topologies) {
  const name = `${topology.backends}x${topology.gateways}`;
  console.log(`\n${name}: ${topology.backends} backend(s), ${topology.gateways} gateway(s) behind HAProxy …`);
  const databaseUrl = await freshDatabase(opts.database);
  const platform = await startReplicas(topology, databaseUrl);
  try {
    const dataset = await createRequestsDataset(platform.backendUrl);
    console.log(`  data set: ${dataset.orderIds.length} requests, ${dataset.offered.length} with two offers`);
    const headers = await gatewayClientHeaders(platform.base);
    const page = async () => {
      const res = await fetch(`${platform.base}/graphql`, { method: 'POST', headers, body: BODY });
      const json = await res.json();
      if (!res.ok || json.errors || !json.data?.viewer) throw new Error(`page failed: ${JSON.stringify(json)}`);
    };
    await sequential(page, 50); // warm-up
    const latency = await sequential(page, PAGES);
    const processes = {
      backends: Object.entries(platform.pids)
        .filter(([k]) => k.startsWith('backend'))
        .map(([, v]) => v),
      gateways: Object.entries(platform.pids)
        .filter(([k]) => k.startsWith('gateway'))
        .map(([, v]) => v),
      haproxy: platform.pids.haproxy,
      postgresql: await databasePids(opts.database),
    };
    const before = await servedBy(platform.ports);
    const meter = cpuMeter(processes);
    const load = await throughput({
      url: `${platform.base}/graphql`,
      requests: [{ method: 'POST', path: '/graphql', headers, body: BODY }],
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    const cpu = meter.stop();
    const after = await servedBy(platform.ports);
    const pagesServed = load.requests - load.non2xx;
    const perPage = (s) => Math.round(((s * 1000) / Math.max(1, pagesServed)) * 1000) / 1000;
    const r = {
      topology: name,
      ...topology,
      p50At1: Math.round(percentile(latency, 50) * 100) / 100,
      p99At1: Math.round(percentile(latency, 99) * 100) / 100,
      pagesPerSecond: Math.round(load.rps * 10) / 10,
      p50: load.p50,
      p99: load.p99,
      non2xx: load.non2xx,
      errors: load.errors,
      cpuMsPerPage: {
        backends: perPage(cpu.backends),
        gateways: perPage(cpu.gateways),
        haproxy: perPage(cpu.haproxy),
        postgresql: perPage(cpu.postgresql),
      },
      cpuCoresUsed: Math.round(((cpu.backends + cpu.gateways + cpu.haproxy + cpu.postgresql) / cpu.wall) * 100) / 100,
      requestsPerReplica: {
        backends: after.backends.map((n, i) => n - before.backends[i]),
        gateways: after.gateways.map((n, i) => n - before.gateways[i]),
      },
      load: load1(),
    };
    r.postgresqlCeilingPagesPerCore =
      r.cpuMsPerPage.postgresql > 0 ? Math.round(1000 / r.cpuMsPerPage.postgresql) : null;
    results.push(r);
    console.log(
      `  1 connection: p50 ${r.p50At1} ms, p99 ${r.p99At1} ms; ${CONNECTIONS} connections: ${r.pagesPerSecond} pages/s, ` +
        `p50 ${r.p50} ms, p99 ${r.p99} ms (non-2xx ${r.non2xx}, errors ${r.errors}); load ${r.load}`,
    );
    console.log(
      `  CPU ms/page: backends ${r.cpuMsPerPage.backends}, gateways ${r.cpuMsPerPage.gateways}, HAProxy ` +
        `${r.cpuMsPerPage.haproxy}, PostgreSQL ${r.cpuMsPerPage.postgresql} (${r.cpuCoresUsed} cores busy)`,
    );
    console.log(
      `  requests served per replica: backends ${r.requestsPerReplica.backends.join(' / ')}, gateways ` +
        `${r.requestsPerReplica.gateways.join(' / ')}`,
    );
  } finally {
    await platform.stop();
    await dropDatabase(opts.database).catch(() => undefined);
  }
}

const machine = { cpus: cpus().length, model: cpus()[0]?.model, node: process.version };
console.log(`\nmachine: ${machine.cpus} × ${machine.model}, node ${machine.node}`);
console.log('topology   p50@1   pages/s   p50     p99     backends  gateways  haproxy  PostgreSQL  (CPU ms/page)');
for (const r of results) {
  console.log(
    `${r.topology.padEnd(10)} ${String(r.p50At1).padStart(6)}  ${String(r.pagesPerSecond).padStart(7)}  ` +
      `${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.cpuMsPerPage.backends).padStart(8)}  ` +
      `${String(r.cpuMsPerPage.gateways).padStart(8)}  ${String(r.cpuMsPerPage.haproxy).padStart(7)}  ` +
      `${String(r.cpuMsPerPage.postgresql).padStart(10)}`,
  );
}
mkdirSync(join(root, 'tests', 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'tests', 'bench', 'results', 'replicas-load.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, git: gitState(root), connections: CONNECTIONS, seconds: SECONDS, results }, null, 2)}\n`,
);
console.log(
  `SUMMARY replicas-load: ${results
    .map(
      (r) =>
        `${r.topology} ${r.pagesPerSecond} pages/s (p99 ${r.p99} ms, PostgreSQL ${r.cpuMsPerPage.postgresql} ms/page → ≤ ${r.postgresqlCeilingPagesPerCore} pages/s per core)`,
    )
    .join('; ')} at ${CONNECTIONS} connections; load ${results.map((r) => r.load).join('/')}`,
);
