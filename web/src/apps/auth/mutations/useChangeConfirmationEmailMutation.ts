import { graphql } from 'react-relay';
import type { useChangeConfirmationEmailMutation as T } from '../../../__generated__/useChangeConfirmationEmailMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Replaces the e-mail under confirmation and mails the new one. */
export function useChangeConfirmationEmailMutation() {
  return useAppMutation<T>(graphql`
    mutation useChangeConfirmationEmailMutation($input: ChangeConfirmationEmailInput!) {
      changeConfirmationEmail(input: $input) {
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
