#!/usr/bin/env node
/**
 * Gateway overhead (issue 15): the client's requests page (/client/fea) as the web app loads it — its persisted query
 * ClientFeaPageQuery by doc id (10 requests with display statuses derived from their offers, and the tab counts) —
 * through the GraphQL gateway, against the same data fetched directly from the REST backend as a browser without the
 * gateway would: the same five REST calls (current user, the filtered page, three tab counts) in parallel, with the
 * session cookie and the X-XSRF-TOKEN header.
 *
 * Data: a fresh PostgreSQL database (`--database`, default bench_gateway; server BENCH_PG_URL) with 200 requests of the
 * demo client, 12 of them with two offers (tests/bench/lib/requests-dataset.mjs), the built platform on ports of
 * BENCH_PORTS (default 4500-4599). Measures, side by side in one run:
 * - latency at 1 connection: `--pages` pages one after another per side (default 200), in alternating blocks of 20,
 *   p50 / p99 and the ratio gateway / direct;
 * - throughput at `--connections` (default 10) with autocannon for `--seconds` per side (default 10), `--rounds`
 *   alternating rounds (default 2): pages/s and the ratio; the direct side's connections each send the five calls in
 *   turn (a page = five requests);
 * - CPU per page of the gateway and of the backend process (utime + stime from /proc over each phase / pages);
 * - upstream calls per page for page sizes 3, 10 and 50 (the same document with `first: N`; the gateway's
 *   `graphql_operation_upstream_calls` histogram and the backend's request counts by route, from their /metrics).
 * Prints a table and a `SUMMARY` line; writes tests/bench/results/gateway-overhead.json.
 *
 * `node tests/bench/gateway-overhead.mjs [--pages 200] [--connections 10] [--seconds 10] [--rounds 2]
 *   [--requests 200] [--offers 12] [--database bench_gateway]` (run `npm run build` first).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLIENT_TAB_STATUSES } from '@platform/domain/deal/display';
import {
  ACCEPT_ENCODING,
  browserHeaders,
  cpuMeter,
  gatewayClientHeaders,
  gitState,
  load1,
  metricByLabel,
  metricValue,
  percentile,
  platformEnv,
  sequential,
  throughput,
} from './lib/http-load.mjs';
import { root } from './lib/platform.mjs';
import { databasePids, RestSession, startWithRequests } from './lib/requests-dataset.mjs';

const { values: opts } = parseArgs({
  options: {
    pages: { type: 'string', default: '200' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    requests: { type: 'string', default: '200' },
    offers: { type: 'string', default: '12' },
    database: { type: 'string', default: process.env.BENCH_DATABASE ?? 'bench_gateway' },
    'node-env': { type: 'string', default: 'production' },
  },
});
const PAGES = Number(opts.pages);
const CONNECTIONS = Number(opts.connections);
const SECONDS = Number(opts.seconds);
const ROUNDS = Number(opts.rounds);
const BLOCK = 20;

/** The web app's persisted list query of /client/fea (web/persisted-queries.json, by operation name). */
const persisted = JSON.parse(readFileSync(join(root, 'web', 'persisted-queries.json'), 'utf8'));
const [DOC_ID, DOC_TEXT] = Object.entries(persisted).find(([, text]) => /^\s*query ClientFeaPageQuery\b/.test(text));
const VARIABLES = { tab: 'CURRENT', number: null };
const GATEWAY_BODY = JSON.stringify({ doc_id: DOC_ID, operationName: 'ClientFeaPageQuery', variables: VARIABLES });

/**
 * The REST calls a browser without the gateway makes for the page of `size` rows (and the gateway makes upstream):
 * the current user, the filtered page and the tab counts — one GET …/tab-counts when the gateway uses that route
 * (`grouped`), else one POST …/filter/count per tab, as the gateway does.
 */
function directCalls(size, grouped) {
  const statuses = (tab) => [...CLIENT_TAB_STATUSES[tab]];
  const count = (tab) => ({
    method: 'POST',
    path: '/api/secured/client/order/exch/filter/count',
    body: JSON.stringify({ statuses: statuses(tab) }),
  });
  return [
    { method: 'GET', path: '/api/secured/common/current/user' },
    {
      method: 'POST',
      path: '/api/secured/client/order/exch/filter',
      body: JSON.stringify({
        pageable: { page: 0, pageSize: size, sortFields: [{ field: 'created', direction: 'DESC' }] },
        statuses: statuses('current'),
      }),
    },
    ...(grouped
      ? [{ method: 'GET', path: '/api/secured/client/order/exch/tab-counts' }]
      : [count('current'), count('completed'), count('cancelled')]),
  ];
}

const started = new Date();
// The commit and the builds the platform starts from (a build made during the run does not change running processes).
const git = gitState(root);
console.log(`gateway overhead: starting the platform on PostgreSQL (${opts.database}), creating the data set…`);
const platform = await startWithRequests({
  database: opts.database,
  requests: Number(opts.requests),
  withOffers: Number(opts.offers),
  // as deployed (NODE_ENV=production); the page-size variants of the upstream-call count are trusted documents
  env: platformEnv(root, {
    nodeEnv: opts['node-env'],
    extraDocuments: [3, 50].map((size) => DOC_TEXT.replace('orders(first: 10,', `orders(first: ${size},`)),
  }),
});
const { base, backendUrl } = platform;
try {
  const { backend, gateway } = platform.pids();
  console.log(
    `data set: ${platform.dataset.orderIds.length} requests, ${platform.dataset.offered.length} with two offers ` +
      `(${(platform.dataset.ms / 1000).toFixed(1)} s); gateway pid ${gateway}, backend pid ${backend}`,
  );

  const gHeaders = await gatewayClientHeaders(base);
  const direct = await RestSession.signIn(backendUrl, 'client@example.com');
  const dHeaders = browserHeaders(direct.cookies);

  const gatewayPage = async (body = GATEWAY_BODY) => {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: gHeaders, body });
    const json = await res.json();
    if (res.status !== 200 || json.errors)
      throw new Error(`gateway page: ${res.status} ${JSON.stringify(json.errors)}`);
    return json.data;
  };
  // The direct side makes the REST calls the gateway makes for the page (read from the backend's request counts by
  // route): GET …/tab-counts once the gateway uses it, else the three filter/count calls.
  const backendRoutes = async () =>
    metricByLabel(
      await (await fetch(`${backendUrl}/metrics`)).text(),
      'http_server_request_duration_seconds_count',
      'route',
    );
  const routesBefore = await backendRoutes();
  await gatewayPage();
  const routesAfter = await backendRoutes();
  const gatewayRoutes = Object.keys(routesAfter).filter(
    (r) => r !== '/metrics' && routesAfter[r] > (routesBefore[r] ?? 0),
  );
  const grouped = gatewayRoutes.includes('/api/secured/client/order/exch/tab-counts');
  const DIRECT = directCalls(10, grouped);
  console.log(`direct REST page: ${DIRECT.map((c) => `${c.method} ${c.path}`).join(', ')} (in parallel)`);
  const missing = gatewayRoutes.filter((r) => !DIRECT.some((c) => c.path === r));
  if (missing.length) console.log(`warning: the gateway also called ${missing.join(', ')}; the direct side does not`);
  const directPage = (calls = DIRECT) =>
    Promise.all(
      calls.map(async (c) => {
        const res = await fetch(`${backendUrl}${c.path}`, { method: c.method, headers: dHeaders, body: c.body });
        if (res.status !== 200) throw new Error(`direct ${c.path}: ${res.status} ${await res.text()}`);
        return res.json();
      }),
    );

  // The two sides answer the same data.
  const g = await gatewayPage();
  const d = await directPage();
  const gOrders = g.viewer.orders.edges.map((e) => e.node.orderId);
  const dOrders = d[1].content.map((o) => o.id);
  if (JSON.stringify(gOrders) !== JSON.stringify(dOrders) || g.viewer.orders.totalCount !== d[1].totalElements) {
    throw new Error(`the two sides differ: ${gOrders} vs ${dOrders}`);
  }
  if (g.viewer.orderTabCounts.current !== (grouped ? d[2].current : d[2].count)) throw new Error('tab counts differ');
  const withOffers = g.viewer.orders.edges.filter((e) => e.node.clientDisplayStatus.code === 'HAS_OFFERS').length;
  console.log(
    `page: ${gOrders.length} requests (${withOffers} with offers), tab counts ${JSON.stringify(g.viewer.orderTabCounts)}`,
  );

  // Warm-up (JIT, connection pools, the database's caches).
  await sequential(() => gatewayPage(), 30);
  await sequential(() => directPage(), 30);

  // Latency at 1 connection, alternating blocks; CPU of both processes per side.
  // The PostgreSQL server processes of the backend's pool count as the database's CPU; the pool opens and closes them
  // (idle timeout), so they are read again at the start of each measured phase.
  const pids = { gateway, backend };
  // Background CPU (timers, event streams, metrics) while no page is asked for, in ms of CPU per second.
  const idleMeter = cpuMeter({ ...pids, database: await databasePids(opts.database) });
  await new Promise((r) => setTimeout(r, 5000));
  const idleUsed = idleMeter.stop();
  const idleCpuMsPerSecond = Object.fromEntries(
    ['gateway', 'backend', 'database'].map((k) => [k, Math.round((idleUsed[k] * 1000) / idleUsed.wall)]),
  );
  const lat = { gateway: [], direct: [] };
  const zero = () => ({ gateway: 0, backend: 0, database: 0, pages: 0 });
  const cpu1 = { gateway: zero(), direct: zero() };
  const load = [load1()];
  for (let done = 0; done < PAGES; done += BLOCK) {
    const n = Math.min(BLOCK, PAGES - done);
    const order = (done / BLOCK) % 2 === 0 ? ['gateway', 'direct'] : ['direct', 'gateway'];
    for (const side of order) {
      const meter = cpuMeter({ ...pids, database: await databasePids(opts.database) });
      lat[side].push(...(await sequential(side === 'gateway' ? () => gatewayPage() : () => directPage(), n)));
      const used = meter.stop();
      cpu1[side].gateway += used.gateway;
      cpu1[side].backend += used.backend;
      cpu1[side].database += used.database;
      cpu1[side].pages += n;
    }
  }
  load.push(load1());

  // Throughput at CONNECTIONS connections, alternating rounds.
  const tp = { gateway: [], direct: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const side of r % 2 === 0 ? ['gateway', 'direct'] : ['direct', 'gateway']) {
      const meter = cpuMeter({ ...pids, database: await databasePids(opts.database) });
      const res =
        side === 'gateway'
          ? await throughput({
              url: base,
              connections: CONNECTIONS,
              seconds: SECONDS,
              requests: [{ method: 'POST', path: '/graphql', headers: gHeaders, body: GATEWAY_BODY }],
            })
          : await throughput({
              url: backendUrl,
              connections: CONNECTIONS,
              seconds: SECONDS,
              requests: DIRECT.map((c) => ({ ...c, headers: dHeaders })),
            });
      const used = meter.stop();
      const perPage = side === 'gateway' ? 1 : DIRECT.length;
      if (res.non2xx || res.errors) throw new Error(`${side} throughput: ${res.non2xx} non-2xx, ${res.errors} errors`);
      tp[side].push({ ...res, pages: res.requests / perPage, pagesPerSecond: res.rps / perPage, cpu: used });
      load.push(load1());
    }
  }

  // Upstream calls per page for page sizes 3, 10 and 50 (after the load's last answers are in).
  await new Promise((r) => setTimeout(r, 2000));
  const upstream = {};
  for (const size of [3, 10, 50]) {
    const text = DOC_TEXT.replace('orders(first: 10,', `orders(first: ${size},`);
    if (text === DOC_TEXT && size !== 10) throw new Error('the page size of ClientFeaPageQuery was not found');
    const body = JSON.stringify({ query: text, operationName: 'ClientFeaPageQuery', variables: VARIABLES });
    const gm0 = await (await fetch(`${base}/metrics`)).text();
    const bm0 = await (await fetch(`${backendUrl}/metrics`)).text();
    const N = 5;
    let rows = 0;
    let offered = 0;
    for (let i = 0; i < N; i++) {
      const data = await gatewayPage(body);
      rows = data.viewer.orders.edges.length;
      offered = data.viewer.orders.edges.filter((e) => e.node.clientDisplayStatus.code === 'HAS_OFFERS').length;
    }
    const gm1 = await (await fetch(`${base}/metrics`)).text();
    const bm1 = await (await fetch(`${backendUrl}/metrics`)).text();
    const labels = { operation: 'ClientFeaPageQuery', type: 'query' };
    const sum = (t) => metricValue(t, 'graphql_operation_upstream_calls_sum', labels);
    const count = (t) => metricValue(t, 'graphql_operation_upstream_calls_count', labels);
    const routes0 = metricByLabel(bm0, 'http_server_request_duration_seconds_count', 'route');
    const routes1 = metricByLabel(bm1, 'http_server_request_duration_seconds_count', 'route');
    const perRoute = Object.fromEntries(
      Object.entries(routes1)
        .map(([route, v]) => [route, (v - (routes0[route] ?? 0)) / N])
        .filter(([route, v]) => v > 0 && route !== '/metrics'),
    );
    upstream[size] = {
      rows,
      withOffers: offered,
      gatewayUpstreamCalls: (sum(gm1) - sum(gm0)) / (count(gm1) - count(gm0)),
      backendRequests: Object.values(perRoute).reduce((a, b) => a + b, 0),
      backendRoutes: perRoute,
      directCalls: directCalls(size, grouped).length,
    };
  }

  // Figures.
  const r2 = (x) => Math.round(x * 100) / 100;
  const r3 = (x) => Math.round(x * 1000) / 1000;
  const latency = Object.fromEntries(
    Object.entries(lat).map(([side, ms]) => [
      side,
      {
        pages: ms.length,
        p50: r2(percentile(ms, 50)),
        p99: r2(percentile(ms, 99)),
        mean: r2(ms.reduce((a, b) => a + b, 0) / ms.length),
      },
    ]),
  );
  const sumBy = (runs, f) => runs.reduce((a, x) => a + f(x), 0);
  const tput = Object.fromEntries(
    Object.entries(tp).map(([side, runs]) => {
      const pages = sumBy(runs, (x) => x.pages);
      const secs = sumBy(runs, (x) => x.seconds);
      return [
        side,
        {
          connections: CONNECTIONS,
          rounds: runs.map((x) => ({ pagesPerSecond: r2(x.pagesPerSecond), requestP50: x.p50, requestP99: x.p99 })),
          pagesPerSecond: r2(pages / secs),
          cpuMsPerPage: {
            gateway: r3((sumBy(runs, (x) => x.cpu.gateway) * 1000) / pages),
            backend: r3((sumBy(runs, (x) => x.cpu.backend) * 1000) / pages),
            database: r3((sumBy(runs, (x) => x.cpu.database) * 1000) / pages),
          },
        },
      ];
    }),
  );
  const cpuSequential = Object.fromEntries(
    Object.entries(cpu1).map(([side, c]) => [
      side,
      {
        gateway: r3((c.gateway * 1000) / c.pages),
        backend: r3((c.backend * 1000) / c.pages),
        database: r3((c.database * 1000) / c.pages),
      },
    ]),
  );
  const ratios = {
    p50: r2(latency.gateway.p50 / latency.direct.p50),
    p99: r2(latency.gateway.p99 / latency.direct.p99),
    throughput: r2(tput.gateway.pagesPerSecond / tput.direct.pagesPerSecond),
  };
  const backendCpuPerPage = tput.gateway.cpuMsPerPage.backend;
  const calls = [3, 10, 50].map((s) => upstream[s].gatewayUpstreamCalls);
  const flat = calls.every((c) => c === calls[0]);

  const cpuInfo = cpus();
  const machine = {
    cpus: cpuInfo.length,
    model: cpuInfo[0]?.model,
    node: process.version,
    loadAverage1m: { min: Math.min(...load), max: Math.max(...load) },
    note: 'shared machine: other jobs ran during the measurement; the load generator runs on the same cores',
  };
  const pad = (s, n) => `${String(s).padEnd(n - 1)} `;
  console.log(
    `\nmachine: ${machine.cpus} × ${machine.model}, node ${machine.node}, load average ${machine.loadAverage1m.min}–${machine.loadAverage1m.max}`,
  );
  console.log(`\n${pad('', 34)}${pad('gateway', 20)}${pad('direct REST', 20)}gateway/direct`);
  console.log(
    `${pad('p50 at 1 connection (ms)', 34)}${pad(latency.gateway.p50, 20)}${pad(latency.direct.p50, 20)}${ratios.p50}`,
  );
  console.log(
    `${pad('p99 at 1 connection (ms)', 34)}${pad(latency.gateway.p99, 20)}${pad(latency.direct.p99, 20)}${ratios.p99}`,
  );
  console.log(
    `${pad(`pages/s at ${CONNECTIONS} connections`, 34)}${pad(tput.gateway.pagesPerSecond, 20)}${pad(tput.direct.pagesPerSecond, 20)}${ratios.throughput}`,
  );
  console.log(
    `${pad('gateway CPU ms/page (1 conn / N)', 34)}${pad(`${cpuSequential.gateway.gateway} / ${tput.gateway.cpuMsPerPage.gateway}`, 20)}${pad('—', 20)}`,
  );
  console.log(
    `${pad('backend CPU ms/page (1 conn / N)', 34)}${pad(`${cpuSequential.gateway.backend} / ${tput.gateway.cpuMsPerPage.backend}`, 20)}${pad(`${cpuSequential.direct.backend} / ${tput.direct.cpuMsPerPage.backend}`, 20)}`,
  );
  console.log(
    `${pad('PostgreSQL CPU ms/page (1 / N)', 34)}${pad(`${cpuSequential.gateway.database} / ${tput.gateway.cpuMsPerPage.database}`, 20)}${pad(`${cpuSequential.direct.database} / ${tput.direct.cpuMsPerPage.database}`, 20)}`,
  );
  console.log('(CPU per page: "1" over the pages at 1 connection, "N" over the throughput runs)');
  console.log(`idle CPU (ms per second, no pages asked for): ${JSON.stringify(idleCpuMsPerSecond)}`);
  console.log('\nupstream calls per page (gateway histogram; backend requests counted by route):');
  for (const s of [3, 10, 50]) {
    const u = upstream[s];
    console.log(
      `  first: ${pad(s, 3)} rows ${pad(u.rows, 3)} with offers ${pad(u.withOffers, 3)} gateway upstream calls ${pad(u.gatewayUpstreamCalls, 4)}` +
        ` backend requests ${pad(u.backendRequests, 4)} direct REST calls ${u.directCalls}`,
    );
  }
  console.log(`  routes (first: 50): ${JSON.stringify(upstream[50].backendRoutes)}`);

  const result = {
    benchmark: 'gateway-overhead',
    date: started.toISOString(),
    machine,
    git,
    options: {
      nodeEnv: opts['node-env'],
      acceptEncoding: ACCEPT_ENCODING,
      pages: PAGES,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      requests: Number(opts.requests),
      offers: Number(opts.offers),
    },
    query: { operationName: 'ClientFeaPageQuery', docId: DOC_ID, variables: VARIABLES, rowsWithOffers: withOffers },
    directCalls: DIRECT.map((c) => `${c.method} ${c.path}`),
    latencyMs: latency,
    throughput: tput,
    cpuMsPerPageSequential: cpuSequential,
    idleCpuMsPerSecond,
    upstreamCalls: upstream,
    ratios,
    targets: {
      gatewayP50AtMost115xDirect: ratios.p50 <= 1.15,
      upstreamCallsFlat: flat,
      backendCpuPerPageAtMost5ms: backendCpuPerPage <= 5,
    },
  };
  mkdirSync(join(root, 'tests', 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'tests', 'bench', 'results', 'gateway-overhead.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(
    `\nSUMMARY gateway/direct p50 ${ratios.p50} (${latency.gateway.p50} vs ${latency.direct.p50} ms; target ≤ 1.15), ` +
      `p99 ${ratios.p99}, throughput ${ratios.throughput} (${tput.gateway.pagesPerSecond} vs ${tput.direct.pagesPerSecond} pages/s at ${CONNECTIONS} conn); ` +
      `CPU/page gateway ${tput.gateway.cpuMsPerPage.gateway} ms, backend ${backendCpuPerPage} ms (target ≤ 5); ` +
      `upstream calls for 3/10/50 rows ${calls.join('/')} (${flat ? 'flat' : 'GROWS'}); load ${machine.loadAverage1m.min}–${machine.loadAverage1m.max}`,
  );
} finally {
  await platform.stop();
}
