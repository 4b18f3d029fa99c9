import { graphql } from 'react-relay';
import type { useSendOfferDocumentsMutation as T } from '../../../__generated__/useSendOfferDocumentsMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Sends the offer documents to the client (→ SEND_OFFER_DOCS; spec core §4 step 5); FILES_REQUIRED, INVALID_STATE, CONFLICT as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useSendOfferDocumentsMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useSendOfferDocumentsMutation($input: PartnerOrderActionInput!) {
      sendOfferDocuments(input: $input) {
        __typename
        ... on SendOfferDocumentsSuccess {
          partnerOrder {
            id
            ...PartnerOrderModal_partnerOrder
            ...PartnerOrderRow_partnerOrder
          }
        }
        ... on UserError {
          code
          message
          field
          fieldErrors {
            field
            code
            message
          }
        }
      }
    }
  `);
}
