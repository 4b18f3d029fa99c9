import { graphql } from 'react-relay';
import type { useRenameChatGroupMutation as T } from '../../../__generated__/useRenameChatGroupMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('renameChatGroup', error);

/** Renames a group (admin rights or an operator); the group's new name updates the list and the header from the store. */
export function useRenameChatGroupMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useRenameChatGroupMutation($input: RenameChatGroupInput!) {
        renameChatGroup(input: $input) {
          __typename
          ... on ChatGroupChangeSuccess {
            group {
              id
              name
              ...ChatListItem_group
            }
          }
          ... on UserError {
            ...userErrorFragment @alias(as: "userError")
          }
        }
      }
    `,
    { onFailure },
  );
}
