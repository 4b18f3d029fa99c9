import { graphql } from 'react-relay';
import type { useChangePasswordMutation as T } from '../../../../__generated__/useChangePasswordMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Changes the password (POST /api/secured/common/password/change); WRONG_PASSWORD, VALIDATION_ERROR PASSWORD_SAME_AS_OLD. */
export function useChangePasswordMutation() {
  return useAppMutation<T>(graphql`
    mutation useChangePasswordMutation($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        __typename
        ... on ChangePasswordSuccess {
          done
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
