// @vitest-environment jsdom
/**
 * The client's request modal in Relay's mock environment (spec core §2 "request modal", §4 deal flow, §8 errors):
 * cancelling with its confirmation and accepting an offer — the mutation sent, and what the user sees for a
 * UserError (its message; CONFLICT also fetches the request again) and for success.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, type MockResolvers, type RelayMockEnvironment } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { successPayload, userErrorPayload } from '../../../../testing/mockPayloads';
import { findToast, renderWithRelay } from '../../../../testing/renderWithRelay';
import { ClientOrderModal } from './ClientOrderModal';
import { findDialogButton } from '../../../../testing/dialogs';

/** Order 42 as the client sees it while agents' offers come in (status ACTIVE, two offers). */
function orderResolvers(overrides: Record<string, unknown> = {}): MockResolvers {
  return {
    Query: () => ({ node: { __typename: 'Order' } }),
    Order: () => ({
      id: 'T3JkZXI6NDI=',
      orderId: 42,
      number: '1042',
      status: 'ACTIVE',
      paymentType: 'SENDING',
      clientDisplayStatus: { code: 'WAITING_FOR_OFFERS', label: 'Ожидание предложений' },
      viewerCanCancel: true,
      viewerCanConfirmOfferDocuments: false,
      viewerCanMarkPaymentMade: false,
      viewerCanConfirmFinalDocuments: false,
      created: '2026-11-20T10:00:00Z',
      amount: { amount: '12500.00', currency: 'USD' },
      paymentDateFrom: '2026-12-01',
      paymentDateTo: '2026-12-10',
      leadingOffer: null,
      history: [],
      files: [],
      ...overrides,
    }),
    PartnerOrder: (_context, generateId) => {
      const n = generateId();
      return {
        id: `UGFydG5lck9yZGVyOj${n}`,
        partnerId: n,
        brand: `Агент ${n}`,
        status: 'SEND_OFFER',
        offerDetailsHidden: false,
        viewerCanAccept: true,
        offer: null,
      };
    },
  };
}

function openOrder(resolvers: MockResolvers = orderResolvers()) {
  const onClose = vi.fn();
  const view = renderWithRelay(<ClientOrderModal onClose={onClose} />, {
    path: '/client/fea/42',
    route: '/client/fea/:orderId',
  });
  const query = view.environment.mock.getMostRecentOperation();
  expect(query.request.node.params.name).toBe('ClientOrderModalQuery');
  expect(query.request.variables).toEqual({ id: expect.any(String) });
  act(() => view.environment.mock.resolve(query, MockPayloadGenerator.generate(query, resolvers)));
  return { ...view, onClose };
}

/**
 * The pending operation named `name`, found by name: the order's live-events subscription may start after the
 * mutation on a slow machine, so the most recent operation is not necessarily the one the test waits for.
 */
function operation(environment: RelayMockEnvironment, name: string): OperationDescriptor {
  const pending = environment.mock.getAllOperations().filter((o) => o.request.node.params.name === name);
  expect(pending.map((o) => o.request.node.params.name)).toEqual([name]);
  return pending[0];
}

afterEach(() => vi.restoreAllMocks());

describe('OrderModal shell (spec core §2 "request modal")', () => {
  it("a non-numeric id shows 'Заявка не найдена' without asking the server", async () => {
    const { environment } = renderWithRelay(<ClientOrderModal onClose={vi.fn()} />, {
      path: '/client/fea/abc',
      route: '/client/fea/:orderId',
    });
    expect(await screen.findByRole('dialog', { name: 'Заявка не найдена' })).toBeTruthy();
    expect(environment.mock.getAllOperations()).toEqual([]);
  });

  it("an order the client may not see (node null) shows 'Заявка не найдена'", async () => {
    const { environment } = renderWithRelay(<ClientOrderModal onClose={vi.fn()} />, {
      path: '/client/fea/7',
      route: '/client/fea/:orderId',
    });
    act(() => environment.mock.resolveMostRecentOperation({ data: { node: null } }));
    expect(await screen.findByRole('dialog', { name: 'Заявка не найдена' })).toBeTruthy();
  });

  it("'Закрыть' goes back to the list", async () => {
    const { onClose } = openOrder();
    const dialog = await screen.findByRole('dialog', { name: /Заявка № 1042/ });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Закрыть' }).at(-1)!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe('ClientOrderModal: cancel with confirmation (spec core §4 exits)', () => {
  it('asks first; «Нет» sends nothing', async () => {
    const { environment } = openOrder();
    expect(await screen.findByText('Заявка № 1042')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отменить заявку' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Отменить заявку?' });
    expect(within(dialog).getByText(/Заявка № 1042 будет отменена/)).toBeTruthy();
    fireEvent.click(await findDialogButton(dialog, 'Нет'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Nothing pending: the query was answered and no mutation went out (the live orderEvents subscription stays open).
    const pending = environment.mock
      .getAllOperations()
      .filter((o) => o.request.node.params.operationKind !== 'subscription');
    expect(pending).toEqual([]);
  });

  it('a CONFLICT answer shows the server text and fetches the request again', async () => {
    const { environment } = openOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заявку' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Отменить заявку?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Да, отменить' }));
    const op = operation(environment, 'useCancelOrderMutation');
    expect(op.request.variables).toEqual({ input: { orderId: 'T3JkZXI6NDI=' } });

    act(() =>
      environment.mock.resolve(
        op,
        userErrorPayload(op, 'cancelOrder', { code: 'CONFLICT', message: 'Заявку уже изменили, обновите страницу' }),
      ),
    );
    await findToast('Заявку уже изменили, обновите страницу');
    await waitFor(() => expect(operation(environment, 'ClientOrderModalQuery')).toBeTruthy());
    // The confirmation closes (the request on screen is fetched again).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('success shows «Заявка отменена» and the cancelled request', async () => {
    const { environment } = openOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заявку' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Да, отменить' }));
    const op = operation(environment, 'useCancelOrderMutation');
    act(() =>
      environment.mock.resolve(
        op,
        successPayload(op, 'cancelOrder', 'CancelOrderSuccess', {
          ...orderResolvers({
            status: 'CANCELED',
            viewerCanCancel: false,
            clientDisplayStatus: { code: 'CANCELED', label: 'Отменена' },
          }),
        }),
      ),
    );
    await findToast('Заявка отменена');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('order-display-status').textContent).toBe('Отменена');
    expect(screen.queryByRole('button', { name: 'Отменить заявку' })).toBeNull();
    expect(screen.getByTestId('order-result').textContent).toBe('Отменена');
  });
});

describe('ClientOrderModal: accept an offer (spec core §4 step 4)', () => {
  it('sends acceptOffer for the chosen offer; a UserError shows its message and keeps the offers', async () => {
    const { environment } = openOrder();
    const offers = await screen.findByRole('list', { name: 'Сравнение предложений' });
    const cards = within(offers).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Принять предложение' }));
    const op = operation(environment, 'useAcceptOfferMutation');
    expect(op.request.variables).toEqual({ input: { partnerOrderId: expect.stringMatching(/^UGFydG5lck9yZGVyOj/) } });
    act(() =>
      environment.mock.resolve(
        op,
        userErrorPayload(op, 'acceptOffer', { code: 'FORBIDDEN', message: 'Предложение больше не действует' }),
      ),
    );
    await findToast('Предложение больше не действует');
    expect(within(cards[0]).getByRole('button', { name: 'Принять предложение' })).toBeTruthy();
  });

  it('success shows «Предложение принято»', async () => {
    const { environment } = openOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Принять предложение' }));
    const op = operation(environment, 'useAcceptOfferMutation');
    act(() =>
      environment.mock.resolve(
        op,
        successPayload(op, 'acceptOffer', 'AcceptOfferSuccess', {
          ...orderResolvers({
            status: 'OFFER_ACCEPTED',
            viewerCanCancel: false,
            clientDisplayStatus: { code: 'OFFER_ACCEPTED', label: 'Предложение принято' },
          }),
        }),
      ),
    );
    await findToast('Предложение принято');
    expect(screen.getByTestId('order-display-status').textContent).toBe('Предложение принято');
  });

  it('a network failure shows the generic error toast (spec core §8)', async () => {
    const { environment } = openOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Принять предложение' }));
    act(() => environment.mock.reject(operation(environment, 'useAcceptOfferMutation'), new Error('Failed to fetch')));
    expect((await findToast('Что-то пошло не так')).textContent).toContain('Повторите попытку позже');
  });
});
