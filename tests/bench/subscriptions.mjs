#!/usr/bin/env node
/**
 * Benchmark: graphql-ws `chatEvents` subscriptions at scale (issue 15 "Subscriptions": 10 000 idle subscribers of
 * `chatEvents` in one gateway process, over 1 000 users, at most 600 MB RSS; delivery from the send call to every
 * receiving socket at 200 messages/s to 1 000 subscribers with p99 under 50 ms on PostgreSQL; nothing lost or doubled).
 *
 *   npm run build && node tests/bench/subscriptions.mjs [options]
 *
 * Set-up: a fresh PostgreSQL database (BENCH_DB, default bench_h4, on BENCH_PG_ADMIN_URL's server, default
 * postgres://postgres@127.0.0.1:5432/template1 — the admin connection only creates and drops it); the built backend
 * (backend/dist/src/server.js, migrations and demo accounts, no demo world) and gateway (gateway/dist/src/server.js)
 * as two separate processes on ports of BENCH_PORTS (default 4500-4599), each spawned through a shell with
 * `ulimit -n 65536`. The chat world is written with the backend's own schema, password hashing and session store
 * (tests/bench/lib/chat-world.mjs): `--users` users (1 000) in groups of `--group-size` (10) members plus one sender,
 * one stored session each.
 *
 * Idle phase: each user opens `--sockets-per-user` graphql-ws sockets (default 1, as one browser tab of the web app
 * multiplexes its subscriptions on one socket) carrying `--subs-per-user` (10) `chatEvents` subscriptions in all, so
 * 10 000 subscriptions over 1 000 sockets by default (`--sockets-per-user 10`: 10 000 sockets of one subscription).
 * Every subscription is proven live by a warm-up message to its group (re-sent every 2 s to groups with a subscription
 * still waiting); then, after `--settle` s, the gateway's VmRSS (/proc/<pid>/status) is read: the idle figure. Those
 * sockets are then closed.
 *
 * Delivery phase: `--delivery-users` users (1 000) each open one socket with one subscription (1 000 subscribers),
 * warmed up the same way; the sender then POSTs messages to the backend (POST /api/secured/common/chat/group/<id>/
 * messages, round-robin over the groups of those users) at `--rate` messages/s (200) for `--seconds` s (10). Each
 * message reaches the `--group-size` subscribers of its group (10 per message by default: 2 000 deliveries/s). Latency
 * per (message, receiving subscription) = receive time in this process − the moment the send call started;
 * p50/p95/p99/max. Every subscription counts each message it received: lost (a message of its group not received),
 * doubled (received twice or more) and stray (a message of another group) are reported. The ad-hoc subscription
 * document selects `cursor kind message { msgId text }`; `--document web` subscribes with the web app's own document
 * instead (web/persisted-queries.json ChatEventsSubscriberSubscription: the message with its item fragment, the group
 * with its list item fragment and the viewer's unread statistic, each event).
 *
 * Caveats printed with the figures: the receiving sockets and the sender run in this one process (its event-loop delay
 * is reported; it adds to the measured latency), and the machine may be shared.
 *
 * Options: --users N --subs-per-user N --sockets-per-user N --group-size N --delivery-users N --rate N --seconds N
 * --settle N --skip-idle --skip-delivery --document bench|web --senders one|members (one: the sender user sends every delivery-phase message, the
 * default; members: each group's first subscribed member sends its group's messages, so no user sends more than
 * rate / groups messages a second and his own subscription receives them too) --backend-dir DIR (the backend
 * started from DIR/dist/src/server.js instead of backend/: e.g. a copy of an earlier build, with DIR/../node_modules
 * a link to the repository's node_modules, for before/after runs without rebuilding) --keep-db --heap-snapshot <seconds to wait for it> --gateway-node-args "<args>" --backend-node-args "<args>" (e.g. "--cpu-prof --cpu-prof-dir=/tmp/x").
 * Prints the figures and a `SUMMARY ` line and writes tests/bench/results/subscriptions.json. No assertion.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import {
  cpuSeconds,
  csrfHeaders,
  dropDatabase,
  freePort,
  freshDatabase,
  rssBytes,
  seedChatWorld,
  sleep,
  spawnNode,
  stopProcess,
  waitOk,
} from './lib/chat-world.mjs';
import { root } from './lib/platform.mjs';
import { monotonicMicros } from './lib/cpu-profile.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const { values: opt } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    'subs-per-user': { type: 'string', default: '10' },
    'sockets-per-user': { type: 'string', default: '1' },
    'group-size': { type: 'string', default: '10' },
    'delivery-users': { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    settle: { type: 'string', default: '5' },
    'skip-idle': { type: 'boolean', default: false },
    'skip-delivery': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    'gateway-node-args': { type: 'string', default: '' },
    'backend-node-args': { type: 'string', default: '' },
    'heap-snapshot': { type: 'string', default: '' },
    senders: { type: 'string', default: 'one' },
    document: { type: 'string', default: 'bench' },
    'backend-dir': { type: 'string', default: '' },
  },
});
const N_USERS = Number(opt.users);
const SUBS_PER_USER = Number(opt['subs-per-user']);
const SOCKETS_PER_USER = Math.min(Number(opt['sockets-per-user']), SUBS_PER_USER);
const GROUP_SIZE = Number(opt['group-size']);
const DELIVERY_USERS = Math.min(Number(opt['delivery-users']), N_USERS);
const RATE = Number(opt.rate);
if (!['one', 'members'].includes(opt.senders)) throw new Error(`--senders one|members, not ${opt.senders}`);
if (!['bench', 'web'].includes(opt.document)) throw new Error(`--document bench|web, not ${opt.document}`);
const SECONDS = Number(opt.seconds);
const SETTLE_S = Number(opt.settle);
const DB_NAME = process.env.BENCH_DB ?? 'bench_h4';
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/template1';
const SESSION_SECRET = 'bench-subscriptions-session-secret-0123456789abcdef';
const MB = 1024 * 1024;

const BENCH_EVENTS = `subscription { chatEvents { __typename ... on ChatMessageEvent { cursor kind message { msgId text } } } }`;
/** The web app's own chatEvents document (web/persisted-queries.json): the message, its group and the unread counters. */
const WEB_EVENTS = Object.values(JSON.parse(readFileSync(join(root, 'web', 'persisted-queries.json'), 'utf8'))).find(
  (text) => /^\s*subscription ChatEventsSubscriberSubscription\b/.test(text),
);
if (opt.document === 'web' && !WEB_EVENTS)
  throw new Error('web/persisted-queries.json has no ChatEventsSubscriberSubscription');
const EVENTS_REQUEST =
  opt.document === 'web' ? { query: WEB_EVENTS, variables: { resumeFrom: null } } : { query: BENCH_EVENTS };

/**
 * Sums of the backend's Prometheus counters (GET /metrics, open without METRICS_TOKEN): SQL statements by operation
 * (`db_query_duration_seconds_count`) and their total seconds; `{}` when /metrics does not answer.
 */
async function backendDbCounters(backendUrl) {
  try {
    const text = await (await fetch(`${backendUrl}/metrics`)).text();
    const out = { statements: 0, seconds: 0, byOperation: {}, byRoute: {} };
    for (const line of text.split('\n')) {
      const r = /^http_server_request_duration_seconds_count\{([^}]*)\} (\S+)/.exec(line);
      if (r) {
        const key = `${/method="([^"]*)"/.exec(r[1])?.[1]} ${/route="([^"]*)"/.exec(r[1])?.[1]}`;
        out.byRoute[key] = (out.byRoute[key] ?? 0) + Number(r[2]);
      }
      let m = /^db_query_duration_seconds_count\{([^}]*)\} (\S+)/.exec(line);
      if (m) {
        const op = /operation="([^"]*)"/.exec(m[1])?.[1] ?? '?';
        out.byOperation[op] = (out.byOperation[op] ?? 0) + Number(m[2]);
        out.statements += Number(m[2]);
      }
      m = /^db_query_duration_seconds_sum\{[^}]*\} (\S+)/.exec(line);
      if (m) out.seconds += Number(m[1]);
    }
    return out;
  } catch {
    return {};
  }
}

/** Percentile `p` (0–100) of sorted `xs` (nearest rank), or null for none. */
function pct(xs, p) {
  if (!xs.length) return null;
  return xs[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))];
}
const round = (x, d = 1) => (x === null ? null : Math.round(x * 10 ** d) / 10 ** d);

/**
 * One graphql-ws socket of a user (the ws package; the SESSION cookie in the upgrade's Cookie header, no Origin as a
 * non-browser client). Resolves when the connection is acknowledged. A socket the server closes before that (e.g.
 * 4408 "Connection initialisation timeout" while the gateway is busy opening others) is retried like a client would,
 * up to `tries` times; `stats.retries` counts them.
 */
async function openSocket(url, cookie, stats, tries = 5) {
  class CookieSocket extends WebSocket {
    constructor(address, protocols) {
      super(address, protocols, { headers: { cookie } });
    }
  }
  for (let attempt = 1; ; attempt++) {
    let client;
    try {
      return await new Promise((resolve, reject) => {
        client = createClient({
          url: url.replace('http', 'ws') + '/graphql',
          webSocketImpl: CookieSocket,
          retryAttempts: 0,
          lazy: false,
          keepAlive: 0,
          onNonLazyError: (e) => reject(e),
          on: {
            connected: () => resolve(client),
            closed: (e) => reject(new Error(`closed ${e?.code ?? ''} ${e?.reason ?? ''}`)),
            error: (e) => reject(new Error(`socket error ${e?.message ?? e?.code ?? e}`)),
          },
        });
      });
    } catch (e) {
      void client?.dispose();
      if (attempt >= tries) throw new Error(`socket not opened after ${tries} tries: ${e.message}`);
      stats.retries++;
      await sleep(500 * attempt);
    }
  }
}

/**
 * A `chatEvents` subscription on `client` for a member of group `groupIndex`. `onMessage(text, sub)` is called with
 * each received message's text at its arrival.
 */
function subscribeEvents(client, groupIndex, onMessage) {
  const sub = { groupIndex, warmed: false, errors: [], completed: false, counts: new Map(), stray: 0 };
  client.subscribe(EVENTS_REQUEST, {
    next: (r) => {
      if (r.errors) sub.errors.push(...r.errors);
      const e = r.data?.chatEvents;
      if (e?.__typename === 'ChatMessageEvent' && e.kind === 'NEW') onMessage(e.message.text ?? '', sub);
    },
    error: (e) => sub.errors.push(e),
    complete: () => {
      sub.completed = true;
    },
  });
  return sub;
}

/** Opens `n` items with `fn(i)` at most `parallel` at a time; answers the results in order. */
async function pooled(n, parallel, fn) {
  const out = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

async function main() {
  const logDir = mkdtempSync(join(tmpdir(), 'bench-subscriptions-'));
  const dataDir = join(logDir, 'data');
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryMB: Math.round(totalmem() / MB),
      node: process.version,
    },
    options: {
      users: N_USERS,
      subsPerUser: SUBS_PER_USER,
      socketsPerUser: SOCKETS_PER_USER,
      groupSize: GROUP_SIZE,
      deliveryUsers: DELIVERY_USERS,
      rate: RATE,
      seconds: SECONDS,
      senders: opt.senders,
      document: opt.document,
      // the backend build measured: null = this checkout's backend/ (before/after runs pass an earlier build)
      backendDir: opt['backend-dir'] || null,
    },
    caveat: 'shared 2-core machine (other helpers and a CI run); receivers and sender run in the benchmark process',
  };
  let backend;
  let gateway;
  const sockets = [];
  try {
    console.log(`database ${DB_NAME}: fresh`);
    const databaseUrl = await freshDatabase(ADMIN_URL, DB_NAME);
    const backendPort = await freePort();
    const gatewayPort = await freePort([backendPort]);
    const backendUrl = `http://127.0.0.1:${backendPort}`;
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET,
      DEMO_WORLD: 'false',
      BACKEND_PORT: String(backendPort),
      BACKEND_URL: backendUrl,
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: gatewayUrl,
      LOG_LEVEL: 'silent',
      OTEL_SDK_DISABLED: 'true',
    };
    delete env.REDIS_URL;
    const t0 = performance.now();
    backend = spawnNode('dist/src/server.js', {
      cwd: opt['backend-dir'] || join(root, 'backend'),
      env,
      logFile: join(logDir, 'backend.log'),
      nodeArgs: opt['backend-node-args'].split(' ').filter(Boolean),
    });
    await waitOk(`${backendUrl}/api/health`);
    console.log(`backend up on ${backendPort} in ${Math.round(performance.now() - t0)} ms (log ${logDir}/backend.log)`);
    const world = await seedChatWorld({
      databaseUrl,
      sessionSecret: SESSION_SECRET,
      users: N_USERS,
      groupSize: GROUP_SIZE,
    });
    console.log(`seeded ${world.users.length} users, ${world.groups.length} groups of ${GROUP_SIZE} + sender`);
    const gwArgs = opt['gateway-node-args'].split(' ').filter(Boolean);
    gateway = spawnNode('dist/src/server.js', {
      cwd: join(root, 'gateway'),
      env,
      logFile: join(logDir, 'gateway.log'),
      nodeArgs: gwArgs,
    });
    await waitOk(`${gatewayUrl}/health`);
    console.log(`gateway up on ${gatewayPort}, pid ${gateway.pid}`);
    const sender = await csrfHeaders(backendUrl, world.sender.cookie);
    /** Per group index: the headers of the user who sends the delivery phase's messages to it (`--senders`). */
    const groupSenders = new Map();
    if (opt.senders === 'members')
      for (const u of world.users.slice(0, DELIVERY_USERS))
        if (!groupSenders.has(u.groupIndex)) groupSenders.set(u.groupIndex, await csrfHeaders(backendUrl, u.cookie));
    const send = (groupIndex, text, as = sender) =>
      fetch(`${backendUrl}/api/secured/common/chat/group/${world.groups[groupIndex].id}/messages`, {
        method: 'POST',
        headers: { ...as, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      }).then(async (r) => {
        if (r.status !== 201) throw new Error(`send: ${r.status} ${await r.text()}`);
      });

    /** Sends warm-up messages until every subscription of `subs` received one (proof that it is live). */
    const warmUp = async (subs, what) => {
      const start = performance.now();
      for (let round = 0; ; round++) {
        const waiting = new Set(subs.filter((s) => !s.warmed).map((s) => s.groupIndex));
        if (!waiting.size) break;
        if (round > 30) throw new Error(`${what}: ${subs.filter((s) => !s.warmed).length} subscriptions never live`);
        const errs = subs.filter((s) => s.errors.length);
        if (errs.length) throw new Error(`${what}: subscription error ${JSON.stringify(errs[0].errors[0])}`);
        await pooled(waiting.size, 10, (i) => send([...waiting][i], `warm:${round}`));
        await sleep(2000);
      }
      return Math.round(performance.now() - start);
    };

    const baseRss = rssBytes(gateway.pid);
    result.gatewayRssStartMB = round(baseRss / MB);

    // ---- idle phase ---------------------------------------------------------------------------------------------
    if (!opt['skip-idle']) {
      const tOpen = performance.now();
      const idleSubs = [];
      const jobs = [];
      for (const u of world.users)
        for (let k = 0; k < SOCKETS_PER_USER; k++) jobs.push({ u, n: Math.ceil(SUBS_PER_USER / SOCKETS_PER_USER), k });
      const stats = { retries: 0 };
      await pooled(jobs.length, 20, async (i) => {
        const { u, k } = jobs[i];
        const client = await openSocket(gatewayUrl, u.cookie, stats);
        sockets.push(client);
        const n = Math.min(SUBS_PER_USER - k * jobs[i].n, jobs[i].n);
        for (let j = 0; j < n; j++)
          idleSubs.push(
            subscribeEvents(client, u.groupIndex, (text, sub) => {
              if (text.startsWith('warm:')) sub.warmed = true;
            }),
          );
      });
      const openMs = Math.round(performance.now() - tOpen);
      console.log(
        `idle: ${sockets.length} sockets, ${idleSubs.length} subscriptions opened in ${openMs} ms (${stats.retries} socket retries)`,
      );
      const warmMs = await warmUp(idleSubs, 'idle');
      console.log(`idle: all ${idleSubs.length} subscriptions live (warm-up ${warmMs} ms); settling ${SETTLE_S} s`);
      await sleep(SETTLE_S * 1000);
      const idleRss = rssBytes(gateway.pid);
      result.idle = {
        sockets: sockets.length,
        subscriptions: idleSubs.length,
        users: world.users.length,
        openMs,
        socketRetries: stats.retries,
        warmUpMs: warmMs,
        gatewayRssMB: round(idleRss / MB),
        gatewayRssPerSubscriptionKB: round((idleRss - baseRss) / idleSubs.length / 1024, 2),
        backendRssMB: round(rssBytes(backend.pid) / MB),
        targetMB: 600,
      };
      console.log(
        `idle: gateway VmRSS ${result.idle.gatewayRssMB} MB with ${idleSubs.length} subscriptions on ${sockets.length} sockets ` +
          `(${result.gatewayRssStartMB} MB before; backend ${result.idle.backendRssMB} MB)`,
      );
      if (opt['heap-snapshot']) {
        // the gateway must run with --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir> (--gateway-node-args)
        process.kill(gateway.pid, 'SIGUSR2');
        console.log(`idle: heap snapshot asked for; waiting ${opt['heap-snapshot']} s`);
        await sleep(Number(opt['heap-snapshot']) * 1000);
      }
      await Promise.all(sockets.splice(0).map((c) => c.dispose()));
      await sleep(1000);
    }

    // ---- delivery phase -----------------------------------------------------------------------------------------
    if (!opt['skip-delivery']) {
      const users = world.users.slice(0, DELIVERY_USERS);
      const groupIdx = [...new Set(users.map((u) => u.groupIndex))];
      const sendStart = new Map(); // seq → ms
      const sendEnd = new Map(); // seq → ms when the send call answered
      /** Per second of the sending phase: the send calls' durations, and the deliveries' time after their send answered. */
      const sendBySecond = [];
      const afterSendBySecond = [];
      const latencies = [];
      /** Per second of the sending phase (by the send's start): the latencies of its messages (where the tail is). */
      const bySecond = [];
      const secondOf = new Map(); // seq → second of the sending phase
      const subs = [];
      const onMessage = (text, sub) => {
        const now = performance.now();
        if (text.startsWith('warm:')) {
          sub.warmed = true;
          return;
        }
        const m = /^bench:(\d+):(\d+)$/.exec(text);
        if (!m) return;
        const seq = Number(m[1]);
        if (Number(m[2]) !== sub.groupIndex) sub.stray++;
        sub.counts.set(seq, (sub.counts.get(seq) ?? 0) + 1);
        const t = sendStart.get(seq);
        if (t !== undefined && sub.counts.get(seq) === 1) {
          latencies.push(now - t);
          (bySecond[secondOf.get(seq)] ??= []).push(now - t);
          // negative when the event reached the socket before the send call's answer reached the sender
          const end = sendEnd.get(seq);
          if (end !== undefined) (afterSendBySecond[secondOf.get(seq)] ??= []).push(now - end);
          else (afterSendBySecond[secondOf.get(seq)] ??= []).push(0);
        }
      };
      const openStats = { retries: 0 };
      await pooled(users.length, 20, async (i) => {
        const client = await openSocket(gatewayUrl, users[i].cookie, openStats);
        sockets.push(client);
        subs.push(subscribeEvents(client, users[i].groupIndex, onMessage));
      });
      const warmMs = await warmUp(subs, 'delivery');
      console.log(`delivery: ${subs.length} subscriptions live on ${sockets.length} sockets (warm-up ${warmMs} ms)`);
      await sleep(2000);
      const total = Math.round(RATE * SECONDS);
      const interval = 1000 / RATE;
      const sent = new Map(); // seq → group index (201 answered)
      const failed = [];
      const inflight = [];
      const sendMs = []; // duration of each send call until its 201
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const cpu0 = { gw: cpuSeconds(gateway.pid), be: cpuSeconds(backend.pid) };
      const load0 = loadavg()[0];
      const db0 = await backendDbCounters(backendUrl);
      let peakRss = 0;
      const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rssBytes(gateway.pid) ?? 0)), 250);
      const start = performance.now();
      const windowFromUs = monotonicMicros(); // the delivery phase on the clock of --cpu-prof samples
      const startedAt = new Date().toISOString(); // to match server logs (autovacuum, checkpoints) with the seconds
      for (let seq = 0; seq < total; seq++) {
        const due = start + seq * interval;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const g = groupIdx[seq % groupIdx.length];
        const t = performance.now();
        sendStart.set(seq, t);
        secondOf.set(seq, Math.floor((t - start) / 1000));
        inflight.push(
          send(g, `bench:${seq}:${g}`, groupSenders.get(g) ?? sender).then(
            () => {
              const end = performance.now();
              sent.set(seq, g);
              sendEnd.set(seq, end);
              sendMs.push(end - t);
              (sendBySecond[secondOf.get(seq)] ??= []).push(end - t);
            },
            (e) => failed.push(String(e)),
          ),
        );
      }
      const sendingMs = performance.now() - start;
      await Promise.all(inflight);
      const expectedDeliveries = [...sent.values()].reduce(
        (n, g) => n + subs.filter((s) => s.groupIndex === g).length,
        0,
      );
      const drainEnd = performance.now() + 30_000;
      while (latencies.length < expectedDeliveries && performance.now() < drainEnd) await sleep(100);
      const windowToUs = monotonicMicros();
      await sleep(1000); // late doubles
      clearInterval(rssTimer);
      loop.disable();
      const cpu1 = { gw: cpuSeconds(gateway.pid), be: cpuSeconds(backend.pid) };
      const load1 = loadavg()[0];
      const db1 = await backendDbCounters(backendUrl);
      const perMsg = (x) => round(x / Math.max(1, total), 2);
      const sqlPerMessage = db0.byOperation
        ? Object.fromEntries(
            Object.entries(db1.byOperation).map(([op, n]) => [op, perMsg(n - (db0.byOperation[op] ?? 0))]),
          )
        : null;
      // backend calls per message by route (the send itself, and whatever the delivery makes the gateway call)
      const callsPerMessage = db0.byRoute
        ? Object.fromEntries(
            Object.entries(db1.byRoute)
              .map(([k, n]) => [k, perMsg(n - (db0.byRoute[k] ?? 0))])
              .filter(([, n]) => n >= 0.01)
              .sort((a, b) => b[1] - a[1]),
          )
        : null;
      const wallS = (performance.now() - start) / 1000;
      let lost = 0;
      let doubled = 0;
      let stray = 0;
      for (const s of subs) {
        stray += s.stray;
        for (const [seq, g] of sent) if (g === s.groupIndex && !s.counts.has(seq)) lost++;
        for (const c of s.counts.values()) if (c > 1) doubled += c - 1;
      }
      latencies.sort((a, b) => a - b);
      result.delivery = {
        subscribers: subs.length,
        sockets: sockets.length,
        groups: groupIdx.length,
        subscribersPerMessage: GROUP_SIZE,
        messagesPlanned: total,
        messagesSent: sent.size,
        sendFailures: failed.length,
        firstSendFailure: failed[0] ?? null,
        achievedRate: round(total / (sendingMs / 1000)),
        expectedDeliveries,
        deliveries: latencies.length,
        lost,
        doubled,
        stray,
        subscriptionErrors: subs.reduce((n, s) => n + s.errors.length, 0),
        latencyMs: {
          p50: round(pct(latencies, 50)),
          p95: round(pct(latencies, 95)),
          p99: round(pct(latencies, 99)),
          max: round(latencies.at(-1) ?? null),
        },
        // p99 of the messages sent in each second of the sending phase: whether the tail is a moment or spread out
        sendingStartedAt: startedAt,
        // sending and draining, in monotonic µs: read --cpu-prof profiles for this window only (lib/cpu-profile.mjs
        // summariseProfile fromUs/toUs)
        profileWindowUs: { from: windowFromUs, to: windowToUs },
        latencyP99BySecondMs: Array.from(bySecond, (xs) =>
          round(
            pct(
              (xs ?? []).sort((a, b) => a - b),
              99,
            ),
          ),
        ),
        // the same seconds split in two hops: the send call (HTTP, statement, commit, sequencer run) and what follows
        // its answer (fan-out, gateway, socket; 0 for a delivery that came first)
        sendCallP99BySecondMs: Array.from(sendBySecond, (xs) =>
          round(
            pct(
              (xs ?? []).sort((a, b) => a - b),
              99,
            ),
          ),
        ),
        afterSendP99BySecondMs: Array.from(afterSendBySecond, (xs) =>
          round(
            pct(
              (xs ?? []).sort((a, b) => a - b),
              99,
            ),
          ),
        ),
        targetP99Ms: 50,
        sendCallMs: (() => {
          const xs = sendMs.sort((a, b) => a - b);
          return { p50: round(pct(xs, 50)), p99: round(pct(xs, 99)), max: round(xs.at(-1) ?? null) };
        })(),
        gatewayCpuPercent: round(((cpu1.gw - cpu0.gw) / wallS) * 100, 0),
        gatewayCpuMsPerDelivery: round(((cpu1.gw - cpu0.gw) * 1000) / Math.max(1, latencies.length), 3),
        backendCpuMsPerMessage: round(((cpu1.be - cpu0.be) * 1000) / Math.max(1, total), 2),
        backendSqlPerMessage: sqlPerMessage,
        backendCallsPerMessage: callsPerMessage,
        backendSqlMsPerMessage: db0.byOperation ? round(((db1.seconds - db0.seconds) * 1000) / total, 2) : null,
        backendCpuPercent: round(((cpu1.be - cpu0.be) / wallS) * 100, 0),
        gatewayPeakRssMB: round(peakRss / MB),
        benchEventLoopDelayMs: { p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
        loadAverage1m: { atStart: round(load0, 2), atEnd: round(load1, 2) },
      };
      const d = result.delivery;
      console.log(
        `delivery: ${d.messagesSent}/${d.messagesPlanned} messages at ${d.achievedRate}/s to ${d.groups} groups of ` +
          `${GROUP_SIZE} subscribers; ${d.deliveries}/${d.expectedDeliveries} deliveries; lost ${lost}, doubled ` +
          `${doubled}, stray ${stray}, send failures ${failed.length}${failed[0] ? ` (${failed[0]})` : ''}`,
      );
      console.log(
        `cost: backend ${d.backendCpuMsPerMessage} ms CPU and ${JSON.stringify(d.backendSqlPerMessage)} SQL statements ` +
          `(${d.backendSqlMsPerMessage} ms) per message; gateway ${d.gatewayCpuMsPerDelivery} ms CPU per delivery`,
      );
      console.log(`backend calls per message by route: ${JSON.stringify(d.backendCallsPerMessage)}`);
      if (`${opt['backend-node-args']} ${opt['gateway-node-args']}`.includes('--cpu-prof'))
        console.log(
          `profile window (monotonic µs, --cpu-prof clock): ${d.profileWindowUs.from} to ${d.profileWindowUs.to}`,
        );
      console.log(
        `delivery latency (send call → socket): p50 ${d.latencyMs.p50} ms, p95 ${d.latencyMs.p95} ms, p99 ` +
          `${d.latencyMs.p99} ms, max ${d.latencyMs.max} ms (p99 by second of sending from ${d.sendingStartedAt}: ${d.latencyP99BySecondMs.join(' ')}); send call itself p50 ${d.sendCallMs.p50} ms, p99 ${d.sendCallMs.p99} ms; CPU gateway ${d.gatewayCpuPercent} %, backend ` +
          `${d.backendCpuPercent} %; bench event-loop delay p99 ${d.benchEventLoopDelayMs.p99} ms; load average ` +
          `${d.loadAverage1m.atStart} → ${d.loadAverage1m.atEnd}`,
      );
      console.log(
        `p99 by second, split: send call ${d.sendCallP99BySecondMs.join(' ')}; after its answer ` +
          `${d.afterSendP99BySecondMs.join(' ')} ms`,
      );
    }
  } finally {
    await Promise.race([
      Promise.all(sockets.splice(0).map((c) => Promise.resolve(c.dispose()).catch(() => {}))),
      sleep(10_000),
    ]);
    await stopProcess(gateway);
    await stopProcess(backend);
    if (!opt['keep-db']) await dropDatabase(ADMIN_URL, DB_NAME).catch((e) => console.error(`drop ${DB_NAME}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'subscriptions.json'), JSON.stringify(result, null, 2) + '\n');
  const i = result.idle;
  const d = result.delivery;
  console.log(
    'SUMMARY ' +
      [
        i
          ? `idle ${i.subscriptions} subscriptions/${i.sockets} sockets/${i.users} users: gateway RSS ${i.gatewayRssMB} MB (target ≤ 600)`
          : null,
        d
          ? `delivery ${d.messagesSent} msgs at ${d.achievedRate}/s to ${d.subscribers} subscribers (${d.subscribersPerMessage}/msg): ` +
            `p50 ${d.latencyMs.p50} p99 ${d.latencyMs.p99} max ${d.latencyMs.max} ms (target p99 < 50), lost ${d.lost}, doubled ${d.doubled}, ` +
            `load ${d.loadAverage1m.atStart}–${d.loadAverage1m.atEnd}`
          : null,
      ]
        .filter(Boolean)
        .join('; '),
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  },
);
