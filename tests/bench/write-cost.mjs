/**
 * Write cost of the triggers that keep the list counters, the copied order columns and the chat counters (issue 15;
 * docs/performance.md "Write cost of the triggers").
 *
 *   node tests/bench/write-cost.mjs [--template bench_h5] [--database bench_wc] [--rounds 200] [--keep]
 *
 * Copies the data-scale database (`--template`, default bench_h5: the database tests/bench/data-scale.mjs leaves on
 * the server of DATABASE_URL, default postgres://postgres@127.0.0.1:5432; 1 000 000 orders) into `--database` (default
 * bench_wc; never `test` or `postgres`), brings the copy to this commit's migrations with the built backend's own
 * migrator (`npm run build` first), then times the platform's typical single-row writes, each as its own autocommitted
 * statement (its round trip, the triggers and the commit with its WAL flush), in blocks that alternate between the
 * tables' triggers enabled and disabled (`ALTER TABLE … DISABLE TRIGGER USER` on orders, partner_orders, chat_messages,
 * chat_members, chat_reactions: the user triggers only, foreign keys stay):
 *
 * - order_create: a client's new order (VALIDATION); order_take / order_activate: the operator's status changes;
 * - partner_orders_create: two payment agents' partner orders of it (one statement); partner_order_status: an offer's
 *   status change; order_edit: the operator's edit of the order's country (copied onto its partner orders);
 * - chat_message: a message in a request chat; read_pointer: a member's read pointer moved to it.
 *
 * Prints p50 / p95 per write in milliseconds with and without the triggers and the difference of the medians. With
 * the triggers disabled the counters go wrong: the copy is scratch and is dropped at the end (`--keep` keeps it).
 * JSON: tests/bench/results/write-cost.json. Last line: `SUMMARY …`. Without the template database the script says
 * so and exits 0 (run data-scale.mjs first).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { root } from './lib/platform.mjs';
import { percentile } from './lib/http-load.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEMPLATE = opt('template', 'bench_h5');
const DATABASE = opt('database', 'bench_wc');
const ROUNDS = Number(opt('rounds', 200));
const BLOCK = 25;
const KEEP = args.includes('--keep');
const TABLES = ['orders', 'partner_orders', 'chat_messages', 'chat_members', 'chat_reactions'];

for (const name of [TEMPLATE, DATABASE]) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || ['test', 'postgres', 'template0', 'template1'].includes(name)) {
    console.error(`refusing the database name '${name}'`);
    process.exit(2);
  }
}
if (!(ROUNDS >= BLOCK * 2)) {
  console.error(`--rounds must be at least ${BLOCK * 2}`);
  process.exit(2);
}

const urlOf = (database) => {
  const u = new URL(SERVER_URL);
  u.pathname = `/${database}`;
  return u.toString();
};

// ------------------------------------------------------------------------------------------------ the copy
const admin = new pg.Client({ connectionString: urlOf('postgres') });
await admin.connect();
const exists = await admin.query('select 1 from pg_database where datname = $1', [TEMPLATE]);
if (!exists.rowCount) {
  console.log(`no database ${TEMPLATE}: run tests/bench/data-scale.mjs first (it generates the 1 000 000 orders)`);
  console.log(`SUMMARY write-cost skipped: no data-scale database ${TEMPLATE}`);
  await admin.end();
  process.exit(0);
}
const copyStarted = Date.now();
await admin.query(`drop database if exists ${DATABASE} with (force)`);
await admin.query(`create database ${DATABASE} template ${TEMPLATE}`);
console.log(`copied ${TEMPLATE} → ${DATABASE} in ${((Date.now() - copyStarted) / 1000).toFixed(1)} s`);

let db;
try {
  // This commit's migrations, by the built backend's migrator (the template may predate some).
  const { openPostgres, runMigrations } = await import(join(root, 'backend', 'dist', 'src', 'db', 'client.js'));
  const handle = openPostgres(urlOf(DATABASE));
  await runMigrations(handle);
  await handle.close();
  db = new pg.Client({ connectionString: urlOf(DATABASE) });
  await db.connect();
  await db.query('vacuum analyze');

  const triggers = (
    await db.query(
      `select c.relname as "table", t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and c.relname = any($1) order by 1, 2`,
      [TABLES],
    )
  ).rows;
  console.log(`user triggers: ${triggers.map((t) => `${t.table}.${t.name}`).join(', ')}`);

  // ---------------------------------------------------------------------------------------------- the actors
  const one = async (text, params = []) => (await db.query(text, params)).rows[0];
  const client = await one(`select id, company_id from users where email = 'client@example.com'`);
  const operator = await one(`select id from users where email = 'operator@example.com'`);
  const agents = (await db.query(`select id from companies where kind = 'PARTNER' order by id limit 2`)).rows;
  const member = await one(
    `select cm.id, cm.group_id, cm.user_id from chat_members cm join chat_groups g on g.id = cm.group_id
     where g.type = 'ECVP_CLIENT' and cm.user_id = $1 order by cm.id limit 1`,
    [client.id],
  );
  if (!client || !operator || agents.length < 2 || !member) throw new Error('the data-scale accounts are missing');

  // ---------------------------------------------------------------------------------------------- the writes
  const times = new Map(); // `${op} ${mode}` → ms[]
  const timed = async (op, mode, text, params) => {
    const t0 = process.hrtime.bigint();
    const res = await db.query({ name: op, text, values: params });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const key = `${op} ${mode}`;
    if (!times.has(key)) times.set(key, []);
    times.get(key).push(ms);
    return res.rows;
  };
  let seq = 0;
  const round = async (mode) => {
    seq++;
    const [order] = await timed(
      'order_create',
      mode,
      `insert into orders (company_id, created_by, payment_type, amount, currency, country_code, city, bank_name, swift,
         tnved_code, goods_location, payment_date_from, payment_date_to, status, status_date, version, created_at)
       values ($1, $2, 'SENDING', 12345.67, 'USD', 'US', 'Нью-Йорк', 'Bank of America', 'BOFAUS3N', '8471', 'IMPORTED',
         current_date + 5, current_date + 20, 'VALIDATION', now(), 1, now())
       returning id`,
      [client.company_id, client.id],
    );
    const statusChange = `update orders set status = $2, validator_user_id = $3, version = version + 1, status_date = now()
                          where id = $1`;
    await timed('order_take', mode, statusChange, [order.id, 'IN_VALIDATION', operator.id]);
    await timed('order_activate', mode, statusChange, [order.id, 'ACTIVE', operator.id]);
    const pos = await timed(
      'partner_orders_create',
      mode,
      `insert into partner_orders (order_id, partner_company_id, status, partner_sign_required, version, status_date,
         created_at)
       select $1, a, 'ALLOWED', false, 1, now(), now() from unnest($2::int[]) a returning id`,
      [order.id, agents.map((a) => a.id)],
    );
    await timed(
      'partner_order_status',
      mode,
      `update partner_orders set status = 'CREATED_OFFER', version = version + 1, status_date = now() where id = $1`,
      [pos[0].id],
    );
    await timed(
      'order_edit',
      mode,
      `update orders set country_code = case country_code when 'US' then 'CN' else 'US' end, version = version + 1
       where id = $1`,
      [order.id],
    );
    const [message] = await timed(
      'chat_message',
      mode,
      `insert into chat_messages (group_id, sender_id, author_user_id, ext_msg_id, text, mentioned, type, status, created_at)
       values ($1, $2, $2, $3, 'Сообщение для замера записи', '{}', 'GROUP_MSG', 'DELIVERED', now()) returning id`,
      [member.group_id, member.user_id, `msg_write_cost_${process.pid}_${seq}`],
    );
    await timed('read_pointer', mode, `update chat_members set last_viewed_message_id = $2 where id = $1`, [
      member.id,
      message.id,
    ]);
  };
  const setTriggers = async (on) => {
    for (const t of TABLES) await db.query(`alter table ${t} ${on ? 'enable' : 'disable'} trigger user`);
  };

  const load = [];
  const started = Date.now();
  for (let i = 0; i < 4; i++) await round('warm-up');
  for (let block = 0; block < ROUNDS / BLOCK; block++) {
    const mode = block % 2 === 0 ? 'on' : 'off';
    await setTriggers(mode === 'on');
    for (let i = 0; i < BLOCK; i++) await round(mode);
    load.push(loadavg()[0]);
  }
  await setTriggers(true);
  const seconds = (Date.now() - started) / 1000;

  // ---------------------------------------------------------------------------------------------- the figures
  const ops = [...new Set([...times.keys()].map((k) => k.split(' ')[0]))];
  const results = ops.map((op) => {
    const on = times.get(`${op} on`) ?? [];
    const off = times.get(`${op} off`) ?? [];
    const r = (v) => Math.round(v * 1000) / 1000;
    return {
      op,
      n: on.length,
      onP50: r(percentile(on, 50)),
      onP95: r(percentile(on, 95)),
      offP50: r(percentile(off, 50)),
      offP95: r(percentile(off, 95)),
      deltaP50: r(percentile(on, 50) - percentile(off, 50)),
    };
  });
  console.log(
    `\n${ROUNDS} rounds (${ROUNDS / 2} with the triggers, ${ROUNDS / 2} without, blocks of ${BLOCK}) in ${seconds.toFixed(1)} s`,
  );
  console.log('write                    with: p50 / p95 ms   without: p50 / p95 ms   triggers add (p50)');
  for (const r of results)
    console.log(
      `${r.op.padEnd(24)} ${`${r.onP50.toFixed(2)} / ${r.onP95.toFixed(2)}`.padStart(17)}   ${`${r.offP50.toFixed(2)} / ${r.offP95.toFixed(2)}`.padStart(20)}   ${r.deltaP50.toFixed(2).padStart(8)} ms`,
    );
  const loadRange = `${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`;
  console.log(`load average ${loadRange} (${cpus().length} cores)`);

  mkdirSync(join(root, 'tests', 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'tests', 'bench', 'results', 'write-cost.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: cpus().length, model: cpus()[0]?.model, load: loadRange },
        template: TEMPLATE,
        rounds: ROUNDS,
        triggers,
        results,
      },
      null,
      2,
    )}\n`,
  );
  const total = results.reduce((s, r) => s + r.deltaP50, 0);
  console.log(
    `SUMMARY write-cost: the triggers add ${total.toFixed(2)} ms (sum of p50 differences) to one order's life of ${results.length} writes; ` +
      results.map((r) => `${r.op} ${r.deltaP50 >= 0 ? '+' : ''}${r.deltaP50.toFixed(2)}`).join(', '),
  );
} finally {
  await db?.end();
  if (!KEEP) await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.end();
}
