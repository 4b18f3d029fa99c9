// @vitest-environment jsdom
/**
 * 'Рекомендовать клиента' in Relay's mock environment (issue 11; spec core §2 Shared, §5): the button opens the
 * dialog; the form refuses a bad phone, e-mail and INN and empty required fields with the spec's messages before
 * sending; a valid form sends the trimmed input (empty optional fields null) and thanks the client; the server's field
 * errors land next to their fields and other refusals above the form.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { successPayload, userErrorPayload } from '../../../testing/mockPayloads';
import { findDialogButton } from '../../../testing/dialogs';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { RecommendClientButton } from './RecommendClientDialog';

async function openDialog() {
  const r = renderWithRelay(<RecommendClientButton />);
  fireEvent.click(screen.getByRole('button', { name: 'Рекомендовать клиента' }));
  const dialog = await screen.findByTestId('recommend-client-dialog');
  const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  return { ...r, dialog, type };
}

describe('RecommendClientDialog (issue 11)', () => {
  it('checks the fields with the spec messages before sending', async () => {
    const { environment, dialog, type } = await openDialog();
    fireEvent.click(await findDialogButton(dialog, 'Отправить'));
    expect(await within(dialog).findAllByText('Обязательное поле')).toHaveLength(3);
    type('Название компании', 'ООО «Ромашка»');
    type('Контактное лицо', 'Иван Петров');
    type('Телефон', '916123');
    type('Электронная почта', 'ivan@');
    type('ИНН', '7707083890');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    expect(await within(dialog).findByText('Номер телефона — 10 цифр')).toBeTruthy();
    expect(within(dialog).getByText('Проверьте корректность данных')).toBeTruthy();
    expect(within(dialog).getByText('Некорректный ИНН')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('sends the trimmed form and thanks the client', async () => {
    const { environment, dialog, type } = await openDialog();
    type('Название компании', '  ООО «Ромашка» ');
    type('Контактное лицо', 'Иван Петров');
    type('Телефон', '9161234567');
    type('ИНН', '7707083893');
    fireEvent.click(await findDialogButton(dialog, 'Отправить'));
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('useRecommendClientMutation');
    expect(op.request.variables.input).toEqual({
      companyName: 'ООО «Ромашка»',
      inn: '7707083893',
      contactName: 'Иван Петров',
      phone: '9161234567',
      email: null,
      comment: null,
    });
    act(() => environment.mock.resolve(op, successPayload(op, 'recommendClient', 'RecommendClientSuccess')));
    expect(await screen.findByText('Спасибо! Мы свяжемся с компанией')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('recommend-client-dialog')).toBeNull());
  });

  it('shows the server field errors next to the fields and the limit above the form', async () => {
    const { environment, dialog, type } = await openDialog();
    type('Название компании', 'ООО «Ромашка»');
    type('Контактное лицо', 'Иван Петров');
    type('Телефон', '9161234567');
    fireEvent.click(await findDialogButton(dialog, 'Отправить'));
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    let op = environment.mock.getMostRecentOperation();
    act(() =>
      environment.mock.resolve(
        op,
        userErrorPayload(op, 'recommendClient', {
          code: 'VALIDATION_ERROR',
          message: 'Ошибка валидации',
          field: 'phone',
          fieldErrors: [{ field: 'phone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' }],
        }),
      ),
    );
    expect(await within(dialog).findByText('Номер телефона — 10 цифр')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    op = environment.mock.getMostRecentOperation();
    act(() =>
      environment.mock.resolve(
        op,
        userErrorPayload(op, 'recommendClient', {
          code: 'RECOMMENDATION_LIMIT',
          message: 'Не более 20 рекомендаций в сутки. Повторите попытку позже',
        }),
      ),
    );
    expect(await within(dialog).findByText('Не более 20 рекомендаций в сутки. Повторите попытку позже')).toBeTruthy();
    expect(screen.getByTestId('recommend-client-dialog')).toBeTruthy();
  });
});
