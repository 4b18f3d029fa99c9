import { graphql } from 'react-relay';
import type { useTakeOrderForReviewMutation as T } from '../../../../__generated__/useTakeOrderForReviewMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Operator: takes the request for checking (VALIDATION → IN_VALIDATION; the operator becomes the validator). Returns the changed order (Relay updates the modal and the list row); failures are `UserError`. */
export function useTakeOrderForReviewMutation() {
  return useAppMutation<T>(graphql`
    mutation useTakeOrderForReviewMutation($input: OrderActionInput!) {
      takeOrderForReview(input: $input) {
        __typename
        ... on TakeOrderForReviewSuccess {
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
