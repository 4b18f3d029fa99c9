// @vitest-environment jsdom
/**
 * The API tokens page in Relay's mock environment (issue 12 "API tokens"): the list with prefix, dates and status;
 * the create dialog checks the name, sends name and expiry and shows the token ONCE with the warning; revoking asks
 * for a confirmation and sends the token's id.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations } from '../../testing/mockPayloads';
import { findDialogButton } from '../../testing/dialogs';
import { renderWithRelay } from '../../testing/renderWithRelay';
import { ApiTokensPage } from './ApiTokensPage';

const TOKENS = [
  {
    id: 'QXBpVG9rZW46MQ==',
    name: 'Выгрузка в 1С',
    prefix: 'vpt_AbCdEfGh',
    createdAt: '2026-11-01T10:00:00Z',
    expiresAt: null,
    lastUsedAt: null,
    status: 'ACTIVE',
  },
  {
    id: 'QXBpVG9rZW46Mg==',
    name: 'Старый',
    prefix: 'vpt_ZyXwVuTs',
    createdAt: '2026-01-01T10:00:00Z',
    expiresAt: '2026-02-01T10:00:00Z',
    lastUsedAt: '2026-01-15T10:00:00Z',
    status: 'EXPIRED',
  },
];

function render() {
  const environment = createMockEnvironment();
  answerOperations(environment, (op) =>
    op.request.node.params.name === 'ApiTokensPageQuery'
      ? MockPayloadGenerator.generate(op, { Viewer: () => ({ id: 'VXNlcjox', apiTokens: TOKENS }) })
      : null,
  );
  renderWithRelay(<ApiTokensPage />, { environment });
  return environment;
}

describe('ApiTokensPage (issue 12)', () => {
  it('lists the tokens with prefix, expiry, last use and status', async () => {
    render();
    const rows = await screen.findAllByTestId('api-token-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('vpt_AbCdEfGh…')).toBeTruthy();
    expect(within(rows[0]).getByText('Бессрочно')).toBeTruthy();
    expect(within(rows[0]).getByText('Никогда')).toBeTruthy();
    expect(within(rows[0]).getByText('Действует')).toBeTruthy();
    expect(within(rows[1]).getByText('Истёк')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: 'Отозвать' })).toBeNull();
  });

  it('creates a token: checks the name, then shows the token once with the warning', async () => {
    const environment = render();
    await screen.findAllByTestId('api-token-row');
    fireEvent.click(screen.getByRole('button', { name: 'Создать токен' }));
    const dialog = await screen.findByTestId('create-api-token-dialog');
    fireEvent.click(await findDialogButton(dialog, 'Создать токен'));
    expect(await within(dialog).findByText('Укажите название токена')).toBeTruthy();
    const before = environment.mock.getAllOperations().length;
    fireEvent.change(within(dialog).getByLabelText(/^Название/), { target: { value: 'Отчёты' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать токен' }));
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBe(before + 1));
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('apiTokenMutationsCreateMutation');
    expect(op.request.variables.input).toEqual({ name: 'Отчёты', expiresAt: null });
    const secret = `vpt_${'x'.repeat(43)}`;
    act(() =>
      environment.mock.resolve(op, {
        data: {
          createApiToken: {
            __typename: 'CreateApiTokenSuccess',
            token: secret,
            apiToken: { ...TOKENS[0], id: 'QXBpVG9rZW46Mw==', name: 'Отчёты', prefix: secret.slice(0, 12) },
          },
        },
      }),
    );
    expect((await within(dialog).findByTestId('api-token-value')).textContent).toBe(secret);
    expect(within(dialog).getByText('Скопируйте токен сейчас: он больше не будет показан.')).toBeTruthy();
    fireEvent.click(await findDialogButton(dialog, 'Готово'));
    await waitFor(() => expect(screen.queryByText(secret)).toBeNull());
  });

  it('revokes a token after a confirmation', async () => {
    const environment = render();
    const rows = await screen.findAllByTestId('api-token-row');
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Отозвать' }));
    const dialog = await screen.findByTestId('revoke-api-token-dialog');
    expect(within(dialog).getByText('Отозвать токен «Выгрузка в 1С»?')).toBeTruthy();
    fireEvent.click(await findDialogButton(dialog, 'Отозвать'));
    await waitFor(() =>
      expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe(
        'apiTokenMutationsRevokeMutation',
      ),
    );
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.variables.input).toEqual({ id: TOKENS[0].id });
    act(() =>
      environment.mock.resolve(op, {
        data: {
          revokeApiToken: {
            __typename: 'RevokeApiTokenSuccess',
            apiToken: { ...TOKENS[0], status: 'REVOKED' },
          },
        },
      }),
    );
    await waitFor(() => expect(within(rows[0]).getByText('Отозван')).toBeTruthy());
  });
});
