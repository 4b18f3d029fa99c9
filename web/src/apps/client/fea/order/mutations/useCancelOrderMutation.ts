import { graphql } from 'react-relay';
import type { useCancelOrderMutation as T } from '../../../../../__generated__/useCancelOrderMutation.graphql';
import { useAppMutation } from '../../../../../system/relay/useAppMutation';

/** Client: cancels the request (spec core §4 exits). Returns the changed order (Relay updates the modal and the list row); failures are `UserError` (CONFLICT, INVALID_STATE). */
export function useCancelOrderMutation() {
  return useAppMutation<T>(graphql`
    mutation useCancelOrderMutation($input: OrderActionInput!) {
      cancelOrder(input: $input) {
        __typename
        ... on CancelOrderSuccess {
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
