/**
 * Event ids given at commit (DESIGN "Realtime": "each event gets a monotonic id at commit"; spec chat §4 "Realtime
 * connection": resume after Last-Event-ID with nothing lost and nothing doubled; src/chat/events.ts, migration 0022):
 * ids are contiguous and follow the commit order, not the order of the appends; a transaction's events keep their
 * input order; a rollback (or a rolled-back savepoint) takes no id and leaves no row; the NOTIFY payload is the
 * transaction's last id; nothing is left in chat_events_pending. On PGlite and PostgreSQL (the interleaving of two
 * open transactions needs two connections: PostgreSQL only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { appendChatEvents, CHAT_EVENTS_CHANNEL, type NewChatEvent } from '../src/chat/events.js';
import type { Db, DbHandle } from '../src/db/client.js';
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
  describe(`chat event ids at commit [${driver}]`, () => {
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

      it('100 concurrent transactions of 1–3 events: ids 1..head without a gap or a double, each transaction contiguous and in input order; one NOTIFY each with its last id', async () => {
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
          await until(() => l.payloads.length >= 100);
          await new Promise((r) => setTimeout(r, 50));
          expect(l.payloads.map(Number)).toEqual(lastIds);
          expect(await head(db)).toBe(h + total);
          expect(await pendingCount(db)).toBe(0);
        } finally {
          await l.stop();
        }
      });
    }
  });
}
