/**
 * The table of a referral partner's documents and acts with their status and two signatures (issue 10 for the
 * operator, issue 11 for both sides; spec core §3 "Referral partner: documents/acts (type ACT or DOCUMENT, name,
 * number, description, file, agent signature, operator signature, created)", "Signature details"). 'Подписать' opens
 * the signature selection modal of issue 8: the file's exact bytes are downloaded, signed with the chosen certificate
 * (CAdES-BES detached) and handed to `sign` (the caller's mutation); a refusal is shown in the modal. 'Удалить' asks for
 * a confirmation and calls `remove`. Used by the operator's partner card (ReferralPartnerDocuments) and the partner's
 * 'Документы и акты' (AgentDocumentList); each keeps its own fragment and mutations.
 */
import { Badge, Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportResult } from '../../system/errors/resultMessage';
import type { ResultMember } from '../../system/errors/userError';
import { formatDateTime, formatFileSize } from '../../system/formats';
import { fetchDocumentBytes } from '../../system/signing/bytes';
import { showSuccess } from '../../system/toaster';
import { ConfirmDialog } from '../deal/ConfirmDialog';
import { ResponsiveTable } from '../lists/ResponsiveTable';
import { SignatureModal, type Signer } from '../signing/SignatureModal';
import type { PartnerDocumentTexts } from './PartnerDocumentUploadForm';

/** One side's signature: who signed and when (UTC ISO 8601). */
interface PartnerDocumentSignature {
  readonly signer: string | null | undefined;
  readonly signedAt: string | null | undefined;
}

/** What the table shows of a document (both fragments select at least this). */
export interface PartnerDocumentRow {
  readonly id: string;
  readonly type: string;
  readonly name: string;
  readonly number: string | null | undefined;
  readonly description: string | null | undefined;
  readonly fileName: string;
  readonly fileSize: number;
  readonly downloadUrl: string;
  readonly createdAt: string;
  readonly status: string;
  readonly statusLabel: string;
  readonly viewerCanSign: boolean;
  readonly viewerCanDelete: boolean;
  readonly agentSignature: PartnerDocumentSignature | null | undefined;
  readonly operatorSignature: PartnerDocumentSignature | null | undefined;
}

const STATUS_COLORS: Record<string, string> = {
  AWAITING_PARTNER: 'orange',
  AWAITING_OPERATOR: 'blue',
  SIGNED: 'green',
};

export function PartnerDocumentTable<D extends PartnerDocumentRow>({
  documents,
  texts,
  uploaderOf,
  numberColumn = false,
  rowTestId,
  sign,
  remove,
  onChanged,
  onDeleted,
}: {
  documents: ReadonlyArray<D>;
  texts: PartnerDocumentTexts;
  /** The line under the upload time: who uploaded the document. */
  uploaderOf: (d: D) => string;
  /** The number in a column of its own; otherwise it follows the name ('Акт № 7'). */
  numberColumn?: boolean;
  rowTestId?: string;
  /** Sends the signature (base64 CAdES-BES detached); resolves null on success, else the refusal's text. */
  sign: (id: string, signature: string) => Promise<string | null>;
  /** Deletes the document; resolves the mutation's result member. */
  remove: (id: string) => Promise<ResultMember | null | undefined>;
  /** Called after a signature and after a stale-state refusal (fetch the list again). */
  onChanged: () => void;
  /** Called after a deletion (when the mutation's answer does not update the list itself). */
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const [signing, setSigning] = useState<D | null>(null);
  const [removing, setRemoving] = useState<D | null>(null);

  const onSign = async (signer: Signer): Promise<string | null> => {
    if (!signing) return null;
    let bytes: Uint8Array;
    try {
      bytes = await fetchDocumentBytes(signing.downloadUrl);
    } catch (e) {
      return (e as Error).message;
    }
    const refusal = await sign(signing.id, await signer.sign(bytes));
    if (refusal) return refusal;
    showSuccess(t(`${texts}.signed`));
    onChanged();
    return null;
  };

  const signatureCell = (s: PartnerDocumentSignature | null | undefined) =>
    s ? (
      <Text fontSize="xs">
        {s.signer}
        {s.signedAt ? `, ${formatDateTime(s.signedAt)}` : ''}
      </Text>
    ) : (
      <Text fontSize="xs" color="fg.muted">
        {t(`${texts}.notSigned`)}
      </Text>
    );

  return (
    <>
      {documents.length === 0 ? (
        <Text color="fg.muted" role="status">
          {t(`${texts}.empty`)}
        </Text>
      ) : (
        <ResponsiveTable
          label={t(`${texts}.list`)}
          borderWidth="1px"
          borderRadius="md"
          bg="white"
          columns={[
            t(`${texts}.type`),
            t(`${texts}.name`),
            ...(numberColumn ? [t(`${texts}.number`)] : []),
            t(`${texts}.created`),
            t(`${texts}.status`),
            t(`${texts}.agentSignature`),
            t(`${texts}.operatorSignature`),
            '',
          ]}
        >
          {documents.map((d) => (
            <Table.Row key={d.id} data-testid={rowTestId}>
              <Table.Cell>{d.type === 'ACT' ? t(`${texts}.types.ACT`) : t(`${texts}.types.DOCUMENT`)}</Table.Cell>
              <Table.Cell>
                <Text fontWeight="medium">
                  {d.name}
                  {!numberColumn && d.number ? ` № ${d.number}` : ''}
                </Text>
                {d.description && (
                  <Text fontSize="xs" color="fg.muted">
                    {d.description}
                  </Text>
                )}
                <Link href={d.downloadUrl} colorPalette="blue" fontSize="xs" download={d.fileName}>
                  {t(`${texts}.download`)}: {d.fileName} ({formatFileSize(d.fileSize)})
                </Link>
              </Table.Cell>
              {numberColumn && <Table.Cell>{d.number ?? '—'}</Table.Cell>}
              <Table.Cell>
                {formatDateTime(d.createdAt)}
                <Text fontSize="xs" color="fg.muted">
                  {uploaderOf(d)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATUS_COLORS[d.status] ?? 'gray'} data-testid="document-status">
                  {d.statusLabel}
                </Badge>
              </Table.Cell>
              <Table.Cell>{signatureCell(d.agentSignature)}</Table.Cell>
              <Table.Cell>{signatureCell(d.operatorSignature)}</Table.Cell>
              <Table.Cell>
                <HStack gap="1" justify="flex-end">
                  {d.viewerCanSign && (
                    <Button size="xs" aria-label={`${t(`${texts}.sign`)}: ${d.name}`} onClick={() => setSigning(d)}>
                      {t(`${texts}.sign`)}
                    </Button>
                  )}
                  {d.viewerCanDelete && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`${t(`${texts}.delete`)}: ${d.name}`}
                      onClick={() => setRemoving(d)}
                    >
                      {t(`${texts}.delete`)}
                    </Button>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </ResponsiveTable>
      )}

      {signing && (
        <SignatureModal
          open
          onOpenChange={(open) => !open && setSigning(null)}
          title={t(`${texts}.signTitle`, { name: signing.name })}
          onSign={onSign}
        >
          <Stack gap="1">
            <Text>{signing.name}</Text>
            <Link href={signing.downloadUrl} colorPalette="blue" fontSize="sm" download={signing.fileName}>
              {t(`${texts}.download`)}: {signing.fileName}
            </Link>
          </Stack>
        </SignatureModal>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t(`${texts}.deleteTitle`)}
        text={t(`${texts}.deleteText`, { name: removing?.name ?? '' })}
        confirmLabel={t(`${texts}.delete`)}
        destructive
        onConfirm={async () => {
          if (!removing) return true;
          try {
            return reportResult(await remove(removing.id), {
              success: t(`${texts}.deleted`),
              refetch: onChanged,
              onSuccess: onDeleted,
            });
          } catch {
            return false;
          }
        }}
      />
    </>
  );
}
