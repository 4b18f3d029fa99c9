import { graphql } from 'react-relay';
import type { useCommentOrderMutation as T } from '../../../../__generated__/useCommentOrderMutation.graphql';
import { usePromiseMutation } from '../../../../system/relay/usePromiseMutation';

/** Operator: adds a comment to the request. Returns the changed order (Relay updates the modal and the list row); failures are `UserError`. */
export function useCommentOrderMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useCommentOrderMutation($input: OrderCommentInput!) {
      commentOrder(input: $input) {
        __typename
        ... on CommentOrderSuccess {
          order {
            id
            ...OperatorOrderContent_order
            ...OperatorOrderRow_order
          }
          comment {
            authorName
            created
            comment
          }
        }
        ... on UserError {
          code
          message
          field
          fieldErrors {
            field
            message
          }
        }
      }
    }
  `);
}
