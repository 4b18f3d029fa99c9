import { graphql } from 'react-relay';
import type { useRefuseOrderMutation as T } from '../../../../__generated__/useRefuseOrderMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Refuses the request with a required reason (→ REJECTED, 'Отказ агента'; spec core §5); VALIDATION_ERROR, INVALID_STATE, CONFLICT as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useRefuseOrderMutation() {
  return useAppMutation<T>(graphql`
    mutation useRefuseOrderMutation($input: RefuseOrderInput!) {
      refuseOrder(input: $input) {
        __typename
        ... on RefuseOrderSuccess {
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
