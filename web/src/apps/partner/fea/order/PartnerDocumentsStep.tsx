/** 'Документы': the offer documents (spec core §4 step 5) — upload, delete, confirm and 'Отправить документы' while ACCEPTED. */
import { Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { PartnerDocumentsStep_partnerOrder$key } from '../../../../__generated__/PartnerDocumentsStep_partnerOrder.graphql';
import { useSendOfferDocumentsMutation } from '../mutations/useSendOfferDocumentsMutation';
import { PT } from '../texts';
import { DocumentSetPanel } from './DocumentSetPanel';
import { usePartnerOrderActions } from './PartnerOrderActions';

export function PartnerDocumentsStep({ partnerOrder: key }: { partnerOrder: PartnerDocumentsStep_partnerOrder$key }) {
  const actions = usePartnerOrderActions();
  const po = useFragment(
    graphql`
      fragment PartnerDocumentsStep_partnerOrder on PartnerOrder {
        id
        status
        viewerCanSendOfferDocuments
        partnerSignRequired
        order {
          id
          orderId
        }
        offerDocuments {
          ...PartnerDocumentList_documents
        }
      }
    `,
    key,
  );
  const [send, sending] = useSendOfferDocumentsMutation();
  const onSend = async () => {
    const r = (await send({ input: { partnerOrderId: po.id } })).sendOfferDocuments;
    actions.report(r, PT.docs.sentOffer);
  };
  if (po.status === 'ALLOWED') return <Text color="gray.600">{PT.docs.notYet}</Text>;
  return (
    <DocumentSetPanel
      partnerOrderId={po.id}
      orderId={po.order.orderId}
      orderGlobalId={po.order.id}
      signRequired={po.partnerSignRequired}
      set="OFFER_DOCS"
      documents={po.offerDocuments}
      canEdit={po.viewerCanSendOfferDocuments}
      listLabel={PT.docs.offerList}
      uploadLabel={PT.docs.offerUpload}
      sendLabel={PT.docs.sendOffer}
      onSend={onSend}
      sending={sending}
    />
  );
}
