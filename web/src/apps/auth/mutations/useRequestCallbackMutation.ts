import { graphql } from 'react-relay';
import type { useRequestCallbackMutation as T } from '../../../__generated__/useRequestCallbackMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Asks the service to call back (spec core §7 callback). */
export function useRequestCallbackMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useRequestCallbackMutation($input: RequestCallbackInput!) {
      requestCallback(input: $input) {
        __typename
        ... on CallbackRequested {
          requestId
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
