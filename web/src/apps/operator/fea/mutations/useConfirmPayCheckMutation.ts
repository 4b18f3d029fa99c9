import { graphql } from 'react-relay';
import type { useConfirmPayCheckMutation as T } from '../../../../__generated__/useConfirmPayCheckMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Operator: confirms the client's payment in place of the agent (PAYMENT_CHECKING → EXECUTING). Returns the changed order (Relay updates the modal and the list row); failures are `UserError`. */
export function useConfirmPayCheckMutation() {
  return useAppMutation<T>(graphql`
    mutation useConfirmPayCheckMutation($input: OrderActionInput!) {
      confirmPayCheck(input: $input) {
        __typename
        ... on ConfirmPayCheckSuccess {
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
