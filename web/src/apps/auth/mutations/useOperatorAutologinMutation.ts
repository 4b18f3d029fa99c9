import { graphql } from 'react-relay';
import type { useOperatorAutologinMutation as T } from '../../../__generated__/useOperatorAutologinMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/**
 * Operator sign-in: exchanges the one-time code of the external login page (/operator/auth?code=…) for a session
 * (POST /api/public/oper/autologin behind the gateway). CODE_INVALID comes back as `UserError`.
 */
export function useOperatorAutologinMutation() {
  return useAppMutation<T>(graphql`
    mutation useOperatorAutologinMutation($input: OperatorAutologinInput!) {
      operatorAutologin(input: $input) {
        __typename
        ... on OperatorAutologinSuccess {
          viewer {
            id
            email
            accountType
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
