import { graphql } from 'react-relay';
import type { useRejectOrderMutation as T } from '../../../../__generated__/useRejectOrderMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Operator: rejects the request with a required comment while it is on the check (→ REJECTED). Returns the changed order (Relay updates the modal and the list row); failures are `UserError`. */
export function useRejectOrderMutation() {
  return useAppMutation<T>(graphql`
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
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
