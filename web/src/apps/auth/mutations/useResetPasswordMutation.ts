import { graphql } from 'react-relay';
import type { useResetPasswordMutation as T } from '../../../__generated__/useResetPasswordMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Sets a new password with the token of the reset link. */
export function useResetPasswordMutation() {
  return useAppMutation<T>(graphql`
    mutation useResetPasswordMutation($input: ResetPasswordInput!) {
      resetPassword(input: $input) {
        __typename
        ... on ResetPasswordSuccess {
          done
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
