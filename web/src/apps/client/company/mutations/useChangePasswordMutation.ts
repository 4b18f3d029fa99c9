import { graphql } from 'react-relay';
import type { useChangePasswordMutation as T } from '../../../../__generated__/useChangePasswordMutation.graphql';
import { usePromiseMutation } from '../../../../system/relay/usePromiseMutation';

/** Changes the password (POST /api/secured/common/password/change); WRONG_PASSWORD, VALIDATION_ERROR PASSWORD_SAME_AS_OLD. */
export function useChangePasswordMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useChangePasswordMutation($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        __typename
        ... on ChangePasswordSuccess {
          done
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
          retryAfterSeconds
        }
      }
    }
  `);
}
