import { graphql } from 'react-relay';
import type { useMarkPaymentMadeMutation as T } from '../../../../../__generated__/useMarkPaymentMadeMutation.graphql';
import { usePromiseMutation } from '../../../../../system/relay/usePromiseMutation';

/** Client: marks the payment made (spec core §4 step 7). Returns the changed order (Relay updates the modal and the list row); failures are `UserError` (CONFLICT, INVALID_STATE). */
export function useMarkPaymentMadeMutation() {
  return usePromiseMutation<T>(graphql`
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
          code
          message
        }
      }
    }
  `);
}
