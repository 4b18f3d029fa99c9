/**
 * 'Документы' (/client/documents; spec core §2 Client "documents", §3 Documents): the company's verification
 * documents and the deal documents it signed or confirmed (`Viewer.companyDocuments`, newest first, 20 per page
 * with 'Показать ещё'). Each row: kind, name (download link), order number, status, and each signature with the
 * signer, date-time (DD.MM.YYYY HH:mm, spec core §9), the certificate's validity end and the document hash.
 */
import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { ClientDocumentsPageQuery } from '../../../__generated__/ClientDocumentsPageQuery.graphql';
import type { ClientDocumentsList_viewer$key } from '../../../__generated__/ClientDocumentsList_viewer.graphql';
import type { ClientDocumentsListPaginationQuery } from '../../../__generated__/ClientDocumentsListPaginationQuery.graphql';
import { PageSpinner } from '../../../components/PageSpinner';
import { SessionGone } from '../../../system/relay/SessionGone';
import { SignatureDetails } from './SignatureDetails';

const PAGE_SIZE = 20;

export function ClientDocumentsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('documents.title')}
      </Heading>
      <Text color="gray.700">{t('documents.intro')}</Text>
      <Suspense fallback={<PageSpinner />}>
        <ClientDocumentsContent />
      </Suspense>
    </Stack>
  );
}

function ClientDocumentsContent() {
  const data = useLazyLoadQuery<ClientDocumentsPageQuery>(
    graphql`
      query ClientDocumentsPageQuery {
        viewer {
          id
          ...ClientDocumentsList_viewer
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  if (!data.viewer) return <SessionGone />;
  return <ClientDocumentsList viewer={data.viewer} />;
}

function ClientDocumentsList({ viewer: viewerKey }: { viewer: ClientDocumentsList_viewer$key }) {
  const { t } = useTranslation();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    ClientDocumentsListPaginationQuery,
    ClientDocumentsList_viewer$key
  >(
    graphql`
      fragment ClientDocumentsList_viewer on Viewer
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
      @refetchable(queryName: "ClientDocumentsListPaginationQuery") {
        companyDocuments(first: $count, after: $cursor) @connection(key: "ClientDocumentsList_companyDocuments") {
          totalCount
          edges {
            node {
              id
              kind
              name
              status
              created
              orderNumber
              partnerBrand
              order {
                orderId
              }
              downloadUrl
              clientSignature {
                ...SignatureDetails_signature
              }
              agentSignature {
                ...SignatureDetails_signature
              }
            }
          }
        }
      }
    `,
    viewerKey,
  );
  const edges = data.companyDocuments?.edges ?? [];
  const total = data.companyDocuments?.totalCount ?? 0;
  if (edges.length === 0) {
    return (
      <Text color="gray.600" py="8" textAlign="center" role="status">
        {t('documents.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="4">
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t('documents.list')}>
        {edges.map(({ node: d }) => {
          const kind = t(`documents.kind.${d.kind}` as 'documents.kind.VERIFICATION', { defaultValue: d.kind });
          const status = t(`documents.status.${d.status}` as 'documents.status.SIGNED', { defaultValue: d.status });
          return (
            <Box
              as="li"
              key={d.id}
              data-testid="company-document"
              data-kind={d.kind}
              data-status={d.status}
              aria-label={d.name}
            >
              <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" bg="white">
                <HStack justify="space-between" gap="3" wrap="wrap" align="flex-start">
                  <Stack gap="1">
                    <Text fontSize="sm" color="gray.600" data-testid="company-document-kind">
                      {kind}
                      {d.orderNumber && (
                        <>
                          {' · '}
                          {d.order ? (
                            <Link asChild variant="underline" colorPalette="blue">
                              <RouterLink to={`/client/fea/${d.order.orderId}`}>
                                {t('documents.order', { number: d.orderNumber })}
                              </RouterLink>
                            </Link>
                          ) : (
                            t('documents.order', { number: d.orderNumber })
                          )}
                        </>
                      )}
                      {d.partnerBrand ? ` · ${d.partnerBrand}` : ''}
                    </Text>
                    <Link
                      href={d.downloadUrl}
                      download={d.name}
                      variant="underline"
                      colorPalette="blue"
                      fontWeight="medium"
                      aria-label={t('documents.download', { name: d.name })}
                    >
                      {d.name}
                    </Link>
                  </Stack>
                  <Text fontSize="sm" fontWeight="medium" data-testid="company-document-status">
                    {status}
                  </Text>
                </HStack>
                <Stack direction={{ base: 'column', md: 'row' }} gap="4">
                  <SignatureDetails title={t('documents.client')} signature={d.clientSignature} />
                  {d.kind !== 'VERIFICATION' && (
                    <SignatureDetails title={t('documents.agent')} signature={d.agentSignature} />
                  )}
                </Stack>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      <Text fontSize="sm" color="gray.600" aria-live="polite">
        {t('documents.shown', { shown: edges.length, total })}
      </Text>
      {hasNext && (
        <Button variant="outline" alignSelf="center" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
          {t('documents.more')}
        </Button>
      )}
    </Stack>
  );
}
