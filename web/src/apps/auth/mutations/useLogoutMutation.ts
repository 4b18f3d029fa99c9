import { graphql } from 'react-relay';
import type { useLogoutMutation as T } from '../../../__generated__/useLogoutMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Signs out (POST /api/secured/common/logout). The caller drops the store and opens the auth page. */
export function useLogoutMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useLogoutMutation {
      logout {
        __typename
        ... on LogoutSuccess {
          done
        }
        ... on UserError {
          code
          message
        }
      }
    }
  `);
}
