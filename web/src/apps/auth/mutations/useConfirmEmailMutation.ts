import { graphql } from 'react-relay';
import type { useConfirmEmailMutation as T } from '../../../__generated__/useConfirmEmailMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Confirms the e-mail with the token of the link; LINK_EXPIRED → 'Ссылка устарела'. */
export function useConfirmEmailMutation() {
  return useAppMutation<T>(graphql`
    mutation useConfirmEmailMutation($input: ConfirmEmailInput!) {
      confirmEmail(input: $input) {
        __typename
        ... on ConfirmEmailSuccess {
          email
          token
          status
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
