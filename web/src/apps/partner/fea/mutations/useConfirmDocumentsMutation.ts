import { graphql } from 'react-relay';
import type { useConfirmDocumentsMutation as T } from '../../../../__generated__/useConfirmDocumentsMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Records the agent's confirmation on the uploaded documents of a set (UPLOADED → SIGNED); FILES_REQUIRED, SIGNATURE_REQUIRED (sign each document with signDocument), DOCUMENTS_LOCKED as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useConfirmDocumentsMutation() {
  return useAppMutation<T>(graphql`
    mutation useConfirmDocumentsMutation($input: ConfirmDocumentsInput!) {
      confirmDocuments(input: $input) {
        __typename
        ... on ConfirmDocumentsSuccess {
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
