import { graphql } from 'react-relay';
import type { useDeleteChatMessageMutation as T } from '../../../__generated__/useDeleteChatMessageMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('deleteChatMessage', error);

/** Deletes a message; the caller removes it from the open list (chatStore.removeMessage). */
export function useDeleteChatMessageMutation() {
  return useAppMutation<T>(
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
            ...userErrorFragment @alias(as: "userError")
          }
        }
      }
    `,
    { onFailure },
  );
}
