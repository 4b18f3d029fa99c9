/**
 * One document set of the agent's side (spec core §3 Documents, §4 steps 5 and 8): offer documents or closing
 * documents. Upload (each file ≤ 50 MB, a repeated name refused client-side with 'Файл с именем {name} уже
 * загружен', spec core §5), list with status and download, delete, confirm, and send — the editing controls only
 * while the server's flag for the set allows (`viewerCanSendOfferDocuments` / `viewerCanSendFinalDocuments`).
 * Where the agent's profile requires signatures (`PartnerOrder.partnerSignRequired`, issue 8) the documents are signed
 * with a qualified electronic signature instead of confirmed ('Подписать документы', SignDealDocuments), and sending
 * waits until every document carries it (the server answers SIGNATURE_REQUIRED otherwise).
 */
import { Badge, Button, Field, HStack, Input, Link, List, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PartnerDocumentList_documents$key } from '../../../../__generated__/PartnerDocumentList_documents.graphql';
import { SignDealDocuments } from '../../../../components/signing/SignDealDocuments';
import { documentsToSign } from '../../../../system/signing/dealDocuments';
import { formatDateTime, formatFileSize } from '../../../../system/formats';
import { useConfirmDocumentsMutation } from '../mutations/useConfirmDocumentsMutation';
import { useDeleteDocumentMutation } from '../mutations/useDeleteDocumentMutation';
import { acceptPartnerFiles, uploadPartnerDocument } from '../partnerFiles';
import { PT, fill } from '../texts';
import { usePartnerOrderActions } from './PartnerOrderActions';
import { readUserError } from '../../../../system/errors/userError';

export interface DocumentSetPanelProps {
  partnerOrderId: string;
  orderId: number;
  /** `Order.id` (global), for signDocument. */
  orderGlobalId: string;
  /** The agent signs the documents with a qualified signature (PartnerOrder.partnerSignRequired). */
  signRequired: boolean;
  set: 'OFFER_DOCS' | 'FINAL_DOCS';
  documents: PartnerDocumentList_documents$key;
  canEdit: boolean;
  listLabel: string;
  uploadLabel: string;
  sendLabel: string;
  onSend: () => Promise<void>;
  sending: boolean;
}

export function DocumentSetPanel(props: DocumentSetPanelProps) {
  const {
    partnerOrderId,
    orderId,
    orderGlobalId,
    signRequired,
    set,
    canEdit,
    listLabel,
    uploadLabel,
    sendLabel,
    onSend,
    sending,
  } = props;
  const actions = usePartnerOrderActions();
  const docs = useFragment(
    graphql`
      fragment PartnerDocumentList_documents on Document @relay(plural: true) {
        id
        documentId
        name
        size
        status
        created
        downloadUrl
        agentSignature {
          qualified
        }
        ...SignDealDocuments_documents
      }
    `,
    props.documents,
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [remove, removing] = useDeleteDocumentMutation();
  const [confirm, confirming] = useConfirmDocumentsMutation();

  const onFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    const { accepted, errors } = acceptPartnerFiles(files, docs);
    setMessages(errors);
    setNotice(null);
    if (accepted.length === 0) return;
    setUploading(true);
    try {
      for (const file of accepted) {
        try {
          await uploadPartnerDocument(orderId, set, file);
        } catch (e) {
          setMessages((prev) => [...prev, `${file.name}: ${(e as Error).message}`]);
        }
      }
    } finally {
      setUploading(false);
      actions.refetch();
    }
  };

  const onRemove = async (documentId: number, name: string) => {
    const r = (await remove({ input: { partnerOrderId, set, documentId } })).deleteDocument;
    if (r.__typename === 'DeleteDocumentSuccess') setNotice(fill(PT.docs.removed, { name }));
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      actions.fail(userError);
    }
  };

  const onConfirm = async () => {
    const r = (await confirm({ input: { partnerOrderId, set, sign: false } })).confirmDocuments;
    if (r.__typename === 'ConfirmDocumentsSuccess') setNotice(PT.docs.confirmed);
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      actions.fail(userError);
    }
  };

  const unconfirmed = docs.some((d) => d.status === 'UPLOADED');
  const unsigned = signRequired && documentsToSign(docs, 'AGENT').length > 0;
  const statusText = (d: (typeof docs)[number]) =>
    d.agentSignature?.qualified && d.status === 'SIGNED'
      ? PT.docs.signedByAgent
      : (PT.docs.status[d.status] ?? d.status);
  return (
    <Stack gap="4" pt="2">
      {canEdit && (
        <Field.Root invalid={messages.length > 0}>
          <Field.Label>{uploadLabel}</Field.Label>
          <Input
            ref={inputRef}
            type="file"
            multiple
            p="1"
            onChange={(e) => void onFiles(e.target.files)}
            disabled={uploading}
          />
          <Field.HelperText>{PT.docs.uploadHint}</Field.HelperText>
        </Field.Root>
      )}
      {uploading && (
        <Text fontSize="sm" color="gray.600" role="status">
          {PT.docs.uploading}
        </Text>
      )}
      {messages.map((m, i) => (
        <Text key={`${m}-${i}`} fontSize="sm" color="red.600" role="alert">
          {m}
        </Text>
      ))}
      {notice && (
        <Text fontSize="sm" color="green.700" role="status">
          {notice}
        </Text>
      )}
      {docs.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          {PT.docs.empty}
        </Text>
      ) : (
        <List.Root variant="plain" gap="2" aria-label={listLabel}>
          {docs.map((d) => (
            <List.Item key={d.id} data-testid="partner-document">
              <HStack justify="space-between" w="full" wrap="wrap" gap="2">
                <Stack gap="0">
                  <Link href={d.downloadUrl} download={d.name} color="blue.700">
                    {d.name}
                  </Link>
                  <Text fontSize="xs" color="gray.600">
                    {formatFileSize(d.size)} · {formatDateTime(d.created)}
                  </Text>
                </Stack>
                <HStack gap="2">
                  <Badge variant="subtle">{statusText(d)}</Badge>
                  {canEdit && d.status !== 'SENT' && d.status !== 'CONFIRMED' && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      loading={removing}
                      aria-label={fill(PT.docs.remove, { name: d.name })}
                      onClick={() => void onRemove(d.documentId, d.name)}
                    >
                      Удалить
                    </Button>
                  )}
                </HStack>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
      {canEdit && (
        <Stack gap="2" align="flex-end">
          {unsigned && (
            <Text fontSize="sm" color="gray.600">
              {PT.docs.signBeforeSend}
            </Text>
          )}
          <HStack justify="flex-end" gap="3">
            {signRequired && unsigned && (
              <SignDealDocuments
                documents={docs}
                party="AGENT"
                orderId={orderGlobalId}
                kind={set}
                label={PT.docs.sign}
                onSigned={async () => {
                  setNotice(PT.docs.signed);
                  actions.refetch();
                  return true;
                }}
              />
            )}
            {!signRequired && unconfirmed && (
              <Button variant="outline" onClick={() => void onConfirm()} loading={confirming}>
                {PT.docs.confirm}
              </Button>
            )}
            <Button
              onClick={() => void onSend()}
              loading={sending}
              disabled={uploading || docs.length === 0 || unsigned}
            >
              {sendLabel}
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
