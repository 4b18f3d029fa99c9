import { graphql } from 'react-relay';
import type { useSendOfferMutation as T } from '../../../../__generated__/useSendOfferMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Sends the offer (→ SEND_OFFER; spec core §3 Offer); the server computes the commission. VALIDATION_ERROR (all field errors at once), INVALID_STATE, CONFLICT as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useSendOfferMutation() {
  return useAppMutation<T>(graphql`
    mutation useSendOfferMutation($input: SendOfferInput!) {
      sendOffer(input: $input) {
        __typename
        ... on SendOfferSuccess {
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
