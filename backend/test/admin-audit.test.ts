/**
 * The audit log of administrative changes (issue 10 "Audit log: every administrative change (who, when, which record,
 * the fields before and after) is stored in the same transaction as the change and can be listed and filtered by
 * operators with the right"): POST /api/secured/oper/audit/filter, …/filter/count, GET …/audit/actions, …/audit/{id}.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedFields, recordAudit, type AuditEntry } from '../src/admin/audit.js';
import { AUDIT_ACTIONS, auditActionLabel } from '@platform/domain/operator/audit';
import { auditLog } from '../src/db/schema/admin.js';
import { companies, users } from '../src/db/schema/core.js';
import type { AuditEntryDto } from '../src/routes/admin/audit/queries.js';
import { insertOperators } from './admin-helpers.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';

const AUDIT = '/api/secured/oper/audit';

/** One entry as the API gives it. */
type Entry = AuditEntryDto;

for (const driver of DRIVERS) {
  describe(`audit log (issue 10) [${driver}]`, () => {
    let t: TestApp;
    let admin: TestClient;
    let adminId: number;
    let auditorId: number;
    let clientCompanyId: number;

    /** Writes one entry at `at` in its own transaction, as the administrative routes do. */
    async function write(entry: Omit<AuditEntry, 'actorUserId'> & { actorUserId?: number }, at: string) {
      await t.db.transaction(async (tx) => {
        await recordAudit(tx, { actorUserId: adminId, ...entry }, new Date(at));
      });
    }
    const list = async (body: object, query: Record<string, string> = {}) =>
      admin.post(`${AUDIT}/filter`, body, { query });
    const ids = (res: { json(): { content: Entry[] } }) => res.json().content.map((e) => e.id);

    beforeAll(async () => {
      t = await createTestApp({ driver });
      const [oper] = await t.db.select().from(users).where(eq(users.email, 'operator@example.com'));
      adminId = oper.id;
      const [client] = await t.db.select().from(users).where(eq(users.email, 'client@example.com'));
      clientCompanyId = client.companyId!;
      [, auditorId] = await insertOperators(t, [
        { email: 'orders-only@example.com', name: 'Пётр', surname: 'Заявкин', roles: ['OPERATOR'] },
        { email: 'auditor@example.com', name: 'Анна', surname: 'Ревизорова', roles: ['AUDITOR'] },
      ]);
      admin = await t.signedIn('operator@example.com');

      // A status change written with the change itself, in one transaction (what the clients route does).
      await t.db.transaction(async (tx) => {
        const [before] = await tx.select().from(companies).where(eq(companies.id, clientCompanyId));
        await tx.update(companies).set({ status: before.status }).where(eq(companies.id, clientCompanyId));
        const diff = changedFields(
          { status: 'NEW', shortName: before.shortName },
          { status: 'VERIFIED', shortName: before.shortName },
        );
        await recordAudit(
          tx,
          {
            actorUserId: adminId,
            action: 'CLIENT_STATUS_CHANGE',
            entityType: 'CLIENT',
            entityId: clientCompanyId,
            entityName: 'ООО Ромашка',
            ...diff,
            comment: 'Документы проверены',
          },
          new Date('2026-03-10T09:00:00Z'),
        );
      });
      await write(
        {
          action: 'PAYMENT_AGENT_CREATE',
          entityType: 'PAYMENT_AGENT',
          entityId: 501,
          entityName: 'Агент Один',
          after: { brand: 'Агент Один', email: 'a1@example.com' },
        },
        '2026-03-10T09:00:00Z',
      );
      await write(
        {
          action: 'OPERATOR_RIGHTS_CHANGE',
          entityType: 'OPERATOR',
          entityId: auditorId,
          entityName: 'Ревизорова Анна',
          before: { roles: ['OPERATOR'] },
          after: { roles: ['AUDITOR'] },
        },
        '2026-03-11T20:59:59Z',
      );
      await write(
        { actorUserId: auditorId, action: 'LEGACY_THING', entityType: 'CLIENT', entityId: clientCompanyId },
        '2026-03-11T21:00:00Z',
      );
    });
    afterAll(async () => {
      await t?.close();
    });

    it('lists entries newest first (occurredAt desc, id desc) with actor, label, record, before/after and comment', async () => {
      const res = await list({});
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ totalElements: 4, page: 0, pageSize: 20, last: true });
      expect(body.content.map((e: Entry) => e.action)).toEqual([
        'LEGACY_THING',
        'OPERATOR_RIGHTS_CHANGE',
        'PAYMENT_AGENT_CREATE',
        'CLIENT_STATUS_CHANGE',
      ]);
      const status = body.content[3] as Entry;
      expect(status).toMatchObject({
        occurredAt: '2026-03-10T09:00:00.000Z',
        actor: { id: adminId, email: 'operator@example.com' },
        action: 'CLIENT_STATUS_CHANGE',
        actionLabel: 'Смена статуса клиента',
        entityType: 'CLIENT',
        entityId: String(clientCompanyId),
        entityName: 'ООО Ромашка',
        before: { status: 'NEW' },
        after: { status: 'VERIFIED' },
        comment: 'Документы проверены',
      });
      expect(body.content[2]).toMatchObject({ before: null, after: { brand: 'Агент Один' }, comment: null });
      // Same instant: the later id first.
      expect(body.content[2].id).toBeGreaterThan(status.id);
      expect(body.content[0]).toMatchObject({ actionLabel: 'LEGACY_THING', actor: { id: auditorId } });
    });

    it('pages with ?page&size and counts', async () => {
      const all = ids(await list({}));
      const p0 = await list({}, { size: '3' });
      expect(p0.json()).toMatchObject({ totalElements: 4, pageSize: 3, last: false });
      const p1 = await list({}, { size: '3', page: '1' });
      expect(p1.json()).toMatchObject({ page: 1, last: true });
      expect([...ids(p0), ...ids(p1)]).toEqual(all);
      expect((await list({}, { page: '7' })).json().content).toEqual([]);
      const count = await admin.post(`${AUDIT}/filter/count`, { entityType: 'CLIENT' });
      expect(count.statusCode).toBe(200);
      expect(count.json()).toEqual({ count: 2 });
    });

    it('filters by record type, record id, actor, action and period (days are Moscow days)', async () => {
      const actions = async (body: object) => (await list(body)).json().content.map((e: Entry) => e.action);
      expect(await actions({ entityType: 'OPERATOR' })).toEqual(['OPERATOR_RIGHTS_CHANGE']);
      expect(await actions({ entityType: 'CLIENT', entityId: String(clientCompanyId) })).toEqual([
        'LEGACY_THING',
        'CLIENT_STATUS_CHANGE',
      ]);
      expect(await actions({ actorUserId: auditorId })).toEqual(['LEGACY_THING']);
      expect(await actions({ action: 'PAYMENT_AGENT_CREATE' })).toEqual(['PAYMENT_AGENT_CREATE']);
      expect(await actions({ action: 'PAYMENT_AGENT_BLOCK' })).toEqual([]);
      // 2026-03-11T20:59:59Z is 23:59:59 on 11.03 in Moscow, 21:00:00Z is already 12.03.
      expect(await actions({ period: { from: '2026-03-11', to: '2026-03-11' } })).toEqual(['OPERATOR_RIGHTS_CHANGE']);
      expect(await actions({ period: { from: '2026-03-12' } })).toEqual(['LEGACY_THING']);
      expect(await actions({ period: { to: '2026-03-10' } })).toEqual(['PAYMENT_AGENT_CREATE', 'CLIENT_STATUS_CHANGE']);
      expect(await actions({ period: { from: '2026-03-11T20:59:59Z', to: '2026-03-12T00:00:00+03:00' } })).toEqual([
        'LEGACY_THING',
        'OPERATOR_RIGHTS_CHANGE',
      ]);
    });

    it('lists the action codes present with Russian labels; an unknown code is shown as itself', async () => {
      const res = await admin.get(`${AUDIT}/actions`);
      expect(res.statusCode).toBe(200);
      const byCode = Object.fromEntries(
        (res.json() as Array<{ code: string; label: string; entityType: string | null; entries: number }>).map((a) => [
          a.code,
          a,
        ]),
      );
      expect(Object.keys(byCode).sort()).toEqual(
        ['CLIENT_STATUS_CHANGE', 'LEGACY_THING', 'OPERATOR_RIGHTS_CHANGE', 'PAYMENT_AGENT_CREATE'].sort(),
      );
      expect(byCode.CLIENT_STATUS_CHANGE).toEqual({
        code: 'CLIENT_STATUS_CHANGE',
        label: 'Смена статуса клиента',
        entityType: 'CLIENT',
        entries: 1,
      });
      expect(byCode.LEGACY_THING).toMatchObject({ label: 'LEGACY_THING', entityType: null });
      expect(auditActionLabel('OPERATOR_RIGHTS_CHANGE')).toBe(AUDIT_ACTIONS.OPERATOR_RIGHTS_CHANGE.label);
    });

    it('gives one entry by id; 404 AUDIT_ENTRY_NOT_FOUND for another', async () => {
      const [first] = (await list({ action: 'OPERATOR_RIGHTS_CHANGE' })).json().content as Entry[];
      const one = await admin.get(`${AUDIT}/${first.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(first);
      const missing = await admin.get(`${AUDIT}/${first.id + 1000}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('AUDIT_ENTRY_NOT_FOUND');
      expect((await admin.get(`${AUDIT}/abc`)).statusCode).toBe(400);
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const before = await t.snapshot();
      const bad: Array<[object, Record<string, string>, string?]> = [
        [{ period: { from: '10.03.2026' } }, {}, 'period.from'],
        [{ period: { to: '2026-02-30' } }, {}, 'period.to'],
        [{ period: { from: '2026-03-10T25:00:00Z' } }, {}, 'period.from'],
        [{ period: { from: '2026-03-10T10:00:00' } }, {}, 'period.from'],
        [{ period: { from: '2026-03-12', to: '2026-03-11' } }, {}, 'period.from'],
        [{ period: { from: '2026-03-12T10:00:00Z', to: '2026-03-12T09:00:00Z' } }, {}, 'period.from'],
        [{ entityType: 'COMPANY' }, {}],
        [{ action: 'client status' }, {}],
        [{ actorUserId: 0 }, {}],
        [{ unknown: 1 }, {}],
        [{}, { size: '0' }],
        [{}, { size: '1000' }],
        [{}, { page: '-1' }],
      ];
      for (const [body, query, field] of bad) {
        const res = await list(body, query);
        expect(res.statusCode, JSON.stringify([body, query])).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        if (field) expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      const count = await admin.post(`${AUDIT}/filter/count`, { period: { from: '2026-13-01' } });
      expect(count.statusCode).toBe(400);
      expect(await t.snapshot()).toEqual(before);
    });

    it('needs the AUDIT_LOG right: 403 RIGHT_REQUIRED for role OPERATOR, 403 FORBIDDEN for a client, 401 anonymous', async () => {
      const ordersOnly = await t.signedIn('orders-only@example.com');
      for (const res of [
        await ordersOnly.post(`${AUDIT}/filter`, {}),
        await ordersOnly.post(`${AUDIT}/filter/count`, {}),
        await ordersOnly.get(`${AUDIT}/actions`),
        await ordersOnly.get(`${AUDIT}/1`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('RIGHT_REQUIRED');
      }
      const client = await t.signedIn('client@example.com');
      const refused = await client.post(`${AUDIT}/filter`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await t.client().get(`${AUDIT}/actions`)).statusCode).toBe(401);
      // Role AUDITOR holds AUDIT_LOG.
      const auditor = await t.signedIn('auditor@example.com');
      expect((await auditor.post(`${AUDIT}/filter`, {})).statusCode).toBe(200);
      expect(t.app.operatorRouteRights.filter((r) => r.url.startsWith(AUDIT))).toEqual(
        expect.arrayContaining([
          { method: 'POST', url: `${AUDIT}/filter`, rights: ['AUDIT_LOG'] },
          { method: 'GET', url: `${AUDIT}/actions`, rights: ['AUDIT_LOG'] },
        ]),
      );
    });

    it('is written in the transaction of the change: a change that fails after writing its entry leaves none', async () => {
      const before = await t.snapshot();
      await expect(
        t.db.transaction(async (tx) => {
          await tx.update(companies).set({ status: 'SUSPENDED' }).where(eq(companies.id, clientCompanyId));
          await recordAudit(
            tx,
            {
              actorUserId: adminId,
              action: 'CLIENT_STATUS_CHANGE',
              entityType: 'CLIENT',
              entityId: clientCompanyId,
              before: { status: 'VERIFIED' },
              after: { status: 'SUSPENDED' },
            },
            t.clock.now(),
          );
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await t.snapshot()).toEqual(before);
      expect((await t.db.select().from(auditLog)).length).toBe(4);
    });

    it('a real administrative change (client status, spec core §3 "Client status") writes its entry with it; a refused one none', async () => {
      const [newcomer] = await t.db.select().from(users).where(eq(users.email, 'newclient@example.com'));
      const companyId = newcomer.companyId!;
      const url = `/api/secured/oper/client/${companyId}/status-change`;
      const change = await admin.post(url, { status: 'VERIFIED', comment: 'Проверено вручную' });
      expect(change.statusCode).toBe(200);
      const res = await list({ entityType: 'CLIENT', entityId: String(companyId) });
      expect(res.json().totalElements).toBe(1);
      expect(res.json().content[0]).toMatchObject({
        action: 'CLIENT_STATUS_CHANGE',
        actionLabel: 'Смена статуса клиента',
        actor: { id: adminId },
        before: { status: 'NEW' },
        after: { status: 'VERIFIED' },
        comment: 'Проверено вручную',
      });
      const before = await t.snapshot();
      const again = await admin.post(url, { status: 'VERIFIED' });
      expect(again.statusCode).toBe(409);
      expect(await t.snapshot()).toEqual(before);
      expect((await admin.post(`${AUDIT}/filter/count`, { entityId: String(companyId) })).json()).toEqual({ count: 1 });
    });

    it('changedFields keeps only the changed fields (deep), null when nothing changed', () => {
      expect(changedFields({ a: 1, b: { x: [1] }, c: 'same' }, { a: 2, b: { x: [1, 2] }, c: 'same' })).toEqual({
        before: { a: 1, b: { x: [1] } },
        after: { a: 2, b: { x: [1, 2] } },
      });
      expect(changedFields({ a: null }, { a: undefined })).toBeNull();
      expect(changedFields({}, { d: 'new' })).toEqual({ before: { d: null }, after: { d: 'new' } });
    });
  });
}
