/**
 * 'Документы' of the referral partner (/agent/documents; issue 11; spec core §2 "Screens by role: Referral partner —
 * documents", §3 "Referral partner: documents/acts (type ACT or DOCUMENT, name, number, description, file, agent
 * signature, operator signature, created)", §5 ≤ 50 MB, §8 "Signature"): the acts and documents with the operator with
 * their status ('Ожидает подписи партнёра' / 'Ожидает подписи оператора' / 'Подписан обеими сторонами'), downloads,
 * 'Подписать' with the signature selection modal of issue 8 (the file's exact bytes, CAdES-BES detached, verified by
 * the server against the partner's company), the upload of a document for the operator and removal of the partner's
 * own unsigned uploads.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { AgentDocumentsPageQuery } from '../../../__generated__/AgentDocumentsPageQuery.graphql';
import { PartnerDocumentUploadForm } from '../../../components/documents/PartnerDocumentUploadForm';
import { AgentDocumentList } from './AgentDocumentList';

export function AgentDocumentsPage() {
  const { t } = useTranslation();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<AgentDocumentsPageQuery>(
    graphql`
      query AgentDocumentsPageQuery {
        viewer {
          id
          referralPartnerArea {
            documentUploadUrl
            ...AgentDocumentList_area
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const refresh = useCallback(() => setFetchKey((k) => k + 1), []);
  const area = data.viewer?.referralPartnerArea;
  if (!area) return null;
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {t('agentDocuments.title')}
        </Heading>
        <Text color="fg.muted">{t('agentDocuments.intro')}</Text>
      </Stack>
      <AgentDocumentList area={area} refresh={refresh} />
      {/* The partner uploads documents for the operator (type DOCUMENT); acts come from the operator. */}
      <PartnerDocumentUploadForm
        uploadUrl={area.documentUploadUrl}
        onUploaded={refresh}
        texts="agentDocuments"
        fixedType="DOCUMENT"
        title={t('agentDocuments.uploadTitle')}
      />
    </Stack>
  );
}
