import { graphql } from 'react-relay';
import type { useSendOfferDocumentsMutation as T } from '../../../../__generated__/useSendOfferDocumentsMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Sends the offer documents to the client (→ SEND_OFFER_DOCS; spec core §4 step 5); FILES_REQUIRED, INVALID_STATE, CONFLICT as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useSendOfferDocumentsMutation() {
  return useAppMutation<T>(graphql`
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
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
