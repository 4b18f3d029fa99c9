/**
 * 'Образец договора' of the offer (spec core §3 Offer: sample contract file; §5 at most 50 MB, no repeated names):
 * uploaded as a document example of this offer through the file proxy (partnerFiles.ts), its stored file id goes to
 * `sendOffer` as `sampleContractFileId`. Examples uploaded before ('Загруженные образцы договора', with their stored
 * `Document.fileId`) are listed: one can be picked for the offer — also after a reload, when the upload answer is
 * gone — or removed.
 */
import { Button, Field, HStack, Input, Link, List, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { FieldErrorList } from '../../../../components/FieldErrorList';
import { formatFileSize } from '../../../../system/formats';
import { useDeleteDocumentMutation } from '../mutations/useDeleteDocumentMutation';
import type { SampleContractValue } from '../offerForm';
import { acceptPartnerFiles, uploadPartnerDocument } from '../partnerFiles';
import { PT, fill } from '../texts';
import { usePartnerOrderActions } from './PartnerOrderActions';
import { readUserError } from '../../../../system/errors/userError';

export interface DocumentExample {
  readonly id: string;
  readonly documentId: number;
  /** Stored file id (`Document.fileId`): what `sampleContractFileId` takes; null when not known. */
  readonly fileId?: string | null;
  readonly name: string;
  readonly size: number;
  readonly downloadUrl: string;
}

export interface SampleContractFieldProps {
  partnerOrderId: string;
  orderId: number;
  value: SampleContractValue | null;
  onChange: (value: SampleContractValue | null) => void;
  examples: ReadonlyArray<DocumentExample>;
  error?: string;
  onUploadingChange?: (uploading: boolean) => void;
}

export function SampleContractField({
  partnerOrderId,
  orderId,
  value,
  onChange,
  examples,
  error,
  onUploadingChange,
}: SampleContractFieldProps) {
  const actions = usePartnerOrderActions();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [remove, removing] = useDeleteDocumentMutation();

  const onFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []).slice(0, 1);
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    const { accepted, errors } = acceptPartnerFiles(files, examples);
    setMessages(errors);
    if (accepted.length === 0) return;
    setUploading(true);
    onUploadingChange?.(true);
    try {
      const doc = await uploadPartnerDocument(orderId, 'DOC_EXAMPLES', accepted[0]);
      onChange({ documentId: doc.documentId, fileId: doc.fileId, name: doc.name, size: doc.size });
      actions.refetch();
    } catch (e) {
      setMessages([(e as Error).message]);
    } finally {
      setUploading(false);
      onUploadingChange?.(false);
    }
  };

  const onRemove = async (doc: DocumentExample) => {
    const r = (await remove({ input: { partnerOrderId, set: 'DOC_EXAMPLES', documentId: doc.documentId } }))
      .deleteDocument;
    if (r.__typename === 'DeleteDocumentSuccess') {
      if (value?.documentId === doc.documentId) onChange(null);
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      actions.fail(userError);
    }
  };

  const shown = [...messages, ...(error ? [error] : [])];
  return (
    <Field.Root invalid={shown.length > 0}>
      <Field.Label>{PT.offer.sampleContract}</Field.Label>
      <Input ref={inputRef} type="file" p="1" onChange={(e) => void onFiles(e.target.files)} disabled={uploading} />
      <Field.HelperText>{PT.offer.sampleContractHint}</Field.HelperText>
      {uploading && (
        <Text fontSize="sm" color="gray.600" role="status">
          {PT.docs.uploading}
        </Text>
      )}
      {examples.length > 0 && (
        <List.Root variant="plain" gap="1" w="full" aria-label={PT.offer.sampleContractList}>
          {examples.map((d) => (
            <List.Item key={d.id}>
              <HStack justify="space-between" w="full">
                <Text fontSize="sm">
                  <Link href={d.downloadUrl} download={d.name} color="blue.700">
                    {d.name}
                  </Link>{' '}
                  <Text as="span" color="gray.500">
                    ({formatFileSize(d.size)})
                  </Text>
                </Text>
                <HStack gap="1">
                  {(() => {
                    const picked = value?.documentId === d.documentId;
                    return (
                      <Button
                        size="xs"
                        variant={picked ? 'solid' : 'outline'}
                        aria-pressed={picked}
                        aria-label={fill(PT.offer.sampleContractPickLabel, { name: d.name })}
                        disabled={!d.fileId || uploading}
                        onClick={() =>
                          d.fileId &&
                          onChange({ documentId: d.documentId, fileId: d.fileId, name: d.name, size: d.size })
                        }
                      >
                        {picked ? PT.offer.sampleContractPicked : PT.offer.sampleContractPick}
                      </Button>
                    );
                  })()}
                  <Button
                    size="xs"
                    variant="ghost"
                    loading={removing}
                    aria-label={fill(PT.docs.remove, { name: d.name })}
                    onClick={() => void onRemove(d)}
                  >
                    Удалить
                  </Button>
                </HStack>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
      <FieldErrorList messages={shown} />
    </Field.Root>
  );
}
