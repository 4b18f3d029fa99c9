import { graphql } from 'react-relay';
import type { useLoginMutation as T } from '../../../__generated__/useLoginMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Signs in with e-mail and password; BAD_CREDENTIALS, LOGIN_LIMIT, ACCOUNT_SUSPENDED, USER_NOT_FOUND are UserError. */
export function useLoginMutation() {
  return useAppMutation<T>(graphql`
    mutation useLoginMutation($input: LoginInput!) {
      login(input: $input) {
        __typename
        ... on LoginSuccess {
          viewer {
            id
            email
            accountType
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
