/**
 * The API token mutations (issue 12 "API tokens"): create (answers the token text once) and revoke. Both return the
 * token with the fields of the list row (Relay updates the row by id) or a `UserError` (VALIDATION_ERROR with
 * NAME_REQUIRED, NAME_TOO_LONG, NAME_INVALID, EXPIRY_IN_PAST, EXPIRY_TOO_FAR; API_TOKEN_LIMIT; API_TOKEN_NOT_FOUND).
 */
import { graphql } from 'react-relay';
import type { apiTokenMutationsCreateMutation } from '../../__generated__/apiTokenMutationsCreateMutation.graphql';
import type { apiTokenMutationsRevokeMutation } from '../../__generated__/apiTokenMutationsRevokeMutation.graphql';
import { useAppMutation } from '../../system/relay/useAppMutation';

export function useCreateApiTokenMutation() {
  return useAppMutation<apiTokenMutationsCreateMutation>(graphql`
    mutation apiTokenMutationsCreateMutation($input: CreateApiTokenInput!) {
      createApiToken(input: $input) {
        __typename
        ... on CreateApiTokenSuccess {
          token
          apiToken {
            id
            ...ApiTokenRow_apiToken
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

export function useRevokeApiTokenMutation() {
  return useAppMutation<apiTokenMutationsRevokeMutation>(graphql`
    mutation apiTokenMutationsRevokeMutation($input: RevokeApiTokenInput!) {
      revokeApiToken(input: $input) {
        __typename
        ... on RevokeApiTokenSuccess {
          apiToken {
            id
            ...ApiTokenRow_apiToken
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
