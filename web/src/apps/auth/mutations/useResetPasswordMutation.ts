import { graphql } from 'react-relay';
import type { useResetPasswordMutation as T } from '../../../__generated__/useResetPasswordMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Sets a new password with the token of the reset link. */
export function useResetPasswordMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useResetPasswordMutation($input: ResetPasswordInput!) {
      resetPassword(input: $input) {
        __typename
        ... on ResetPasswordSuccess {
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
