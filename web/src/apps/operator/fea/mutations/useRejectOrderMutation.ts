import { graphql } from 'react-relay';
import type { useRejectOrderMutation as T } from '../../../../__generated__/useRejectOrderMutation.graphql';
import { usePromiseMutation } from '../../../../system/relay/usePromiseMutation';

/** Operator: rejects the request with a required comment while it is on the check (→ REJECTED). Returns the changed order (Relay updates the modal and the list row); failures are `UserError`. */
export function useRejectOrderMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useRejectOrderMutation($input: OrderCommentInput!) {
      rejectOrder(input: $input) {
        __typename
        ... on RejectOrderSuccess {
          order {
            id
            ...OperatorOrderContent_order
            ...OperatorOrderRow_order
          }
        }
        ... on UserError {
          code
          message
          field
          fieldErrors {
            field
            message
          }
        }
      }
    }
  `);
}
