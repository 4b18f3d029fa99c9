import { graphql } from 'react-relay';
import type { useRefuseOrderMutation as T } from '../../../__generated__/useRefuseOrderMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Refuses the request with a required reason (→ REJECTED, 'Отказ агента'; spec core §5); VALIDATION_ERROR, INVALID_STATE, CONFLICT as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useRefuseOrderMutation() {
  return usePromiseMutation<T>(graphql`
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
          code
          message
          field
          fieldErrors {
            field
            code
            message
          }
        }
      }
    }
  `);
}
