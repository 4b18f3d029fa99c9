import { graphql } from 'react-relay';
import type { useConfirmOfferDocumentsMutation as T } from '../../../../../__generated__/useConfirmOfferDocumentsMutation.graphql';
import { useAppMutation } from '../../../../../system/relay/useAppMutation';

/** Client: signs or confirms the offer documents (spec core §4 step 5). Returns the changed order (Relay updates the modal and the list row); failures are `UserError` (CONFLICT, INVALID_STATE). */
export function useConfirmOfferDocumentsMutation() {
  return useAppMutation<T>(graphql`
    mutation useConfirmOfferDocumentsMutation($input: OrderActionInput!) {
      confirmOfferDocuments(input: $input) {
        __typename
        ... on ConfirmOfferDocumentsSuccess {
          order {
            id
            ...ClientOrderContent_order
            ...ClientOrderRow_order
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
