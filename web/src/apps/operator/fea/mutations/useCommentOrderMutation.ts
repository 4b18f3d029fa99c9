import { graphql } from 'react-relay';
import type { useCommentOrderMutation as T } from '../../../../__generated__/useCommentOrderMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Operator: adds a comment to the request. Returns the changed order (Relay updates the modal and the list row); failures are `UserError`. */
export function useCommentOrderMutation() {
  return useAppMutation<T>(graphql`
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
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
