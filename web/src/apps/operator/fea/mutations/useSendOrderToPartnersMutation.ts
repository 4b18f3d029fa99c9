import { graphql } from 'react-relay';
import type { useSendOrderToPartnersMutation as T } from '../../../../__generated__/useSendOrderToPartnersMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Operator: sends the request to the chosen payment agents (scoring; → ACTIVE, their sides ALLOWED). Returns the changed order (Relay updates the modal and the list row); failures are `UserError`. */
export function useSendOrderToPartnersMutation() {
  return useAppMutation<T>(graphql`
    mutation useSendOrderToPartnersMutation($input: SendOrderToPartnersInput!) {
      sendOrderToPartners(input: $input) {
        __typename
        ... on SendOrderToPartnersSuccess {
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
