import { graphql } from 'react-relay';
import type { useConfirmPaymentMutation as T } from '../../../../__generated__/useConfirmPaymentMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Confirms receipt of the client's payment (→ EXECUTING; spec core §4 step 8); INVALID_STATE, PAYMENT_NOT_FOUND, CONFLICT as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useConfirmPaymentMutation() {
  return useAppMutation<T>(graphql`
    mutation useConfirmPaymentMutation($input: PartnerOrderActionInput!) {
      confirmPayment(input: $input) {
        __typename
        ... on ConfirmPaymentSuccess {
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
