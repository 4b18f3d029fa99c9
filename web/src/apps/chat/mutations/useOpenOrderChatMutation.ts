import { graphql } from 'react-relay';
import type { useOpenOrderChatMutation as T } from '../../../__generated__/useOpenOrderChatMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Opens (creating on first use) the chat of a request. */
export function useOpenOrderChatMutation() {
  return useChatMutation<T>(
    graphql`
      mutation useOpenOrderChatMutation($input: OpenOrderChatInput!) {
        openOrderChat(input: $input) {
          __typename
          ... on OpenOrderChatSuccess {
            group {
              id
              groupId
            }
          }
          ... on UserError {
            code
            message
          }
        }
      }
    `,
    'openOrderChat',
  );
}
