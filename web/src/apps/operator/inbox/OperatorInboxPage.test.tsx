// @vitest-environment jsdom
/**
 * The operators' inbox in Relay's mock environment (issue 11, /operator/inbox): NEW items first asked for, rows with
 * topic, company, recommender, a card lead's power of attorney and city (issue 13), contact, comment and status, the kind filter sent as `kind`, and 'Обработано' /
 * 'Вернуть в новые' sending setInboxItemStatus with the item's id and the other status, then fetching the page again.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations, successPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { OperatorInboxPage } from './OperatorInboxPage';

const ITEMS = [
  {
    id: 'SW5ib3hJdGVtOlJFQ09NTUVOREFUSU9OOjE=',
    kind: 'RECOMMENDATION',
    typeLabel: 'Рекомендация клиента',
    name: 'Иван Петров',
    companyName: 'ООО «Ромашка»',
    inn: '7707083893',
    phone: '9161234567',
    email: null,
    comment: 'Импорт оборудования',
    powerOfAttorney: null,
    city: null,
    createdAt: '2026-11-20T10:00:00Z',
    status: 'NEW',
    handledAt: null,
    handledBy: null,
    recommender: { shortName: 'ООО «Импорт-Сервис»' },
  },
  {
    id: 'SW5ib3hJdGVtOkNBTExCQUNLOjI=',
    kind: 'CALLBACK',
    typeLabel: 'Стать партнёром',
    name: 'Олег',
    companyName: null,
    inn: null,
    phone: '9032223344',
    email: 'oleg@example.com',
    comment: null,
    powerOfAttorney: null,
    city: null,
    createdAt: '2026-11-19T10:00:00Z',
    status: 'HANDLED',
    handledAt: '2026-11-19T12:00:00Z',
    handledBy: { name: 'Анна', surname: 'Обработкина' },
    recommender: null,
  },
  {
    id: 'SW5ib3hJdGVtOkxFQUQ6Mw==',
    kind: 'LEAD',
    typeLabel: 'Заявка на дебетовую карту',
    name: 'Анна Картина',
    companyName: null,
    inn: null,
    phone: '9161112233',
    email: null,
    comment: 'Карта банка Армении',
    powerOfAttorney: true,
    city: 'Казань',
    createdAt: '2026-11-18T10:00:00Z',
    status: 'HANDLED',
    handledAt: '2026-11-18T12:00:00Z',
    handledBy: { name: 'Анна', surname: 'Обработкина' },
    recommender: null,
  },
];

function render(seen: OperationDescriptor[]) {
  const environment = createMockEnvironment();
  answerOperations(environment, (op) => {
    if (op.request.node.params.name !== 'OperatorInboxPageQuery') return null;
    seen.push(op);
    const { kind, status } = op.request.variables as { kind: string | null; status: string | null };
    const rows = ITEMS.filter((i) => (!kind || i.kind === kind) && (!status || i.status === status));
    return MockPayloadGenerator.generate(op, {
      Viewer: () => ({
        id: 'VXNlcjoz',
        administration: {
          inbox: {
            totalCount: rows.length,
            pageInfo: { hasNextPage: false, endCursor: null },
            edges: rows.map((node) => ({ node })),
          },
        },
      }),
    });
  });
  renderWithRelay(<OperatorInboxPage />, { environment });
  return environment;
}

describe('OperatorInboxPage (issue 11)', () => {
  it('shows the NEW items first, then every item with its details; filters by kind', async () => {
    const seen: OperationDescriptor[] = [];
    render(seen);
    const rows = await screen.findAllByTestId('inbox-row');
    expect(rows).toHaveLength(1);
    expect(seen[0].request.variables).toMatchObject({ status: 'NEW', kind: null });
    expect(within(rows[0]).getByText('Рекомендация клиента')).toBeTruthy();
    expect(within(rows[0]).getByText('Компания: ООО «Ромашка», ИНН 7707083893')).toBeTruthy();
    expect(within(rows[0]).getByText('Рекомендовал: ООО «Импорт-Сервис»')).toBeTruthy();
    expect(within(rows[0]).getByText('9161234567')).toBeTruthy();
    expect(within(rows[0]).getByText('Новое')).toBeTruthy();
    expect(within(rows[0]).getByRole('button', { name: 'Обработано' })).toBeTruthy();
    expect(screen.getByTestId('inbox-total').textContent).toBe('Найдено обращений: 1');

    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(3));
    const handled = screen.getAllByTestId('inbox-row')[1];
    expect(within(handled).queryByTestId('inbox-power-of-attorney')).toBeNull();
    // A card lead of /clients/cards (issue 13): its type, the power of attorney and the city.
    const lead = screen.getAllByTestId('inbox-row')[2];
    expect(within(lead).getByText('Заявка на дебетовую карту')).toBeTruthy();
    expect(within(lead).getByTestId('inbox-power-of-attorney').textContent).toBe('По доверенности');
    expect(within(lead).getByText('Город: Казань')).toBeTruthy();
    expect(within(lead).getByText('Карта банка Армении')).toBeTruthy();
    expect(within(handled).getByText('Стать партнёром')).toBeTruthy();
    expect(within(handled).getByText('Обработано')).toBeTruthy();
    expect(within(handled).getByText(/^Обработкина Анна, /)).toBeTruthy();
    expect(within(handled).getByRole('button', { name: 'Вернуть в новые' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Вид'), { target: { value: 'CALLBACK' } });
    await waitFor(() => expect(seen.some((op) => op.request.variables.kind === 'CALLBACK')).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Вид'), { target: { value: 'LEAD' } });
    await waitFor(() => expect(seen.some((op) => op.request.variables.kind === 'LEAD')).toBe(true));
    await waitFor(() => expect(screen.getByText('Анна Картина')).toBeTruthy());
    expect(screen.getAllByTestId('inbox-row')).toHaveLength(1);
  });

  it("'Обработано' and 'Вернуть в новые' send the other status and fetch the page again", async () => {
    const seen: OperationDescriptor[] = [];
    const environment = render(seen);
    fireEvent.change(await screen.findByLabelText('Статус'), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(3));
    const queries = seen.length;
    fireEvent.click(within(screen.getAllByTestId('inbox-row')[0]).getByRole('button', { name: 'Обработано' }));
    await waitFor(() =>
      expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('useSetInboxItemStatusMutation'),
    );
    let op = environment.mock.getMostRecentOperation();
    expect(op.request.variables.input).toEqual({ id: ITEMS[0].id, status: 'HANDLED' });
    act(() => environment.mock.resolve(op, successPayload(op, 'setInboxItemStatus', 'SetInboxItemStatusSuccess')));
    expect(await screen.findByText('Обращение обработано')).toBeTruthy();
    await waitFor(() => expect(seen.length).toBeGreaterThan(queries));

    fireEvent.click(within(screen.getAllByTestId('inbox-row')[1]).getByRole('button', { name: 'Вернуть в новые' }));
    await waitFor(() =>
      expect(environment.mock.getMostRecentOperation().request.variables.input).toEqual({
        id: ITEMS[1].id,
        status: 'NEW',
      }),
    );
    op = environment.mock.getMostRecentOperation();
    act(() => environment.mock.resolve(op, successPayload(op, 'setInboxItemStatus', 'SetInboxItemStatusSuccess')));
    expect(await screen.findByText('Обращение возвращено в новые')).toBeTruthy();
  });
});
