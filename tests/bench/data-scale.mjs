/**
 * Data scale on PostgreSQL (issue 15; docs/performance.md "Data scale on PostgreSQL (issue 15)").
 *
 *   node tests/bench/data-scale.mjs [--n 50] [--explain] [--database-url postgres://…/bench_h5]
 *
 * Uses the PostgreSQL database DATABASE_URL (or --database-url; default postgres://postgres@127.0.0.1:5432/bench_h5,
 * never `test` or `postgres`; created when missing, about 1.4 GB once generated: drop it when done). The built backend (`npm run build`) is started on it (migrations, demo accounts, no demo
 * world) on a port of BENCH_PORTS; on a database without orders tests/bench/lib/scale-data.sql then generates 1 000 000
 * orders over 1 000 companies and 10 payment agents with their partner orders, offers and bills, and 1 000 chat groups
 * with 100 000 messages and read pointers (VACUUM ANALYZE after). A database that already holds the 1 000 000 orders is
 * used as it is.
 *
 * Signed in as client@example.com (its company has 50 000 orders), partner1@example.com (about 190 000 partner
 * orders) and operator@example.com (every order; through the embedded operator sign-in page), it runs each list call
 * of the three roles' order lists — every tab and filter, the page (`filter`, 10 rows) and the `filter/count` call —
 * and each role's chat group list (first page), group statistics (per type, as the gateway asks: `groupIds: []`) and
 * unread statistic, `--n` times after 3 warm-up
 * calls, one call at a time, and prints p50 / p95 / max in milliseconds (the HTTP round trip on 127.0.0.1: routing,
 * session, SQL, JSON). The issue's target is p95 < 10 ms per call.
 *
 * `--explain` starts the backend with tests/bench/lib/pg-capture.mjs, records the SQL of one run of each call and
 * writes EXPLAIN (ANALYZE, BUFFERS) of each of its statements (the session's own reads left out) to
 * docs/explain/<call>.md.
 *
 * `--only <text>` runs only the calls whose name contains it (no JSON written then).
 *
 * JSON: tests/bench/results/data-scale.json. Last line: `SUMMARY …`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, root } from './lib/platform.mjs';
import { chatCalls, listCalls, scaleIds, signInRoles } from './lib/scale-calls.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const N = Number(opt('n', 50));
const EXPLAIN = args.includes('--explain');
const DATABASE_URL = opt('database-url') ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_h5';
const dbName = new URL(DATABASE_URL).pathname.slice(1);
if (['test', 'postgres', ''].includes(dbName)) {
  console.error(`refusing to use the database '${dbName}': give a database of your own (--database-url)`);
  process.exit(2);
}
const TARGET_MS = 10;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------------ database
{
  // create the database when it does not exist yet (connecting to the server's maintenance database only for that)
  const probe = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await probe.connect();
    await probe.end();
  } catch (e) {
    if (e.code !== '3D000') throw e;
    const admin = new URL(DATABASE_URL);
    admin.pathname = '/postgres';
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`create database "${dbName.replace(/"/g, '""')}"`);
    await c.end();
    console.log(`created the database ${dbName}`);
  }
}

// ------------------------------------------------------------------------------------------------ backend
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-scale-'));
const captureFile = join(dataDir, 'sql.jsonl');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const backend = spawn(
  process.execPath,
  [...(EXPLAIN ? ['--import', join(root, 'tests/bench/lib/pg-capture.mjs')] : []), 'backend/dist/src/server.js'],
  {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL,
      DEMO_WORLD: 'false',
      BACKEND_PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      PG_CAPTURE_FILE: EXPLAIN ? captureFile : '',
      // the sign-in limits (issue 14) would refuse the benchmark's repeated sign-ins from one address
      RATE_LIMIT_PUBLIC_FORMS: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const stop = () => {
  try {
    backend.kill('SIGTERM');
  } catch {
    // gone
  }
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

// a new migration that backfills the generated data (0014–0016: about 2 minutes here) runs before the backend listens
async function waitUp(ms = 600_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${base}/api/public/csrf`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(300);
  }
  throw new Error('the backend did not start');
}
await waitUp();

// ------------------------------------------------------------------------------------------------ data
// JIT off as the backend's own connections (backend/src/db/client.ts), so that the plans are the backend's
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2, options: '-c jit=off' });
const { rows: countRows } = await pool.query('select count(*)::int as n from orders');
if (countRows[0].n === 0) {
  console.log('generating the data (tests/bench/lib/scale-data.sql) …');
  const client = await pool.connect();
  try {
    const script = readFileSync(join(root, 'tests/bench/lib/scale-data.sql'), 'utf8');
    const statements = script
      .split(/;\s*\n/)
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter(Boolean);
    const t0 = Date.now();
    for (const s of statements) {
      const t = Date.now();
      const r = await client.query(s);
      console.log(
        `  ${((Date.now() - t) / 1000).toFixed(1).padStart(6)} s  ${s.split('\n')[0].slice(0, 90)}${r.rowCount ? ` (${r.rowCount})` : ''}`,
      );
    }
    await client.query('vacuum analyze');
    console.log(`generated in ${((Date.now() - t0) / 1000).toFixed(0)} s (vacuum analyze included)`);
  } finally {
    client.release();
  }
} else if (countRows[0].n < 1_000_000) {
  console.error(`the database holds ${countRows[0].n} orders: use an empty (migrated or new) database`);
  process.exit(2);
}
const sizes = (
  await pool.query(
    `select (select count(*) from orders)::int as orders, (select count(*) from partner_orders)::int as partner_orders,
            (select count(*) from partner_order_offers)::int as offers, (select count(*) from pay_checks)::int as pay_checks,
            (select count(*) from companies where kind = 'CLIENT')::int as client_companies,
            (select count(*) from companies where kind = 'PARTNER')::int as payment_agents,
            (select count(*) from chat_groups)::int as chat_groups, (select count(*) from chat_messages)::int as chat_messages,
            (select count(*) from chat_members)::int as chat_members,
            pg_size_pretty(pg_database_size(current_database())) as database_size`,
  )
).rows[0];
console.log('data:', JSON.stringify(sizes));

// ------------------------------------------------------------------------------------------------ the calls
const sessions = await signInRoles(base);
/** [name, session, method, path, body] */
const calls = [...listCalls(sessions, await scaleIds(pool)), ...chatCalls(sessions)];

const only = opt('only');
const selected = only ? calls.filter(([name]) => name.includes(only)) : calls;

// ------------------------------------------------------------------------------------------------ measure
function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const results = [];
console.log(`\n${'call'.padEnd(40)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}  answer`);
for (const [name, s, method, path, body] of selected) {
  let answer;
  for (let i = 0; i < 3; i++) answer = await s.call(method, path, body);
  const times = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await s.call(method, path, body);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const r = {
    name,
    method,
    path,
    body,
    p50: +pct(times, 50).toFixed(2),
    p95: +pct(times, 95).toFixed(2),
    max: +times.at(-1).toFixed(2),
    answer:
      answer?.count ??
      answer?.all ??
      answer?.totalElements ??
      answer?.unreadMessagesCount ??
      answer?.content?.length ??
      // group statistics: the groups the per-type figures cover
      answer?.groupTypeStatistics?.reduce((n, t) => n + t.groupCount, 0),
  };
  results.push(r);
  console.log(
    `${name.padEnd(40)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.max.toFixed(1).padStart(7)}  ${r.answer ?? ''}${r.p95 >= TARGET_MS ? '  SLOW' : ''}`,
  );
}

// ------------------------------------------------------------------------------------------------ explain
if (EXPLAIN) {
  const dir = join(root, 'docs/explain');
  mkdirSync(dir, { recursive: true });
  const explainer = await pool.connect();
  for (const [name, s, method, path, body] of selected) {
    writeFileSync(captureFile, '');
    await s.call(method, path, body);
    await sleep(50);
    const statements = readFileSync(captureFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      // the session store's and the signed-in user's reads are the same for every call (plugins/auth.ts)
      .filter((q) => !/"sessions"|^(begin|commit|rollback)/i.test(q.text.trim()));
    let md =
      `# ${name}\n\n\`${method} ${path}\`${body ? ` with \`${JSON.stringify(body)}\`` : ''} as the ${name.split('-')[0]}` +
      ` (tests/bench/data-scale.mjs --explain; data of tests/bench/lib/scale-data.sql).\n`;
    for (const [i, q] of statements.entries()) {
      let plan;
      const writes = /^\s*(insert|update|delete)/i.test(q.text);
      try {
        await explainer.query('begin');
        const r = await explainer.query(`explain (analyze, buffers) ${q.text}`, q.values);
        plan = r.rows.map((x) => x['QUERY PLAN']).join('\n');
      } catch (e) {
        plan = `(not explained: ${e.message})`;
      } finally {
        await explainer.query('rollback');
      }
      md += `\n## Statement ${i + 1}${writes ? ' (a write; explained inside a rolled-back transaction)' : ''}\n\n\`\`\`sql\n${q.text}\n\`\`\`\n\nParameters: \`${JSON.stringify(q.values)}\`\n\n\`\`\`\n${plan}\n\`\`\`\n`;
    }
    writeFileSync(join(dir, `${name}.md`), md);
  }
  explainer.release();
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${selected.length} calls written to docs/explain/`);
}

// ------------------------------------------------------------------------------------------------ summary
await pool.end();
const slow = results.filter((r) => r.p95 >= TARGET_MS);
const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a), results[0]);
const out = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
  n: N,
  targetP95Ms: TARGET_MS,
  data: sizes,
  results,
};
// a partial run (--only) does not replace the full figures
if (!only) {
  mkdirSync(join(root, 'tests/bench/results'), { recursive: true });
  writeFileSync(join(root, 'tests/bench/results/data-scale.json'), `${JSON.stringify(out, null, 2)}\n`);
}
console.log(
  `SUMMARY data-scale: ${results.length} calls × ${N} on ${sizes.orders} orders / ${sizes.chat_messages} messages; ` +
    `${results.length - slow.length} with p95 < ${TARGET_MS} ms; worst p95 ${worst?.p95} ms (${worst?.name})` +
    `${slow.length ? `; over target: ${slow.map((r) => r.name).join(', ')}` : ''}; load ${loadavg()[0].toFixed(2)}`,
);
process.exit(0);
