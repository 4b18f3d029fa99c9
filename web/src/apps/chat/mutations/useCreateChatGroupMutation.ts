import { graphql } from 'react-relay';
import type { useCreateChatGroupMutation as T } from '../../../__generated__/useCreateChatGroupMutation.graphql';
import { useChatMutation } from './useChatMutation';

/**
 * Creates a personal chat or an alliance (the viewer becomes OWNER). Answers the group with the list fields (the
 * caller adds it with chatStore.placeGroup) or a UserError (VALIDATION_ERROR with `fieldErrors`, GROUP_TYPE_NOT_ALLOWED)
 * that the form shows inline.
 */
export function useCreateChatGroupMutation() {
  return useChatMutation<T>(
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
            code
            message
            field
            fieldErrors {
              field
              message
            }
          }
        }
      }
    `,
    'createChatGroup',
  );
}
