import { graphql } from 'react-relay';
import type { useConfirmFinalDocumentsMutation as T } from '../../../../../__generated__/useConfirmFinalDocumentsMutation.graphql';
import { useAppMutation } from '../../../../../system/relay/useAppMutation';

/** Client: signs or confirms the closing documents; the deal closes (spec core §4 step 9). Returns the changed order (Relay updates the modal and the list row); failures are `UserError` (CONFLICT, INVALID_STATE). */
export function useConfirmFinalDocumentsMutation() {
  return useAppMutation<T>(graphql`
    mutation useConfirmFinalDocumentsMutation($input: OrderActionInput!) {
      confirmFinalDocuments(input: $input) {
        __typename
        ... on ConfirmFinalDocumentsSuccess {
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
