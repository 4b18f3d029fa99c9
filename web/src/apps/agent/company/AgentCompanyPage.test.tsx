// @vitest-environment jsdom
/**
 * The referral partner's 'Моя компания' in Relay's mock environment (issue 11; spec core §3 "Referral partner", §5):
 * the operator's contract and commission are shown read-only, a bad extra phone is refused before any request, and a
 * server field error of the contacts is shown under its field; the bank requisites are the client's component.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations, userErrorPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { AgentCompanyPage } from './AgentCompanyPage';

function render() {
  const environment = createMockEnvironment();
  answerOperations(environment, (op) => {
    if (op.request.node.params.name !== 'AgentCompanyPageQuery') return null;
    return MockPayloadGenerator.generate(op, {
      Viewer: () => ({ id: 'VXNlcjo4', isOriginalClient: true }),
      ReferralPartnerCompany: () => ({
        kind: 'SOLE_PROPRIETOR',
        status: 'ACTIVE',
        loginEmail: 'agent@example.com',
        phone: '9264445566',
        extraPhones: [],
        extraEmails: [],
        representative: null,
        contractNumber: 'АГ-7',
        contractDate: '2026-02-01',
        commissionPercent: '12.5',
      }),
      Company: () => ({
        id: 'Q29tcGFueTo2',
        shortName: 'ИП Орлов Д. А.',
        fullName: 'Индивидуальный предприниматель Орлов Дмитрий Андреевич',
        ogrn: '319774600123453',
        inn: '772012345670',
        kpp: null,
        legalAddress: 'г. Москва',
        actualAddress: null,
      }),
      BankRequisiteConnection: () => ({ totalCount: 0, edges: [] }),
    });
  });
  renderWithRelay(<AgentCompanyPage />, { environment, path: '/agent/company', route: '/agent/company' });
  return environment;
}

describe('AgentCompanyPage (issue 11)', () => {
  it("shows the company and the operator's contract and commission read-only, and the requisites section", async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Моя компания' })).toBeTruthy();
    expect(screen.getByText('АГ-7')).toBeTruthy();
    expect(screen.getByText('12,5 %')).toBeTruthy();
    expect(screen.getByText('Индивидуальный предприниматель')).toBeTruthy();
    expect(screen.getByText('319774600123453')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Добавить реквизиты' })).toBeTruthy();
  });

  it('refuses a bad extra phone before any request, and shows a server field error under its field', async () => {
    const environment = render();
    const phones = await screen.findByLabelText('Дополнительные телефоны (через запятую)');
    fireEvent.change(phones, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить контакты' }));
    expect(await screen.findByText('123: Номер телефона — 10 цифр')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    fireEvent.change(phones, { target: { value: '9161234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить контакты' }));
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('AgentContactsFormMutation');
    expect(op.request.variables.input).toEqual({ extraPhones: ['9161234567'], extraEmails: [], actualAddress: null });
    environment.mock.resolve(
      op,
      userErrorPayload(op, 'updateReferralPartnerContacts', {
        code: 'VALIDATION_ERROR',
        message: 'Ошибка валидации',
        fieldErrors: [{ field: 'extraEmails', code: 'TOO_MANY', message: 'Слишком много значений' }],
      }),
    );
    expect(await screen.findByText('Слишком много значений')).toBeTruthy();
  });
});
