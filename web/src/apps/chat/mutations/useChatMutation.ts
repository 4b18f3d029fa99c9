/**
 * useMutation as a promise for the chat (spec chat §8): failures are logged, never toasted here — the callers
 * show only the user-facing errors the spec lists (pin limit, pin/unpin failed). Supports optimistic updates,
 * which Relay rolls back when the call fails (leave/delete restore the group, a failed send drops the placeholder).
 */
import { useCallback } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters, SelectorStoreUpdater } from 'relay-runtime';
import { logChatError } from '../chatLog';

export interface ChatCommitOptions<T extends MutationParameters> {
  updater?: SelectorStoreUpdater<T['response']>;
  optimisticUpdater?: SelectorStoreUpdater<T['response']>;
}

export function useChatMutation<T extends MutationParameters>(
  mutation: GraphQLTaggedNode,
  name: string,
): [(variables: T['variables'], options?: ChatCommitOptions<T>) => Promise<T['response']>, boolean] {
  const [commitMutation, inFlight] = useMutation<T>(mutation);
  const commit = useCallback(
    (variables: T['variables'], options: ChatCommitOptions<T> = {}) =>
      new Promise<T['response']>((resolve, reject) => {
        commitMutation({
          variables,
          updater: options.updater,
          optimisticUpdater: options.optimisticUpdater as never,
          onCompleted: (response, errors) => {
            if (errors && errors.length > 0 && response == null) {
              logChatError(name, errors);
              reject(new Error(errors[0].message));
            } else resolve(response);
          },
          onError: (error) => {
            logChatError(name, error);
            reject(error);
          },
        });
      }),
    [commitMutation, name],
  );
  return [commit, inFlight];
}
