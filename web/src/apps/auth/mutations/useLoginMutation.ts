import { graphql } from 'react-relay';
import type { useLoginMutation as T } from '../../../__generated__/useLoginMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Signs in with e-mail and password; BAD_CREDENTIALS, LOGIN_LIMIT, ACCOUNT_SUSPENDED, USER_NOT_FOUND are UserError. */
export function useLoginMutation() {
  return usePromiseMutation<T>(graphql`
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
