/**
 * useMutation wrapped as a promise: `const [commit, inFlight] = usePromiseMutation(node)` and
 * `const data = await commit({ input })`. Business failures come back as data (UserError members of
 * the result unions); a rejected promise means a transport or GraphQL error, for which callers show
 * the generic toast (spec core §8) — `commit` does that already unless `silent` is set.
 */
import { useCallback } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters, SelectorStoreUpdater } from 'relay-runtime';
import { showGenericError } from '../toaster';

export interface CommitOptions<T extends MutationParameters> {
  updater?: SelectorStoreUpdater<T['response']>;
  /** Do not show the generic toast on failure. */
  silent?: boolean;
}

export function usePromiseMutation<T extends MutationParameters>(
  mutation: GraphQLTaggedNode,
): [(variables: T['variables'], options?: CommitOptions<T>) => Promise<T['response']>, boolean] {
  const [commitMutation, inFlight] = useMutation<T>(mutation);
  const commit = useCallback(
    (variables: T['variables'], options: CommitOptions<T> = {}) =>
      new Promise<T['response']>((resolve, reject) => {
        commitMutation({
          variables,
          updater: options.updater,
          onCompleted: (response, errors) => {
            if (errors && errors.length > 0 && response == null) {
              if (!options.silent) showGenericError();
              reject(new Error(errors[0].message));
            } else resolve(response);
          },
          onError: (error) => {
            if (!options.silent && !/Unauthenticated/i.test(error.message)) showGenericError();
            reject(error);
          },
        });
      }),
    [commitMutation],
  );
  return [commit, inFlight];
}
