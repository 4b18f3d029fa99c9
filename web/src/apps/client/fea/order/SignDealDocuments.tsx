/**
 * Signing the deal documents where the payment agent requires signatures (PartnerOrder.partnerSignRequired; spec
 * core §4 steps 5 "client signs or confirms the documents" and 9 "… the closing documents"; chat-and-shell §4
 * "Signing flow"). 'Подписать документы' opens the SignatureModal; with the chosen certificate each document not yet
 * signed by the client is downloaded from its `downloadUrl` (session cookie), signed (CAdES-BES detached over its
 * exact bytes) and sent with signDocument, one by one; then `onSigned` runs the step's confirmation. A refusal stops
 * there and is shown in the modal with the document's name; documents already signed stay signed (when all are, the
 * button runs the confirmation directly).
 */
import { Button, List, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { DocumentKind } from '../../../../__generated__/useSignDocumentMutation.graphql';
import type { SignDealDocuments_documents$key } from '../../../../__generated__/SignDealDocuments_documents.graphql';
import { SignatureModal, type Signer } from '../../../../components/signing/SignatureModal';
import { fetchDocumentBytes } from '../../../../system/signing/bytes';
import { useSignDocumentMutation } from './mutations/useSignDocumentMutation';

export interface SignDealDocumentsProps {
  documents: SignDealDocuments_documents$key;
  /** `Order.id`. */
  orderId: string;
  kind: DocumentKind;
  /** Button text, e.g. 'Подписать документы'. */
  label: string;
  /** Runs the step's confirmation once every document carries the client's signature; resolves true on success. */
  onSigned: () => Promise<boolean>;
  busy?: boolean;
}

export function SignDealDocuments({ documents: key, orderId, kind, label, onSigned, busy }: SignDealDocumentsProps) {
  const docs = useFragment(
    graphql`
      fragment SignDealDocuments_documents on Document @relay(plural: true) {
        id
        name
        status
        downloadUrl
        clientSignature {
          qualified
        }
      }
    `,
    key,
  );
  const [signDocument] = useSignDocumentMutation();
  const [open, setOpen] = useState(false);
  const toSign = docs.filter((d) => d.status === 'SENT' && !d.clientSignature?.qualified);

  const onSign = async (signer: Signer): Promise<string | null> => {
    for (const d of toSign) {
      let bytes: Uint8Array;
      try {
        bytes = await fetchDocumentBytes(d.downloadUrl);
      } catch (e) {
        return `${d.name}: ${(e as Error).message}`;
      }
      const signature = await signer.sign(bytes);
      const r = await signDocument({ input: { documentId: d.id, orderId, kind, signature } });
      const result = r.signDocument;
      if (result.__typename === 'UserError') return `${d.name}: ${result.message}`;
      if (result.__typename !== 'SignDocumentSuccess') return `${d.name}: Что-то пошло не так`;
    }
    await onSigned();
    return null;
  };

  return (
    <>
      <Button alignSelf="flex-start" onClick={() => (toSign.length > 0 ? setOpen(true) : void onSigned())} loading={busy}>
        {label}
      </Button>
      <SignatureModal open={open} onOpenChange={setOpen} title="Подписание документов" onSign={onSign}>
        <Text>Документы будут подписаны квалифицированной электронной подписью и подтверждены:</Text>
        <List.Root aria-label="Документы для подписи" ps="5">
          {toSign.map((d) => (
            <List.Item key={d.id}>{d.name}</List.Item>
          ))}
        </List.Root>
      </SignatureModal>
    </>
  );
}
