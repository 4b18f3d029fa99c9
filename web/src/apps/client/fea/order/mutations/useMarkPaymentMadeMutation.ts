import { graphql } from 'react-relay';
import type { useMarkPaymentMadeMutation as T } from '../../../../../__generated__/useMarkPaymentMadeMutation.graphql';
import { useAppMutation } from '../../../../../system/relay/useAppMutation';

/** Client: marks the payment made (spec core §4 step 7). Returns the changed order (Relay updates the modal and the list row); failures are `UserError` (CONFLICT, INVALID_STATE). */
export function useMarkPaymentMadeMutation() {
  return useAppMutation<T>(graphql`
    mutation useMarkPaymentMadeMutation($input: OrderActionInput!) {
      markPaymentMade(input: $input) {
        __typename
        ... on MarkPaymentMadeSuccess {
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
