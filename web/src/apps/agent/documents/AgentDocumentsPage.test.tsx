// @vitest-environment jsdom
/**
 * The referral partner's documents and acts in Relay's mock environment (issue 11; spec core §3 "Referral partner:
 * documents/acts"): each row shows its status label and both signatures; 'Подписать' is offered only while the partner
 * has not signed, 'Удалить' only for his own unsigned upload, after a confirmation; a file over 50 MB is refused
 * before any upload.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations, successPayload } from '../../../testing/mockPayloads';
import { findDialogButton } from '../../../testing/dialogs';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { AgentDocumentsPage } from './AgentDocumentsPage';

const base = {
  type: 'ACT',
  number: null,
  description: null,
  fileSize: 1000,
  uploadedBy: 'OPERATOR',
  createdAt: '2026-11-20T10:00:00.000Z',
  agentSignature: null,
  operatorSignature: null,
  viewerCanDelete: false,
};
const signature = (signer: string) => ({
  signer,
  signedAt: '2026-11-21T10:00:00.000Z',
  certificateValidUntil: '2027-11-21T10:00:00.000Z',
  documentHash: 'ab'.repeat(32),
});
const DOCS = [
  {
    ...base,
    id: 'RDox',
    name: 'Акт за январь',
    fileName: 'act1.pdf',
    downloadUrl: '/files/agent/documents/1',
    status: 'AWAITING_PARTNER',
    statusLabel: 'Ожидает подписи партнёра',
    viewerCanSign: true,
  },
  {
    ...base,
    id: 'RDoy',
    name: 'Акт за февраль',
    fileName: 'act2.pdf',
    downloadUrl: '/files/agent/documents/2',
    status: 'SIGNED',
    statusLabel: 'Подписан обеими сторонами',
    viewerCanSign: false,
    agentSignature: signature('Орлов Дмитрий Андреевич'),
    operatorSignature: signature('Кузнецова Анна Игоревна (ООО «Платформа»)'),
  },
  {
    ...base,
    id: 'RDoz',
    type: 'DOCUMENT',
    name: 'Счёт',
    fileName: 'bill.pdf',
    downloadUrl: '/files/agent/documents/3',
    uploadedBy: 'REFERRAL_PARTNER',
    status: 'AWAITING_PARTNER',
    statusLabel: 'Ожидает подписи партнёра',
    viewerCanSign: true,
    viewerCanDelete: true,
  },
];

function render() {
  const environment = createMockEnvironment();
  answerOperations(environment, (op) => {
    if (op.request.node.params.name !== 'AgentDocumentsPageQuery') return null;
    return MockPayloadGenerator.generate(op, {
      Viewer: () => ({ id: 'VXNlcjo4' }),
      ReferralPartnerArea: () => ({ documentUploadUrl: '/files/agent/documents', documents: DOCS }),
    });
  });
  renderWithRelay(<AgentDocumentsPage />, { environment, path: '/agent/documents', route: '/agent/documents' });
  return environment;
}

describe('AgentDocumentsPage (issue 11)', () => {
  it('shows each status and both signatures; signing is offered only while the partner has not signed', async () => {
    render();
    const rows = await screen.findAllByTestId('agent-document');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByTestId('document-status').textContent).toBe('Ожидает подписи партнёра');
    expect(within(rows[1]).getByTestId('document-status').textContent).toBe('Подписан обеими сторонами');
    expect(within(rows[1]).getByText(/Кузнецова Анна Игоревна/)).toBeTruthy();
    expect(within(rows[1]).getByText(/Орлов Дмитрий Андреевич/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Подписать: Акт за январь' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Подписать: Акт за февраль' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Удалить: Акт за январь' })).toBeNull();
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('/files/agent/documents/1');
  });

  it("removes the partner's own unsigned document after a confirmation", async () => {
    const environment = render();
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить: Счёт' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Документ «Счёт» будет удалён.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    fireEvent.click(await findDialogButton(dialog, 'Удалить'));
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('AgentDocumentListDeleteMutation');
    expect(op.request.variables).toEqual({ id: 'RDoz' });
    environment.mock.resolve(
      op,
      successPayload(op, 'deleteReferralPartnerAreaDocument', 'DeleteReferralPartnerAreaDocumentSuccess'),
    );
  });

  it('refuses to upload without a file (nothing is sent)', async () => {
    const environment = render();
    fireEvent.change(await screen.findByLabelText(/Название/), { target: { value: 'Счёт' } });
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить документ' }));
    expect(await screen.findByText('Выберите файл')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
