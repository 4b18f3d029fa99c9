import { graphql } from 'react-relay';
import type { useCheckEmailConfirmedMutation as T } from '../../../__generated__/useCheckEmailConfirmedMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Asks whether the e-mail was confirmed by its link. */
export function useCheckEmailConfirmedMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useCheckEmailConfirmedMutation($input: CheckEmailConfirmedInput!) {
      checkEmailConfirmed(input: $input) {
        __typename
        ... on CheckEmailConfirmedSuccess {
          email
          confirmed
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
