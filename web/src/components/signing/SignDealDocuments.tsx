/**
 * Signing deal documents with a qualified electronic signature where the payment agent requires signatures
 * (PartnerOrder.partnerSignRequired; spec core §4 steps 5 "agent sends documents for signature", 8 "closing documents",
 * 9 "client signs or confirms"; chat-and-shell §4 "Signing flow"). Used by both parties:
 * - CLIENT: the SENT documents of the accepted offer not yet signed by the client;
 * - AGENT (the payment agent): its UPLOADED / SIGNED documents not yet carrying its qualified signature.
 * The button opens the SignatureModal; with the chosen certificate each of those documents is downloaded from its
 * `downloadUrl` (session cookie), signed (CAdES-BES detached over its exact bytes) and sent with signDocument, one by
 * one; then `onSigned` runs (the client's confirmation, the agent's refresh). A refusal stops there and is shown in the
 * modal with the document's name; documents already signed stay signed (when all are, the button runs `onSigned`
 * directly).
 */
import { Button, List, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { DocumentKind } from '../../__generated__/useSignDocumentMutation.graphql';
import type { SignDealDocuments_documents$key } from '../../__generated__/SignDealDocuments_documents.graphql';
import { SignatureModal, type Signer } from './SignatureModal';
import { fetchDocumentBytes } from '../../system/signing/bytes';
import { documentsToSign, type SigningParty } from '../../system/signing/dealDocuments';
import { useSignDocumentMutation } from './useSignDocumentMutation';
import { readUserError } from '../../system/errors/userError';

export interface SignDealDocumentsProps {
  documents: SignDealDocuments_documents$key;
  /** Who signs; default CLIENT. */
  party?: SigningParty;
  /** `Order.id`. */
  orderId: string;
  kind: DocumentKind;
  /** Button text, e.g. 'Подписать документы'. */
  label: string;
  /** Runs once every document carries the party's signature (the client's confirmation, the agent's refresh); resolves true on success. */
  onSigned: () => Promise<boolean>;
  busy?: boolean;
}

export function SignDealDocuments({
  documents: key,
  party = 'CLIENT',
  orderId,
  kind,
  label,
  onSigned,
  busy,
}: SignDealDocumentsProps) {
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
        agentSignature {
          qualified
        }
      }
    `,
    key,
  );
  const [signDocument] = useSignDocumentMutation();
  const [open, setOpen] = useState(false);
  const toSign = documentsToSign(docs, party);

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
      if (result.__typename === 'UserError') {
        const userError = readUserError(result.userError);
        return `${d.name}: ${userError.message}`;
      }
      if (result.__typename !== 'SignDocumentSuccess') return `${d.name}: Что-то пошло не так`;
    }
    await onSigned();
    return null;
  };

  return (
    <>
      <Button
        alignSelf="flex-start"
        onClick={() => (toSign.length > 0 ? setOpen(true) : void onSigned())}
        loading={busy}
      >
        {label}
      </Button>
      <SignatureModal open={open} onOpenChange={setOpen} title="Подписание документов" onSign={onSign}>
        <Text>
          {party === 'CLIENT'
            ? 'Документы будут подписаны квалифицированной электронной подписью и подтверждены:'
            : 'Документы будут подписаны квалифицированной электронной подписью:'}
        </Text>
        <List.Root aria-label="Документы для подписи" ps="5">
          {toSign.map((d) => (
            <List.Item key={d.id}>{d.name}</List.Item>
          ))}
        </List.Root>
      </SignatureModal>
    </>
  );
}
