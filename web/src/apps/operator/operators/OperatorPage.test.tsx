// @vitest-environment jsdom
/**
 * An operator's page in Relay's mock environment (issue 10, /operator/operators/:id; spec core §6): the rights editor
 * shows the effective rights and updates them as boxes change, sends the whole set with setOperatorRights and shows a
 * refusal; for oneself the 'Администратор' role (the only source of 'Сотрудники') is locked with a hint and there is
 * no 'Заблокировать'; a suspension needs a confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import {
  OPERATOR_RIGHT_INFO,
  OPERATOR_RIGHTS,
  OPERATOR_ROLE_INFO,
  OPERATOR_ROLES,
} from '@platform/domain/operator/rights';
import { answerOperations, userErrorPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { OperatorPage } from './OperatorPage';
import { findDialogButton } from '../../../testing/dialogs';

const CATALOG = {
  rights: OPERATOR_RIGHTS.map((right) => ({ right, ...OPERATOR_RIGHT_INFO[right] })),
  roles: OPERATOR_ROLES.map((role) => ({
    role,
    label: OPERATOR_ROLE_INFO[role].label,
    rights: [...OPERATOR_ROLE_INFO[role].rights],
  })),
};

function render(operator: Record<string, unknown>) {
  const environment = createMockEnvironment();
  answerOperations(environment, (op) => {
    if (op.request.node.params.name !== 'OperatorPageQuery') return null;
    return MockPayloadGenerator.generate(op, {
      Viewer: () => ({ id: 'VXNlcjoz', administration: { rightCatalog: CATALOG } }),
      Operator: () => ({
        id: 'T3BlcmF0b3I6NQ==',
        fullName: 'Заявкин Пётр',
        surname: 'Заявкин',
        name: 'Пётр',
        patronymic: null,
        position: 'Оператор заявок',
        email: 'p@example.com',
        phone: null,
        additionalPhone: null,
        status: 'ACTIVE',
        createdAt: '2026-03-01T10:00:00Z',
        invitationPending: false,
        viewerCanEditRights: true,
        viewerCanResendInvitation: false,
        viewerCanActivate: false,
        ...operator,
      }),
    });
  });
  renderWithRelay(<OperatorPage />, { environment, path: '/operator/operators/5', route: '/operator/operators/:id' });
  return environment;
}

const effective = () => screen.getByTestId('effective-rights').textContent;

describe('OperatorPage (issue 10)', () => {
  it('edits rights: effective rights follow the boxes, the whole set is sent, a refusal is shown', async () => {
    const environment = render({
      roles: ['OPERATOR'],
      rights: [],
      effectiveRights: ['ORDERS_VIEW', 'ORDERS_MANAGE', 'SUPPORT'],
      isViewer: false,
      viewerCanSuspend: true,
    });
    await screen.findByRole('heading', { level: 1, name: 'Заявкин Пётр' });
    expect(effective()).toBe('Просмотр заявокРабота с заявкамиПоддержка');
    const extra = screen.getByRole('group', { name: 'Дополнительные права' });
    fireEvent.click(within(extra).getByRole('checkbox', { name: 'Клиенты' }));
    await waitFor(() => expect(effective()).toBe('Просмотр заявокРабота с заявкамиКлиентыПоддержка'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить права' }));
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('operatorMutationsRightsMutation');
    expect(op.request.variables.input).toEqual({
      operatorId: 'T3BlcmF0b3I6NQ==',
      roles: ['OPERATOR'],
      rights: ['CLIENTS'],
    });
    environment.mock.resolve(
      op,
      userErrorPayload(op, 'setOperatorRights', {
        code: 'LAST_ADMIN',
        message: 'Должен остаться хотя бы один активный сотрудник с правом «Сотрудники»',
      }),
    );
    expect(
      await screen.findByText('Должен остаться хотя бы один активный сотрудник с правом «Сотрудники»'),
    ).toBeTruthy();
  });

  it('for oneself: the only source of Сотрудники is locked with a hint, and there is no Заблокировать', async () => {
    render({
      roles: ['ADMIN'],
      rights: [],
      effectiveRights: [...OPERATOR_RIGHTS],
      isViewer: true,
      viewerCanSuspend: false,
    });
    await screen.findByRole('heading', { level: 1, name: 'Заявкин Пётр' });
    const roles = screen.getByRole('group', { name: 'Роли' });
    expect((within(roles).getByRole('checkbox', { name: 'Администратор' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByText('Нельзя снять с себя право «Сотрудники»').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Заблокировать' })).toBeNull();
    // with 'Сотрудники' as an extra right the role may go
    const extra = screen.getByRole('group', { name: 'Дополнительные права' });
    fireEvent.click(within(extra).getByRole('checkbox', { name: /^Сотрудники/ }));
    await waitFor(() =>
      expect((within(roles).getByRole('checkbox', { name: 'Администратор' }) as HTMLInputElement).disabled).toBe(false),
    );
  });

  it('a suspension asks for a confirmation first', async () => {
    const environment = render({
      roles: ['SUPPORT'],
      rights: [],
      effectiveRights: ['ORDERS_VIEW', 'SUPPORT'],
      isViewer: false,
      viewerCanSuspend: true,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByTestId('operator-status-dialog');
    expect(
      within(dialog).getByText('Заявкин Пётр не сможет войти в систему, его текущие сеансы будут завершены.'),
    ).toBeTruthy();
    const before = environment.mock.getAllOperations().length;
    fireEvent.click(await findDialogButton(dialog, 'Заблокировать'));
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBe(before + 1));
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('operatorMutationsStatusMutation');
    expect(op.request.variables.input).toEqual({ operatorId: 'T3BlcmF0b3I6NQ==', status: 'SUSPENDED' });
  });
});
