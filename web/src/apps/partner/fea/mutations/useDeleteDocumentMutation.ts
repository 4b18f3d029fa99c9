import { graphql } from 'react-relay';
import type { useDeleteDocumentMutation as T } from '../../../../__generated__/useDeleteDocumentMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Removes an uploaded document of a set (before it is sent); DOCUMENTS_LOCKED, NOT_FOUND as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useDeleteDocumentMutation() {
  return useAppMutation<T>(graphql`
    mutation useDeleteDocumentMutation($input: DeleteDocumentInput!) {
      deleteDocument(input: $input) {
        __typename
        ... on DeleteDocumentSuccess {
          deletedDocumentId
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
