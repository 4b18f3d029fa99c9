/**
 * The operator's list at scale (issue 15): POST /api/secured/oper/order/exch/tab-counts answers every tab's count at
 * once — the same numbers as POST …/filter/count with each `tab` and the same filters; a guest gets 401, other roles
 * and an operator without ORDERS_VIEW 403, bad input 400 with the stable error shape. The pages of several statuses
 * (merged per-status index ranges) keep the order of a plain `order by created_at desc, id desc`. And the counters of
 * migration 0014_operator_counts (per validator and status, per payment agent and ORDER status) equal a count of the
 * rows after inserts, status, validator and agent changes, deletes, a rolled-back transaction and compaction.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_RIGHTS } from '@platform/domain/operator/rights';
import type { OrderStatus } from '@platform/domain/deal/statuses';
import { compactStatusCounts } from '../src/db/status-counts.js';
import { runTransition } from '../src/deal/repository.js';
import { countOperOrdersByStatus, OPER_TAB_STATUSES, type OperFilter } from '../src/routes/operator/queries.js';
import { signedInOperator } from './admin-helpers.js';
import { actors, activeOrder, newOrder, OPER, sendOffer, userOf, type Actors } from './deal-helpers.js';
import { clientAction } from './deal-partner-helpers.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';

const TABS = ['new', 'work', 'deals', 'results', 'all'] as const;

function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

for (const driver of DRIVERS) {
  describe(`operator tab counts, merged pages and counters [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    let operId: number;
    let op2Id: number;
    let inn: string;
    /** N: new; W: work (both agents); D: deals (accepted with p1); R: results (rejected); V: work, taken by op2. */
    let N: number;
    let W: number;
    let D: number;
    let R: number;
    let V: number;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
      operId = (await userOf(t, 'operator@example.com')).id;
      N = await newOrder(t, a);
      W = await activeOrder(t, a.client, [a.p1Id, a.p2Id]);
      D = await activeOrder(t, a.client, [a.p1Id]);
      await sendOffer(t, a.p1, D);
      await clientAction(t, 'CLIENT_ACCEPT_OFFER', D, a.p1Id);
      R = await newOrder(t, a);
      expect((await a.oper.post(`${OPER}/${R}/reject`, { comment: 'Недостаточно документов' })).statusCode).toBe(200);
      const op2 = await signedInOperator(t, { email: 'tabcounts-op2@example.com', surname: 'Второй' });
      op2Id = op2.id;
      V = await newOrder(t, a);
      await runTransition(t.db, {
        action: 'OPER_TAKE',
        actor: await userOf(t, 'tabcounts-op2@example.com'),
        orderId: V,
        now: t.clock.now(),
      });
      inn = (await a.oper.get(`${OPER}/${W}`)).json().inn as string;
    });
    afterAll(async () => {
      await t?.close();
    });

    async function tabCounts(body: Record<string, unknown> = {}): Promise<Record<string, number>> {
      const res = await a.oper.post(`${OPER}/tab-counts`, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }
    async function countsPerTab(body: Record<string, unknown> = {}): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const tab of TABS) {
        const res = await a.oper.post(`${OPER}/filter/count`, { ...body, tab });
        expect(res.statusCode, res.body).toBe(200);
        out[tab] = res.json().count;
      }
      return out;
    }
    const ids = async (body: Record<string, unknown>) => {
      const res = await a.oper.post(`${OPER}/filter`, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().content as Array<{ orderId: number }>).map((r) => r.orderId);
    };

    it('answers every tab at once, as filter/count per tab, for each filter', async () => {
      const bodies: Array<Record<string, unknown>> = [
        {},
        { employee: operId },
        { employee: op2Id },
        { partner: a.p1Id },
        { partner: a.p2Id },
        { client: inn.slice(0, 5) },
        { client: 'ВЭД Трейд' },
        { client: 'нет такой компании' },
        { id: String(D) },
        { id: D },
        { id: 'abc' },
        { statuses: ['ACTIVE', 'VALIDATION'] },
        { statuses: ['OFFER_ACCEPTED'], partner: a.p1Id },
        { statuses: ['IN_VALIDATION'], employee: op2Id },
        { partner: a.p1Id, employee: operId },
        { client: inn.slice(0, 5), partner: a.p2Id },
      ];
      for (const body of bodies) expect(await tabCounts(body), JSON.stringify(body)).toEqual(await countsPerTab(body));
      const mine = await tabCounts({ partner: a.p1Id });
      expect(mine).toMatchObject({ work: 1, deals: 1, new: 0, results: 0, all: 2 });
      expect(await tabCounts({ employee: op2Id })).toEqual({ new: 0, work: 1, deals: 0, results: 0, all: 1 });
      expect(await tabCounts({ id: String(R) })).toEqual({ new: 0, work: 0, deals: 0, results: 1, all: 1 });
    });

    it('pages several statuses in created order (per-status ranges merged), with every filter', async () => {
      const expected = async (statuses: readonly string[], extra = sql`true`) =>
        rowsOf<{ id: string | number }>(
          await t.db.execute(
            sql`select id from orders where status in (${sql.join(
              statuses.map((s) => sql`${s}`),
              sql`, `,
            )}) and ${extra} order by created_at desc, id desc`,
          ),
        ).map((r) => Number(r.id));
      for (const tab of ['work', 'deals', 'results'] as const) {
        const all = await expected(OPER_TAB_STATUSES[tab]);
        expect(await ids({ tab, pageable: { page: 0, pageSize: 100 } })).toEqual(all.slice(0, 100));
        expect(await ids({ tab, pageable: { page: 0, pageSize: 1 } })).toEqual(all.slice(0, 1));
        expect(await ids({ tab, pageable: { page: 1, pageSize: 1 } })).toEqual(all.slice(1, 2));
      }
      const work = await expected(OPER_TAB_STATUSES.work);
      expect(work).toEqual(expect.arrayContaining([W, V]));
      expect(await ids({ tab: 'work', partner: a.p1Id })).toEqual([W]);
      expect(await ids({ tab: 'deals', partner: a.p1Id })).toEqual([D]);
      expect(await ids({ tab: 'deals', partner: a.p2Id })).toEqual([]);
      expect(await ids({ tab: 'work', employee: op2Id })).toEqual([V]);
      expect(await ids({ tab: 'work', employee: operId })).toEqual(
        await expected(OPER_TAB_STATUSES.work, sql`validator_user_id = ${operId}`).then((x) => x.slice(0, 10)),
      );
      expect(await ids({ tab: 'work', statuses: ['ACTIVE', 'ACTIVE'] })).toEqual(
        (await expected(['ACTIVE'])).slice(0, 10),
      );
      expect(await ids({ tab: 'results', statuses: ['ACTIVE'] })).toEqual([]);
      expect(
        await ids({
          tab: 'work',
          pageable: { page: 0, pageSize: 100, sortFields: [{ field: 'created', direction: 'ASC' }] },
        }),
      ).toEqual([...work].reverse().slice(0, 100));
      // the client filter pages (the matching companies' newest orders merged) as a plain ORDER BY
      const byInn = sql`company_id in (select id from companies where inn like ${`${inn.slice(0, 5)}%`})`;
      const everyStatus = Object.values(OPER_TAB_STATUSES).flat();
      const innAll = await expected(everyStatus, byInn);
      expect(innAll.length).toBeGreaterThan(2);
      expect(await ids({ client: inn.slice(0, 5), pageable: { page: 0, pageSize: 100 } })).toEqual(
        innAll.slice(0, 100),
      );
      expect(await ids({ client: inn.slice(0, 5), pageable: { page: 1, pageSize: 2 } })).toEqual(innAll.slice(2, 4));
      expect(await ids({ client: inn.slice(0, 5), tab: 'work', pageable: { page: 0, pageSize: 100 } })).toEqual(
        (await expected(OPER_TAB_STATUSES.work, byInn)).slice(0, 100),
      );
      expect(await ids({ client: inn.slice(0, 5), employee: op2Id })).toEqual([V]);
      // the client name filter: every word in the short or the full name (companies.name_search), either case
      const [co] = rowsOf<{ short_name: string; full_name: string }>(
        await t.db.execute(
          sql`select short_name, full_name from companies where id = (select company_id from orders where id = ${W})`,
        ),
      );
      const word = (s: string) => s.split(/\s+/).find((w) => /[A-Za-zА-Яа-я]{3}/.test(w))!;
      for (const client of [
        co.short_name,
        word(co.full_name),
        word(co.short_name).toUpperCase(),
        word(co.full_name).toLowerCase(),
      ])
        expect(await ids({ tab: 'work', client, pageable: { page: 0, pageSize: 100 } }), client).toContain(W);
      expect(await ids({ tab: 'work', client: `${word(co.short_name)} нетслова` })).toEqual([]);
      const res = await a.oper.post(`${OPER}/filter`, { tab: 'work', partner: a.p1Id });
      expect(res.json()).toMatchObject({ totalElements: 1, last: true });
    });

    it('refuses a guest with 401, other roles and an operator without the right with 403, bad input with 400', async () => {
      expect((await t.client().post(`${OPER}/tab-counts`, {})).statusCode).toBe(401);
      for (const c of [a.client, a.p1]) {
        const res = await c.post(`${OPER}/tab-counts`, {});
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      const { client: weak } = await signedInOperator(t, {
        email: 'tabcounts-weak@example.com',
        rights: OPERATOR_RIGHTS.filter((r) => r !== 'ORDERS_VIEW'),
      });
      const refused = await weak.post(`${OPER}/tab-counts`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('RIGHT_REQUIRED');
      for (const body of [
        { employee: 0 },
        { partner: 'x' },
        { statuses: ['NOT_A_STATUS'] },
        { client: 'x'.repeat(201) },
      ]) {
        const bad = await a.oper.post(`${OPER}/tab-counts`, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: expect.any(Array) });
      }
    });

    it('keeps the validator and agent counters equal to a count of the rows', async () => {
      const db = t.db;
      const byStatus = (rows: Array<{ status: string; n: string | number }>) =>
        new Map(rows.filter((r) => Number(r.n)).map((r) => [r.status as OrderStatus, Number(r.n)]));
      const exact = async () => {
        const filters: OperFilter[] = [
          {},
          { employee: operId },
          { employee: op2Id },
          { partner: a.p1Id },
          { partner: a.p2Id },
        ];
        for (const f of filters) {
          const cond =
            f.employee !== undefined
              ? sql`o.validator_user_id = ${f.employee}`
              : f.partner !== undefined
                ? sql`exists (select 1 from partner_orders p where p.order_id = o.id and p.partner_company_id = ${f.partner})`
                : sql`true`;
          const rows = rowsOf<{ status: string; n: string }>(
            await db.execute(sql`select o.status, count(*) as n from orders o where ${cond} group by o.status`),
          );
          expect(await countOperOrdersByStatus(db, f), JSON.stringify(f)).toEqual(byStatus(rows));
          expect(await countOperOrdersByStatus(db, f, ['ACTIVE', 'EXECUTED'])).toEqual(
            byStatus(rows.filter((r) => ['ACTIVE', 'EXECUTED'].includes(r.status))),
          );
        }
        // no validator: counted in the totals
        const [free] = rowsOf<{ n: string }>(
          await db.execute(sql`select count(*) as n from orders where validator_user_id is null`),
        );
        const [counted] = rowsOf<{ n: string | null }>(
          await db.execute(sql`select sum(n) as n from order_validator_status_counts where validator_user_id is null`),
        );
        expect(Number(counted.n ?? 0)).toBe(Number(free.n));
      };
      await exact();

      const [{ company_id: company, created_by: by }] = rowsOf<{ company_id: number; created_by: number }>(
        await db.execute(sql`select company_id, created_by from orders where id = ${N}`),
      );
      const insert = (n: number, status: string, validator: number | null) =>
        db.execute(sql`insert into orders (company_id, created_by, created_at, payment_type, amount, currency, country_code,
            city, bank_name, tnved_code, goods_location, payment_date_from, payment_date_to, status, status_date, validator_user_id)
          select ${company}, ${by}, now(), 'SENDING', 100, 'USD', 'CN', 'Шанхай', 'Bank', '8471', 'IMPORTED', current_date,
            current_date, ${status}, now(), ${validator}::int from generate_series(1, ${n}) returning id`);
      const fresh = rowsOf<{ id: number }>(await insert(4, 'VALIDATION', null)).map((r) => Number(r.id));
      await insert(3, 'IN_VALIDATION', operId);
      await exact();

      // taken (validator and status change in one statement), a validator change alone, a no-op update
      await db.execute(
        sql`update orders set status = 'IN_VALIDATION', validator_user_id = ${op2Id} where id in (${fresh[0]}, ${fresh[1]})`,
      );
      await db.execute(sql`update orders set validator_user_id = ${operId} where id = ${fresh[1]}`);
      await db.execute(sql`update orders set version = version + 1 where id = ${fresh[2]}`);
      await exact();

      // sent to agents, the orders' status changes with partner orders, a partner order moved to another agent
      await db.execute(sql`update orders set status = 'ACTIVE' where id in (${fresh[0]}, ${fresh[1]})`);
      await db.execute(sql`insert into partner_orders (order_id, partner_company_id, status, created_at)
        select o.id, p.id, 'ALLOWED', now() from (values (${fresh[0]}::bigint), (${fresh[1]}::bigint)) o(id)
        cross join (values (${a.p1Id}::int), (${a.p2Id}::int)) p(id)`);
      await exact();
      await db.execute(sql`update orders set status = 'EXECUTED' where id = ${fresh[0]}`);
      await db.execute(
        sql`update partner_orders set partner_company_id = ${a.p2Id} where order_id = ${D} and partner_company_id = ${a.p1Id}`,
      );
      await db.execute(sql`update partner_orders set status = 'IN_PROGRESS' where order_id = ${fresh[1]}`);
      await exact();

      // a rolled-back transaction leaves the counters as they were
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`update orders set status = 'CANCELED', validator_user_id = ${op2Id}`);
          await tx.execute(sql`delete from partner_orders where order_id = ${fresh[1]}`);
          throw new Error('rollback');
        })
        .catch(() => undefined);
      await exact();

      await compactStatusCounts(db);
      await exact();
      for (const table of ['order_validator_status_counts', 'order_agent_status_counts']) {
        const key = table === 'order_validator_status_counts' ? sql`validator_user_id` : sql`partner_company_id`;
        const [dup] = rowsOf<{ n: string }>(
          await db.execute(
            sql`select count(*) as n from (select ${key}, status from ${sql.identifier(table)} group by 1, 2 having count(*) > 1) d`,
          ),
        );
        expect(Number(dup.n), table).toBe(0);
      }

      // deletes: partner orders, then the orders
      await db.execute(sql`delete from partner_orders where order_id in (${fresh[0]}, ${fresh[1]})`);
      await db.execute(
        sql`delete from orders where id in (${sql.join(
          fresh.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      await db.execute(sql`delete from orders where validator_user_id = ${operId} and id > ${fresh[3]}`);
      await exact();
    });
  });
}
