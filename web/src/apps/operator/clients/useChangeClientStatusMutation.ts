import { graphql } from 'react-relay';
import type { useChangeClientStatusMutation as T } from '../../../__generated__/useChangeClientStatusMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/**
 * Operator: changes a client status (issue 10; spec core §4 "change a client status"). Returns the client with its new
 * status and card (Relay updates the card and the list row); refusals (STATUS_UNCHANGED, RIGHT_REQUIRED, …) are
 * `UserError`.
 */
export function useChangeClientStatusMutation() {
  return useAppMutation<T>(graphql`
    mutation useChangeClientStatusMutation($input: ChangeClientStatusInput!) {
      changeClientStatus(input: $input) {
        __typename
        ... on ChangeClientStatusSuccess {
          client {
            id
            ...ClientRow_client
            ...ClientCard_client
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
