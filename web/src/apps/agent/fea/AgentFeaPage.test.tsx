// @vitest-environment jsdom
/**
 * The referral partner's requests page in Relay's mock environment (issue 11, /agent/fea): the table of his clients'
 * requests with the display status and the commission, the filter by client, the commission totals and list, and
 * 'Создать заявку' → a verified client → actAsReferralClient → full navigation to /client/fea?create=1 (a refusal is
 * shown inside the dialog).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import type { OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOperations, successPayload, userErrorPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { findDialogAlert, findDialogButton } from '../../../testing/dialogs';
import { pageNavigation } from '../relogin/mutations';
import { AgentFeaPage } from './AgentFeaPage';

const CLIENTS = [
  { node: { id: 'UmVmZXJyYWxDbGllbnQ6MQ==', verified: true, company: { companyId: 5, shortName: 'ООО «ВЭД Трейд»' } } },
  {
    node: {
      id: 'UmVmZXJyYWxDbGllbnQ6Mg==',
      verified: false,
      company: { companyId: 6, shortName: 'ООО «Новый Импорт»' },
    },
  },
];

const ORDER = {
  id: 'UmVmZXJyYWxPcmRlcjo0Mg==',
  number: 42,
  createdAt: '2026-11-20T09:00:00.000Z',
  amount: { amount: '12500.50', currency: 'USD' },
  displayStatus: { code: 'EXECUTED', label: 'Исполнена' },
  client: { shortName: 'ООО «ВЭД Трейд»' },
  commission: { amount: { amount: '37.50', currency: 'USD' } },
};

function answerQueries(environment: ReturnType<typeof createMockEnvironment>, seen: OperationDescriptor[]) {
  answerOperations(environment, (op) => {
    if (op.request.node.params.name !== 'AgentFeaPageQuery') return null;
    seen.push(op);
    return MockPayloadGenerator.generate(op, {
      Viewer: () => ({
        id: 'VXNlcjo5',
        referralPartnerArea: {
          clients: { edges: CLIENTS },
          orders: { totalCount: 1, edges: [{ node: ORDER }] },
          commissionTotals: [{ amount: '37.50', currency: 'USD' }],
          commissions: {
            totalCount: 1,
            edges: [
              {
                node: {
                  id: 'UmVmZXJyYWxDb21taXNzaW9uOjE=',
                  orderId: 42,
                  createdAt: '2026-11-21T09:00:00.000Z',
                  percent: '20',
                  client: { shortName: 'ООО «ВЭД Трейд»' },
                  base: { amount: '187.50', currency: 'USD' },
                  amount: { amount: '37.50', currency: 'USD' },
                },
              },
            ],
          },
        },
      }),
    });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('AgentFeaPage (issue 11)', () => {
  it("lists his clients' requests with the display status and commission, filters by client, shows the totals", async () => {
    const environment = createMockEnvironment();
    const seen: OperationDescriptor[] = [];
    answerQueries(environment, seen);
    renderWithRelay(<AgentFeaPage />, { environment, path: '/agent/fea' });
    const row = await screen.findByTestId('agent-order-42');
    expect(within(row).getByText('ООО «ВЭД Трейд»')).toBeTruthy();
    expect(within(row).getByText('Исполнена')).toBeTruthy();
    expect(row.textContent).toContain('37,50');
    expect(screen.getByTestId('commission-total-USD').textContent).toContain('37,50');
    const block = screen.getByTestId('agent-commissions');
    expect(within(block).getByText('20 %')).toBeTruthy();
    expect(seen[0].request.variables.filter).toBeNull();
    fireEvent.change(screen.getByLabelText('Клиент'), { target: { value: '5' } });
    await waitFor(() => expect(seen.at(-1)?.request.variables.filter).toEqual({ clientCompanyId: 5 }));
  });

  it('creates a request for a verified client by re-login and shows a refusal inside the dialog', async () => {
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    const environment = createMockEnvironment();
    answerQueries(environment, []);
    renderWithRelay(<AgentFeaPage />, { environment, path: '/agent/fea' });
    fireEvent.click(await screen.findByRole('button', { name: 'Создать заявку' }));
    const dialog = await screen.findByTestId('agent-create-dialog');
    // Only the verified client is offered (spec core §6).
    expect(within(dialog).queryByText('ООО «Новый Импорт»')).toBeNull();
    fireEvent.click(within(dialog).getByText('ООО «ВЭД Трейд»'));
    fireEvent.click(await findDialogButton(dialog, 'Перейти к созданию'));
    const first = await waitFor(() => {
      const o = environment.mock.getMostRecentOperation();
      if (o.request.node.params.name !== 'mutationsActAsReferralClientMutation') throw new Error('no mutation yet');
      return o;
    });
    expect(first.request.variables).toEqual({ clientId: CLIENTS[0].node.id });
    act(() =>
      environment.mock.resolve(
        first,
        userErrorPayload(first, 'actAsReferralClient', {
          code: 'CLIENT_NOT_VERIFIED',
          message: 'Заявки можно создавать только для верифицированных клиентов',
        }),
      ),
    );
    expect((await findDialogAlert(dialog)).textContent).toContain(
      'Заявки можно создавать только для верифицированных клиентов',
    );
    expect(go).not.toHaveBeenCalled();

    fireEvent.click(await findDialogButton(dialog, 'Перейти к созданию'));
    const second = await waitFor(() => {
      const o = environment.mock.getMostRecentOperation();
      if (o === first || o.request.node.params.name !== 'mutationsActAsReferralClientMutation')
        throw new Error('no second mutation yet');
      return o;
    });
    act(() =>
      environment.mock.resolve(second, successPayload(second, 'actAsReferralClient', 'ActAsReferralClientSuccess')),
    );
    await waitFor(() => expect(go).toHaveBeenCalledWith('/client/fea?create=1'));
  });
});
