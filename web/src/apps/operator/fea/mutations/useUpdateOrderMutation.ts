import { graphql } from 'react-relay';
import type { useUpdateOrderMutation as T } from '../../../../__generated__/useUpdateOrderMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Operator: saves the edited request data while it is on the check; VALIDATION_ERROR carries field errors. Returns the changed order (Relay updates the modal and the list row); failures are `UserError`. */
export function useUpdateOrderMutation() {
  return useAppMutation<T>(graphql`
    mutation useUpdateOrderMutation($input: UpdateOrderInput!) {
      updateOrder(input: $input) {
        __typename
        ... on UpdateOrderSuccess {
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
