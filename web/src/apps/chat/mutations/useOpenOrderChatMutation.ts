import { graphql } from 'react-relay';
import type { useOpenOrderChatMutation as T } from '../../../__generated__/useOpenOrderChatMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('openOrderChat', error);

/** Opens (creating on first use) the chat of a request. */
export function useOpenOrderChatMutation() {
  return useAppMutation<T>(
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
            ...userErrorFragment @alias(as: "userError")
          }
        }
      }
    `,
    { onFailure },
  );
}
