import { graphql } from 'react-relay';
import type { useValidateOrderMutation as T } from '../../../../__generated__/useValidateOrderMutation.graphql';
import { usePromiseMutation } from '../../../../system/relay/usePromiseMutation';

/** Validates a request on the server without creating it; problems come back as UserError with fieldErrors. */
export function useValidateOrderMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useValidateOrderMutation($input: OrderInput!) {
      validateOrder(input: $input) {
        __typename
        ... on ValidateOrderSuccess {
          valid
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
