import { graphql } from 'react-relay';
import type { useCheckEmailStatusMutation as T } from '../../../__generated__/useCheckEmailStatusMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Which step an e-mail leads to: NEW, NOT_CONFIRMED, CONFIRMED, REGISTERED, SUSPENDED (spec core §2 e-mail step). */
export function useCheckEmailStatusMutation() {
  return useAppMutation<T>(graphql`
    mutation useCheckEmailStatusMutation($input: CheckEmailStatusInput!) {
      checkEmailStatus(input: $input) {
        __typename
        ... on CheckEmailStatusSuccess {
          email
          status
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
