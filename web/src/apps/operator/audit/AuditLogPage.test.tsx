// @vitest-environment jsdom
/**
 * The audit log page in Relay's mock environment (issue 10, /operator/audit): entries with time, operator, action,
 * record and comment; the 'Изменения' table (field, было, стало) opens on demand; the action filter sends
 * `filter.action`; a period whose start is after its end is shown as an error and not sent; the pager asks for the
 * next page after the last cursor.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { AuditLogPage } from './AuditLogPage';

const ENTRIES = [
  {
    id: 'QXVkaXRFbnRyeToy',
    entryId: 2,
    occurredAt: '2026-03-11T09:05:00Z',
    action: 'OPERATOR_RIGHTS_CHANGE',
    actionLabel: 'Изменение ролей и прав сотрудника',
    entityType: 'OPERATOR',
    entityId: '5',
    entityName: 'Заявкин Пётр',
    comment: null,
    actor: { userId: 3, name: 'Ольга', surname: 'Волкова', patronymic: null },
    changes: [{ field: 'roles', before: '["SUPPORT"]', after: '["OPERATOR"]' }],
  },
  {
    id: 'QXVkaXRFbnRyeTox',
    entryId: 1,
    occurredAt: '2026-03-10T09:00:00Z',
    action: 'CLIENT_STATUS_CHANGE',
    actionLabel: 'Смена статуса клиента',
    entityType: 'CLIENT',
    entityId: '7',
    entityName: 'ООО «Ромашка»',
    comment: 'Документы проверены',
    actor: { userId: 3, name: 'Ольга', surname: 'Волкова', patronymic: null },
    changes: [{ field: 'status', before: 'NEW', after: 'VERIFIED' }],
  },
];

function answer(environment: RelayMockEnvironment, seen: OperationDescriptor[], total = 2) {
  answerOperations(environment, (op) => {
    if (op.request.node.params.name !== 'AuditLogPageQuery') return null;
    seen.push(op);
    const action = (op.request.variables.filter as { action?: string } | null)?.action;
    const entries = ENTRIES.filter((e) => !action || e.action === action);
    return MockPayloadGenerator.generate(op, {
      Viewer: () => ({
        id: 'VXNlcjoz',
        operators: [{ userId: 3, name: 'Ольга', surname: 'Волкова' }],
        administration: {
          auditActions: [
            { code: 'CLIENT_STATUS_CHANGE', label: 'Смена статуса клиента', entityType: 'CLIENT' },
            { code: 'OPERATOR_RIGHTS_CHANGE', label: 'Изменение ролей и прав сотрудника', entityType: 'OPERATOR' },
          ],
          auditLog: {
            totalCount: action ? entries.length : total,
            pageInfo: { hasNextPage: !action && total > 20, endCursor: 'YXJyYXljb25uZWN0aW9uOjE5' },
            edges: entries.map((node) => ({ node })),
          },
        },
      }),
    });
  });
}

describe('AuditLogPage (issue 10)', () => {
  it('shows the entries and opens the before / after table of one', async () => {
    const seen: OperationDescriptor[] = [];
    const environment = (await import('relay-test-utils')).createMockEnvironment();
    answer(environment, seen);
    renderWithRelay(<AuditLogPage />, { environment });
    const list = await screen.findByRole('list', { name: 'Записи журнала' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.getByTestId('audit-total').textContent).toBe('Всего записей: 2');
    const status = within(list).getByRole('listitem', { name: 'Смена статуса клиента: ООО «Ромашка»' });
    expect(within(status).getByTestId('audit-record').textContent).toBe('ООО «Ромашка» · Клиент');
    expect(within(status).getByTestId('audit-actor').textContent).toBe('Волкова Ольга');
    expect(within(status).getByTestId('audit-time').textContent).toMatch(/^10\.03\.2026 \d{2}:\d{2}$/);
    expect(within(status).getByTestId('audit-comment').textContent).toContain('Документы проверены');
    expect(within(status).queryByRole('table')).toBeNull();

    fireEvent.click(within(status).getByRole('button', { name: 'Изменения (1)' }));
    const table = within(status).getByRole('table', { name: 'Изменения' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Статус', 'NEW', 'VERIFIED']);
    expect(seen[0].request.variables).toEqual({ filter: {}, after: null });
  });

  it('filters by action; a period with its start after its end is an error and is not sent', async () => {
    const seen: OperationDescriptor[] = [];
    const environment = (await import('relay-test-utils')).createMockEnvironment();
    answer(environment, seen);
    renderWithRelay(<AuditLogPage />, { environment });
    await screen.findByRole('list', { name: 'Записи журнала' });

    fireEvent.change(screen.getByLabelText('Действие'), { target: { value: 'CLIENT_STATUS_CHANGE' } });
    await waitFor(() => expect(screen.getByTestId('audit-total').textContent).toBe('Всего записей: 1'), {
      timeout: 3000,
    });
    expect(seen.at(-1)!.request.variables.filter).toEqual({ action: 'CLIENT_STATUS_CHANGE' });

    fireEvent.change(screen.getByLabelText('Период с'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('по'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('Начало периода позже его конца')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 800));
    expect(seen.at(-1)!.request.variables.filter).toEqual({ action: 'CLIENT_STATUS_CHANGE' });
  });

  it('pages with the pager: the next page starts after the last cursor', async () => {
    const seen: OperationDescriptor[] = [];
    const environment = (await import('relay-test-utils')).createMockEnvironment();
    answer(environment, seen, 45);
    renderWithRelay(<AuditLogPage />, { environment });
    await screen.findByRole('list', { name: 'Записи журнала' });
    expect(screen.getByText('Страница 1 из 3')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Назад' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    await waitFor(() => expect(seen.at(-1)!.request.variables.after).toBe('YXJyYXljb25uZWN0aW9uOjE5'));
    await screen.findByText('Страница 2 из 3');
  });

  it("opens one record's history from a link and shows all again on reset", async () => {
    const seen: OperationDescriptor[] = [];
    const environment = (await import('relay-test-utils')).createMockEnvironment();
    answer(environment, seen);
    renderWithRelay(<AuditLogPage />, { environment, path: '/operator/audit?entityType=CLIENT&entityId=7' });
    await screen.findByRole('list', { name: 'Записи журнала' });
    expect(seen[0].request.variables.filter).toEqual({ entityType: 'CLIENT', entityId: '7' });
    expect(screen.getByTestId('audit-record-filter').textContent).toBe('Только запись № 7');
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(seen.at(-1)!.request.variables.filter).toEqual({}), { timeout: 3000 });
    expect(screen.queryByTestId('audit-record-filter')).toBeNull();
  });
});
