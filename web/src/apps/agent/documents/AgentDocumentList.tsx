/**
 * The referral partner's documents and acts with their two signatures and status (issue 11; spec core §3 "Referral
 * partner: documents/acts", "Signature details: signer, date-time, certificate valid until, document hash"). 'Подписать'
 * opens the signature selection modal of issue 8: the file's exact bytes are downloaded, signed with the chosen
 * certificate (CAdES-BES detached) and sent with signReferralPartnerDocument; a refusal (e.g. a certificate of another
 * organisation) is shown in the modal. 'Удалить' (only the partner's own unsigned upload) asks for a confirmation.
 */
import { Badge, Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type {
  AgentDocumentList_area$data,
  AgentDocumentList_area$key,
} from '../../../__generated__/AgentDocumentList_area.graphql';
import type { AgentDocumentListDeleteMutation } from '../../../__generated__/AgentDocumentListDeleteMutation.graphql';
import type { AgentDocumentListSignMutation } from '../../../__generated__/AgentDocumentListSignMutation.graphql';
import { ConfirmDialog } from '../../../components/deal/ConfirmDialog';
import { SignatureModal, type Signer } from '../../../components/signing/SignatureModal';
import { reportResult } from '../../../system/errors/resultMessage';
import { readUserError } from '../../../system/errors/userError';
import { formatDateTime, formatFileSize } from '../../../system/formats';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { fetchDocumentBytes } from '../../../system/signing/bytes';
import { showSuccess } from '../../../system/toaster';

type Doc = AgentDocumentList_area$data['documents'][number];

const STATUS_COLORS: Record<string, string> = {
  AWAITING_PARTNER: 'orange',
  AWAITING_OPERATOR: 'blue',
  SIGNED: 'green',
};

/** One side's signature in a cell: signer and time, or '—'. */
function SignatureCell({ s, none }: { s: Doc['agentSignature']; none: string }) {
  const { t } = useTranslation();
  if (!s) return <Text color="fg.muted">{none}</Text>;
  return (
    <Text fontSize="sm">
      {t('agentDocuments.signedBy', { signer: s.signer ?? '', date: s.signedAt ? formatDateTime(s.signedAt) : '' })}
    </Text>
  );
}

export function AgentDocumentList({ area: key, refresh }: { area: AgentDocumentList_area$key; refresh: () => void }) {
  const { t } = useTranslation();
  const area = useFragment(
    graphql`
      fragment AgentDocumentList_area on ReferralPartnerArea {
        documents {
          id
          type
          name
          number
          description
          fileName
          fileSize
          downloadUrl
          uploadedBy
          status
          statusLabel
          viewerCanSign
          viewerCanDelete
          createdAt
          agentSignature {
            signer
            signedAt
            certificateValidUntil
            documentHash
          }
          operatorSignature {
            signer
            signedAt
            certificateValidUntil
            documentHash
          }
        }
      }
    `,
    key,
  );
  const [sign] = useAppMutation<AgentDocumentListSignMutation>(graphql`
    mutation AgentDocumentListSignMutation($id: ID!, $signature: String!) {
      signReferralPartnerDocument(id: $id, signature: $signature) {
        __typename
        ... on SignReferralPartnerDocumentSuccess {
          document {
            id
            status
            statusLabel
            viewerCanSign
            viewerCanDelete
            agentSignature {
              signer
              signedAt
              certificateValidUntil
              documentHash
            }
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
  const [remove] = useAppMutation<AgentDocumentListDeleteMutation>(graphql`
    mutation AgentDocumentListDeleteMutation($id: ID!) {
      deleteReferralPartnerAreaDocument(id: $id) {
        __typename
        ... on DeleteReferralPartnerAreaDocumentSuccess {
          deletedDocumentId
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
  const [signing, setSigning] = useState<Doc | null>(null);
  const [removing, setRemoving] = useState<Doc | null>(null);

  const onSign = async (signer: Signer): Promise<string | null> => {
    if (!signing) return null;
    let bytes: Uint8Array;
    try {
      bytes = await fetchDocumentBytes(signing.downloadUrl);
    } catch (e) {
      return (e as Error).message;
    }
    const signature = await signer.sign(bytes);
    const r = (await sign({ id: signing.id, signature })).signReferralPartnerDocument;
    if (r.__typename === 'UserError') return readUserError(r.userError).message;
    showSuccess(t('agentDocuments.signed'));
    refresh();
    return null;
  };

  if (area.documents.length === 0)
    return (
      <Text color="fg.muted" role="status">
        {t('agentDocuments.empty')}
      </Text>
    );

  return (
    <>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="white">
        <Table.Root size="sm" aria-label={t('agentDocuments.list')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('agentDocuments.type')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('agentDocuments.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('agentDocuments.created')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('agentDocuments.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('agentDocuments.agentSignature')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('agentDocuments.operatorSignature')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {area.documents.map((d) => (
              <Table.Row key={d.id} data-testid="agent-document">
                <Table.Cell>
                  {d.type === 'ACT' ? t('agentDocuments.types.ACT') : t('agentDocuments.types.DOCUMENT')}
                </Table.Cell>
                <Table.Cell>
                  <Text fontWeight="medium">
                    {d.name}
                    {d.number ? ` № ${d.number}` : ''}
                  </Text>
                  {d.description && (
                    <Text fontSize="xs" color="fg.muted">
                      {d.description}
                    </Text>
                  )}
                  <Link href={d.downloadUrl} colorPalette="blue" fontSize="xs" download={d.fileName}>
                    {t('agentDocuments.download')}: {d.fileName} ({formatFileSize(d.fileSize)})
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  {formatDateTime(d.createdAt)}
                  <Text fontSize="xs" color="fg.muted">
                    {d.uploadedBy === 'OPERATOR'
                      ? t('agentDocuments.uploadedBy.OPERATOR')
                      : t('agentDocuments.uploadedBy.REFERRAL_PARTNER')}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_COLORS[d.status] ?? 'gray'} data-testid="document-status">
                    {d.statusLabel}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <SignatureCell s={d.agentSignature} none={t('agentDocuments.notSigned')} />
                </Table.Cell>
                <Table.Cell>
                  <SignatureCell s={d.operatorSignature} none={t('agentDocuments.notSigned')} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1" justify="flex-end">
                    {d.viewerCanSign && (
                      <Button
                        size="xs"
                        aria-label={`${t('agentDocuments.sign')}: ${d.name}`}
                        onClick={() => setSigning(d)}
                      >
                        {t('agentDocuments.sign')}
                      </Button>
                    )}
                    {d.viewerCanDelete && (
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`${t('agentDocuments.delete')}: ${d.name}`}
                        onClick={() => setRemoving(d)}
                      >
                        {t('agentDocuments.delete')}
                      </Button>
                    )}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      {signing && (
        <SignatureModal
          open
          onOpenChange={(open) => !open && setSigning(null)}
          title={t('agentDocuments.signTitle', { name: signing.name })}
          onSign={onSign}
        >
          <Stack gap="1">
            <Text>{signing.name}</Text>
            <Link href={signing.downloadUrl} colorPalette="blue" fontSize="sm" download={signing.fileName}>
              {t('agentDocuments.download')}: {signing.fileName}
            </Link>
          </Stack>
        </SignatureModal>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('agentDocuments.deleteTitle')}
        text={t('agentDocuments.deleteText', { name: removing?.name ?? '' })}
        confirmLabel={t('agentDocuments.delete')}
        destructive
        onConfirm={async () => {
          if (!removing) return true;
          try {
            const r = (await remove({ id: removing.id })).deleteReferralPartnerAreaDocument;
            return reportResult(r, { success: t('agentDocuments.deleted'), refetch: refresh, onSuccess: refresh });
          } catch {
            return false;
          }
        }}
      />
    </>
  );
}
