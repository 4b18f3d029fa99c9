/**
 * 'Документы и акты' of a referral partner (issue 10; spec core §3 "documents/acts (type ACT or DOCUMENT, name,
 * number, description, file, agent signature, operator signature, created)", §5 "partner documents at most 50 MB each",
 * §8 "Upload: size over 50 MB"): the list with download links and signatures, the upload form (sent through the
 * gateway's file proxy as multipart: the fields first, then the file) and removal of unsigned ones after a confirmation.
 * Issue 11: the status and the two signature columns (partner, operator), and 'Подписать' for the operator with the
 * signature selection modal (the platform organisation's certificate; signReferralPartnerDocumentAsOperator).
 */
import {
  Badge,
  Button,
  Heading,
  HStack,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { MAX_FILE_BYTES } from '@platform/domain/limits';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ReferralPartnerDocuments_partner$key } from '../../../__generated__/ReferralPartnerDocuments_partner.graphql';
import { ConfirmDialog } from '../../../components/deal/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { reportResult } from '../../../system/errors/resultMessage';
import { xsrfHeaders } from '../../../system/cookies';
import { formatDateTime, formatFileSize } from '../../../system/formats';
import { showSuccess } from '../../../system/toaster';
import { MESSAGES, validateRequired } from '../../../system/validation';
import { SignatureModal, type Signer } from '../../../components/signing/SignatureModal';
import { readUserError } from '../../../system/errors/userError';
import { fetchDocumentBytes } from '../../../system/signing/bytes';
import { useDeleteReferralPartnerDocument, useSignReferralPartnerDocument } from './mutations';

interface UploadValues {
  type: 'ACT' | 'DOCUMENT';
  name: string;
  number: string;
  description: string;
  file: FileList | null;
}

/** Checks the chosen file: present and at most 50 MB (spec core §5, §8 'Превышен размер файла'). */
export function validateDocumentFile(files: FileList | File[] | null | undefined, requiredText: string): true | string {
  const file = files?.[0];
  if (!file) return requiredText;
  return file.size > MAX_FILE_BYTES ? MESSAGES.fileTooLarge : true;
}

/** Posts a document through the file proxy; resolves null on success, else the server's Russian text. */
export async function uploadPartnerDocument(url: string, values: Omit<UploadValues, 'file'>, file: File) {
  const body = new FormData();
  body.append('type', values.type);
  body.append('name', values.name.trim());
  if (values.number.trim()) body.append('number', values.number.trim());
  if (values.description.trim()) body.append('description', values.description.trim());
  body.append('file', file, file.name);
  try {
    const res = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: xsrfHeaders(), body });
    if (res.ok) return null;
    const json = (await res.json().catch(() => null)) as { message?: string } | null;
    return json?.message || MESSAGES.generic;
  } catch {
    return MESSAGES.generic;
  }
}

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
  const form = useForm<UploadValues>({
    mode: 'onTouched',
    defaultValues: { type: 'ACT', name: '', number: '', description: '', file: null },
  });
  const errors = form.formState.errors;
  const [uploadError, setUploadError] = useState<string | null>(null);
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
  const fileInput = useRef<HTMLInputElement | null>(null);
  const fileField = form.register('file', {
    validate: (v) => validateDocumentFile(v, t('adminPartners.documents.fileRequired')),
  });

  const upload = form.handleSubmit(async (values) => {
    setUploadError(null);
    const file = values.file?.[0];
    if (!file) return;
    const refusal = await uploadPartnerDocument(p.documentUploadUrl, values, file);
    if (refusal) {
      setUploadError(refusal);
      return;
    }
    showSuccess(t('adminPartners.documents.uploaded'));
    form.reset();
    if (fileInput.current) fileInput.current.value = '';
    refetch();
  });

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

      <form onSubmit={upload} noValidate aria-label={t('adminPartners.documents.upload')}>
        <Stack gap="4" borderWidth="1px" borderRadius="md" p="4">
          <FormErrorAlert message={uploadError} />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label={t('adminPartners.documents.type')}>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('type')}>
                  <option value="ACT">{t('adminPartners.documents.types.ACT')}</option>
                  <option value="DOCUMENT">{t('adminPartners.documents.types.DOCUMENT')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('adminPartners.documents.name')} error={errors.name?.message} required>
              <Input {...form.register('name', { validate: validateRequired })} />
            </FormField>
            <FormField label={t('adminPartners.documents.number')}>
              <Input {...form.register('number')} />
            </FormField>
          </SimpleGrid>
          <FormField label={t('adminPartners.documents.description')}>
            <Input {...form.register('description')} />
          </FormField>
          <FormField label={t('adminPartners.documents.file')} error={errors.file?.message} required>
            <Input
              type="file"
              p="1"
              {...fileField}
              ref={(el) => {
                fileField.ref(el);
                fileInput.current = el;
              }}
            />
          </FormField>
          <HStack justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('adminPartners.documents.upload')}
            </Button>
          </HStack>
        </Stack>
      </form>

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
