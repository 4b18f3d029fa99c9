import { graphql } from 'react-relay';
import type { useConfirmEmailMutation as T } from '../../../__generated__/useConfirmEmailMutation.graphql';
import { usePromiseMutation } from '../../../system/relay/usePromiseMutation';

/** Confirms the e-mail with the token of the link; LINK_EXPIRED → 'Ссылка устарела'. */
export function useConfirmEmailMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useConfirmEmailMutation($input: ConfirmEmailInput!) {
      confirmEmail(input: $input) {
        __typename
        ... on ConfirmEmailSuccess {
          email
          token
          status
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
