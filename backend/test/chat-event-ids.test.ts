/**
 * Event ids given by the sequencer (issue 15; DESIGN "Realtime": "each event gets a monotonic id at commit" — of the
 * log; spec chat §4 "Realtime connection": resume after Last-Event-ID with nothing lost and nothing doubled;
 * src/chat/events.ts, src/chat/sequencer.ts, migration 0023): ids are contiguous and follow the commit order, not the
 * order of the appends; a transaction's events keep their input order; a rollback (or a rolled-back savepoint) takes
 * no id and leaves no row; once transaction() has returned, its events are in the log; the NOTIFY payload is the last
 * id of a sequencer run; nothing is left in chat_events_pending; two sequencers at once (two replicas) neither double
 * nor skip an id, and readers meanwhile always see a prefix 1..max; kicks during a run are served by one more run; the
 * stream hub's sweep moves rows committed without a sequencer run. On PGlite and PostgreSQL (what needs two open
 * transactions or two connections: PostgreSQL only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { appendChatEvents, CHAT_EVENTS_CHANNEL, type NewChatEvent } from '../src/chat/events.js';
import { sequenceChatEvents, sequencerFor } from '../src/chat/sequencer.js';
import { ChatEventHub, type HubMessage } from '../src/chat/stream/hub.js';
import { openPostgres, type Db, type DbHandle } from '../src/db/client.js';
import { DRIVERS, openTestDatabase } from './harness.js';

const ev = (n: number, recipients = [1, 2]): NewChatEvent => ({
  recipients,
  kind: 'GROUP_MSG',
  payload: { type: 'GROUP_MSG', message: { msgId: n } },
});

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Every logged event as [id, msgId], ascending. */
async function logged(db: Db): Promise<Array<[number, number]>> {
  const rows = rowsOf<{ id: string | number; m: string | number }>(
    await db.execute(sql`select id, (payload -> 'message' ->> 'msgId')::int as m from chat_events order by id`),
  );
  return rows.map((r) => [Number(r.id), Number(r.m)]);
}

async function head(db: Db): Promise<number> {
  const [r] = rowsOf<{ last_id: string | number }>(
    await db.execute(sql`select last_id from chat_event_counter where id = 1`),
  );
  return r ? Number(r.last_id) : 0;
}

async function pendingCount(db: Db): Promise<number> {
  const [r] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from chat_events_pending`));
  return Number(r.n);
}

/** Collects the payloads of NOTIFY chat_events on a connection of its own (PGlite: its listen()). */
async function listenEvents(dbh: DbHandle): Promise<{ payloads: string[]; stop(): Promise<void> }> {
  const payloads: string[] = [];
  if (dbh.driver === 'pglite') {
    const un = await dbh.pglite!.listen(CHAT_EVENTS_CHANNEL, (p) => payloads.push(p));
    return { payloads, stop: un };
  }
  const c = new pg.Client(dbh.pool!.options as pg.ClientConfig);
  await c.connect();
  c.on('notification', (n) => {
    if (n.channel === CHAT_EVENTS_CHANNEL) payloads.push(n.payload ?? '');
  });
  await c.query(`listen ${CHAT_EVENTS_CHANNEL}`);
  return { payloads, stop: () => c.end() };
}

async function until(pred: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

for (const driver of DRIVERS) {
  describe(`chat event ids by the sequencer [${driver}]`, () => {
    let dbh: DbHandle;
    let db: Db;
    beforeAll(async () => {
      dbh = await openTestDatabase(driver);
      db = dbh.db;
    });
    afterAll(async () => {
      await dbh?.close();
    });

    it('one transaction: contiguous ids in input order, across several appends; NOTIFY carries the last id', async () => {
      const l = await listenEvents(dbh);
      try {
        const h = await head(db);
        const n = await db.transaction(async (tx) => {
          const a = await appendChatEvents(tx, [ev(1), ev(2, [3])]);
          // nothing is visible before the commit, not even to the transaction itself (no id yet)
          expect(await logged(tx as unknown as Db)).toEqual([]);
          const b = await appendChatEvents(tx, [ev(3)]);
          expect(await appendChatEvents(tx, [])).toBe(0);
          return a + b;
        });
        expect(n).toBe(3);
        expect(await logged(db)).toEqual([
          [h + 1, 1],
          [h + 2, 2],
          [h + 3, 3],
        ]);
        expect(await head(db)).toBe(h + 3);
        expect(await pendingCount(db)).toBe(0);
        await until(() => l.payloads.length >= 1);
        await new Promise((r) => setTimeout(r, 50));
        expect(l.payloads).toEqual([String(h + 3)]);
        // recipients kept (duplicates dropped), kind and payload as given
        const [row] = rowsOf<{ recipients: number[]; kind: string; payload: unknown }>(
          await db.execute(sql`select recipients, kind, payload from chat_events where id = ${h + 2}`),
        );
        expect(row).toEqual({ recipients: [3], kind: 'GROUP_MSG', payload: ev(2).payload });
      } finally {
        await l.stop();
      }
    });

    it('a rolled-back transaction takes no id and leaves no row; the next commit continues the ids', async () => {
      const l = await listenEvents(dbh);
      try {
        const h = await head(db);
        const before = await logged(db);
        await expect(
          db.transaction(async (tx) => {
            await appendChatEvents(tx, [ev(10), ev(11)]);
            throw new Error('rollback');
          }),
        ).rejects.toThrow('rollback');
        expect(await logged(db)).toEqual(before);
        expect(await head(db)).toBe(h);
        expect(await pendingCount(db)).toBe(0);
        await db.transaction((tx) => appendChatEvents(tx, [ev(12)]));
        expect((await logged(db)).slice(before.length)).toEqual([[h + 1, 12]]);
        await until(() => l.payloads.length >= 1);
        await new Promise((r) => setTimeout(r, 50));
        expect(l.payloads).toEqual([String(h + 1)]);
      } finally {
        await l.stop();
      }
    });

    it('events of a rolled-back savepoint take no id; the rest of the transaction keeps contiguous ids', async () => {
      const h = await head(db);
      const before = (await logged(db)).length;
      await db.transaction(async (tx) => {
        await appendChatEvents(tx, [ev(20)]);
        await expect(
          tx.transaction(async (sp) => {
            await appendChatEvents(sp, [ev(21)]);
            throw new Error('savepoint');
          }),
        ).rejects.toThrow('savepoint');
        await appendChatEvents(tx, [ev(22)]);
      });
      expect((await logged(db)).slice(before)).toEqual([
        [h + 1, 20],
        [h + 2, 22],
      ]);
      expect(await pendingCount(db)).toBe(0);
    });

    it('an append outside a transaction commits with its statement', async () => {
      const h = await head(db);
      expect(await appendChatEvents(db, [ev(30), ev(31)])).toBe(2);
      expect((await logged(db)).slice(-2)).toEqual([
        [h + 1, 30],
        [h + 2, 31],
      ]);
    });

    it('kicks during a run are served by exactly one more run, and every kick resolves after a run that covers it', async () => {
      const s = sequencerFor(db);
      await s.kick();
      const runs = s.stats.runs;
      const h = await head(db);
      // committed without a kick (a plain statement, not appendChatEvents)
      await db.execute(
        sql`insert into chat_events_pending (recipients, kind, payload) values (array[1], 'GROUP_MSG', ${JSON.stringify(ev(60).payload)}::jsonb)`,
      );
      const first = s.kick(); // starts a run
      const more = Array.from({ length: 9 }, () => s.kick()); // during it: all join the one run that follows
      await Promise.all([first, ...more]);
      expect(s.stats.runs - runs).toBe(2);
      expect(s.stats.failed).toBe(0);
      expect((await logged(db)).slice(-1)).toEqual([[h + 1, 60]]);
      expect(await pendingCount(db)).toBe(0);
      // nothing pending: a run moves nothing and gives no id
      expect(await sequenceChatEvents(db)).toBeNull();
      expect(await head(db)).toBe(h + 1);
    });

    it("the stream hub's sweep moves events committed without a sequencer run (writer died before its run) and delivers them", async () => {
      const hub = new ChatEventHub(dbh, { pollMs: 0, reconnectMs: 1000, batch: 500, sweepMs: 20 });
      await hub.start();
      const got: HubMessage[] = [];
      const unsubscribe = hub.subscribe(77, (m) => got.push(m));
      try {
        const h = await head(db);
        await db.execute(
          sql`insert into chat_events_pending (recipients, kind, payload) values (array[77], 'GROUP_MSG', ${JSON.stringify(ev(70).payload)}::jsonb)`,
        );
        await until(() => got.length >= 1);
        expect(got).toHaveLength(1);
        expect(got[0]).toMatchObject({
          durable: true,
          event: { id: h + 1, recipients: [77], kind: 'GROUP_MSG', payload: ev(70).payload },
        });
        expect(await pendingCount(db)).toBe(0);
        expect(await head(db)).toBe(h + 1);
      } finally {
        unsubscribe();
        await hub.close();
      }
    });

    // Two transactions open at once need two connections (PGlite has one): PostgreSQL only.
    if (driver === 'postgres') {
      it('two open transactions: the one that appends first but commits second gets the higher ids (commit order)', async () => {
        const h = await head(db);
        const before = (await logged(db)).length;
        let appendedA!: () => void;
        const aAppended = new Promise<void>((r) => (appendedA = r));
        let committedB!: () => void;
        const bCommitted = new Promise<void>((r) => (committedB = r));
        const a = db.transaction(async (tx) => {
          await appendChatEvents(tx, [ev(40), ev(41)]);
          appendedA();
          await bCommitted; // A holds no lock on the log while it waits: B's commit goes through
        });
        await aAppended;
        await db.transaction(async (tx) => {
          await appendChatEvents(tx, [ev(50)]);
        });
        expect((await logged(db)).slice(before)).toEqual([[h + 1, 50]]); // B is visible while A is still open
        committedB();
        await a;
        expect((await logged(db)).slice(before)).toEqual([
          [h + 1, 50],
          [h + 2, 40],
          [h + 3, 41],
        ]);
        expect(await pendingCount(db)).toBe(0);
      });

      it('100 concurrent transactions of 1–3 events: ids 1..head without a gap or a double, each transaction contiguous and in input order; NOTIFYs ascending, ending at the head', async () => {
        const l = await listenEvents(dbh);
        try {
          const h = await head(db);
          const before = (await logged(db)).length;
          const sizes = Array.from({ length: 100 }, (_, i) => 1 + (i % 3));
          await Promise.all(
            sizes.map((k, i) =>
              db.transaction((tx) =>
                appendChatEvents(
                  tx,
                  Array.from({ length: k }, (_, j) => ev(1000 * (i + 1) + j)),
                ),
              ),
            ),
          );
          const total = sizes.reduce((s, k) => s + k, 0);
          const got = (await logged(db)).slice(before);
          expect(got.map(([id]) => id)).toEqual(Array.from({ length: total }, (_, i) => h + 1 + i));
          // each transaction's events sit next to each other, in input order
          const lastIds: number[] = [];
          for (let p = 0; p < got.length;) {
            const tx = Math.floor(got[p][1] / 1000) - 1;
            const k = sizes[tx];
            expect(got.slice(p, p + k).map(([, m]) => m)).toEqual(
              Array.from({ length: k }, (_, j) => 1000 * (tx + 1) + j),
            );
            p += k;
            lastIds.push(got[p - 1][0]);
          }
          expect(lastIds).toHaveLength(100);
          // one NOTIFY per sequencer run (runs serve many transactions at once): ascending, each the last id of a
          // transaction (a run moves whole transactions), the last one the head
          await until(() => l.payloads.map(Number).includes(h + total));
          await new Promise((r) => setTimeout(r, 50));
          const notified = l.payloads.map(Number);
          expect(notified.length).toBeGreaterThan(0);
          expect(notified.length).toBeLessThanOrEqual(100);
          expect([...notified].sort((x, y) => x - y)).toEqual(notified);
          expect(new Set(notified).size).toBe(notified.length);
          for (const n of notified) expect(lastIds).toContain(n);
          expect(notified.at(-1)).toBe(h + total);
          expect(await head(db)).toBe(h + total);
          expect(await pendingCount(db)).toBe(0);
        } finally {
          await l.stop();
        }
      });

      it('two sequencers at once (two replicas) while 4 writers commit without kicking: each event moved once, ids contiguous, every writer in its commit order, readers always see a prefix', async () => {
        const other = openPostgres(dbh.pool!.options.connectionString!);
        const writers = await Promise.all(
          Array.from({ length: 4 }, async () => {
            const c = new pg.Client(dbh.pool!.options as pg.ClientConfig);
            await c.connect();
            return c;
          }),
        );
        try {
          const h = await head(db);
          const before = (await logged(db)).length;
          const TX = 40;
          const size = (t: number) => 1 + (t % 3);
          let writing = true;
          const write = writers.map(async (c, w) => {
            for (let i = 0; i < TX; i++) {
              const t = w * TX + i;
              await c.query('begin');
              await c.query(
                `insert into chat_events_pending (recipients, kind, payload)
                 select array[1], 'GROUP_MSG', jsonb_build_object('message', jsonb_build_object('msgId', $1::int * 1000 + g))
                 from generate_series(0, $2::int - 1) g order by g`,
                [t + 1, size(t)],
              );
              await c.query('commit');
            }
          });
          const sequencing = (d: Db) =>
            (async () => {
              let moved = 0;
              while (writing) if ((await sequenceChatEvents(d)) !== null) moved++;
              return moved;
            })();
          const reading = (async () => {
            const notPrefix: Array<{ n: number; hi: number }> = [];
            let reads = 0;
            while (writing) {
              const [r] = rowsOf<{ n: number; hi: number }>(
                await db.execute(
                  sql`select count(*)::int as n, coalesce(max(id), 0)::int as hi from chat_events where id > ${h}`,
                ),
              );
              reads++;
              if (r.hi !== 0 && r.n !== r.hi - h) notPrefix.push(r);
            }
            return { notPrefix, reads };
          })();
          const runs = [sequencing(db), sequencing(other.db)];
          await Promise.all(write);
          writing = false;
          const [moved1, moved2] = await Promise.all(runs);
          const { notPrefix, reads } = await reading;
          await sequenceChatEvents(db); // what committed after the loops' last runs
          expect(moved1 + moved2).toBeGreaterThan(0);
          expect(reads).toBeGreaterThan(0);
          expect(notPrefix).toEqual([]);
          const total = Array.from({ length: 4 * TX }, (_, t) => size(t)).reduce((a, b) => a + b, 0);
          const got = (await logged(db)).slice(before);
          expect(got.map(([id]) => id)).toEqual(Array.from({ length: total }, (_, i) => h + 1 + i));
          const order: number[] = [];
          for (let p = 0; p < got.length;) {
            const t = Math.floor(got[p][1] / 1000) - 1;
            expect(got.slice(p, p + size(t)).map(([, m]) => m)).toEqual(
              Array.from({ length: size(t) }, (_, j) => 1000 * (t + 1) + j),
            );
            order.push(t);
            p += size(t);
          }
          expect([...order].sort((x, y) => x - y)).toEqual(Array.from({ length: 4 * TX }, (_, t) => t));
          // each writer's transactions ran one after the other: the later one has the higher ids
          for (let w = 0; w < 4; w++) {
            const mine = order.filter((t) => Math.floor(t / TX) === w);
            expect(mine).toEqual(Array.from({ length: TX }, (_, i) => w * TX + i));
          }
          expect(await head(db)).toBe(h + total);
          expect(await pendingCount(db)).toBe(0);
        } finally {
          await Promise.all(writers.map((c) => c.end()));
          await other.close();
        }
      });
    }
  });
}
