import { graphql } from 'react-relay';
import type { useCloseOrderMutation as T } from '../../../../__generated__/useCloseOrderMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Operator: closes a request that went to the agents with a required comment (→ REJECTED, open offers REFUSE_OPER). Returns the changed order (Relay updates the modal and the list row); failures are `UserError`. */
export function useCloseOrderMutation() {
  return useAppMutation<T>(graphql`
    mutation useCloseOrderMutation($input: OrderCommentInput!) {
      closeOrder(input: $input) {
        __typename
        ... on CloseOrderSuccess {
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
