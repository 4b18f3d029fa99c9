/**
 * The platform on several replicas (issue 15 "Several replicas"; docs/deployment.md): `scripts/start-replicas.mjs`
 * starts 2 backends and 2 gateways on one PostgreSQL and Redis behind HAProxy. The chat reliability run of issue 4
 * (tests/integration/chat-reliability.test.ts) goes through it: the client and partner1 subscribe to `chatEvents`
 * through the balancer (their WebSockets land on either gateway; each gateway's upstream event stream on either
 * backend), the client sends 1 000 messages through the balancer's backend frontend (parallel batches of 20; a call
 * that a dying replica drops is sent again with the same extMsgId), and meanwhile the gateway holding the most
 * upstream channels and then the backend holding the most event streams are killed (SIGKILL) and restarted by the
 * launcher. Every subscriber receives every message exactly once and in order; the counters read through GraphQL equal
 * the backend's. The sign-ins themselves cross replicas (the operator's form is fetched from one gateway and posted
 * to whichever the balancer picks).
 *
 * Needs PostgreSQL (DATABASE_URL: a copy of the prepared test template is made for the run) and Debian's haproxy
 * (`.ci/run` installs it); runs the BUILT platform (`npm run build` first, as `npm test` does).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePgTemplate, urlForDatabase } from '../../backend/test/template.js';
import { ok, requestChat, sleep, until } from '../support/chat.js';
import { signIn, signInOperator } from '../support/deal.js';
import {
  backendMessageIds,
  expectCountersAsBackend,
  expectEveryMessageOnce,
  ResumingSub,
  sendChatMessage,
} from '../support/reliability.js';
import type { GqlClient } from '../support/stack.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOTAL = 1000;
const BATCH = 20;
/** Batches after which a gateway and then a backend are killed. */
const KILL_GATEWAY_AT = 12;
const KILL_BACKEND_AT = 30;

const DATABASE_URL = process.env.DATABASE_URL;
let database = '';
let launcher: ChildProcess | null = null;
let tmp = '';
let port = 0;
let backendPort = 0;
let url = '';
let backendUrl = '';
let client: GqlClient;
let p1: GqlClient;
let oper: GqlClient;
let p1Company: number;
const subs: ResumingSub[] = [];
const output: string[] = [];

const isFree = (p: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer()
      .once('error', () => resolve(false))
      .listen(p, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/**
 * A port p such that p … p+2 are free (the balancer's frontend and two replicas), below the kernel's ephemeral range
 * (net.ipv4.ip_local_port_range, 32768–60999 on Linux by default): a port in that range can be taken between this
 * check and HAProxy's bind by the source port of any outgoing connection or `listen(0)` of a test in the other worker.
 */
async function freeRun(taken: number[]): Promise<number> {
  for (;;) {
    const p = 20_000 + Math.floor(Math.random() * 12_000);
    if (taken.some((t) => Math.abs(t - p) < 3)) continue;
    if ((await isFree(p)) && (await isFree(p + 1)) && (await isFree(p + 2))) return p;
  }
}

const pids = (): Record<string, number | null> => JSON.parse(readFileSync(join(tmp, 'pids.json'), 'utf8'));

/** A Prometheus gauge of the process at `base` (/metrics of a gateway, /metrics of a backend), 0 when absent. */
async function gauge(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** Kills (SIGKILL) the replica `name` of the launcher and waits until the launcher has restarted it and `health` is ok. */
async function killAndAwaitRestart(name: string, health: string): Promise<number> {
  const before = pids()[name]!;
  process.kill(before, 'SIGKILL');
  const t0 = Date.now();
  await until(
    `${name} restarted`,
    () => {
      const now = pids()[name];
      return now !== null && now !== before;
    },
    30_000,
  );
  for (;;) {
    try {
      if ((await fetch(health)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - t0 > 120_000) throw new Error(`${name} did not become healthy again`);
    await sleep(200);
  }
  return Date.now() - t0;
}

beforeAll(async () => {
  if (!DATABASE_URL) throw new Error('the replicas test needs PostgreSQL: set DATABASE_URL (.ci/run does)');
  const template = await ensurePgTemplate(DATABASE_URL);
  database = `platform_replicas_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${database}" template "${template}"`);
  await admin.end();

  tmp = mkdtempSync(join(tmpdir(), 'replicas-test-'));
  port = await freeRun([]);
  backendPort = await freeRun([port]);
  url = `http://127.0.0.1:${port}`;
  backendUrl = `http://127.0.0.1:${backendPort}`;
  launcher = spawn(process.execPath, [join(root, 'scripts', 'start-replicas.mjs'), '--empty'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: urlForDatabase(DATABASE_URL, database),
      PORT: String(port),
      BACKEND_PORT: String(backendPort),
      PUBLIC_URL: url,
      START_PID_FILE: join(tmp, 'pids.json'),
      RATE_LIMIT_REDIS_PREFIX: `replicas-test-${process.pid}-${Date.now()}:`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const s of [launcher.stdout!, launcher.stderr!]) s.on('data', (d: Buffer) => output.push(d.toString()));
  const t0 = Date.now();
  while (!output.join('').includes('Платформа запущена на репликах')) {
    if (launcher.exitCode !== null) throw new Error(`start-replicas exited:\n${output.join('').slice(-3000)}`);
    if (Date.now() - t0 > 280_000) throw new Error(`start-replicas did not start:\n${output.join('').slice(-3000)}`);
    await sleep(300);
  }

  ({ c: client } = await signIn(url, 'client@example.com', 'CLIENT'));
  let id: number | null;
  ({ c: p1, companyId: id } = await signIn(url, 'partner1@example.com', 'PARTNER'));
  p1Company = id!;
  oper = await signInOperator(url);
}, 300_000);

afterAll(async () => {
  for (const s of subs.splice(0)) await s.stop();
  if (launcher && launcher.exitCode === null) {
    const gone = new Promise((r) => launcher!.once('exit', r));
    launcher.kill('SIGTERM');
    await Promise.race([gone, sleep(15_000)]);
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  if (database && DATABASE_URL) {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
}, 60_000);

describe('the platform on 2 gateways and 2 backends behind HAProxy (issue 15)', () => {
  it(`${TOTAL} messages while a gateway and a backend are killed and restarted: each once, in order, counters exact`, async () => {
    const t0 = Date.now();
    const { group } = await requestChat(client, oper, [p1Company], [p1]);
    const sc = new ResumingSub(url, client, 'client');
    const sp = new ResumingSub(url, p1, 'partner1');
    subs.push(sc, sp);
    sc.start();
    sp.start();

    const gateways = [port + 1, port + 2];
    const backends = [backendPort + 1, backendPort + 2];
    const channels = async () =>
      (await Promise.all(gateways.map((p) => gauge(`http://127.0.0.1:${p}`, 'gateway_realtime_channels_open')))).reduce(
        (x, y) => x + y,
      );
    // Both subscriptions run (one upstream channel per user) before the first message: one without resumeFrom
    // starts at "now".
    for (let tries = 0; (await channels()) < 2; tries++) {
      if (tries === 200) throw new Error('the subscriptions did not open their upstream channels within 20 s');
      await sleep(100);
    }
    await sleep(200);
    const base = Date.now() * 10;
    const sent: number[] = [];
    let gatewayRestartMs = 0;
    let backendRestartMs = 0;
    let killedGateway = '';
    let killedBackend = '';
    for (let b = 0; b < TOTAL / BATCH; b++) {
      const sending = Promise.all(
        Array.from({ length: BATCH }, (_, i) =>
          sendChatMessage(backendUrl, client, group.groupId, base, b * BATCH + i, 50),
        ),
      );
      if (b === KILL_GATEWAY_AT) {
        // the gateway holding the most upstream channels (the subscribers' sockets are on it)
        const open = await Promise.all(
          gateways.map((p) => gauge(`http://127.0.0.1:${p}`, 'gateway_realtime_channels_open')),
        );
        const i = open[1] > open[0] ? 1 : 0;
        killedGateway = `gateway${i + 1} (${open[i]} upstream channels)`;
        gatewayRestartMs = await killAndAwaitRestart(`gateway${i + 1}`, `http://127.0.0.1:${gateways[i]}/health`);
      }
      if (b === KILL_BACKEND_AT) {
        // the backend holding the most event streams (the gateways' upstream channels are on it)
        const open = await Promise.all(backends.map((p) => gauge(`http://127.0.0.1:${p}`, 'event_stream_subscribers')));
        const i = open[1] > open[0] ? 1 : 0;
        killedBackend = `backend${i + 1} (${open[i]} event streams)`;
        backendRestartMs = await killAndAwaitRestart(`backend${i + 1}`, `http://127.0.0.1:${backends[i]}/api/health`);
      }
      sent.push(...(await sending));
      if (b % 10 === 9)
        console.log(
          `[replicas] ${sent.length} sent in ${Date.now() - t0} ms; received client=${sc.news.length} partner1=${sp.news.length}`,
        );
    }
    expect(new Set(sent).size).toBe(TOTAL);

    const all = await backendMessageIds(backendUrl, client, group.groupId);
    expect(all.length).toBe(TOTAL);
    expect([...all].sort((x, y) => x - y)).toEqual([...sent].sort((x, y) => x - y));
    // upstream channels reconnect after the hub's retry delay (chat §9: 5 s)
    for (const s of [sc, sp]) await until(`${s.name}: all ${TOTAL} messages`, () => s.news.length >= TOTAL, 60_000);
    await sleep(500); // anything doubled would arrive now
    const deliveredMs = Date.now() - t0;

    expectEveryMessageOnce([sc, sp], all);
    // the killed gateway held at least one subscriber's socket: it subscribed again on a live gateway
    expect(sc.subscriptions + sp.subscriptions).toBeGreaterThanOrEqual(3);
    const counters = await expectCountersAsBackend(
      backendUrl,
      [
        ['client', client],
        ['partner1', p1],
      ],
      group.groupId,
    );
    expect(counters.partner1.chatUnread).toBe(TOTAL);
    expect(counters.client.chatUnread).toBe(0);
    expect(killedGateway).toMatch(/\(([1-9]\d*) upstream channels\)/);
    expect(killedBackend).toMatch(/\(([1-9]\d*) event streams\)/);
    expect(await ok(client, '{ viewer { userId } }')).toBeTruthy();

    console.log(
      `[replicas] messages=${TOTAL}, killed ${killedGateway} (back in ${gatewayRestartMs} ms) and ${killedBackend} ` +
        `(back in ${backendRestartMs} ms), subscriptions client=${sc.subscriptions} partner1=${sp.subscriptions}, ` +
        `duration=${deliveredMs} ms, counters=${JSON.stringify(counters)}`,
    );
  }, 600_000);
});
