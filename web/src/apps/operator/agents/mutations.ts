/**
 * The payment agent mutations of the operator pages (issue 10; schema "payment agents"). Each answers the changed
 * agent with the card's fragment (Relay updates the page) or a `UserError`.
 */
import { graphql } from 'react-relay';
import type { mutationsBlockPaymentAgentMutation } from '../../../__generated__/mutationsBlockPaymentAgentMutation.graphql';
import type { mutationsCreatePaymentAgentMutation } from '../../../__generated__/mutationsCreatePaymentAgentMutation.graphql';
import type { mutationsResendPaymentAgentInvitationMutation } from '../../../__generated__/mutationsResendPaymentAgentInvitationMutation.graphql';
import type { mutationsUnblockPaymentAgentMutation } from '../../../__generated__/mutationsUnblockPaymentAgentMutation.graphql';
import type { mutationsUpdatePaymentAgentMutation } from '../../../__generated__/mutationsUpdatePaymentAgentMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Creates an agent; the success carries its company id (for the card's address). */
export function useCreatePaymentAgent() {
  return useAppMutation<mutationsCreatePaymentAgentMutation>(graphql`
    mutation mutationsCreatePaymentAgentMutation($input: CreatePaymentAgentInput!) {
      createPaymentAgent(input: $input) {
        __typename
        ... on CreatePaymentAgentSuccess {
          paymentAgent {
            id
            agentId
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Replaces the agent's profile. */
export function useUpdatePaymentAgent() {
  return useAppMutation<mutationsUpdatePaymentAgentMutation>(graphql`
    mutation mutationsUpdatePaymentAgentMutation($input: UpdatePaymentAgentInput!) {
      updatePaymentAgent(input: $input) {
        __typename
        ... on UpdatePaymentAgentSuccess {
          paymentAgent {
            id
            ...PaymentAgentPage_agent
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Blocks the agent (confirmed first). */
export function useBlockPaymentAgent() {
  return useAppMutation<mutationsBlockPaymentAgentMutation>(graphql`
    mutation mutationsBlockPaymentAgentMutation($input: ChangePaymentAgentStatusInput!) {
      blockPaymentAgent(input: $input) {
        __typename
        ... on ChangePaymentAgentStatusSuccess {
          paymentAgent {
            id
            ...PaymentAgentPage_agent
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Unblocks the agent (confirmed first). */
export function useUnblockPaymentAgent() {
  return useAppMutation<mutationsUnblockPaymentAgentMutation>(graphql`
    mutation mutationsUnblockPaymentAgentMutation($input: ChangePaymentAgentStatusInput!) {
      unblockPaymentAgent(input: $input) {
        __typename
        ... on ChangePaymentAgentStatusSuccess {
          paymentAgent {
            id
            ...PaymentAgentPage_agent
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Mails the invitation again. */
export function useResendPaymentAgentInvitation() {
  return useAppMutation<mutationsResendPaymentAgentInvitationMutation>(graphql`
    mutation mutationsResendPaymentAgentInvitationMutation($input: ResendPaymentAgentInvitationInput!) {
      resendPaymentAgentInvitation(input: $input) {
        __typename
        ... on ResendPaymentAgentInvitationSuccess {
          paymentAgent {
            id
            ...PaymentAgentPage_agent
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
