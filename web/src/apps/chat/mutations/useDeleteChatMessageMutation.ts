import { graphql } from 'react-relay';
import type { useDeleteChatMessageMutation as T } from '../../../__generated__/useDeleteChatMessageMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Deletes a message; the caller removes it from the open list (chatStore.removeMessage). */
export function useDeleteChatMessageMutation() {
  return useChatMutation<T>(
    graphql`
      mutation useDeleteChatMessageMutation($input: ChatMessageInput!) {
        deleteChatMessage(input: $input) {
          __typename
          ... on DeleteChatMessageSuccess {
            deletedMessageId
            unreadStatistic {
              unreadMessagesCount
              lastMessageId
            }
          }
          ... on UserError {
            code
            message
          }
        }
      }
    `,
    'deleteChatMessage',
  );
}
