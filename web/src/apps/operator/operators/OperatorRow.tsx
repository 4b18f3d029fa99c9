/** One row of the operator list (issue 10; spec core §3 "Operator"): name with a link to the card, contacts, roles, status. */
import { Badge, HStack, Link, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { OperatorRow_operator$key } from '../../../__generated__/OperatorRow_operator.graphql';
import { formatDate } from '../../../system/formats';

export function OperatorRow({
  operator: key,
  roleLabels,
}: {
  operator: OperatorRow_operator$key;
  roleLabels: Map<string, string>;
}) {
  const { t } = useTranslation();
  const o = useFragment(
    graphql`
      fragment OperatorRow_operator on Operator {
        operatorId
        fullName
        position
        email
        phone
        roles
        status
        createdAt
        isViewer
        invitationPending
      }
    `,
    key,
  );
  return (
    <Table.Row data-testid="operator-row">
      <Table.Cell>
        <HStack gap="2">
          <Link asChild colorPalette="blue">
            <RouterLink to={`/operator/operators/${o.operatorId}`}>{o.fullName}</RouterLink>
          </Link>
          {o.isViewer && <Badge size="sm">{t('adminOperators.you')}</Badge>}
        </HStack>
        {o.position && (
          <Text fontSize="sm" color="fg.muted">
            {o.position}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Text>{o.email}</Text>
        {o.phone && (
          <Text fontSize="sm" color="fg.muted">
            {o.phone}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>{o.roles.map((r) => roleLabels.get(r) ?? r).join(', ') || '—'}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={o.status === 'ACTIVE' ? 'green' : 'red'}>
          {o.status === 'ACTIVE' ? t('adminOperators.statuses.ACTIVE') : t('adminOperators.statuses.SUSPENDED')}
        </Badge>
        {o.invitationPending && o.status === 'ACTIVE' && (
          <Text fontSize="xs" color="fg.muted">
            {t('adminOperators.invitationPending')}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>{formatDate(o.createdAt)}</Table.Cell>
    </Table.Row>
  );
}
