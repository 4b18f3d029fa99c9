/**
 * The operator administration mutations (issue 10; spec core §7 Operator users/*): each returns the operator with the
 * fields of the list row and the card (Relay updates both) or a `UserError` (VALIDATION_ERROR, EMAIL_TAKEN,
 * SELF_SUSPEND, OWN_OPERATORS_RIGHT, LAST_ADMIN, RIGHT_REQUIRED, …).
 */
import { graphql } from 'react-relay';
import type { operatorMutationsCreateMutation } from '../../../__generated__/operatorMutationsCreateMutation.graphql';
import type { operatorMutationsUpdateMutation } from '../../../__generated__/operatorMutationsUpdateMutation.graphql';
import type { operatorMutationsStatusMutation } from '../../../__generated__/operatorMutationsStatusMutation.graphql';
import type { operatorMutationsRightsMutation } from '../../../__generated__/operatorMutationsRightsMutation.graphql';
import type { operatorMutationsResendMutation } from '../../../__generated__/operatorMutationsResendMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Creates an operator and sends his invitation. */
export function useCreateOperatorMutation() {
  return useAppMutation<operatorMutationsCreateMutation>(graphql`
    mutation operatorMutationsCreateMutation($input: CreateOperatorInput!) {
      createOperator(input: $input) {
        __typename
        ... on CreateOperatorSuccess {
          invitationSent
          operator {
            id
            operatorId
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Edits the person fields. */
export function useUpdateOperatorMutation() {
  return useAppMutation<operatorMutationsUpdateMutation>(graphql`
    mutation operatorMutationsUpdateMutation($input: UpdateOperatorInput!) {
      updateOperator(input: $input) {
        __typename
        ... on OperatorChangeSuccess {
          operator {
            id
            ...OperatorCard_operator
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Activates or suspends. */
export function useSetOperatorStatusMutation() {
  return useAppMutation<operatorMutationsStatusMutation>(graphql`
    mutation operatorMutationsStatusMutation($input: SetOperatorStatusInput!) {
      setOperatorStatus(input: $input) {
        __typename
        ... on OperatorChangeSuccess {
          operator {
            id
            ...OperatorCard_operator
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Sets roles and extra rights. */
export function useSetOperatorRightsMutation() {
  return useAppMutation<operatorMutationsRightsMutation>(graphql`
    mutation operatorMutationsRightsMutation($input: SetOperatorRightsInput!) {
      setOperatorRights(input: $input) {
        __typename
        ... on OperatorChangeSuccess {
          operator {
            id
            ...OperatorCard_operator
            ...OperatorRightsEditor_operator
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Sends the invitation again. */
export function useResendOperatorInvitationMutation() {
  return useAppMutation<operatorMutationsResendMutation>(graphql`
    mutation operatorMutationsResendMutation($input: ResendOperatorInvitationInput!) {
      resendOperatorInvitation(input: $input) {
        __typename
        ... on OperatorChangeSuccess {
          operator {
            id
            ...OperatorCard_operator
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
