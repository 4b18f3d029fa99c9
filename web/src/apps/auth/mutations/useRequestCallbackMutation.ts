import { graphql } from 'react-relay';
import type { useRequestCallbackMutation as T } from '../../../__generated__/useRequestCallbackMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Asks the service to call back (spec core §7 callback). */
export function useRequestCallbackMutation() {
  return useAppMutation<T>(graphql`
    mutation useRequestCallbackMutation($input: RequestCallbackInput!) {
      requestCallback(input: $input) {
        __typename
        ... on CallbackRequested {
          requestId
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
