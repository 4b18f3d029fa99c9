#!/usr/bin/env node
/**
 * The gateway against its peer (issue 15 "The peer"): Hive Gateway with the GraphQL Mesh OpenAPI source composed from
 * the backend's own OpenAPI document (tests/bench/lib/hive-peer.mjs), over the same backend and data, forwarding the
 * session. Same connections, alternating runs (ours, peer, ours, peer, …; `--runs`, default 3): p50 / p99 of
 * `--pages` pages one after another (default 100), throughput at `--connections` (default 10) for `--seconds`
 * (default 8) with autocannon, and the CPU per page of each gateway process and of the backend (utime + stime from
 * /proc over the throughput phase / pages). Ratios ours / peer with min / median / max over the runs.
 *
 * Two comparisons, each against the peer's query for the page ({@link PEER_CLIENT_ORDERS_QUERY}, H1: the tab counts
 * and 10 requests of the current tab with the backend's raw status and each offer's id and status; two backend calls):
 * - "requests page": ours answers the web app's persisted ClientFeaPageQuery (the viewer and its company, the tab
 *   counts, 10 requests with the display status derived from their offers; five backend calls today);
 * - "same fields": ours answers {@link OURS_OFFERS_QUERY}, the peer query's fields in our schema.
 * The peer has no derived display statuses and no leading offer (it only maps the REST answers): ours computes them.
 *
 * Data: tests/bench/lib/requests-dataset.mjs (a fresh PostgreSQL database `--database`, default bench_peer; 200
 * requests of the demo client, 12 with two offers). Ports of BENCH_PORTS. Prints a table and a `SUMMARY` line; writes
 * tests/bench/results/peer-gateway.json.
 *
 * `node tests/bench/peer-gateway.mjs [--runs 3] [--pages 100] [--connections 10] [--seconds 8] [--database bench_peer]`
 * (run `npm run build` first).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLIENT_TAB_STATUSES, PEER_CLIENT_ORDERS_QUERY, startHivePeer } from './lib/hive-peer.mjs';
import {
  ACCEPT_ENCODING,
  browserHeaders,
  cpuMeter,
  gatewayClientHeaders,
  gitState,
  load1,
  percentile,
  platformEnv,
  sequential,
  spread,
  throughput,
} from './lib/http-load.mjs';
import { freePort, root } from './lib/platform.mjs';
import { databasePids, RestSession, startWithRequests } from './lib/requests-dataset.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '100' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '8' },
    requests: { type: 'string', default: '200' },
    offers: { type: 'string', default: '12' },
    database: { type: 'string', default: process.env.BENCH_PEER_DATABASE ?? 'bench_peer' },
    'node-env': { type: 'string', default: 'production' },
  },
});
const RUNS = Number(opts.runs);
const PAGES = Number(opts.pages);
const CONNECTIONS = Number(opts.connections);
const SECONDS = Number(opts.seconds);

/** The web app's persisted list query of /client/fea (web/persisted-queries.json, by operation name). */
const persisted = JSON.parse(readFileSync(join(root, 'web', 'persisted-queries.json'), 'utf8'));
const [DOC_ID] = Object.entries(persisted).find(([, text]) => /^\s*query ClientFeaPageQuery\b/.test(text));

/**
 * Our gateway's query with the peer query's shape ({@link PEER_CLIENT_ORDERS_QUERY}): the tab counts and 10 requests
 * of the current tab with the backend's raw status and each agent's offer id and status — no viewer, no derived
 * display status, no leading offer.
 */
export const OURS_OFFERS_QUERY = `query ClientRequestsWithOffers {
  viewer {
    id
    orderTabCounts { current completed cancelled }
    orders(first: 10, tab: CURRENT) {
      totalCount
      edges {
        node {
          id orderId number created paymentType status statusDate
          amount { amount currency }
          counterparty { countryCode countryName }
          partnerOrders { id status }
        }
      }
    }
  }
}`;

const started = new Date();
// The commit and the builds the platform starts from (a build made during the run does not change running processes).
const git = gitState(root);
console.log(`peer gateway: starting the platform on PostgreSQL (${opts.database}), creating the data set…`);
const platform = await startWithRequests({
  database: opts.database,
  requests: Number(opts.requests),
  withOffers: Number(opts.offers),
  // as deployed, like the peer (NODE_ENV=production); the "same fields" query is one of our trusted documents
  env: platformEnv(root, { nodeEnv: opts['node-env'], extraDocuments: [OURS_OFFERS_QUERY] }),
});
let peer;
try {
  const { backend, gateway } = platform.pids();
  const taken = [new URL(platform.base).port, new URL(platform.backendUrl).port].map(Number);
  peer = await startHivePeer({ backendUrl: platform.backendUrl, port: await freePort(taken) });
  console.log(`gateway pid ${gateway}, backend pid ${backend}, peer pid ${peer.pid} at ${peer.url}`);

  const ours = {
    url: `${platform.base}/graphql`,
    headers: await gatewayClientHeaders(platform.base),
    pid: gateway,
  };
  const peerSession = await RestSession.signIn(platform.backendUrl, 'client@example.com');
  const theirs = { url: peer.url, headers: browserHeaders(peerSession.cookies), pid: peer.pid };

  const PEER_BODY = JSON.stringify({
    query: PEER_CLIENT_ORDERS_QUERY,
    variables: { statuses: CLIENT_TAB_STATUSES.current, pageSize: 10 },
  });
  const PAGES_COMPARED = [
    {
      name: 'requests page',
      ours: JSON.stringify({
        doc_id: DOC_ID,
        operationName: 'ClientFeaPageQuery',
        variables: { tab: 'CURRENT', number: null },
      }),
      peer: PEER_BODY,
    },
    {
      name: 'same fields',
      ours: JSON.stringify({ query: OURS_OFFERS_QUERY }),
      peer: PEER_BODY,
    },
  ];

  const encodings = {};
  const post = async (side, body) => {
    const res = await fetch(side.url, { method: 'POST', headers: side.headers, body });
    const json = await res.json();
    if (res.status !== 200 || json.errors) throw new Error(`${side.url}: ${res.status} ${JSON.stringify(json.errors)}`);
    encodings[side === ours ? 'ours' : 'peer'] = res.headers.get('content-encoding') ?? 'identity';
    return json;
  };

  // Both answer, and warm up.
  for (const p of PAGES_COMPARED) {
    const a = await post(ours, p.ours);
    const b = await post(theirs, p.peer);
    console.log(
      `${p.name}: ours ${JSON.stringify(a).length} bytes of JSON, peer ${JSON.stringify(b).length} bytes (uncompressed)`,
    );
    await sequential(() => post(ours, p.ours), 30);
    await sequential(() => post(theirs, p.peer), 30);
  }

  console.log(
    `answers to Accept-Encoding "${ours.headers['accept-encoding']}": ours ${encodings.ours}, peer ${encodings.peer}`,
  );
  const load = [load1()];
  const results = [];
  for (const p of PAGES_COMPARED) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      const run = {};
      for (const [name, side, body] of [
        ['ours', ours, p.ours],
        ['peer', theirs, p.peer],
      ]) {
        const ms = await sequential(() => post(side, body), PAGES);
        // The pool's server processes come and go (idle timeout): read them at each start.
        const meter = cpuMeter({ gateway: side.pid, backend, database: await databasePids(opts.database) });
        const t = await throughput({
          url: side.url,
          connections: CONNECTIONS,
          seconds: SECONDS,
          requests: [{ method: 'POST', headers: side.headers, body }],
        });
        const cpu = meter.stop();
        if (t.non2xx || t.errors) throw new Error(`${name} ${p.name}: ${t.non2xx} non-2xx, ${t.errors} errors`);
        run[name] = {
          p50: percentile(ms, 50),
          p99: percentile(ms, 99),
          pagesPerSecond: t.rps,
          gatewayCpuMsPerPage: (cpu.gateway * 1000) / t.requests,
          backendCpuMsPerPage: (cpu.backend * 1000) / t.requests,
          databaseCpuMsPerPage: (cpu.database * 1000) / t.requests,
        };
        load.push(load1());
      }
      runs.push(run);
      console.log(
        `${p.name} run ${r + 1}: ` +
          ['ours', 'peer']
            .map(
              (n) =>
                `${n} p50 ${run[n].p50.toFixed(1)} ms p99 ${run[n].p99.toFixed(1)} ms ${run[n].pagesPerSecond.toFixed(1)} pages/s ` +
                `gateway CPU ${run[n].gatewayCpuMsPerPage.toFixed(2)} ms/page backend ${run[n].backendCpuMsPerPage.toFixed(2)} ms/page`,
            )
            .join('; '),
      );
    }
    const r2 = (x) => Math.round(x * 100) / 100;
    const ratio = (f) => {
      const s = spread(runs.map((x) => f(x.ours) / f(x.peer)));
      return { min: r2(s.min), median: r2(s.median), max: r2(s.max) };
    };
    const med = (side, f) => r2(spread(runs.map((x) => f(x[side]))).median);
    const fields = [
      'p50',
      'p99',
      'pagesPerSecond',
      'gatewayCpuMsPerPage',
      'backendCpuMsPerPage',
      'databaseCpuMsPerPage',
    ];
    results.push({
      page: p.name,
      runs,
      median: Object.fromEntries(
        ['ours', 'peer'].map((side) => [side, Object.fromEntries(fields.map((f) => [f, med(side, (x) => x[f])]))]),
      ),
      ratiosOursToPeer: Object.fromEntries(fields.map((f) => [f, ratio((x) => x[f])])),
    });
  }

  const cpuInfo = cpus();
  const machine = {
    cpus: cpuInfo.length,
    model: cpuInfo[0]?.model,
    node: process.version,
    loadAverage1m: { min: Math.min(...load), max: Math.max(...load) },
    note: 'shared machine: other jobs ran during the measurement; the load generator runs on the same cores',
  };
  const fmt = (q) => `${q.median} (${q.min}–${q.max})`;
  console.log(
    `\nmachine: ${machine.cpus} × ${machine.model}, node ${machine.node}, load average ${machine.loadAverage1m.min}–${machine.loadAverage1m.max}`,
  );
  console.log(
    'ratios ours / peer, median (min–max) over the runs; the peer has no derived display statuses or leading offer',
  );
  for (const r of results) {
    const q = r.ratiosOursToPeer;
    console.log(
      `\n${r.page}: ours ${JSON.stringify(r.median.ours)}\n${' '.repeat(r.page.length + 2)}peer ${JSON.stringify(r.median.peer)}`,
    );
    console.log(
      `  p50 ${fmt(q.p50)}  p99 ${fmt(q.p99)}  throughput ${fmt(q.pagesPerSecond)}  gateway CPU/page ${fmt(q.gatewayCpuMsPerPage)}  backend CPU/page ${fmt(q.backendCpuMsPerPage)}`,
    );
  }
  const [page, offers] = results;
  const result = {
    benchmark: 'peer-gateway',
    date: started.toISOString(),
    machine,
    git,
    options: {
      nodeEnv: opts['node-env'],
      acceptEncoding: ACCEPT_ENCODING,
      runs: RUNS,
      pages: PAGES,
      connections: CONNECTIONS,
      seconds: SECONDS,
    },
    contentEncoding: encodings,
    peerLimits: 'the peer has no derived display statuses and no leading offer (it maps the REST answers as they are)',
    queries: {
      ours: { page: 'ClientFeaPageQuery (persisted)', offers: OURS_OFFERS_QUERY },
      peer: PEER_CLIENT_ORDERS_QUERY,
    },
    results,
    targets: {
      gatewayCpuAtMostHalfOfPeer: {
        requestsPage: page.ratiosOursToPeer.gatewayCpuMsPerPage.median <= 0.5,
        sameFields: offers.ratiosOursToPeer.gatewayCpuMsPerPage.median <= 0.5,
      },
    },
  };
  mkdirSync(join(root, 'tests', 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'tests', 'bench', 'results', 'peer-gateway.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `\nSUMMARY ours/peer (median of ${RUNS} runs; peer without display statuses or leading offer): ` +
      `requests page throughput ${page.ratiosOursToPeer.pagesPerSecond.median}, p50 ${page.ratiosOursToPeer.p50.median}, gateway CPU/page ${page.ratiosOursToPeer.gatewayCpuMsPerPage.median} ` +
      `(${page.median.ours.gatewayCpuMsPerPage} vs ${page.median.peer.gatewayCpuMsPerPage} ms); ` +
      `same fields throughput ${offers.ratiosOursToPeer.pagesPerSecond.median}, p50 ${offers.ratiosOursToPeer.p50.median}, gateway CPU/page ${offers.ratiosOursToPeer.gatewayCpuMsPerPage.median} ` +
      `(${offers.median.ours.gatewayCpuMsPerPage} vs ${offers.median.peer.gatewayCpuMsPerPage} ms; target ≤ 0.5); load ${machine.loadAverage1m.min}–${machine.loadAverage1m.max}`,
  );
} finally {
  await peer?.stop();
  await platform.stop();
}
