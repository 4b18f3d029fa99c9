/**
 * 'Документы и акты' of a referral partner (issue 10; spec core §3 "documents/acts (type ACT or DOCUMENT, name,
 * number, description, file, agent signature, operator signature, created)", §5 "partner documents at most 50 MB each",
 * §8 "Upload: size over 50 MB"): the list with download links and signatures, the upload form (the shared
 * PartnerDocumentUploadForm, with the type) and removal of unsigned ones after a confirmation.
 * Issue 11: the status and the two signature columns (partner, operator), and 'Подписать' for the operator with the
 * signature selection modal (the platform organisation's certificate; signReferralPartnerDocumentAsOperator).
 */
import { Badge, Button, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ReferralPartnerDocuments_partner$key } from '../../../__generated__/ReferralPartnerDocuments_partner.graphql';
import { ConfirmDialog } from '../../../components/deal/ConfirmDialog';
import { PartnerDocumentUploadForm } from '../../../components/documents/PartnerDocumentUploadForm';
import { reportResult } from '../../../system/errors/resultMessage';
import { formatDateTime, formatFileSize } from '../../../system/formats';
import { showSuccess } from '../../../system/toaster';
import { SignatureModal, type Signer } from '../../../components/signing/SignatureModal';
import { readUserError } from '../../../system/errors/userError';
import { fetchDocumentBytes } from '../../../system/signing/bytes';
import { useDeleteReferralPartnerDocument, useSignReferralPartnerDocument } from './mutations';

export function ReferralPartnerDocuments({
  partner: key,
  refetch,
}: {
  partner: ReferralPartnerDocuments_partner$key;
  refetch: () => void;
}) {
  const { t } = useTranslation();
  const p = useFragment(
    graphql`
      fragment ReferralPartnerDocuments_partner on ReferralPartner {
        id
        documentUploadUrl
        documents {
          id
          type
          name
          number
          description
          fileName
          fileSize
          downloadUrl
          createdAt
          createdByName
          viewerCanDelete
          viewerCanSign
          status
          statusLabel
          agentSignature {
            signer
            signedAt
          }
          operatorSignature {
            signer
            signedAt
          }
        }
      }
    `,
    key,
  );
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [remove] = useDeleteReferralPartnerDocument();
  const [sign] = useSignReferralPartnerDocument();
  const [signing, setSigning] = useState<{ id: string; name: string; downloadUrl: string } | null>(null);
  const onSign = async (signer: Signer): Promise<string | null> => {
    if (!signing) return null;
    let bytes: Uint8Array;
    try {
      bytes = await fetchDocumentBytes(signing.downloadUrl);
    } catch (e) {
      return (e as Error).message;
    }
    const r = (await sign({ id: signing.id, signature: await signer.sign(bytes) }))
      .signReferralPartnerDocumentAsOperator;
    if (r.__typename === 'UserError') return readUserError(r.userError).message;
    showSuccess(t('adminPartners.documents.signed'));
    refetch();
    return null;
  };

  return (
    <Stack as="section" gap="4" aria-labelledby="partner-documents">
      <Heading as="h2" size="lg" id="partner-documents">
        {t('adminPartners.sections.documents')}
      </Heading>
      {p.documents.length === 0 ? (
        <Text color="fg.muted" role="status">
          {t('adminPartners.documents.empty')}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="white">
          <Table.Root size="sm" aria-label={t('adminPartners.documents.list')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('adminPartners.documents.type')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminPartners.documents.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminPartners.documents.number')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminPartners.documents.created')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminPartners.documents.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminPartners.documents.agentSignature')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminPartners.documents.operatorSignature')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {p.documents.map((d) => (
                <Table.Row key={d.id}>
                  <Table.Cell>
                    {d.type === 'ACT'
                      ? t('adminPartners.documents.types.ACT')
                      : t('adminPartners.documents.types.DOCUMENT')}
                  </Table.Cell>
                  <Table.Cell>
                    <Text fontWeight="medium">{d.name}</Text>
                    {d.description && (
                      <Text fontSize="xs" color="fg.muted">
                        {d.description}
                      </Text>
                    )}
                    <Link href={d.downloadUrl} colorPalette="blue" fontSize="xs" download={d.fileName}>
                      {t('adminPartners.documents.download')}: {d.fileName} ({formatFileSize(d.fileSize)})
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{d.number ?? '—'}</Table.Cell>
                  <Table.Cell>
                    {formatDateTime(d.createdAt)}
                    <Text fontSize="xs" color="fg.muted">
                      {d.createdByName}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge
                      colorPalette={
                        d.status === 'SIGNED' ? 'green' : d.status === 'AWAITING_OPERATOR' ? 'blue' : 'orange'
                      }
                      data-testid="document-status"
                    >
                      {d.statusLabel}
                    </Badge>
                  </Table.Cell>
                  {[d.agentSignature, d.operatorSignature].map((s, i) => (
                    <Table.Cell key={i}>
                      {s ? (
                        <Text fontSize="xs">
                          {s.signer}
                          {s.signedAt ? `, ${formatDateTime(s.signedAt)}` : ''}
                        </Text>
                      ) : (
                        <Text fontSize="xs" color="fg.muted">
                          {t('adminPartners.documents.notSigned')}
                        </Text>
                      )}
                    </Table.Cell>
                  ))}
                  <Table.Cell>
                    {d.viewerCanSign && (
                      <Button
                        size="xs"
                        aria-label={`${t('adminPartners.documents.sign')}: ${d.name}`}
                        onClick={() => setSigning({ id: d.id, name: d.name, downloadUrl: d.downloadUrl })}
                      >
                        {t('adminPartners.documents.sign')}
                      </Button>
                    )}
                    {d.viewerCanDelete && (
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`${t('adminPartners.documents.delete')}: ${d.name}`}
                        onClick={() => setRemoving({ id: d.id, name: d.name })}
                      >
                        {t('adminPartners.documents.delete')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      <PartnerDocumentUploadForm uploadUrl={p.documentUploadUrl} onUploaded={refetch} texts="adminPartners.documents" />

      {signing && (
        <SignatureModal
          open
          onOpenChange={(open) => !open && setSigning(null)}
          title={t('adminPartners.documents.signTitle', { name: signing.name })}
          onSign={onSign}
        >
          <Text>{signing.name}</Text>
        </SignatureModal>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('adminPartners.documents.deleteTitle')}
        text={t('adminPartners.documents.deleteText', { name: removing?.name ?? '' })}
        confirmLabel={t('adminPartners.documents.delete')}
        destructive
        onConfirm={async () => {
          if (!removing) return true;
          try {
            const r = (await remove({ id: removing.id })).deleteReferralPartnerDocument;
            return reportResult(r, { success: t('adminPartners.documents.deleted'), refetch });
          } catch {
            return false;
          }
        }}
      />
    </Stack>
  );
}
