import { graphql } from 'react-relay';
import type { useRegisterClientMutation as T } from '../../../__generated__/useRegisterClientMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Registers the client company and signs in (spec core §3 Registration payload). */
export function useRegisterClientMutation() {
  return useAppMutation<T>(graphql`
    mutation useRegisterClientMutation($input: RegisterClientInput!) {
      registerClient(input: $input) {
        __typename
        ... on RegisterClientSuccess {
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
