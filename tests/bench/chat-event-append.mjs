#!/usr/bin/env node
/**
 * Benchmark: how fast concurrent transactions can append chat events (issue 15 "Subscriptions"; DESIGN "Realtime":
 * "each event gets a monotonic id at commit"; backend/src/chat/events.ts). Compares three ways of giving the events
 * contiguous ids in commit order, each on its own copy of the two tables in a fresh PostgreSQL database:
 *
 * - `in-tx` (before issue 15's fix): the transaction upserts the single chat_event_counter row, inserts its events
 *   with the ids it got and NOTIFYs; the row lock is held from the append until COMMIT has returned (the client's
 *   COMMIT round trip included).
 * - `commit-tx` (migration 0021, what the backend does now): the transaction inserts its events into
 *   chat_events_pending; a DEFERRABLE INITIALLY DEFERRED constraint trigger fires at COMMIT per pending row, and its
 *   first firing of the transaction moves all of the transaction's pending rows (one counter update, one insert, one
 *   NOTIFY); later firings find their row moved and return.
 * - `commit-row`: the same trigger, but each firing moves its own row only (one counter update and NOTIFY per event).
 * - `sequencer` (migration 0023, what the backend does now): the transaction only inserts into chat_events_pending and
 *   commits (no shared lock, no NOTIFY); then the client asks its process's sequencer for a run and waits for it, as
 *   the backend's transaction() does (src/chat/sequencer.ts): per process at most one run of chat_events_sequence() in
 *   flight on a connection of its own, kicks during a run served by exactly one more. `--replicas` processes (default
 *   1; the clients split between them) run their sequencers concurrently, serialising on the counter row. The
 *   latency is BEGIN to the end of the run that covers the commit.
 * - References without the guarantee (ids from a sequence: not in commit order): `seq-notify` (insert and NOTIFY —
 *   PostgreSQL serialises the commits of notifying transactions itself, flush included) and `seq` (insert only).
 *
 * Each transaction: BEGIN; one INSERT of `--events` events (recipients, kind, a small JSON payload); COMMIT, on
 * `--clients` connections at once for `--seconds` s per design; designs alternate over `--rounds` rounds. Prints,
 * per design and round, transactions/s, events/s and the transaction's latency p50/p99 (BEGIN to COMMIT returned),
 * with the load average, and checks that the committed ids are 1..head without a gap or a double.
 *
 *   node tests/bench/chat-event-append.mjs [--clients 20] [--events 2] [--seconds 5] [--rounds 2] [--replicas 1]
 *     [--designs in-tx,commit-tx,commit-row,sequencer,seq-notify,seq]
 *
 * BENCH_DB (default bench_h1_append; dropped at the end) on BENCH_PG_ADMIN_URL's server (default
 * postgres://postgres@127.0.0.1:5432/template1). No assertion: figures only (a gap or a double is printed as such).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropDatabase, freshDatabase } from './lib/chat-world.mjs';

const { values: opt } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    events: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    replicas: { type: 'string', default: '1' },
    designs: { type: 'string', default: '' },
  },
});
const REPLICAS = Math.max(1, Number(opt.replicas));
const CLIENTS = Number(opt.clients);
const EVENTS = Number(opt.events);
const SECONDS = Number(opt.seconds);
const ROUNDS = Number(opt.rounds);
const DB_NAME = process.env.BENCH_DB ?? 'bench_h1_append';
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/template1';

/** The tables of one design in schema `s` (as in migrations 0000, 0022 and 0023). */
const tables = (s) => `
  create schema ${s};
  create table ${s}.chat_event_counter (id integer primary key, last_id bigint not null default 0,
    pruned_through bigint not null default 0, updated_at timestamptz not null default now());
  create table ${s}.chat_events (id bigint primary key, recipients integer[] not null, kind text not null,
    payload jsonb not null, created_at timestamptz not null default now());
  create index on ${s}.chat_events using gin (recipients);
  create index on ${s}.chat_events (created_at);
  create table ${s}.chat_events_pending (seq bigint primary key generated always as identity,
    tx bigint not null default txid_current(), recipients integer[] not null, kind text not null, payload jsonb not null);`;

/** chat_events_sequence() of migration 0023 in schema `s` (NOTIFY channel `s`). */
const sequenceFunction = (s) => `
  create function ${s}.chat_events_sequence() returns bigint language plpgsql volatile as $$
  declare head bigint; last bigint;
  begin
    perform 1 from ${s}.chat_events_pending limit 1;
    if not found then return null; end if;
    select c.last_id into head from ${s}.chat_event_counter c where c.id = 1 for update;
    if not found then
      insert into ${s}.chat_event_counter (id, last_id) values (1, 0) on conflict (id) do nothing;
      select c.last_id into head from ${s}.chat_event_counter c where c.id = 1 for update;
    end if;
    with moved as (delete from ${s}.chat_events_pending returning seq, tx, recipients, kind, payload),
      appended as (
        insert into ${s}.chat_events (id, recipients, kind, payload)
        select head + row_number() over (order by m.first, m.seq), m.recipients, m.kind, m.payload
        from (select moved.*, min(moved.seq) over (partition by moved.tx) as first from moved) m
        returning id)
    select max(a.id) into last from appended a;
    if last is null then return null; end if;
    update ${s}.chat_event_counter set last_id = last, updated_at = now() where id = 1;
    perform pg_notify('${s}', last::text);
    return last;
  end $$;`;

/**
 * The batching of src/chat/sequencer.ts on connection `c`: kick() answers a promise of the end of a run that starts
 * after the call; at most one run in flight, kicks during a run share the one that follows. Counts runs.
 */
function batcher(c, schema) {
  let inFlight = null;
  let queued = null;
  const b = { runs: 0, kick, end: () => c.end() };
  function launch() {
    b.runs++;
    const run = c
      .query(`select ${schema}.chat_events_sequence()`)
      .then(() => undefined)
      .finally(() => {
        if (inFlight === run) inFlight = null;
      });
    return run;
  }
  function kick() {
    if (queued) return queued;
    if (!inFlight) return (inFlight = launch());
    queued = inFlight.then(() => {
      queued = null;
      return (inFlight = launch());
    });
    return queued;
  }
  return b;
}

/** The deferred trigger of design `s`; `perTx`: the first firing moves every pending row of the transaction. */
const trigger = (s, perTx) => `
  create function ${s}.commit_pending() returns trigger language plpgsql as $$
  declare last bigint;
  begin
    ${
      perTx
        ? `perform 1 from ${s}.chat_events_pending where seq = new.seq;
    if not found then return null; end if;
    with moved as (delete from ${s}.chat_events_pending returning *),
      n as (select count(*) as n from moved),
      counter as (
        insert into ${s}.chat_event_counter (id, last_id) select 1, n from n
        on conflict (id) do update set last_id = ${s}.chat_event_counter.last_id + excluded.last_id, updated_at = now()
        returning last_id),
      ins as (insert into ${s}.chat_events (id, recipients, kind, payload)
        select counter.last_id - n.n + row_number() over (order by m.seq), m.recipients, m.kind, m.payload
        from moved m, counter, n)
    select last_id into last from counter;`
        : `with moved as (delete from ${s}.chat_events_pending where seq = new.seq returning *),
      counter as (
        insert into ${s}.chat_event_counter (id, last_id) values (1, 1)
        on conflict (id) do update set last_id = ${s}.chat_event_counter.last_id + 1, updated_at = now()
        returning last_id),
      ins as (insert into ${s}.chat_events (id, recipients, kind, payload)
        select counter.last_id, m.recipients, m.kind, m.payload from moved m, counter)
    select last_id into last from counter;`
    }
    perform pg_notify('${s}', last::text);
    return null;
  end $$;
  create constraint trigger commit_pending after insert on ${s}.chat_events_pending
    deferrable initially deferred for each row execute function ${s}.commit_pending();`;

const DESIGNS = {
  'in-tx': {
    setup: tables('in_tx'),
    append: `with counter as (
        insert into in_tx.chat_event_counter (id, last_id) values (1, $2)
        on conflict (id) do update set last_id = in_tx.chat_event_counter.last_id + $2, updated_at = now()
        returning last_id),
      appended as (insert into in_tx.chat_events (id, recipients, kind, payload)
        select counter.last_id - $2 + e.ord, array[1, 2, 3], e.value ->> 'k', e.value -> 'p'
        from counter, jsonb_array_elements($1::jsonb) with ordinality e(value, ord))
      select pg_notify('in_tx', last_id::text) from counter`,
    schema: 'in_tx',
  },
  'commit-tx': {
    setup: tables('commit_tx') + trigger('commit_tx', true),
    append: `insert into commit_tx.chat_events_pending (recipients, kind, payload)
      select array[1, 2, 3], e.value ->> 'k', e.value -> 'p'
      from jsonb_array_elements($1::jsonb) with ordinality e(value, ord) where $2::int > 0 order by e.ord`,
    schema: 'commit_tx',
  },
  'commit-row': {
    setup: tables('commit_row') + trigger('commit_row', false),
    append: `insert into commit_row.chat_events_pending (recipients, kind, payload)
      select array[1, 2, 3], e.value ->> 'k', e.value -> 'p'
      from jsonb_array_elements($1::jsonb) with ordinality e(value, ord) where $2::int > 0 order by e.ord`,
    schema: 'commit_row',
  },
  sequencer: {
    setup: tables('sequencer') + sequenceFunction('sequencer'),
    append: `insert into sequencer.chat_events_pending (recipients, kind, payload)
      select array[1, 2, 3], e.value ->> 'k', e.value -> 'p'
      from jsonb_array_elements($1::jsonb) with ordinality e(value, ord) where $2::int > 0 order by e.ord`,
    schema: 'sequencer',
    sequencer: true,
  },
  'seq-notify': {
    setup: tables('seq_notify') + 'create sequence seq_notify.ids;',
    append: `with ins as (insert into seq_notify.chat_events (id, recipients, kind, payload)
        select nextval('seq_notify.ids'), array[1, 2, 3], e.value ->> 'k', e.value -> 'p'
        from jsonb_array_elements($1::jsonb) with ordinality e(value, ord) where $2::int > 0 returning id)
      select pg_notify('seq_notify', max(id)::text) from ins`,
    schema: 'seq_notify',
    reference: true,
  },
  seq: {
    setup: tables('seq') + 'create sequence seq.ids;',
    append: `insert into seq.chat_events (id, recipients, kind, payload)
        select nextval('seq.ids'), array[1, 2, 3], e.value ->> 'k', e.value -> 'p'
        from jsonb_array_elements($1::jsonb) with ordinality e(value, ord) where $2::int > 0`,
    schema: 'seq',
    reference: true,
  },
};

function pct(xs, p) {
  if (!xs.length) return null;
  return xs[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))];
}

/** Runs `CLIENTS` connections appending for SECONDS s with `design`; answers the figures. */
async function run(url, name) {
  const d = DESIGNS[name];
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const batchers = d.sequencer
    ? await Promise.all(
        Array.from({ length: REPLICAS }, async () => {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          return batcher(c, d.schema);
        }),
      )
    : [];
  const payload = JSON.stringify(
    Array.from({ length: EVENTS }, (_, i) => ({ k: 'GROUP_MSG', p: { type: 'GROUP_MSG', message: { msgId: i } } })),
  );
  const lat = [];
  let txs = 0;
  const load0 = loadavg()[0];
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    clients.map(async (c, i) => {
      while (performance.now() < end) {
        const t = performance.now();
        await c.query('begin');
        await c.query(d.append, [payload, EVENTS]);
        await c.query('commit');
        if (d.sequencer) await batchers[i % REPLICAS].kick();
        lat.push(performance.now() - t);
        txs++;
      }
    }),
  );
  const wall = (performance.now() - start) / 1000;
  const load1 = loadavg()[0];
  const [chk] = (
    await clients[0].query(
      `select count(*)::int as n, coalesce(min(id), 0)::int as lo, coalesce(max(id), 0)::int as hi,
         (select last_id from ${d.schema}.chat_event_counter where id = 1)::int as head
       from ${d.schema}.chat_events`,
    )
  ).rows;
  await clients[0].query(`truncate ${d.schema}.chat_events; delete from ${d.schema}.chat_event_counter`);
  if (d.reference) await clients[0].query(`alter sequence ${d.schema}.ids restart`);
  await Promise.all(clients.map((c) => c.end()));
  const runs = batchers.reduce((n, b) => n + b.runs, 0);
  await Promise.all(batchers.map((b) => b.end()));
  lat.sort((a, b) => a - b);
  return {
    txPerS: Math.round(txs / wall),
    eventsPerS: Math.round((txs * EVENTS) / wall),
    p50: Math.round(pct(lat, 50) * 10) / 10,
    p99: Math.round(pct(lat, 99) * 10) / 10,
    runs,
    contiguous: chk.n === txs * EVENTS && chk.lo === 1 && chk.hi === chk.n && (d.reference || chk.head === chk.n),
    load: `${load0.toFixed(2)}–${load1.toFixed(2)}`,
  };
}

async function main() {
  const url = await freshDatabase(ADMIN_URL, DB_NAME);
  try {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const d of Object.values(DESIGNS)) await admin.query(d.setup);
    await admin.end();
    console.log(
      `${CLIENTS} clients, ${EVENTS} events per transaction, ${SECONDS} s per run, ${REPLICAS} sequencer replica(s)`,
    );
    const names = opt.designs ? opt.designs.split(',') : Object.keys(DESIGNS);
    for (const n of names) if (!DESIGNS[n]) throw new Error(`unknown design ${n}`);
    for (let r = 1; r <= ROUNDS; r++) {
      for (const name of names) {
        const f = await run(url, name);
        console.log(
          `round ${r} ${name.padEnd(10)} ${String(f.txPerS).padStart(6)} tx/s ${String(f.eventsPerS).padStart(6)} events/s` +
            `  p50 ${f.p50} ms  p99 ${f.p99} ms  ids 1..head ${f.contiguous ? 'contiguous' : 'NOT CONTIGUOUS'}` +
            `${DESIGNS[name].reference ? ' (not in commit order)' : ''}` +
            `${DESIGNS[name].sequencer ? `  ${f.runs} sequencer runs (${REPLICAS} replica(s))` : ''}  load ${f.load}`,
        );
      }
    }
  } finally {
    await dropDatabase(ADMIN_URL, DB_NAME);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  },
);
