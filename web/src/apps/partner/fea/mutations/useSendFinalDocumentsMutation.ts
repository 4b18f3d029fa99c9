import { graphql } from 'react-relay';
import type { useSendFinalDocumentsMutation as T } from '../../../../__generated__/useSendFinalDocumentsMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Sends the closing documents to the client (→ SEND_EXECUTING_DOCS; spec core §4 step 8); FILES_REQUIRED, INVALID_STATE, CONFLICT as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useSendFinalDocumentsMutation() {
  return useAppMutation<T>(graphql`
    mutation useSendFinalDocumentsMutation($input: PartnerOrderActionInput!) {
      sendFinalDocuments(input: $input) {
        __typename
        ... on SendFinalDocumentsSuccess {
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
