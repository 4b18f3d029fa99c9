import { graphql } from 'react-relay';
import type { useValidateOrderMutation as T } from '../../../../__generated__/useValidateOrderMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Validates a request on the server without creating it; problems come back as UserError with fieldErrors. */
export function useValidateOrderMutation() {
  return useAppMutation<T>(graphql`
    mutation useValidateOrderMutation($input: OrderInput!) {
      validateOrder(input: $input) {
        __typename
        ... on ValidateOrderSuccess {
          valid
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
