/**
 * Signing out (POST /api/secured/common/logout through `Mutation.logout`). Loaded when the user presses 'Выйти'
 * (DefaultLayout imports it then), so the header's first load does not carry it (issue 13 "Fast first load"). The
 * caller drops the store and opens the auth page whatever the answer.
 */
import { commitMutation, graphql, type Environment } from 'relay-runtime';
import type { useLogoutMutation as T } from '../../../__generated__/useLogoutMutation.graphql';

/** Resolves when the backend answered (LogoutSuccess or a UserError); rejects on a failed call. */
export function logout(environment: Environment): Promise<T['response']> {
  return new Promise((resolve, reject) => {
    commitMutation<T>(environment, {
      mutation: graphql`
        mutation useLogoutMutation {
          logout {
            __typename
            ... on LogoutSuccess {
              done
            }
            ... on UserError {
              ...userErrorFragment @alias(as: "userError")
            }
          }
        }
      `,
      variables: {},
      onCompleted: (response) => resolve(response),
      onError: reject,
    });
  });
}
