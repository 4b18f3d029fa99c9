import { graphql } from 'react-relay';
import type { useChangeConfirmationEmailMutation as T } from '../../../__generated__/useChangeConfirmationEmailMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Replaces the e-mail under confirmation and mails the new one. */
export function useChangeConfirmationEmailMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useChangeConfirmationEmailMutation($input: ChangeConfirmationEmailInput!) {
      changeConfirmationEmail(input: $input) {
        __typename
        ... on EmailConfirmationSent {
          email
          resendAfterSeconds
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
