import { graphql } from 'react-relay';
import type { useCheckEmailConfirmedMutation as T } from '../../../__generated__/useCheckEmailConfirmedMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Asks whether the e-mail was confirmed by its link. */
export function useCheckEmailConfirmedMutation() {
  return useAppMutation<T>(graphql`
    mutation useCheckEmailConfirmedMutation($input: CheckEmailConfirmedInput!) {
      checkEmailConfirmed(input: $input) {
        __typename
        ... on CheckEmailConfirmedSuccess {
          email
          confirmed
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
