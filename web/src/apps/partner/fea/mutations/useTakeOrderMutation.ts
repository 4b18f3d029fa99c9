import { graphql } from 'react-relay';
import type { useTakeOrderMutation as T } from '../../../../__generated__/useTakeOrderMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Takes the request into work (ALLOWED → IN_PROGRESS); INVALID_STATE, CONFLICT as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useTakeOrderMutation() {
  return useAppMutation<T>(graphql`
    mutation useTakeOrderMutation($input: PartnerOrderActionInput!) {
      takeOrder(input: $input) {
        __typename
        ... on TakeOrderSuccess {
          partnerOrder {
            id
            ...PartnerOrderModal_partnerOrder
            ...PartnerOrderRow_partnerOrder
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
