// @vitest-environment jsdom
/**
 * The operator list in Relay's mock environment (issue 10, /operator/operators; spec core §9 page size 20): rows with
 * name, roles and status and the total; the role filter is sent as `filter.role`; the create dialog checks the fields
 * (Russian names, e-mail) before sending and sends the person fields with the chosen roles.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLE_INFO, OPERATOR_ROLES } from '@platform/domain/operator/rights';
import { answerOperations } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { OperatorsPage } from './OperatorsPage';
import { findDialogButton } from '../../../testing/dialogs';

const ROWS = [
  {
    id: 'T3BlcmF0b3I6Mw==',
    operatorId: 3,
    fullName: 'Волкова Ольга Игоревна',
    position: 'Оператор',
    email: 'operator@example.com',
    phone: '9031112233',
    roles: ['ADMIN'],
    status: 'ACTIVE',
    createdAt: '2026-03-01T10:00:00Z',
    isViewer: true,
    invitationPending: false,
  },
  {
    id: 'T3BlcmF0b3I6NA==',
    operatorId: 4,
    fullName: 'Лебедева Марина Олеговна',
    position: null,
    email: 'support@example.com',
    phone: null,
    roles: ['SUPPORT'],
    status: 'SUSPENDED',
    createdAt: '2026-03-02T10:00:00Z',
    isViewer: false,
    invitationPending: false,
  },
];

function render(seen: OperationDescriptor[]) {
  const environment = createMockEnvironment();
  answerOperations(environment, (op) => {
    if (op.request.node.params.name !== 'OperatorsPageQuery') return null;
    seen.push(op);
    const role = (op.request.variables.filter as { role?: string } | null)?.role;
    const rows = ROWS.filter((r) => !role || r.roles.includes(role));
    return MockPayloadGenerator.generate(op, {
      Viewer: () => ({
        id: 'VXNlcjoz',
        administration: {
          rightCatalog: {
            roles: OPERATOR_ROLES.map((r) => ({ role: r, label: OPERATOR_ROLE_INFO[r].label })),
          },
          operators: {
            totalCount: rows.length,
            pageInfo: { hasNextPage: false, endCursor: null },
            edges: rows.map((node) => ({ node })),
          },
        },
      }),
    });
  });
  renderWithRelay(<OperatorsPage />, { environment });
  return environment;
}

describe('OperatorsPage (issue 10)', () => {
  it('shows the operators with roles, status and the total; filters by role', async () => {
    const seen: OperationDescriptor[] = [];
    render(seen);
    const rows = await screen.findAllByTestId('operator-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Волкова Ольга Игоревна' }).getAttribute('href')).toBe(
      '/operator/operators/3',
    );
    expect(within(rows[0]).getByText('Администратор')).toBeTruthy();
    expect(within(rows[0]).getByText('это вы')).toBeTruthy();
    expect(within(rows[1]).getByText('Заблокирован')).toBeTruthy();
    expect(screen.getByTestId('operators-total').textContent).toBe('Найдено сотрудников: 2');
    fireEvent.change(screen.getByLabelText('Роль'), { target: { value: 'SUPPORT' } });
    await waitFor(
      () =>
        expect(seen.some((op) => (op.request.variables.filter as { role?: string })?.role === 'SUPPORT')).toBe(true),
      { timeout: 3000 },
    );
    await waitFor(() => expect(screen.getAllByTestId('operator-row')).toHaveLength(1));
  });

  it('the create dialog checks the fields and sends the person fields with the roles', async () => {
    const environment = render([]);
    await screen.findAllByTestId('operator-row');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить сотрудника' }));
    const dialog = await screen.findByTestId('create-operator-dialog');
    const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
    fireEvent.change(field('Фамилия'), { target: { value: 'Smith' } });
    fireEvent.change(field('Имя'), { target: { value: 'Анна' } });
    fireEvent.change(field('Электронная почта'), { target: { value: 'anna@example.com' } });
    fireEvent.click(await findDialogButton(dialog, 'Добавить сотрудника'));
    expect(await within(dialog).findByText('Используйте русские буквы и дефис')).toBeTruthy();
    const before = environment.mock.getAllOperations().length;
    fireEvent.change(field('Фамилия'), { target: { value: 'Иванова' } });
    const support = within(dialog).getByRole('checkbox', { name: 'Поддержка' }) as HTMLInputElement;
    fireEvent.click(support);
    // the controlled state (data-state of the checkbox root follows the roles the dialog will send)
    await waitFor(() => expect(support.closest('label')?.getAttribute('data-state')).toBe('checked'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить сотрудника' }));
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBe(before + 1));
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('operatorMutationsCreateMutation');
    expect(op.request.variables.input).toEqual({
      surname: 'Иванова',
      name: 'Анна',
      patronymic: null,
      position: null,
      email: 'anna@example.com',
      phone: null,
      additionalPhone: null,
      roles: ['OPERATOR', 'SUPPORT'],
      rights: [],
    });
  });
});
