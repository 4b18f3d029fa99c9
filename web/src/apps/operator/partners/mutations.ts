/**
 * The referral partner mutations of the operator pages (issue 10; schema "referral partners"). Each answers the
 * changed partner with the card's fragments (Relay updates the page) or a `UserError`.
 */
import { graphql } from 'react-relay';
import type { mutationsBlockReferralPartnerMutation } from '../../../__generated__/mutationsBlockReferralPartnerMutation.graphql';
import type { mutationsCreateReferralPartnerMutation } from '../../../__generated__/mutationsCreateReferralPartnerMutation.graphql';
import type { mutationsDeleteReferralPartnerDocumentMutation } from '../../../__generated__/mutationsDeleteReferralPartnerDocumentMutation.graphql';
import type { mutationsSignReferralPartnerDocumentMutation } from '../../../__generated__/mutationsSignReferralPartnerDocumentMutation.graphql';
import type { mutationsResendReferralPartnerInvitationMutation } from '../../../__generated__/mutationsResendReferralPartnerInvitationMutation.graphql';
import type { mutationsUnblockReferralPartnerMutation } from '../../../__generated__/mutationsUnblockReferralPartnerMutation.graphql';
import type { mutationsUpdateReferralPartnerMutation } from '../../../__generated__/mutationsUpdateReferralPartnerMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Creates a partner; the success carries its id (for the card's address) and whether the invitation went out. */
export function useCreateReferralPartner() {
  return useAppMutation<mutationsCreateReferralPartnerMutation>(graphql`
    mutation mutationsCreateReferralPartnerMutation($input: ReferralPartnerInput!) {
      createReferralPartner(input: $input) {
        __typename
        ... on CreateReferralPartnerSuccess {
          invitationSent
          referralPartner {
            id
            partnerId
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Saves the partner's fields. */
export function useUpdateReferralPartner() {
  return useAppMutation<mutationsUpdateReferralPartnerMutation>(graphql`
    mutation mutationsUpdateReferralPartnerMutation($id: ID!, $input: ReferralPartnerInput!) {
      updateReferralPartner(id: $id, input: $input) {
        __typename
        ... on ReferralPartnerChangeSuccess {
          referralPartner {
            id
            ...ReferralPartnerEditPage_partner
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Blocks the partner (confirmed first). */
export function useBlockReferralPartner() {
  return useAppMutation<mutationsBlockReferralPartnerMutation>(graphql`
    mutation mutationsBlockReferralPartnerMutation($id: ID!) {
      blockReferralPartner(id: $id) {
        __typename
        ... on ReferralPartnerChangeSuccess {
          referralPartner {
            id
            status
            viewerCanBlock
            viewerCanUnblock
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Unblocks the partner (confirmed first). */
export function useUnblockReferralPartner() {
  return useAppMutation<mutationsUnblockReferralPartnerMutation>(graphql`
    mutation mutationsUnblockReferralPartnerMutation($id: ID!) {
      unblockReferralPartner(id: $id) {
        __typename
        ... on ReferralPartnerChangeSuccess {
          referralPartner {
            id
            status
            viewerCanBlock
            viewerCanUnblock
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Sends the invitation mail again (RESEND_TOO_EARLY within 120 s). */
export function useResendReferralPartnerInvitation() {
  return useAppMutation<mutationsResendReferralPartnerInvitationMutation>(graphql`
    mutation mutationsResendReferralPartnerInvitationMutation($id: ID!) {
      resendReferralPartnerInvitation(id: $id) {
        __typename
        ... on ReferralPartnerChangeSuccess {
          referralPartner {
            id
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Removes an unsigned document; the partner's document list comes back. */
export function useDeleteReferralPartnerDocument() {
  return useAppMutation<mutationsDeleteReferralPartnerDocumentMutation>(graphql`
    mutation mutationsDeleteReferralPartnerDocumentMutation($id: ID!) {
      deleteReferralPartnerDocument(id: $id) {
        __typename
        ... on DeleteReferralPartnerDocumentSuccess {
          referralPartner {
            id
            ...ReferralPartnerDocuments_partner
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/**
 * The operator signs a document or act for the platform (issue 11; signReferralPartnerDocumentAsOperator): the
 * certificate must be the platform organisation's; the answer refreshes the row.
 */
export function useSignReferralPartnerDocument() {
  return useAppMutation<mutationsSignReferralPartnerDocumentMutation>(graphql`
    mutation mutationsSignReferralPartnerDocumentMutation($id: ID!, $signature: String!) {
      signReferralPartnerDocumentAsOperator(id: $id, signature: $signature) {
        __typename
        ... on SignReferralPartnerDocumentAsOperatorSuccess {
          document {
            id
            status
            statusLabel
            viewerCanSign
            viewerCanDelete
            operatorSignature {
              signer
              signedAt
            }
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
