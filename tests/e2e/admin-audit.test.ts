/**
 * The audit log end to end in headless Chromium (issue 10 "Web: … the audit log with filters. Navigation shows only
 * what the operator's rights allow"): an operator with AUDIT_LOG opens 'Журнал изменений' from the navigation, filters
 * by action and sees the entry with its before / after; an operator without the right sees neither the link nor the
 * page. `WEB_DIST` may point at another build of the web app (default web/dist).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordAudit, type AuditEntry } from '../../backend/src/admin/audit.js';
import { companies, users } from '../../backend/src/db/schema/core.js';
import { insertOperator, useOperatorUi } from '../support/admin.js';
import { signInOperatorUi } from '../support/ui.js';

describe('audit log in the browser (issue 10)', () => {
  let companyName = '';
  const ui = useOperatorUi('admin', 'admin-audit', async (stack) => {
    const db = stack.backend.db;
    const [oper] = await db.select().from(users).where(eq(users.email, 'operator@example.com'));
    await insertOperator(stack, 'orders-only@example.com');
    const write = (entry: Omit<AuditEntry, 'actorUserId'>, at: string) =>
      db.transaction((tx) => recordAudit(tx, { actorUserId: oper.id, ...entry }, new Date(at)));
    await write(
      {
        action: 'OPERATOR_RIGHTS_CHANGE',
        entityType: 'OPERATOR',
        entityId: 3,
        entityName: 'Заявкин Пётр',
        before: { roles: ['SUPPORT'] },
        after: { roles: ['OPERATOR'] },
      },
      '2026-03-11T09:00:00Z',
    );
    // A real administrative change: the operator verifies the newcomer's company (POST …/client/{id}/status-change).
    const [newcomer] = await db.select().from(users).where(eq(users.email, 'newclient@example.com'));
    const [company] = await db.select().from(companies).where(eq(companies.id, newcomer.companyId!));
    companyName = company.shortName;
    const api = await stack.backend.signedIn('operator@example.com');
    const change = await api.post(`/api/secured/oper/client/${company.id}/status-change`, {
      status: 'VERIFIED',
      comment: 'Документы проверены',
    });
    expect(change.statusCode).toBe(200);
  });

  it('an operator with AUDIT_LOG filters the log by action and sees the entry with its before and after', async () => {
    await ui.page.getByRole('navigation').getByRole('link', { name: 'Журнал изменений' }).click();
    await ui.page.waitForURL(/\/operator\/audit$/);
    await ui.page.getByRole('heading', { level: 1, name: 'Журнал изменений' }).waitFor();
    const entries = ui.page.getByTestId('audit-entry');
    await entries.nth(1).waitFor();
    expect(await entries.count()).toBe(2);
    await expect.poll(() => ui.page.getByTestId('audit-total').textContent()).toBe('Всего записей: 2');
    // Newest first: the status change was made now, the rights change is from March 2026.
    expect(await entries.first().getAttribute('data-action')).toBe('CLIENT_STATUS_CHANGE');

    await ui.page.getByLabel('Действие').selectOption({ label: 'Смена статуса клиента' });
    await expect
      .poll(() => ui.page.getByTestId('audit-total').textContent(), { timeout: 10_000 })
      .toBe('Всего записей: 1');
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(1);
    const entry = entries.first();
    expect(await entry.getAttribute('data-action')).toBe('CLIENT_STATUS_CHANGE');
    expect(await entry.getByTestId('audit-action').textContent()).toBe('Смена статуса клиента');
    expect(await entry.getByTestId('audit-record').textContent()).toBe(`${companyName} · Клиент`);
    expect(await entry.getByTestId('audit-actor').textContent()).toMatch(/\S/);
    expect(await entry.getByTestId('audit-time').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(await entry.getByTestId('audit-comment').textContent()).toContain('Документы проверены');

    await entry.getByRole('button', { name: 'Изменения (1)' }).click();
    const table = entry.getByRole('table', { name: 'Изменения' });
    await table.waitFor();
    const row = table.getByTestId('audit-change');
    expect(await row.getAttribute('data-field')).toBe('status');
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Статус', 'NEW', 'VERIFIED']);
    expect(ui.roles.logs).toEqual([]);
  });

  it('an operator without AUDIT_LOG sees neither the link nor the page', async () => {
    const plain = await ui.roles.open('orders-only');
    await signInOperatorUi(plain, 'orders-only@example.com');
    expect(await plain.getByRole('navigation').getByRole('link', { name: 'Журнал изменений' }).count()).toBe(0);
    await plain.goto('/operator/audit');
    await plain.getByRole('heading', { name: 'Недостаточно прав для этого раздела' }).waitFor();
    expect(await plain.getByTestId('audit-entry').count()).toBe(0);
  });
});
