/**
 * The referral partner's documents and acts with their two signatures and status (issue 11; spec core §3 "Referral
 * partner: documents/acts", "Signature details: signer, date-time, certificate valid until, document hash"). 'Подписать'
 * opens the signature selection modal of issue 8: the file's exact bytes are downloaded, signed with the chosen
 * certificate (CAdES-BES detached) and sent with signReferralPartnerDocument; a refusal (e.g. a certificate of another
 * organisation) is shown in the modal. 'Удалить' (only the partner's own unsigned upload) asks for a confirmation.
 * The table, signing and removal are the shared PartnerDocumentTable; this component owns the fragment and mutations.
 */
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AgentDocumentList_area$key } from '../../../__generated__/AgentDocumentList_area.graphql';
import type { AgentDocumentListDeleteMutation } from '../../../__generated__/AgentDocumentListDeleteMutation.graphql';
import type { AgentDocumentListSignMutation } from '../../../__generated__/AgentDocumentListSignMutation.graphql';
import { PartnerDocumentTable } from '../../../components/documents/PartnerDocumentTable';
import { readUserError } from '../../../system/errors/userError';
import { useAppMutation } from '../../../system/relay/useAppMutation';

export function AgentDocumentList({ area: key, refresh }: { area: AgentDocumentList_area$key; refresh: () => void }) {
  const { t } = useTranslation();
  const area = useFragment(
    graphql`
      fragment AgentDocumentList_area on ReferralPartnerArea {
        documents {
          id
          type
          name
          number
          description
          fileName
          fileSize
          downloadUrl
          uploadedBy
          status
          statusLabel
          viewerCanSign
          viewerCanDelete
          createdAt
          agentSignature {
            signer
            signedAt
            certificateValidUntil
            documentHash
          }
          operatorSignature {
            signer
            signedAt
            certificateValidUntil
            documentHash
          }
        }
      }
    `,
    key,
  );
  const [sign] = useAppMutation<AgentDocumentListSignMutation>(graphql`
    mutation AgentDocumentListSignMutation($id: ID!, $signature: String!) {
      signReferralPartnerDocument(id: $id, signature: $signature) {
        __typename
        ... on SignReferralPartnerDocumentSuccess {
          document {
            id
            status
            statusLabel
            viewerCanSign
            viewerCanDelete
            agentSignature {
              signer
              signedAt
              certificateValidUntil
              documentHash
            }
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
  const [remove] = useAppMutation<AgentDocumentListDeleteMutation>(graphql`
    mutation AgentDocumentListDeleteMutation($id: ID!) {
      deleteReferralPartnerAreaDocument(id: $id) {
        __typename
        ... on DeleteReferralPartnerAreaDocumentSuccess {
          deletedDocumentId
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);

  return (
    <PartnerDocumentTable
      documents={area.documents}
      texts="agentDocuments"
      uploaderOf={(d) =>
        d.uploadedBy === 'OPERATOR'
          ? t('agentDocuments.uploadedBy.OPERATOR')
          : t('agentDocuments.uploadedBy.REFERRAL_PARTNER')
      }
      rowTestId="agent-document"
      sign={async (id, signature) => {
        const r = (await sign({ id, signature })).signReferralPartnerDocument;
        return r.__typename === 'UserError' ? readUserError(r.userError).message : null;
      }}
      remove={async (id) => (await remove({ id })).deleteReferralPartnerAreaDocument}
      onChanged={refresh}
      onDeleted={refresh}
    />
  );
}
