import { graphql } from 'react-relay';
import type { useRequestEmailChangeMutation as T } from '../../../../__generated__/useRequestEmailChangeMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Mails a confirmation link to a new sign-in e-mail (POST /api/secured/common/email/request-changed); RESEND_TOO_EARLY, EMAIL_TAKEN. */
export function useRequestEmailChangeMutation() {
  return useAppMutation<T>(graphql`
    mutation useRequestEmailChangeMutation($input: RequestEmailChangeInput!) {
      requestEmailChange(input: $input) {
        __typename
        ... on EmailChangeRequested {
          email
          resendAfterSeconds
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
