/**
 * An operator's page (/operator/operators/{id}; issue 10, right OPERATORS; spec core §2, §3 "Operator", §6): the card
 * with edit and status, and the rights editor. An unknown id shows 'Сотрудник не найден'.
 */
import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { OperatorPageQuery } from '../../../__generated__/OperatorPageQuery.graphql';
import { PageSpinner } from '../../../components/PageSpinner';
import { SessionGone } from '../../../system/relay/SessionGone';
import { OperatorCard } from './OperatorCard';
import { OperatorRightsEditor } from './OperatorRightsEditor';

export function OperatorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Stack gap="6">
      <Link asChild fontSize="sm" colorPalette="blue">
        <RouterLink to="/operator/operators">← {t('adminOperators.back')}</RouterLink>
      </Link>
      <Suspense fallback={<PageSpinner />}>
        <OperatorPageContent id={id} />
      </Suspense>
    </Stack>
  );
}

function OperatorPageContent({ id }: { id: string }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<OperatorPageQuery>(
    graphql`
      query OperatorPageQuery($id: ID!) {
        viewer {
          id
          administration {
            rightCatalog {
              rights {
                right
                label
                description
              }
              roles {
                role
                label
                rights
              }
            }
            operator(id: $id) {
              id
              fullName
              ...OperatorCard_operator
              ...OperatorRightsEditor_operator
            }
          }
        }
      }
    `,
    { id },
    { fetchPolicy: 'store-and-network' },
  );
  const viewer = data.viewer;
  if (!viewer) return <SessionGone />;
  const admin = viewer.administration;
  const operator = admin?.operator;
  if (!admin || !operator)
    return (
      <Text role="alert" py="10">
        {t('adminOperators.notFound')}
      </Text>
    );
  return (
    <Stack gap="8">
      <Heading as="h1" size="2xl">
        {operator.fullName}
      </Heading>
      <OperatorCard operator={operator} />
      <OperatorRightsEditor operator={operator} catalog={admin.rightCatalog} />
    </Stack>
  );
}
