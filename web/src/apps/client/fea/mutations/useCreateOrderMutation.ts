import { graphql } from 'react-relay';
import type { useCreateOrderMutation as T } from '../../../../__generated__/useCreateOrderMutation.graphql';
import { usePromiseMutation } from '../../../../system/relay/usePromiseMutation';

/** Creates a request (status VALIDATION); VALIDATION_ERROR, COMPANY_NOT_VERIFIED, FILES_TOO_LARGE, FILE_DUPLICATE come back as UserError. */
export function useCreateOrderMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useCreateOrderMutation($input: OrderInput!) {
      createOrder(input: $input) {
        __typename
        ... on CreateOrderSuccess {
          order {
            id
            orderId
            number
            clientDisplayStatus {
              code
              label
            }
            ...ClientOrderRow_order
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
