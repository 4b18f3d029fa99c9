// @vitest-environment jsdom
/**
 * The referral partner's clients in Relay's mock environment (issue 11, /agent/clients; spec core §3 "Client added by a
 * partner", §5, §6, §9): the list with the verification share 'Верифицировано N из M (P %)', the total and the status
 * and verified labels; the search is sent 600 ms after typing; the add-client wizard goes through its steps — OGRN →
 * registry data, contact and estimates (the registration's pickers), the client's approval (required, §5) — sends
 * `addReferralClient` with the normalised input and shows that the invitation was sent; a server field error brings
 * the partner back to the contact step with the message under its field.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, createMockEnvironment, type RelayMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { findDialogButton } from '../../../testing/dialogs';
import { answerOperations, successPayload, userErrorPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { AgentClientsPage } from './AgentClientsPage';

const ROW = {
  id: 'UmVmZXJyYWxDbGllbnQ6MQ==',
  status: 'ACTIVE',
  statusLabel: 'Активен',
  verified: true,
  countryCodes: ['CN'],
  currencyCodes: ['USD'],
  monthlyVolume: { amount: '250000.00', currency: 'USD' },
  monthlyPayments: 12,
  addedAt: '2026-03-10T09:00:00.000Z',
  company: { shortName: 'ООО «ВЭД Трейд»', inn: '7707393126', ogrn: '1177746126040' },
  contact: { name: 'Иван', surname: 'Смирнов', email: 'client@example.com', phone: '9161234567' },
};

function answerQueries(environment: RelayMockEnvironment, seen: OperationDescriptor[]) {
  answerOperations(environment, (op) => {
    switch (op.request.node.params.name) {
      case 'AgentClientsPageQuery':
        seen.push(op);
        return MockPayloadGenerator.generate(op, {
          Viewer: () => ({
            id: 'VXNlcjo3',
            referralPartnerArea: {
              verificationShare: { label: 'Верифицировано 1 из 2 (50 %)' },
              clients: {
                totalCount: 1,
                pageInfo: { hasNextPage: false, endCursor: 'YXJyYXljb25uZWN0aW9uOjA=' },
                edges: [{ node: ROW }],
              },
            },
          }),
        });
      case 'AddClientWizardRegistryQuery':
        seen.push(op);
        return MockPayloadGenerator.generate(op, {
          Viewer: () => ({
            id: 'VXNlcjo3',
            referralPartnerArea: {
              registryCompany: {
                registrationDate: '2019-03-11',
                liquidated: false,
                onPlatform: false,
                hasPartner: false,
                ownClient: false,
                company: {
                  ogrn: '1197746123453',
                  inn: '7704123450',
                  kpp: '770401001',
                  shortName: 'ООО «Техноимпорт»',
                  fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ТЕХНОИМПОРТ»',
                  legalAddress: '119034, г. Москва, ул. Пречистенка, д. 10',
                  ceo: 'Лебедев Сергей Николаевич',
                },
              },
            },
          }),
        });
      case 'CountryPickerQuery':
        return MockPayloadGenerator.generate(op, {
          Query: () => ({ countries: [{ countryCode: 'CN', countryName: 'Китай', countryShortName: 'Китай' }] }),
        });
      case 'CurrencyChecklistQuery':
        return MockPayloadGenerator.generate(op, {
          Query: () => ({
            currencies: [
              { currencyCode: 'USD', currencyName: 'Доллар США', popular: true },
              { currencyCode: 'CNY', currencyName: 'Китайский юань', popular: true },
            ],
          }),
        });
      default:
        return null;
    }
  });
}

const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function mutationOp(environment: RelayMockEnvironment) {
  return waitFor(() => {
    const o = environment.mock.getMostRecentOperation();
    if (o.request.node.params.name !== 'mutationsAddReferralClientMutation') throw new Error('no mutation yet');
    return o;
  });
}

/** Opens the wizard and walks it to step 3 (approval) for «Техноимпорт». */
async function walkToApproval() {
  fireEvent.click(await screen.findByRole('button', { name: 'Добавить клиента' }));
  const dialog = await screen.findByRole('dialog', { name: 'Добавление клиента' });
  change(within(dialog).getByRole('textbox', { name: 'ОГРН или ОГРНИП' }), '1197746123453');
  fireEvent.click(await findDialogButton(dialog, 'Найти'));
  expect(await within(dialog).findByText('ООО «Техноимпорт»', {}, { timeout: 5000 })).toBeTruthy();
  fireEvent.click(await findDialogButton(dialog, 'Далее'));
  change(await within(dialog).findByRole('textbox', { name: 'Фамилия' }, { timeout: 5000 }), 'Лебедев');
  change(within(dialog).getByRole('textbox', { name: 'Имя' }), 'Сергей');
  change(within(dialog).getByRole('textbox', { name: 'Электронная почта' }), 'lebedev@techno.example.com');
  change(within(dialog).getByRole('textbox', { name: 'Телефон' }), '+7 (916) 111-22-33');
  const country = within(dialog).getByRole('combobox', { name: 'Страны контрагентов' });
  fireEvent.focus(country);
  change(country, 'Кит');
  fireEvent.click(await within(dialog).findByRole('option', { name: /Китай/ }, { timeout: 5000 }));
  // The chosen country is committed when its removable tag is shown; only then may the step be validated.
  await findDialogButton(dialog, 'Удалить Китай');
  const usd = await within(dialog).findByRole('checkbox', { name: /USD/ }, { timeout: 5000 });
  fireEvent.click(usd);
  await waitFor(() => expect((usd as HTMLInputElement).checked).toBe(true), { timeout: 5000 });
  change(within(dialog).getByRole('textbox', { name: 'Объём платежей в месяц, USD' }), '120 000,50');
  change(within(dialog).getByRole('textbox', { name: 'Платежей в месяц' }), '6');
  fireEvent.click(await findDialogButton(dialog, 'Далее'));
  await within(dialog).findByText('Клиент согласен на регистрацию на платформе', {}, { timeout: 10_000 });
  return dialog;
}

describe('AgentClientsPage (issue 11)', () => {
  it('lists the clients with the verification share and sends the search 600 ms after typing', async () => {
    const environment = createMockEnvironment();
    const seen: OperationDescriptor[] = [];
    answerQueries(environment, seen);
    renderWithRelay(<AgentClientsPage />, { environment, path: '/agent/clients' });
    const row = await screen.findByTestId('agent-client-row');
    expect(within(row).getByText('ООО «ВЭД Трейд»')).toBeTruthy();
    expect(within(row).getByTestId('agent-client-status').textContent).toBe('Активен');
    expect(within(row).getByTestId('agent-client-verified').textContent).toBe('Верифицирован');
    expect(screen.getByTestId('verification-share').textContent).toBe('Верифицировано 1 из 2 (50 %)');
    expect(screen.getByTestId('agent-clients-total').textContent).toBe('Всего клиентов: 1');
    change(screen.getByRole('textbox', { name: 'Название, ИНН или ОГРН' }), ' 7707 ');
    await waitFor(() => expect(seen.at(-1)?.request.variables.search).toBe('7707'), { timeout: 3000 });
  });

  it('the wizard: OGRN → registry data → contact and estimates → approval required → invitation sent', async () => {
    const environment = createMockEnvironment();
    answerQueries(environment, []);
    renderWithRelay(<AgentClientsPage />, { environment, path: '/agent/clients' });
    const dialog = await walkToApproval();
    // Without the client's approval (spec core §5) nothing is sent.
    fireEvent.click(await findDialogButton(dialog, 'Добавить'));
    expect(await within(dialog).findByText('Подтвердите, что клиент согласен на регистрацию')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Клиент согласен на регистрацию на платформе' }));
    fireEvent.click(await findDialogButton(dialog, 'Добавить'));
    const op = await mutationOp(environment);
    expect(op.request.variables.input).toEqual({
      ogrn: '1197746123453',
      contact: {
        surname: 'Лебедев',
        name: 'Сергей',
        patronymic: null,
        email: 'lebedev@techno.example.com',
        phone: '9161112233',
        position: null,
      },
      countryCodes: ['CN'],
      currencyCodes: ['USD'],
      monthlyVolume: '120000.50',
      monthlyPayments: 6,
      clientApproved: true,
    });
    act(() =>
      environment.mock.resolve(
        op,
        successPayload(op, 'addReferralClient', 'AddReferralClientSuccess', {
          AddReferralClientSuccess: () => ({ outcome: 'INVITED', mailSent: true }),
        }),
      ),
    );
    const result = await within(dialog).findByTestId('add-client-result');
    expect(within(result).getByText('Приглашение отправлено')).toBeTruthy();
    expect(result.textContent).toContain('lebedev@techno.example.com');
  }, 40_000);

  it('a taken e-mail brings the partner back to the contact step with the message under the field', async () => {
    const environment = createMockEnvironment();
    answerQueries(environment, []);
    renderWithRelay(<AgentClientsPage />, { environment, path: '/agent/clients' });
    const dialog = await walkToApproval();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Клиент согласен на регистрацию на платформе' }));
    fireEvent.click(await findDialogButton(dialog, 'Добавить'));
    const op = await mutationOp(environment);
    act(() =>
      environment.mock.resolve(
        op,
        userErrorPayload(op, 'addReferralClient', {
          code: 'EMAIL_TAKEN',
          message: 'Этот адрес электронной почты уже используется',
        }),
      ),
    );
    expect(await within(dialog).findAllByText('Этот адрес электронной почты уже используется')).not.toHaveLength(0);
    expect(within(dialog).getByRole('textbox', { name: 'Электронная почта' })).toBeTruthy();
  }, 40_000);
});
