import { graphql } from 'react-relay';
import type { useReactToChatMessageMutation as T } from '../../../__generated__/useReactToChatMessageMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('reactToChatMessage', error);

/** Adds or takes back the viewer's reaction. */
export function useReactToChatMessageMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useReactToChatMessageMutation($input: ReactToChatMessageInput!) {
        reactToChatMessage(input: $input) {
          __typename
          ... on ReactToChatMessageSuccess {
            # aliased: message is the String of the UserError member (userErrorFragment)
            chatMessage: message {
              id
              reactions {
                reaction
                count
                viewerReacted
              }
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
