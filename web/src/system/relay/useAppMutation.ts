/**
 * The one mutation wrapper of the web app: `const [commit, inFlight] = useAppMutation<T>(node)` and
 * `const data = await commit({ input }, { updater, optimisticUpdater })`.
 *
 * - Business failures come back as data: the `UserError` member of the result union (spec core §8), read with
 *   `userErrorOf` / `readUserError` (system/errors/userError.ts) and turned into a message by `resultMessage`.
 * - A transport failure (network, HTTP status, no data) or a GraphQL error without data rejects the promise, after
 *   the ONE failure path `reportMutationFailure`: by default the generic toast of spec core §8 ('Что-то пошло не так'),
 *   never for a gone session (UNAUTHENTICATED: the environment already opens the sign-in page), nothing when the call
 *   passes `silent` (the caller shows its own text); a hook may replace the toast with its own reporter (the chat logs
 *   its failures instead, spec chat §8).
 * - Optimistic updates (`optimisticUpdater` or `optimisticResponse`) are applied at once and rolled back by Relay when
 *   the call fails; `updater` runs on the server's answer.
 */
import { useCallback } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters, PayloadError, SelectorStoreUpdater } from 'relay-runtime';
import { GraphQLRequestError } from './environment';
import { showGenericError } from '../toaster';

/** Per-call options of `commit`. */
export interface CommitOptions<T extends MutationParameters> {
  /** Applied to the store with the server's answer. */
  updater?: SelectorStoreUpdater<T['response']>;
  /** Applied at once and rolled back when the call fails or the answer arrives. */
  optimisticUpdater?: SelectorStoreUpdater<T['response']>;
  /** The answer to assume until the server's arrives (normalised like it, rolled back on failure). */
  optimisticResponse?: T['rawResponse'] extends object ? T['rawResponse'] : T['response'];
  /** Do not report a failure (the caller shows its own text); the promise still rejects. */
  silent?: boolean;
}

/** What a failed call reports before its promise rejects (default: `showGenericError`). */
export type FailureReporter = (error: Error) => void;

/** Options of the hook (fixed for all its calls); pass a module-level function so `commit` stays stable. */
export interface AppMutationOptions {
  /** Replaces the generic toast, e.g. the chat's `logChatError` (spec chat §8: chat failures are logged, not shown). */
  onFailure?: FailureReporter;
}

/** `commit(variables, options)` resolves with the response data (UserError included) or rejects on failure. */
export type Commit<T extends MutationParameters> = (
  variables: T['variables'],
  options?: CommitOptions<T>,
) => Promise<T['response']>;

/** True for a failure that means the session is gone (the environment handles it: no toast). */
export function isUnauthenticated(error: Error): boolean {
  if (error instanceof GraphQLRequestError && (error.status === 401 || error.code === 'UNAUTHENTICATED')) return true;
  return /Unauthenticated/i.test(error.message);
}

/** The one failure path: reports `error` unless `silent` or the session is gone. */
export function reportMutationFailure(error: Error, silent: boolean, onFailure: FailureReporter = showGenericError) {
  if (silent || isUnauthenticated(error)) return;
  onFailure(error);
}

/**
 * The `onCompleted`/`onError` pair of one call: resolves with the response (partial data with errors included), or
 * reports and rejects when GraphQL errors came without data (`GraphQLRequestError` carrying them) or the request
 * failed (network, HTTP status, UNAUTHENTICATED: the error of the network layer, environment.ts).
 */
export function settle<R>(
  resolve: (response: R) => void,
  reject: (error: Error) => void,
  silent: boolean,
  onFailure?: FailureReporter,
): {
  onCompleted: (response: R | null, errors: ReadonlyArray<PayloadError> | null | undefined) => void;
  onError: (error: Error) => void;
} {
  const fail = (error: Error) => {
    reportMutationFailure(error, silent, onFailure);
    reject(error);
  };
  return {
    onCompleted: (response, errors) => {
      if (errors && errors.length > 0 && response == null)
        fail(new GraphQLRequestError(errors[0].message, 200, errors));
      else resolve(response as R);
    },
    onError: fail,
  };
}

/** useMutation as a promise with optimistic updates and the one failure path (see the module comment). */
export function useAppMutation<T extends MutationParameters>(
  mutation: GraphQLTaggedNode,
  hookOptions: AppMutationOptions = {},
): [Commit<T>, boolean] {
  const [commitMutation, inFlight] = useMutation<T>(mutation);
  const { onFailure } = hookOptions;
  const commit = useCallback<Commit<T>>(
    (variables, options = {}) =>
      new Promise<T['response']>((resolve, reject) => {
        commitMutation({
          variables,
          updater: options.updater,
          optimisticUpdater: options.optimisticUpdater,
          optimisticResponse: options.optimisticResponse,
          ...settle<T['response']>(resolve, reject, options.silent ?? false, onFailure),
        });
      }),
    [commitMutation, onFailure],
  );
  return [commit, inFlight];
}
