import { graphql } from 'react-relay';
import type { useSetInboxItemStatusMutation as T } from '../../../__generated__/useSetInboxItemStatusMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/**
 * Operator: marks an inbox item handled or returns it to the new ones (issue 11). Returns the item with its new status
 * (Relay updates the row); refusals (STATUS_UNCHANGED, INBOX_ITEM_NOT_FOUND, RIGHT_REQUIRED) are `UserError`.
 */
export function useSetInboxItemStatusMutation() {
  return useAppMutation<T>(graphql`
    mutation useSetInboxItemStatusMutation($input: SetInboxItemStatusInput!) {
      setInboxItemStatus(input: $input) {
        __typename
        ... on SetInboxItemStatusSuccess {
          item {
            id
            ...InboxItemRow_item
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
