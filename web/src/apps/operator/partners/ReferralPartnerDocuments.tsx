/**
 * 'Документы и акты' of a referral partner (issue 10; spec core §3 "documents/acts (type ACT or DOCUMENT, name,
 * number, description, file, agent signature, operator signature, created)", §5 "partner documents at most 50 MB each",
 * §8 "Upload: size over 50 MB"): the list with download links and signatures, the upload form (the shared
 * PartnerDocumentUploadForm, with the type) and removal of unsigned ones after a confirmation.
 * Issue 11: the status and the two signature columns (partner, operator), and 'Подписать' for the operator with the
 * signature selection modal (the platform organisation's certificate; signReferralPartnerDocumentAsOperator).
 */
import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ReferralPartnerDocuments_partner$key } from '../../../__generated__/ReferralPartnerDocuments_partner.graphql';
import { PartnerDocumentTable } from '../../../components/documents/PartnerDocumentTable';
import { PartnerDocumentUploadForm } from '../../../components/documents/PartnerDocumentUploadForm';
import { readUserError } from '../../../system/errors/userError';
import { useDeleteReferralPartnerDocument, useSignReferralPartnerDocument } from './mutations';

export function ReferralPartnerDocuments({
  partner: key,
  refetch,
}: {
  partner: ReferralPartnerDocuments_partner$key;
  refetch: () => void;
}) {
  const { t } = useTranslation();
  const p = useFragment(
    graphql`
      fragment ReferralPartnerDocuments_partner on ReferralPartner {
        id
        documentUploadUrl
        documents {
          id
          type
          name
          number
          description
          fileName
          fileSize
          downloadUrl
          createdAt
          createdByName
          viewerCanDelete
          viewerCanSign
          status
          statusLabel
          agentSignature {
            signer
            signedAt
          }
          operatorSignature {
            signer
            signedAt
          }
        }
      }
    `,
    key,
  );
  const [remove] = useDeleteReferralPartnerDocument();
  const [sign] = useSignReferralPartnerDocument();

  return (
    <Stack as="section" gap="4" aria-labelledby="partner-documents">
      <Heading as="h2" size="lg" id="partner-documents">
        {t('adminPartners.sections.documents')}
      </Heading>
      <PartnerDocumentTable
        documents={p.documents}
        texts="adminPartners.documents"
        uploaderOf={(d) => d.createdByName}
        numberColumn
        sign={async (id, signature) => {
          const r = (await sign({ id, signature })).signReferralPartnerDocumentAsOperator;
          return r.__typename === 'UserError' ? readUserError(r.userError).message : null;
        }}
        remove={async (id) => (await remove({ id })).deleteReferralPartnerDocument}
        onChanged={refetch}
      />
      <PartnerDocumentUploadForm uploadUrl={p.documentUploadUrl} onUploaded={refetch} texts="adminPartners.documents" />
    </Stack>
  );
}
