/**
 * Measuring helpers of the gateway benchmarks (tests/bench/gateway-overhead.mjs, peer-gateway.mjs): CPU seconds of a
 * process from /proc, sequential latencies, throughput with autocannon, percentiles and ratio statistics. Not a
 * benchmark itself (tests/bench/run.mjs runs only the files directly under tests/bench/).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux x86-64 and arm64). */
const CLK_TCK = 100;

/** CPU seconds (user + system) that process `pid` has used so far, from /proc/<pid>/stat (Linux only). */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) — utime and stime are fields 14 and 15.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / CLK_TCK;
}

/** CPU seconds of `pid`, or null when the process is gone. */
function cpuOrNull(pid) {
  try {
    return cpuSeconds(pid);
  } catch {
    return null;
  }
}

/**
 * Starts counting the CPU of the named processes (`{ gateway: pid, backend: pid }`; a value may also be an array of
 * pids, e.g. the PostgreSQL server processes of a database, summed; a process that ends meanwhile counts 0); `stop()`
 * answers the CPU seconds each used since, with the wall time in seconds as `wall`.
 */
export function cpuMeter(pids) {
  const list = (v) => (Array.isArray(v) ? v : [v]);
  const start = Object.fromEntries(
    Object.entries(pids).map(([k, v]) => [k, list(v).map((pid) => [pid, cpuOrNull(pid)])]),
  );
  const t0 = performance.now();
  return {
    stop() {
      const out = {};
      for (const [k, entries] of Object.entries(start)) {
        out[k] = entries.reduce((sum, [pid, before]) => {
          const now = cpuOrNull(pid);
          return before === null || now === null ? sum : sum + now - before;
        }, 0);
      }
      out.wall = (performance.now() - t0) / 1000;
      return out;
    },
  };
}

/** The p-th percentile (0–100, nearest rank) of `values` (any order). */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Min, median and max of `values`. */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: percentile(sorted, 50), max: sorted[sorted.length - 1] };
}

/** Runs `page()` `n` times one after another; answers the latency of each in ms. */
export async function sequential(page, n) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await page();
    ms.push(performance.now() - t0);
  }
  return ms;
}

/** The 1-minute load average of the machine (how busy the shared cores were). */
export function load1() {
  return Math.round(loadavg()[0] * 100) / 100;
}

/**
 * Throughput with autocannon: `connections` keep-alive connections to `url` for `seconds`, each connection sending
 * `requests` (autocannon request objects: method, path, headers, body) in turn. Answers `{ requests, non2xx, errors,
 * seconds, rps, p50, p99 }` (latencies of single requests in ms).
 */
export async function throughput({ url, requests, connections, seconds }) {
  const result = await autocannon({ url, connections, duration: seconds, requests, pipelining: 1 });
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** The doc id of the web app's `useLoginMutation` (web/persisted-queries.json). */
const LOGIN_DOC_ID = Object.entries(
  JSON.parse(readFileSync(new URL('../../../web/persisted-queries.json', import.meta.url), 'utf8')),
).find(([, text]) => /^\s*mutation useLoginMutation\b/.test(text))?.[0];

/**
 * Signs the demo client in through the gateway at `base` like the web app (the `login` mutation; the gateway sets
 * SESSION, XSRF-TOKEN and USER_TYPE) and answers the headers of its later /graphql calls: the cookies, X-XSRF-TOKEN,
 * JSON and `Accept-Encoding` as a browser sends it.
 */
export async function gatewayClientHeaders(base, email = 'client@example.com', password = 'Demo-2026!') {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    // the web app's own sign-in operation by doc id (a gateway with NODE_ENV=production runs only trusted documents)
    body: JSON.stringify({ doc_id: LOGIN_DOC_ID, variables: { input: { email, password, userType: 'CLIENT' } } }),
  });
  const body = await res.json();
  if (body.data?.login?.__typename !== 'LoginSuccess') throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  const cookies = new Map();
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0];
    const i = pair.indexOf('=');
    cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return browserHeaders(cookies);
}

/**
 * The Accept-Encoding the benchmarks send: a browser's (`gzip, deflate, br`), or BENCH_ACCEPT_ENCODING (e.g. `identity`
 * to compare the gateways without compressing their answers).
 */
export const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';

/** Headers of a browser's same-origin JSON call with the cookies of `cookies` (a Map) and its XSRF-TOKEN. */
export function browserHeaders(cookies) {
  const h = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-forwarded-proto': 'https', // behind a TLS proxy: Secure cookies of a platform with NODE_ENV=production
    'accept-encoding': ACCEPT_ENCODING,
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  const xsrf = cookies.get('XSRF-TOKEN');
  if (xsrf) h['x-xsrf-token'] = decodeURIComponent(xsrf);
  return h;
}

/** The value of Prometheus series `name` with exactly these `labels` in the text exposition `text` (0 if absent). */
export function metricValue(text, name, labels = {}) {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^[^{\s]+(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const have = Object.fromEntries([...(m[1] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[2]);
  }
  return 0;
}

/** Sums every series of `name` in `text` by the value of label `by` (e.g. backend request counts by route). */
export function metricByLabel(text, name, by) {
  const out = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const m = /^[^{]+\{(.*)\}\s+(\S+)/.exec(line);
    const key = new RegExp(`${by}="([^"]*)"`).exec(m?.[1] ?? '')?.[1];
    if (key !== undefined) out[key] = (out[key] ?? 0) + Number(m[2]);
  }
  return out;
}

/**
 * The commit the benchmark ran on (`git rev-parse --short HEAD` in `cwd`) and whether tracked files had uncommitted
 * changes; the platform runs from the last build (`npm run build`), which may be older than either.
 */
export function gitState(cwd) {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty, built: builtAt(cwd) };
  } catch {
    return { commit: null, dirty: null, built: builtAt(cwd) };
  }
}

/** When the backend and the gateway the platform runs were built (mtime of each `dist/src/server.js`, ISO). */
export function builtAt(cwd) {
  const at = (tier) => {
    try {
      return statSync(join(cwd, tier, 'dist', 'src', 'server.js')).mtime.toISOString();
    } catch {
      return null;
    }
  };
  return { backend: at('backend'), gateway: at('gateway') };
}

/**
 * The environment of a platform started as deployed (issue 15: the peer runs with NODE_ENV=production too): `nodeEnv`
 * (`production` by default; `development` for the old behaviour), the OpenAPI document served (the peer composes it),
 * and, in production, where the gateway accepts only trusted documents from a signed-in browser, a persisted-queries
 * file of the web app's operations (`root`/web/persisted-queries.json) plus `extraDocuments` (the benchmark's own query
 * texts) in a temporary directory.
 */
export function platformEnv(root, { nodeEnv = 'production', extraDocuments = [] } = {}) {
  const env = { NODE_ENV: nodeEnv, OPENAPI_DOCS: 'true' };
  if (nodeEnv !== 'production') return env;
  const documents = JSON.parse(readFileSync(join(root, 'web', 'persisted-queries.json'), 'utf8'));
  extraDocuments.forEach((text, i) => (documents[`bench-${i}`] = text));
  const file = join(mkdtempSync(join(tmpdir(), 'bench-persisted-')), 'persisted-queries.json');
  writeFileSync(file, JSON.stringify(documents));
  return { ...env, PERSISTED_QUERIES: file };
}
