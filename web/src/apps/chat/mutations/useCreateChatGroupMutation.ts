import { graphql } from 'react-relay';
import type { useCreateChatGroupMutation as T } from '../../../__generated__/useCreateChatGroupMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('createChatGroup', error);

/**
 * Creates a personal chat or an alliance (the viewer becomes OWNER). Answers the group with the list fields (the
 * caller adds it with chatStore.placeGroup) or a UserError (VALIDATION_ERROR with `fieldErrors`, GROUP_TYPE_NOT_ALLOWED)
 * that the form shows inline.
 */
export function useCreateChatGroupMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useCreateChatGroupMutation($input: CreateChatGroupInput!) {
        createChatGroup(input: $input) {
          __typename
          ... on ChatGroupChangeSuccess {
            group {
              id
              groupId
              ...SupportChatListItem_group
            }
            unreadStatistic {
              unreadMessagesCount
              lastMessageId
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
