// @vitest-environment jsdom
/**
 * 'Моя компания' of the client in Relay's mock environment (issue 11; spec core §6 "original client"): in a referral
 * partner's re-login (Viewer.isOriginalClient false) the actions the backend refuses with 403
 * ORIGINAL_CLIENT_REQUIRED — the registration-data edit, the e-mail and password change, adding, editing and deleting
 * bank requisites — are not offered and 'Доступно только самому клиенту' stands where they were; the client in his
 * own session has them.
 */
import { screen } from '@testing-library/react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { ClientCompanyPage } from './ClientCompanyPage';

const NOTE = 'Доступно только самому клиенту';

function render(tab: 'account' | 'requisites', isOriginalClient: boolean) {
  const environment = createMockEnvironment();
  answerOperations(environment, (op) =>
    MockPayloadGenerator.generate(op, {
      Viewer: () => ({
        id: 'VXNlcjoy',
        email: 'client@example.com',
        isOriginalClient,
        referralRequests: [],
        clientInfo: {
          contact: {
            name: 'Иван',
            surname: 'Петров',
            patronymic: null,
            phone: '9161234567',
            additionalPhone: null,
            companyWebsite: null,
          },
        },
      }),
      BankRequisiteConnection: () => ({
        totalCount: 1,
        edges: [
          {
            node: {
              id: 'QmFua1JlcXVpc2l0ZTox',
              requisiteId: 1,
              index: 1,
              bankBik: '044525225',
              bankName: 'ПАО Сбербанк',
              checkAccount: '40702810900000000001',
              corrAccount: '30101810400000000225',
            },
          },
        ],
      }),
    }),
  );
  renderWithRelay(<ClientCompanyPage />, {
    environment,
    path: `/client/company?tab=${tab}`,
    route: '/client/company',
  });
}

describe("ClientCompanyPage: the original client's actions (issue 11)", () => {
  it('offers the account changes to the client in his own session', async () => {
    render('account', true);
    expect(await screen.findByRole('button', { name: 'Сохранить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отправить ссылку для подтверждения' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Изменить пароль' })).toBeTruthy();
    expect((screen.getByLabelText('Фамилия', { exact: false }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it("hides the registration-data, e-mail and password changes in a partner's re-login", async () => {
    render('account', false);
    expect(await screen.findByRole('heading', { name: 'Регистрационные данные' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отправить ссылку для подтверждения' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Изменить пароль' })).toBeNull();
    expect(screen.queryByLabelText('Текущий пароль', { exact: false })).toBeNull();
    // The registration data stay visible, read-only.
    const surname = screen.getByLabelText('Фамилия', { exact: false }) as HTMLInputElement;
    expect(surname.value).toBe('Петров');
    expect(surname.disabled).toBe(true);
    expect(screen.getAllByText(NOTE)).toHaveLength(3);
  });

  it('offers adding, editing and deleting requisites to the client in his own session', async () => {
    render('requisites', true);
    expect(await screen.findByRole('button', { name: 'Добавить реквизиты' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Изменить: Реквизиты № 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Удалить: Реквизиты № 1' })).toBeTruthy();
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it("shows the requisites read-only in a partner's re-login", async () => {
    render('requisites', false);
    expect(await screen.findByText('ПАО Сбербанк')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить реквизиты' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Изменить/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Удалить/ })).toBeNull();
    expect(screen.getAllByText(NOTE)).toHaveLength(1);
  });
});
