/**
 * The audit log through the gateway over a real backend (issue 10 "Audit log … can be listed and filtered by
 * operators with the right"; Gateway "connections (with totalCount) … node(id:) refuses records the viewer may not
 * see"): Administration.auditLog with a filter and totalCount, its changes as display text, auditActions, node(id:),
 * a bad period as BAD_USER_INPUT, and null for an operator without AUDIT_LOG.
 */
import { eq } from 'drizzle-orm';
import { toGlobalId } from 'graphql-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit, type AuditEntry } from '../../backend/src/admin/audit.js';
import { users } from '../../backend/src/db/schema/core.js';
import { insertOperator } from '../support/admin.js';
import { signInOperator } from '../support/deal.js';
import { ok, startStack, type GqlClient, type Stack } from '../support/stack.js';

const LOG = `query Log($filter: AuditLogFilter, $first: Int, $after: String) { viewer { administration {
  auditLog(filter: $filter, first: $first, after: $after) { totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id entryId occurredAt action actionLabel entityType entityId entityName comment
      actor { userId name surname email } changes { field before after } } } }
  auditActions { code label entityType entries } } } }`;

const NODE = `query Node($id: ID!) { node(id: $id) { __typename ... on AuditEntry { entryId action } } }`;

describe('audit log through the gateway (issue 10)', () => {
  let stack: Stack;
  let oper: GqlClient;
  let adminId: number;

  async function write(entry: Omit<AuditEntry, 'actorUserId'>, at: string) {
    await stack.backend.db.transaction(async (tx) => {
      await recordAudit(tx, { actorUserId: adminId, ...entry }, new Date(at));
    });
  }

  beforeAll(async () => {
    stack = await startStack();
    const db = stack.backend.db;
    const [admin] = await db.select().from(users).where(eq(users.email, 'operator@example.com'));
    adminId = admin.id;
    await insertOperator(stack, 'orders-only@example.com');
    await write(
      {
        action: 'CLIENT_STATUS_CHANGE',
        entityType: 'CLIENT',
        entityId: 7,
        entityName: 'ООО Ромашка',
        before: { status: 'NEW' },
        after: { status: 'VERIFIED' },
        comment: 'Документы проверены',
      },
      '2026-03-10T09:00:00Z',
    );
    await write(
      {
        action: 'PAYMENT_AGENT_UPDATE',
        entityType: 'PAYMENT_AGENT',
        entityId: 12,
        entityName: 'Агент Один',
        before: { brand: 'Агент', countries: ['CN'], minPayment: null },
        after: { brand: 'Агент Один', countries: ['CN', 'TR'], minPayment: 1000 },
      },
      '2026-03-11T09:00:00Z',
    );
    await write(
      {
        action: 'CLIENT_STATUS_CHANGE',
        entityType: 'CLIENT',
        entityId: 8,
        entityName: 'ООО Лютик',
        before: { status: 'VERIFIED' },
        after: { status: 'SUSPENDED' },
      },
      '2026-03-12T09:00:00Z',
    );
    oper = await signInOperator(stack.url);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists the log filtered by action with totalCount, newest first, its changes as display text', async () => {
    const all = await ok(oper, LOG, {});
    expect(all.viewer.administration.auditLog.totalCount).toBe(3);
    const update = all.viewer.administration.auditLog.edges[1].node;
    expect(update).toMatchObject({
      action: 'PAYMENT_AGENT_UPDATE',
      actionLabel: 'Изменение платёжного агента',
      entityType: 'PAYMENT_AGENT',
      entityId: '12',
      occurredAt: '2026-03-11T09:00:00.000Z',
      actor: { userId: adminId, email: 'operator@example.com' },
      changes: [
        { field: 'brand', before: 'Агент', after: 'Агент Один' },
        { field: 'countries', before: '["CN"]', after: '["CN","TR"]' },
        { field: 'minPayment', before: null, after: '1000' },
      ],
    });

    const r = await ok(oper, LOG, { filter: { action: 'CLIENT_STATUS_CHANGE' }, first: 1 });
    const log = r.viewer.administration.auditLog;
    expect(log.totalCount).toBe(2);
    expect(log.pageInfo.hasNextPage).toBe(true);
    expect(log.edges[0].node).toMatchObject({
      entityName: 'ООО Лютик',
      changes: [{ field: 'status', before: 'VERIFIED', after: 'SUSPENDED' }],
    });
    const next = await ok(oper, LOG, {
      filter: { action: 'CLIENT_STATUS_CHANGE' },
      first: 1,
      after: log.pageInfo.endCursor,
    });
    expect(next.viewer.administration.auditLog.edges[0].node).toMatchObject({
      entityName: 'ООО Ромашка',
      comment: 'Документы проверены',
    });
    expect(next.viewer.administration.auditLog.pageInfo.hasNextPage).toBe(false);

    const period = await ok(oper, LOG, {
      filter: { entityType: 'CLIENT', period: { from: '2026-03-12', to: '2026-03-12' } },
    });
    expect(
      period.viewer.administration.auditLog.edges.map((e: { node: { entityId: string } }) => e.node.entityId),
    ).toEqual(['8']);

    expect(r.viewer.administration.auditActions).toEqual([
      { code: 'PAYMENT_AGENT_UPDATE', label: 'Изменение платёжного агента', entityType: 'PAYMENT_AGENT', entries: 1 },
      { code: 'CLIENT_STATUS_CHANGE', label: 'Смена статуса клиента', entityType: 'CLIENT', entries: 2 },
    ]);

    const node = await ok(oper, NODE, { id: update.id });
    expect(node.node).toEqual({ __typename: 'AuditEntry', entryId: update.entryId, action: 'PAYMENT_AGENT_UPDATE' });
  });

  it('shows the entry of a client status changed through the gateway (changeClientStatus), filtered by record', async () => {
    const [newcomer] = await stack.backend.db.select().from(users).where(eq(users.email, 'newclient@example.com'));
    const clientId = toGlobalId('AdminClient', String(newcomer.companyId));
    const change = await ok(
      oper,
      `mutation ($input: ChangeClientStatusInput!) { changeClientStatus(input: $input) { __typename
        ... on UserError { code message } } }`,
      { input: { clientId, status: 'SUSPENDED', comment: 'Проверка службы безопасности' } },
    );
    expect(change.changeClientStatus.__typename).toBe('ChangeClientStatusSuccess');
    const r = await ok(oper, LOG, { filter: { entityType: 'CLIENT', entityId: String(newcomer.companyId) } });
    const log = r.viewer.administration.auditLog;
    expect(log.totalCount).toBe(1);
    expect(log.edges[0].node).toMatchObject({
      action: 'CLIENT_STATUS_CHANGE',
      actionLabel: 'Смена статуса клиента',
      comment: 'Проверка службы безопасности',
      actor: { email: 'operator@example.com' },
      changes: [{ field: 'status', before: 'NEW', after: 'SUSPENDED' }],
    });
  });

  it('answers a bad period as BAD_USER_INPUT with the field', async () => {
    const r = await oper.gql(LOG, { filter: { period: { from: '2026-03-12', to: '2026-03-01' } } });
    expect(r.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'period.from', code: 'PERIOD_INVALID' }],
    });
  });

  it('is null (and auditActions empty, node null) for an operator without AUDIT_LOG', async () => {
    const plain = await signInOperator(stack.url, 'orders-only@example.com');
    const r = await ok(plain, LOG, {});
    expect(r.viewer.administration).toEqual({ auditLog: null, auditActions: [] });
    const all = await ok(oper, LOG, {});
    const id = all.viewer.administration.auditLog.edges[0].node.id;
    expect((await ok(plain, NODE, { id })).node).toBeNull();
  });
});
