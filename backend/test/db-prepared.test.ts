/**
 * db/client.ts executePrepared (issue 15: the chat's large statements were parsed and planned on every call): it
 * answers what db.execute answers, on both drivers; on node-postgres it runs as a named statement of its connection,
 * one per distinct text, so a connection parses it once; a failing statement leaves nothing behind and the next runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared, type DbHandle } from '../src/db/client.js';
import { DRIVERS, openTestDatabase } from './harness.js';

for (const driver of DRIVERS) {
  describe(`executePrepared [${driver}]`, () => {
    let dbh: DbHandle;
    beforeAll(async () => {
      dbh = await openTestDatabase(driver);
    });
    afterAll(() => dbh.close());

    const query = (from: number) =>
      sql`select g.n as "n", ${'x'}::text || g.n as "label" from generate_series(${from}::int, ${from + 2}::int) g(n) order by g.n`;

    it('answers the rows db.execute answers, with parameters, inside and outside a transaction', async () => {
      const plain = (await dbh.db.execute(query(5))) as unknown as { rows: unknown[] };
      expect((await executePrepared(dbh.db, query(5))).rows).toEqual(plain.rows);
      expect(plain.rows).toEqual([
        { n: 5, label: 'x5' },
        { n: 6, label: 'x6' },
        { n: 7, label: 'x7' },
      ]);
      // the same text with other values: the same statement, other rows
      expect((await executePrepared(dbh.db, query(1))).rows).toEqual([
        { n: 1, label: 'x1' },
        { n: 2, label: 'x2' },
        { n: 3, label: 'x3' },
      ]);
      const inTx = await dbh.db.transaction(async (tx) => (await executePrepared(tx, query(9))).rows);
      expect(inTx).toHaveLength(3);
    });

    if (driver === 'postgres')
      it('is a named statement of its connection, one per distinct text, parsed once per connection', async () => {
        const names = await dbh.db.transaction(async (tx) => {
          await executePrepared(tx, query(1));
          await executePrepared(tx, query(2)); // same text, other values
          await executePrepared(tx, sql`select ${1}::int + 1 as "two"`); // another text
          const r = (await tx.execute(
            sql`select name, statement from pg_prepared_statements where name like 'p\\_%' order by name`,
          )) as unknown as { rows: { name: string; statement: string }[] };
          return r.rows;
        });
        const ours = names.filter((r) => /generate_series|as "two"/.test(r.statement));
        expect(ours).toHaveLength(2);
        for (const r of ours) expect(r.name).toMatch(/^p_[0-9a-f]{30}$/);
      });

    /** The database's own message of a failed call (Drizzle wraps it as "Failed query: …" with the cause). */
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => 'no error',
        (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
      );

    it('a failing statement raises and its transaction writes nothing; the next statement runs', async () => {
      expect(await failure(executePrepared(dbh.db, sql`select 1 / ${0}::int as "boom"`))).toMatch(/division by zero/);
      await dbh.db.execute(sql`create table if not exists prepared_probe (n int)`);
      expect(
        await failure(
          dbh.db.transaction(async (tx) => {
            await executePrepared(tx, sql`insert into prepared_probe values (${1}::int)`);
            await executePrepared(tx, sql`select 1 / ${0}::int as "boom"`);
          }),
        ),
      ).toMatch(/division by zero/);
      expect((await executePrepared(dbh.db, sql`select count(*)::int as "n" from prepared_probe`)).rows).toEqual([
        { n: 0 },
      ]);
      await dbh.db.execute(sql`drop table prepared_probe`);
    });
  });
}
