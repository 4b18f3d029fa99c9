import { graphql } from 'react-relay';
import type { useReactToChatMessageMutation as T } from '../../../__generated__/useReactToChatMessageMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Adds or takes back the viewer's reaction. */
export function useReactToChatMessageMutation() {
  return useChatMutation<T>(
    graphql`
      mutation useReactToChatMessageMutation($input: ReactToChatMessageInput!) {
        reactToChatMessage(input: $input) {
          __typename
          ... on ReactToChatMessageSuccess {
            message {
              id
              reactions {
                reaction
                count
                viewerReacted
              }
            }
          }
          ... on UserError {
            code
            errorMessage: message
          }
        }
      }
    `,
    'reactToChatMessage',
  );
}
