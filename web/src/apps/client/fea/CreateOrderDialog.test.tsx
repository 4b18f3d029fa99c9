// @vitest-environment jsdom
/**
 * The create-request modal of the client's requests page in Relay's mock environment (spec core §3 Request, §5
 * validation, §6 verification, §8 errors): the form is filled through its pickers, submitting validates on the
 * server (validateOrder) and then creates (createOrder); field errors of a UserError land next to their fields,
 * other errors above the form; success shows 'Заявка … создана', closes the modal and fetches the list again.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOperations, successPayload, userErrorPayload } from '../../../testing/mockPayloads';
import { findToast, renderWithRelay } from '../../../testing/renderWithRelay';
import { ClientFeaPage } from './ClientFeaPage';

const VIEWER = { canCreateOrders: true, company: { shortName: 'ООО «Ромашка»', status: 'ACTIVE', verified: true } };

/** Answers the page's and the pickers' queries as they come; mutations stay pending for the test. */
function answerQueries(environment: RelayMockEnvironment, viewer: object = VIEWER, onListQuery = () => {}) {
  answerOperations(environment, (op) => {
    switch (op.request.node.params.name) {
      case 'ClientFeaPageQuery':
        onListQuery();
        return MockPayloadGenerator.generate(op, {
          Viewer: () => viewer,
          Money: () => ({ amount: '5000.00', currency: 'USD' }),
          Order: () => ({ number: '1001', created: '2026-11-20T10:00:00Z' }),
        });
      case 'CurrencySelectQuery':
        return MockPayloadGenerator.generate(op, {
          Query: () => ({
            currencies: [
              { currencyCode: 'USD', currencyName: 'Доллар США', popular: true },
              { currencyCode: 'EUR', currencyName: 'Евро', popular: true },
            ],
          }),
        });
      case 'CountryPickerQuery':
        return MockPayloadGenerator.generate(op, {
          Query: () => ({ countries: [{ countryCode: 'DE', countryName: 'Германия', countryShortName: 'Германия' }] }),
        });
      case 'TnvedPickerQuery':
        return MockPayloadGenerator.generate(op, {
          Query: () => ({
            tnvedSuggestions: [
              {
                keyHash: 'k8471',
                tnvedCode: '8471300000',
                tnvedName: 'Машины вычислительные портативные',
                level: 'SUBHEADING',
                hasChildren: false,
              },
            ],
          }),
        });
      default:
        return null;
    }
  });
}

function openPage(viewer?: object, onListQuery?: () => void) {
  const environment = createMockEnvironment();
  answerQueries(environment, viewer, onListQuery);
  return renderWithRelay(<ClientFeaPage />, { environment, path: '/client/fea', route: '/client/fea/*' });
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Создать заявку' }));
  const dialog = await screen.findByRole('dialog', { name: 'Новая заявка' });
  return within(dialog).findByRole('form', { name: 'Создание заявки' });
}

function change(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } });
}

async function pickSuggestion(form: HTMLElement, label: string, typed: string, option: string) {
  const input = within(form).getByRole('combobox', { name: label });
  fireEvent.focus(input);
  change(input, typed);
  fireEvent.click(await within(form).findByRole('option', { name: option }, { timeout: 3000 }));
}

async function fillForm(form: HTMLElement) {
  change(within(form).getByRole('textbox', { name: 'Сумма' }), '12500,00');
  await pickSuggestion(form, 'Страна контрагента', 'Герм', 'Германия');
  change(within(form).getByRole('textbox', { name: 'Город' }), 'Берлин');
  change(within(form).getByRole('textbox', { name: 'Банк контрагента' }), 'Deutsche Bank');
  await pickSuggestion(form, 'Код ТН ВЭД', '8471', '8471300000 — Машины вычислительные портативные');
  fireEvent.click(within(form).getByText('Не ввезён'));
  change(within(form).getByLabelText('Срок оплаты с'), '2026-12-01');
  change(within(form).getByLabelText('Срок оплаты по'), '2026-12-10');
}

async function submit(environment: RelayMockEnvironment, name: string): Promise<OperationDescriptor> {
  return waitFor(() => {
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe(name);
    return op;
  });
}

afterEach(() => vi.restoreAllMocks());

// Filling the form waits for the pickers' debounced suggestions (250–300 ms each).
describe('Create-request modal (spec core §3, §5)', { timeout: 30_000 }, () => {
  it('validates on the server first; a field error of the UserError shows next to its field', async () => {
    const { environment } = openPage();
    const form = await openForm();
    await fillForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить заявку' }));

    const validate = await submit(environment, 'useValidateOrderMutation');
    expect(validate.request.variables.input).toEqual({
      paymentType: 'SENDING',
      amount: { amount: '12500.00', currency: 'USD' },
      counterparty: { countryCode: 'DE', city: 'Берлин', bankName: 'Deutsche Bank', swift: null },
      tnvedCode: '8471300000',
      goodsLocation: 'NOT_IMPORTED',
      paymentDateFrom: '2026-12-01',
      paymentDateTo: '2026-12-10',
      comment: null,
      fileIds: [],
    });
    act(() =>
      environment.mock.resolve(
        validate,
        userErrorPayload(validate, 'validateOrder', {
          code: 'VALIDATION_ERROR',
          message: 'Ошибка валидации',
          fieldErrors: [{ field: 'counterparty.city', code: 'INVALID', message: 'Город указан неверно' }],
        }),
      ),
    );
    expect(await within(form).findByText('Город указан неверно')).toBeTruthy();
    // Placed next to its field: no general alert, and nothing was created.
    expect(within(form).queryByText('Ошибка валидации')).toBeNull();
    expect(environment.mock.getAllOperations().map((o) => o.request.node.params.name)).not.toContain(
      'useCreateOrderMutation',
    );
  });

  it('a UserError of createOrder without a field shows above the form; the modal stays open', async () => {
    const { environment } = openPage();
    const form = await openForm();
    await fillForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить заявку' }));
    const validate = await submit(environment, 'useValidateOrderMutation');
    act(() => environment.mock.resolve(validate, successPayload(validate, 'validateOrder', 'ValidateOrderSuccess')));

    const create = await submit(environment, 'useCreateOrderMutation');
    expect(create.request.variables).toEqual(validate.request.variables);
    act(() =>
      environment.mock.resolve(
        create,
        userErrorPayload(create, 'createOrder', {
          code: 'COMPANY_NOT_VERIFIED',
          message: 'Компания не подтверждена квалифицированной подписью',
        }),
      ),
    );
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Компания не подтверждена квалифицированной подписью',
    );
    expect(screen.getByRole('dialog', { name: 'Новая заявка' })).toBeTruthy();
  });

  it('success shows «Заявка … создана», closes the modal and fetches the list again', async () => {
    const listQueries = vi.fn();
    const { environment } = openPage(VIEWER, listQueries);
    const form = await openForm();
    await fillForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить заявку' }));
    const validate = await submit(environment, 'useValidateOrderMutation');
    act(() => environment.mock.resolve(validate, successPayload(validate, 'validateOrder', 'ValidateOrderSuccess')));
    const create = await submit(environment, 'useCreateOrderMutation');
    listQueries.mockClear();
    act(() =>
      environment.mock.resolve(
        create,
        successPayload(create, 'createOrder', 'CreateOrderSuccess', {
          Order: () => ({ number: '1043', clientDisplayStatus: { code: 'VALIDATION', label: 'На проверке' } }),
        }),
      ),
    );
    expect((await findToast('Заявка 1043 создана')).textContent).toContain('На проверке');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новая заявка' })).toBeNull());
    await waitFor(() => expect(listQueries).toHaveBeenCalled());
  });

  it('an unverified company sees why it cannot create requests instead of the form (spec core §6)', async () => {
    openPage({ canCreateOrders: false, company: { shortName: 'ООО «Ромашка»', status: 'ACTIVE', verified: false } });
    fireEvent.click(await screen.findByRole('button', { name: 'Создать заявку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новая заявка' });
    expect(within(dialog).getByText('Создание заявок недоступно')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Отправить заявку' })).toBeNull();
  });
});
