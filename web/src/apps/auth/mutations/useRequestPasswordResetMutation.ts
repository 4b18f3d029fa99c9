import { graphql } from 'react-relay';
import type { useRequestPasswordResetMutation as T } from '../../../__generated__/useRequestPasswordResetMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Mails a password reset link (valid 1 h). */
export function useRequestPasswordResetMutation() {
  return useAppMutation<T>(graphql`
    mutation useRequestPasswordResetMutation($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input) {
        __typename
        ... on PasswordResetRequested {
          email
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
