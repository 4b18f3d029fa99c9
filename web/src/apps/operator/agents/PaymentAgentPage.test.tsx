// @vitest-environment jsdom
/**
 * The payment agent card in Relay's mock environment (issue 10, /operator/agents/{id}): a non-numeric id is the
 * not-found page; the card shows the agent's sections in view mode; 'Заблокировать' asks for confirmation and sends
 * the block mutation; in edit mode a server field error is shown at its field.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations, userErrorPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { PaymentAgentPage } from './PaymentAgentPage';
import { findDialogButton } from '../../../testing/dialogs';

const AGENT = {
  id: 'UGF5bWVudEFnZW50OjM=',
  agentId: 3,
  status: 'ACTIVE',
  createdAt: '2026-03-10T09:00:00.000Z',
  ogrn: '1027700132195',
  inn: '7707083893',
  kpp: null,
  fullName: 'ООО «Альфа Платежи» полное',
  shortName: 'ООО «Альфа Платежи»',
  legalAddress: 'Москва',
  registrationDate: '2019-05-01',
  ceoLastName: null,
  ceoFirstName: null,
  ceoMiddleName: null,
  brand: 'Альфа Платежи',
  site: null,
  groupOfCompanies: false,
  groupDescription: null,
  beneficiaries: [],
  contacts: [],
  clientDirection: 'BOTH',
  goodsImportRule: 'UNIMPORTANT',
  minMonthlyVolumeUsd: null,
  minPaymentUsd: '1000.00',
  supportedCountries: ['CN'],
  unsupportedPurposes: null,
  requiredClosingDocuments: null,
  currencies: [
    {
      currencyCode: 'USD',
      rateSource: 'ЦБ РФ',
      rateRules: 'ЦБ + 1%',
      rateTime: null,
      comment: null,
      indicativeRate: '92.0000',
    },
  ],
  limits: [],
  expertConclusion: null,
  paymentCompanies: [],
  licenseNumber: 'ЛД-1',
  licenseDate: null,
  serviceCommissionPercent: '0.5',
  signRequired: true,
  email: 'partner1@example.com',
  invitation: { accepted: true, lastSentAt: null },
  viewerCanEdit: true,
  viewerCanBlock: true,
  viewerCanUnblock: false,
  viewerCanResendInvitation: false,
};

function render(path: string) {
  const environment = createMockEnvironment();
  answerOperations(environment, (op) =>
    op.request.node.params.name === 'PaymentAgentPageQuery'
      ? MockPayloadGenerator.generate(op, {
          Viewer: () => ({ id: 'VXNlcjoz', administration: { paymentAgent: AGENT } }),
        })
      : null,
  );
  renderWithRelay(<PaymentAgentPage />, { environment, path, route: '/operator/agents/:id' });
  return environment;
}

async function nextMutation(environment: ReturnType<typeof createMockEnvironment>, name: string) {
  return waitFor(() => {
    const o = environment.mock.getMostRecentOperation();
    if (o.request.node.params.name !== name) throw new Error('no mutation yet');
    return o;
  });
}

describe('PaymentAgentPage (issue 10; spec core §3 "Payment agent profile")', () => {
  it('a non-numeric id is the not-found page (spec core §5)', async () => {
    render('/operator/agents/abc');
    expect(await screen.findByText(/abc/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Альфа Платежи' })).toBeNull();
  });

  it('shows the card in view mode and blocks after the confirmation', async () => {
    const environment = render('/operator/agents/3');
    await screen.findByRole('heading', { level: 1, name: 'Альфа Платежи' });
    expect(screen.getByTestId('agent-status').textContent).toBe('Активен');
    expect((screen.getByLabelText('Бренд') as HTMLInputElement).value).toBe('Альфа Платежи');
    expect((screen.getByLabelText('Бренд') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Заблокировать платёжного агента?' });
    fireEvent.click(await findDialogButton(dialog, 'Заблокировать'));
    const op = await nextMutation(environment, 'mutationsBlockPaymentAgentMutation');
    expect(op.request.variables.input).toEqual({ id: AGENT.id, comment: null });
  });

  it('edits and shows the server field error at its field', async () => {
    const environment = render('/operator/agents/3');
    await screen.findByRole('heading', { level: 1, name: 'Альфа Платежи' });
    fireEvent.click(screen.getByRole('button', { name: 'Редактировать' }));
    fireEvent.change(await screen.findByLabelText('Почта для входа'), { target: { value: 'partner2@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const op = await nextMutation(environment, 'mutationsUpdatePaymentAgentMutation');
    expect(op.request.variables.input.profile).toMatchObject({
      email: 'partner2@example.com',
      supportedCountries: ['CN'],
      currencies: [{ currencyCode: 'USD', rateSource: 'ЦБ РФ' }],
    });
    act(() =>
      environment.mock.resolve(
        op,
        userErrorPayload(op, 'updatePaymentAgent', {
          code: 'EMAIL_TAKEN',
          message: 'Этот адрес электронной почты уже используется',
          field: 'email',
          fieldErrors: [
            { field: 'email', code: 'EMAIL_TAKEN', message: 'Этот адрес электронной почты уже используется' },
          ],
        }),
      ),
    );
    expect(await screen.findByText('Этот адрес электронной почты уже используется')).toBeTruthy();
  });
});
