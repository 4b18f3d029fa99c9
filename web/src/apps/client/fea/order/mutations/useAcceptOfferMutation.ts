import { graphql } from 'react-relay';
import type { useAcceptOfferMutation as T } from '../../../../../__generated__/useAcceptOfferMutation.graphql';
import { useAppMutation } from '../../../../../system/relay/useAppMutation';

/** Client: accepts one offer (spec core §4 step 4); the other live offers become 'another offer accepted'. Returns the changed order (Relay updates the modal and the list row); failures are `UserError` (CONFLICT, INVALID_STATE). */
export function useAcceptOfferMutation() {
  return useAppMutation<T>(graphql`
    mutation useAcceptOfferMutation($input: AcceptOfferInput!) {
      acceptOffer(input: $input) {
        __typename
        ... on AcceptOfferSuccess {
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
