import { graphql } from 'react-relay';
import type { useCreateOrderMutation as T } from '../../../../__generated__/useCreateOrderMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Creates a request (status VALIDATION); VALIDATION_ERROR, COMPANY_NOT_VERIFIED, FILES_TOO_LARGE, FILE_DUPLICATE come back as UserError. */
export function useCreateOrderMutation() {
  return useAppMutation<T>(graphql`
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
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
