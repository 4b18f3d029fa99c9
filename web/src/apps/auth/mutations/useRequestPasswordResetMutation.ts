import { graphql } from 'react-relay';
import type { useRequestPasswordResetMutation as T } from '../../../__generated__/useRequestPasswordResetMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Mails a password reset link (valid 1 h). */
export function useRequestPasswordResetMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useRequestPasswordResetMutation($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input) {
        __typename
        ... on PasswordResetRequested {
          email
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
