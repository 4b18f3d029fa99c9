/**
 * The status counters of issue 15 (migration 0011_status_counts; db/schema/orders.ts orderStatusCounts,
 * partnerOrderStatusCounts): after inserts, status and company changes, deletes and compaction, the sums equal a
 * count of the rows, per company / agent and status, for the client's, the operator's and the agent's counts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.js';
import { compactStatusCounts } from '../src/db/status-counts.js';
import { countOrdersByStatus, countPartnerOrdersByStatus } from '../src/routes/orders/queries.js';
import { openTestDatabase } from './harness.js';

function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

describe('status counters (issue 15)', () => {
  let dbh: DbHandle;
  let clientCompany: number;
  let otherCompany: number;
  let partners: number[];

  beforeAll(async () => {
    dbh = await openTestDatabase();
    const db = dbh.db;
    await db.execute(sql`insert into companies (kind, ogrn, inn, full_name, short_name) values
      ('CLIENT', '1000000000001', '7700000001', 'ООО «Счёт 1»', 'Счёт 1'),
      ('CLIENT', '1000000000002', '7700000002', 'ООО «Счёт 2»', 'Счёт 2'),
      ('PARTNER', '1000000000003', '7700000003', 'ООО «Агент 1»', 'Агент 1'),
      ('PARTNER', '1000000000004', '7700000004', 'ООО «Агент 2»', 'Агент 2')`);
    const ids = rowsOf<{ id: number; kind: string }>(
      await db.execute(sql`select id, kind from companies where ogrn like '100000000000%' order by ogrn`),
    ).map((r) => Number(r.id));
    [clientCompany, otherCompany] = ids;
    partners = ids.slice(2);
    await db.execute(sql`insert into users (email, password_hash, account_type, company_id) values
      ('counts-1@example.test', 'x', 'CLIENT', ${clientCompany}), ('counts-2@example.test', 'x', 'CLIENT', ${otherCompany})`);
  });
  afterAll(async () => {
    await dbh?.close();
  });

  /** Every counter against a count of the rows of the test's companies. */
  async function expectExact(): Promise<void> {
    const db = dbh.db;
    for (const company of [clientCompany, otherCompany]) {
      const rows = rowsOf<{ status: string; n: string }>(
        await db.execute(sql`select status, count(*) as n from orders where company_id = ${company} group by status`),
      );
      let all = 0;
      for (const r of rows) {
        expect(await countOrdersByStatus(db, company, [r.status])).toBe(Number(r.n));
        all += Number(r.n);
      }
      expect(await countOrdersByStatus(db, company)).toBe(all);
      expect(await countOrdersByStatus(db, company, ['EXECUTED', 'CANCELED'])).toBe(
        rows.filter((r) => ['EXECUTED', 'CANCELED'].includes(r.status)).reduce((a, r) => a + Number(r.n), 0),
      );
    }
    const [every] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from orders`));
    expect(await countOrdersByStatus(db, null)).toBe(Number(every.n));
    for (const p of partners) {
      const rows = rowsOf<{ status: string; n: string }>(
        await db.execute(
          sql`select status, count(*) as n from partner_orders where partner_company_id = ${p} group by status`,
        ),
      );
      for (const r of rows) expect(await countPartnerOrdersByStatus(db, p, [r.status])).toBe(Number(r.n));
      expect(await countPartnerOrdersByStatus(db, p)).toBe(rows.reduce((a, r) => a + Number(r.n), 0));
      expect(await countPartnerOrdersByStatus(db, p, [])).toBe(0);
    }
  }

  it('match a count of the rows after inserts, updates, deletes and compaction', async () => {
    const db = dbh.db;
    const insertOrders = (company: number, n: number, status: string) =>
      db.execute(sql`insert into orders (company_id, created_by, created_at, payment_type, amount, currency, country_code,
          city, bank_name, tnved_code, goods_location, payment_date_from, payment_date_to, status, status_date)
        select ${company}, (select id from users where company_id = ${company}), now(), 'SENDING', 100, 'USD', 'CN', 'Шанхай',
          'Bank', '8471', 'IMPORTED', current_date, current_date, ${status}, now() from generate_series(1, ${n})`);
    await insertOrders(clientCompany, 5, 'VALIDATION');
    await insertOrders(clientCompany, 3, 'ACTIVE');
    await insertOrders(otherCompany, 4, 'ACTIVE');
    await expectExact();

    // one statement changing several rows, another moving an order to another company, a no-op update
    await db.execute(
      sql`update orders set status = 'IN_VALIDATION' where id in (select id from orders where company_id = ${clientCompany} and status = 'VALIDATION' order by id limit 2)`,
    );
    await db.execute(
      sql`update orders set company_id = ${otherCompany} where id = (select min(id) from orders where company_id = ${clientCompany} and status = 'ACTIVE')`,
    );
    await db.execute(sql`update orders set version = version + 1 where company_id = ${otherCompany}`);
    await expectExact();

    // partner orders: inserted, status changed, deleted
    await db.execute(sql`insert into partner_orders (order_id, partner_company_id, status, created_at)
      select o.id, p.id, 'ALLOWED', now() from orders o cross join (values (${partners[0]}::int), (${partners[1]}::int)) p(id)
      where o.status = 'ACTIVE' and o.company_id in (${clientCompany}, ${otherCompany})`);
    await db.execute(
      sql`update partner_orders set status = 'IN_PROGRESS' where partner_company_id = ${partners[0]} and id = (select min(id) from partner_orders where partner_company_id = ${partners[0]})`,
    );
    await db.execute(
      sql`delete from partner_orders where id = (select max(id) from partner_orders where partner_company_id = ${partners[1]})`,
    );
    await expectExact();

    // a transaction that is rolled back leaves the counters as they were
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update orders set status = 'CANCELED' where company_id = ${clientCompany}`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await expectExact();

    await compactStatusCounts(db);
    await expectExact();
    // compaction leaves one row per key
    const [dup] = rowsOf<{ n: string }>(
      await db.execute(
        sql`select count(*) as n from (select company_id, status from order_status_counts group by 1, 2 having count(*) > 1) d`,
      ),
    );
    expect(Number(dup.n)).toBe(0);

    await db.execute(sql`delete from partner_orders where partner_company_id in (${partners[0]}, ${partners[1]})`);
    await db.execute(sql`delete from orders where company_id = ${otherCompany}`);
    await expectExact();
    expect(await countOrdersByStatus(db, otherCompany)).toBe(0);
  });
});
