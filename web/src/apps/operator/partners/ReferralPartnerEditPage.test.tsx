// @vitest-environment jsdom
/**
 * The referral partner card in Relay's mock environment (issue 10, /operator/partners/:id/edit; spec core §4 "partners
 * can be blocked and unblocked, each with a confirmation", §5, §8): a non-numeric id is the not-found page; blocking
 * asks for a confirmation and then sends blockReferralPartner; a server field error of the save is shown under its
 * field; a file over 50 MB is refused before any upload.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations, successPayload, userErrorPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { validateDocumentFile } from '../../../components/documents/PartnerDocumentUploadForm';
import { ReferralPartnerEditPage } from './ReferralPartnerEditPage';
import { findDialogButton } from '../../../testing/dialogs';

const PARTNER_ID = 'UmVmZXJyYWxQYXJ0bmVyOjc=';

function render(path = '/operator/partners/7/edit', partner: Record<string, unknown> = {}) {
  const environment = createMockEnvironment();
  answerOperations(environment, (op) => {
    if (op.request.node.params.name !== 'ReferralPartnerEditPageQuery') return null;
    return MockPayloadGenerator.generate(op, {
      Viewer: () => ({ id: 'VXNlcjox' }),
      ReferralPartner: () => ({
        id: PARTNER_ID,
        partnerId: 7,
        kind: 'LEGAL_ENTITY',
        ogrn: '1177746126040',
        inn: '7707393126',
        kpp: null,
        fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ВЭД ТРЕЙД»',
        shortName: 'ООО «ВЭД Трейд»',
        legalAddress: 'г. Москва',
        actualAddress: null,
        email: 'p@example.com',
        phone: '9161234567',
        extraPhones: [],
        extraEmails: [],
        representative: null,
        comment: null,
        contractNumber: 'АГ-1',
        contractDate: null,
        commissionPercent: '10',
        status: 'ACTIVE',
        viewerCanBlock: true,
        viewerCanUnblock: false,
        invitationAccepted: false,
        bankRequisites: [],
        documentUploadUrl: '/files/oper/referral-partners/7/documents',
        documents: [],
        ...partner,
      }),
    });
  });
  renderWithRelay(<ReferralPartnerEditPage />, { environment, path, route: '/operator/partners/:id/edit' });
  return environment;
}

describe('ReferralPartnerEditPage (issue 10)', () => {
  it('a non-numeric id is the not-found page (spec core §5 "numeric id")', async () => {
    render('/operator/partners/abc/edit');
    expect(await screen.findByText('Page Not Found: /operator/partners/abc/edit')).toBeTruthy();
  });

  it('blocking asks for a confirmation, then sends blockReferralPartner (spec core §4)', async () => {
    const environment = render();
    await screen.findByRole('heading', { level: 1, name: 'ООО «ВЭД Трейд»' });
    fireEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Заблокировать партнёра?')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    fireEvent.click(await findDialogButton(dialog, 'Заблокировать'));
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('mutationsBlockReferralPartnerMutation');
    expect(op.request.variables).toEqual({ id: PARTNER_ID });
    environment.mock.resolve(
      op,
      successPayload(op, 'blockReferralPartner', 'ReferralPartnerChangeSuccess', {
        ReferralPartner: () => ({ id: PARTNER_ID, status: 'BLOCKED', viewerCanBlock: false, viewerCanUnblock: true }),
      }),
    );
    expect(await screen.findByRole('button', { name: 'Разблокировать' })).toBeTruthy();
    expect(screen.getByTestId('partner-status').textContent).toBe('Заблокирован');
  });

  it('a server field error of the save is shown under its field (spec core §5)', async () => {
    const environment = render();
    await screen.findByRole('heading', { level: 1, name: 'ООО «ВЭД Трейд»' });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('mutationsUpdateReferralPartnerMutation');
    expect(op.request.variables.input).toMatchObject({ ogrn: '1177746126040', email: 'p@example.com' });
    environment.mock.resolve(
      op,
      userErrorPayload(op, 'updateReferralPartner', {
        code: 'VALIDATION_ERROR',
        message: 'Ошибка валидации',
        fieldErrors: [
          { field: 'bankRequisites.0.bankBik', code: 'BIK_NOT_FOUND', message: 'Банк с таким БИК не найден' },
          { field: 'extraPhones.0', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
        ],
      }),
    );
    expect(await screen.findByText('Номер телефона — 10 цифр')).toBeTruthy();
  });

  it('shows the status and both signatures of each document; the operator signs only what he has not signed (issue 11)', async () => {
    const doc = {
      type: 'ACT',
      number: null,
      description: null,
      fileName: 'act.pdf',
      fileSize: 100,
      createdAt: '2026-11-20T10:00:00.000Z',
      createdByName: 'Оператор',
      viewerCanDelete: false,
    };
    const signature = (signer: string) => ({ signer, signedAt: '2026-11-21T10:00:00.000Z' });
    render('/operator/partners/7/edit', {
      documents: [
        {
          ...doc,
          id: 'RG9jOjE=',
          name: 'Акт за январь',
          downloadUrl: '/files/oper/referral-partners/7/documents/1',
          status: 'AWAITING_OPERATOR',
          statusLabel: 'Ожидает подписи оператора',
          viewerCanSign: true,
          agentSignature: signature('Орлов Дмитрий Андреевич'),
          operatorSignature: null,
        },
        {
          ...doc,
          id: 'RG9jOjI=',
          name: 'Акт за февраль',
          downloadUrl: '/files/oper/referral-partners/7/documents/2',
          status: 'SIGNED',
          statusLabel: 'Подписан обеими сторонами',
          viewerCanSign: false,
          agentSignature: signature('Орлов Дмитрий Андреевич'),
          operatorSignature: signature('Кузнецова Анна Игоревна'),
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Документы и акты' });
    expect(within(table).getByRole('columnheader', { name: 'Подпись партнёра' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Подпись оператора' })).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('document-status')
        .map((b) => b.textContent),
    ).toEqual(['Ожидает подписи оператора', 'Подписан обеими сторонами']);
    expect(within(table).getByText(/Кузнецова Анна Игоревна/)).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Подписать: Акт за январь' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Подписать: Акт за февраль' })).toBeNull();
  });

  it('refuses a document file over 50 MB before uploading (spec core §5, §8)', () => {
    const big = { size: 50 * 1024 * 1024 + 1, name: 'big.pdf' } as File;
    expect(validateDocumentFile([big], 'Выберите файл')).toBe('Превышен размер файла');
    expect(validateDocumentFile([], 'Выберите файл')).toBe('Выберите файл');
    expect(validateDocumentFile([{ size: 10, name: 'a.pdf' } as File], 'Выберите файл')).toBe(true);
  });
});
