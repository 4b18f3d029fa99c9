import { graphql } from 'react-relay';
import type { useSendEmailConfirmationMutation as T } from '../../../__generated__/useSendEmailConfirmationMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Mails the registration confirmation link; RESEND_TOO_EARLY carries retryAfterSeconds (spec core §4: 120 s). */
export function useSendEmailConfirmationMutation() {
  return useAppMutation<T>(graphql`
    mutation useSendEmailConfirmationMutation($input: SendEmailConfirmationInput!) {
      sendEmailConfirmation(input: $input) {
        __typename
        ... on EmailConfirmationSent {
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
