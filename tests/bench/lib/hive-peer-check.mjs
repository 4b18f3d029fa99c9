#!/usr/bin/env node
/**
 * Self-check of the Hive Gateway peer (tests/bench/lib/hive-peer.mjs; not a benchmark): starts the built platform
 * (tests/bench/lib/platform.mjs; PGlite, or PostgreSQL with DATABASE_URL=postgres://…/<your database>), starts the
 * peer over its backend, signs the demo client in at the backend (REST, anti-forgery token then the Basic header) and
 * queries the client's requests page through the peer with the client's cookies (PEER_CLIENT_ORDERS_QUERY). Prints the
 * answer's size and a one-line `CHECK ok|failed …`; exits 1 on failure. Stops everything it started.
 *
 *   BENCH_PORTS=4600-4649 DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_h1 node tests/bench/lib/hive-peer-check.mjs
 */
import { readFileSync } from 'node:fs';
import { CLIENT_TAB_STATUSES, PEER_CLIENT_ORDERS_QUERY, startHivePeer } from './hive-peer.mjs';
import { DEMO_CLIENT, freePort, startPlatform } from './platform.mjs';

/** Signs `who` in at the backend; returns the cookie header of the session and its anti-forgery token. */
export async function signInAtBackend(backendUrl, who = DEMO_CLIENT) {
  const jar = new Map();
  const absorb = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${backendUrl}/api/public/csrf`);
  absorb(csrfRes);
  const { token } = await csrfRes.json();
  const login = await fetch(`${backendUrl}/api/public/common/login`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${who.email}:${who.password}`).toString('base64')}`,
      'content-type': 'application/json',
      'x-xsrf-token': token,
      cookie: cookie(),
    },
    body: JSON.stringify({ userType: 'CLIENT' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  absorb(login);
  return { cookie: cookie(), xsrf: jar.get('XSRF-TOKEN') ?? token };
}

const env = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};
const platform = await startPlatform({ env });
let peer;
let ok = false;
try {
  const t0 = performance.now();
  peer = await startHivePeer({ backendUrl: platform.backendUrl, port: await freePort() });
  console.log(`peer ready in ${((performance.now() - t0) / 1000).toFixed(1)} s at ${peer.url} (pid ${peer.pid})`);
  const session = await signInAtBackend(platform.backendUrl);
  const ask = (headers) =>
    fetch(peer.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: PEER_CLIENT_ORDERS_QUERY, variables: { statuses: CLIENT_TAB_STATUSES.current } }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  const signedIn = await ask({ cookie: session.cookie, 'x-xsrf-token': session.xsrf });
  const counts = signedIn.body.data?.tabCounts;
  const orders = signedIn.body.data?.orders;
  console.log('errors:', JSON.stringify(signedIn.body.errors ?? []).slice(0, 500));
  console.log('tab counts:', JSON.stringify(counts));
  console.log(
    `orders: ${orders?.content?.length} of ${orders?.totalElements}; first:`,
    String(JSON.stringify(orders?.content?.[0])).slice(0, 400),
  );
  const offers = orders?.content?.flatMap((o) => o.partnerOrders ?? []) ?? [];
  console.log(`offers on the page: ${offers.length}`, JSON.stringify(offers.slice(0, 3)));
  // A few sequential queries for orientation only (the comparison bench measures properly): median wall time, RSS.
  const times = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await ask({ cookie: session.cookie, 'x-xsrf-token': session.xsrf });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${peer.pid}/status`, 'utf8'))?.[1]);
  console.log(
    `20 sequential queries: median ${times[10].toFixed(1)} ms, max ${times[19].toFixed(1)} ms; peer RSS ${(rssKb / 1024).toFixed(0)} MB`,
  );
  // POST …/filter needs the anti-forgery header: with the cookie alone the backend refuses it (403), the tab counts
  // (GET) still answer — so both forwarded headers are what makes the page work.
  const cookieOnly = await ask({ cookie: session.cookie });
  console.log('cookie without X-XSRF-TOKEN:', JSON.stringify(cookieOnly.body).slice(0, 300));
  const anonymous = await ask({});
  console.log('without the session:', JSON.stringify(anonymous.body).slice(0, 300));
  ok =
    signedIn.status === 200 &&
    !signedIn.body.errors &&
    typeof counts?.current === 'number' &&
    Array.isArray(orders?.content) &&
    orders.content.length > 0 &&
    orders.content.length <= 10 &&
    typeof cookieOnly.body.data?.tabCounts?.current === 'number' &&
    cookieOnly.body.data?.orders?.content === undefined &&
    // Without the cookie the backend answers 401, which Mesh maps to the 401 member (no tab counts).
    anonymous.body.data?.tabCounts?.current === undefined;
} catch (e) {
  console.error(e);
} finally {
  await peer?.stop();
  await platform.stop();
}
console.log(`CHECK ${ok ? 'ok' : 'failed'}: the demo client's requests page through the Hive Gateway peer`);
process.exit(ok ? 0 : 1);
