/** 'Закрытие': the closing documents (spec core §4 step 8) — upload, delete, confirm and 'Отправить закрывающие документы' while EXECUTING. */
import { graphql, useFragment } from 'react-relay';
import type { PartnerClosureStep_partnerOrder$key } from '../../../../__generated__/PartnerClosureStep_partnerOrder.graphql';
import { useSendFinalDocumentsMutation } from '../mutations/useSendFinalDocumentsMutation';
import { PT } from '../texts';
import { DocumentSetPanel } from './DocumentSetPanel';
import { usePartnerOrderActions } from './PartnerOrderActions';

export function PartnerClosureStep({ partnerOrder: key }: { partnerOrder: PartnerClosureStep_partnerOrder$key }) {
  const actions = usePartnerOrderActions();
  const po = useFragment(
    graphql`
      fragment PartnerClosureStep_partnerOrder on PartnerOrder {
        id
        viewerCanSendFinalDocuments
        partnerSignRequired
        order {
          id
          orderId
        }
        finalDocuments {
          ...PartnerDocumentList_documents
        }
      }
    `,
    key,
  );
  const [send, sending] = useSendFinalDocumentsMutation();
  const onSend = async () => {
    const r = (await send({ input: { partnerOrderId: po.id } })).sendFinalDocuments;
    actions.report(r, PT.docs.sentFinal);
  };
  return (
    <DocumentSetPanel
      partnerOrderId={po.id}
      orderId={po.order.orderId}
      orderGlobalId={po.order.id}
      signRequired={po.partnerSignRequired}
      set="FINAL_DOCS"
      documents={po.finalDocuments}
      canEdit={po.viewerCanSendFinalDocuments}
      listLabel={PT.docs.finalList}
      uploadLabel={PT.docs.finalUpload}
      sendLabel={PT.docs.sendFinal}
      onSend={onSend}
      sending={sending}
    />
  );
}
