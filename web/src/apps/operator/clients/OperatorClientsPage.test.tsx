// @vitest-environment jsdom
/**
 * The operator's clients page in Relay's mock environment (issue 10, /operator/clients): the list with the total and
 * status labels; the 'Название или ИНН' filter sends `filter.nameInn`; `?client=<id>` opens the card with its sections
 * and the status actions of a new client; 'Заблокировать' asks for confirmation, sends status SUSPENDED with the
 * comment and shows the server's refusal inside the dialog.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import type { OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations, userErrorPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { OperatorClientsPage } from './OperatorClientsPage';
import { findDialogAlert, findDialogButton } from '../../../testing/dialogs';

const ROW = {
  id: 'QWRtaW5DbGllbnQ6Nw==',
  clientId: 7,
  shortName: 'ООО «Новый Импорт»',
  inn: '9701160591',
  ogrn: '1207700123454',
  status: 'NEW',
  registeredAt: '2026-03-10T09:00:00.000Z',
  orderCount: 0,
  contact: { name: 'Анна', surname: 'Кузнецова', email: 'newclient@example.com', phone: '9161234567' },
};

const CARD = {
  ...ROW,
  verified: false,
  allowedStatusChanges: ['VERIFIED', 'SUSPENDED'],
  viewerCanChangeStatus: true,
  company: {
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «НОВЫЙ ИМПОРТ»',
    shortName: 'ООО «Новый Импорт»',
    inn: '9701160591',
    kpp: '770101001',
    ogrn: '1207700123454',
    registrationAuthority: null,
    registrationDate: '2020-04-02',
    okved: '46.69',
    legalAddress: '105005, г. Москва, ул. Бауманская, д. 11',
    actualAddress: null,
    ceoName: 'Кузнецова Анна Сергеевна',
    liquidated: false,
    signatureConfirmed: false,
  },
  users: [
    {
      userId: 11,
      email: 'newclient@example.com',
      name: 'Анна',
      surname: 'Кузнецова',
      patronymic: null,
      phone: '9161234567',
      position: null,
      status: 'ACTIVE',
      lastLoginAt: null,
    },
  ],
  checklist: null,
  requisites: [],
  verification: { verified: false, verifiedAt: null, documents: [] },
  orderCounts: { current: 0, completed: 0, cancelled: 0, total: 0 },
};

function answerQueries(environment: ReturnType<typeof createMockEnvironment>, seen: OperationDescriptor[]) {
  answerOperations(environment, (op) => {
    const name = op.request.node.params.name;
    if (name === 'OperatorClientsPageQuery') {
      seen.push(op);
      return MockPayloadGenerator.generate(op, {
        Viewer: () => ({
          id: 'VXNlcjoz',
          administration: {
            clients: {
              totalCount: 1,
              pageInfo: { hasNextPage: false, endCursor: 'YXJyYXljb25uZWN0aW9uOjA=' },
              edges: [{ node: ROW }],
            },
          },
        }),
      });
    }
    if (name === 'OperatorClientsPageCardQuery')
      return MockPayloadGenerator.generate(op, {
        Viewer: () => ({ id: 'VXNlcjoz', administration: { client: CARD } }),
      });
    return null;
  });
}

describe('OperatorClientsPage (issue 10)', () => {
  it('lists clients with the total and sends the name-or-INN filter', async () => {
    const environment = createMockEnvironment();
    const seen: OperationDescriptor[] = [];
    answerQueries(environment, seen);
    renderWithRelay(<OperatorClientsPage />, { environment, path: '/operator/clients' });
    const row = await screen.findByTestId('client-row');
    expect(within(row).getByText('ООО «Новый Импорт»')).toBeTruthy();
    expect(within(row).getByTestId('client-status').textContent).toBe('Новый');
    expect(screen.getByTestId('clients-total').textContent).toBe('Найдено клиентов: 1');
    fireEvent.change(screen.getByLabelText('Название или ИНН'), { target: { value: ' 9701160591 ' } });
    await waitFor(() => expect(seen.at(-1)?.request.variables.filter).toEqual({ nameInn: '9701160591' }), {
      timeout: 3000,
    });
  });

  it('opens the card from ?client= and confirms a suspension, showing the refusal inline', async () => {
    const environment = createMockEnvironment();
    answerQueries(environment, []);
    renderWithRelay(<OperatorClientsPage />, { environment, path: '/operator/clients?client=7' });
    const card = await screen.findByTestId('client-card');
    expect(within(card).getByText('Кузнецова Анна Сергеевна')).toBeTruthy();
    expect(within(card).getByText('Чек-лист не заполнен')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Верифицировать' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Заблокировать клиента?' });
    fireEvent.change(within(dialog).getByLabelText('Комментарий (необязательно)'), {
      target: { value: 'Проверка документов' },
    });
    fireEvent.click(await findDialogButton(dialog, 'Заблокировать'));
    const op = await waitFor(() => {
      const o = environment.mock.getMostRecentOperation();
      if (o.request.node.params.name !== 'useChangeClientStatusMutation') throw new Error('no mutation yet');
      return o;
    });
    expect(op.request.variables.input).toEqual({
      clientId: ROW.id,
      status: 'SUSPENDED',
      comment: 'Проверка документов',
    });
    act(() =>
      environment.mock.resolve(
        op,
        userErrorPayload(op, 'changeClientStatus', {
          code: 'STATUS_UNCHANGED',
          message: 'Клиент уже находится в этом статусе',
        }),
      ),
    );
    expect((await findDialogAlert(dialog)).textContent).toContain('Клиент уже находится в этом статусе');
  });
});
