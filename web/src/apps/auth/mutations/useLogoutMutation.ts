import { graphql } from 'react-relay';
import type { useLogoutMutation as T } from '../../../__generated__/useLogoutMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Signs out (POST /api/secured/common/logout). The caller drops the store and opens the auth page. */
export function useLogoutMutation() {
  return useAppMutation<T>(graphql`
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
  `);
}
