import { graphql } from 'react-relay';
import type { useRegisterClientMutation as T } from '../../../__generated__/useRegisterClientMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Registers the client company and signs in (spec core §3 Registration payload). */
export function useRegisterClientMutation() {
  return usePromiseMutation<T>(graphql`
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
          code
          message
          field
          fieldErrors {
            field
            code
            message
          }
          retryAfterSeconds
        }
      }
    }
  `);
}
