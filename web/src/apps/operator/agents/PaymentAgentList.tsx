/**
 * A page of payment agents (issue 10): 10 per page (spec core §9), the total and a pager; each row links to the
 * agent's card /operator/agents/{id}.
 */
import { Link, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { PaymentAgentList_administration$key } from '../../../__generated__/PaymentAgentList_administration.graphql';
import { AdminPagedList, type AdminListProps } from '../admin/AdminPagedList';
import { AdminTable } from '../admin/AdminTable';
import { AdminStatusBadge } from '../admin/AdminStatusBadge';

/** Agents per page (spec core §9 list page size 10). */
export const AGENTS_PAGE_SIZE = 10;

export function PaymentAgentList({
  administration: key,
  page,
  onNext,
  onPrev,
}: AdminListProps<PaymentAgentList_administration$key>) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment PaymentAgentList_administration on Administration
      @argumentDefinitions(
        filter: { type: "PaymentAgentFilter" }
        after: { type: "String" }
        first: { type: "Int", defaultValue: 10 }
      ) {
        paymentAgents(filter: $filter, first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            node {
              id
              agentId
              brand
              shortName
              inn
              currencyCodes
              supportedCountries
              email
              signRequired
              status
            }
          }
        }
      }
    `,
    key,
  );
  const list = data.paymentAgents;
  if (!list) return null;
  return (
    <AdminPagedList
      connection={list}
      pageSize={AGENTS_PAGE_SIZE}
      page={page}
      onNext={onNext}
      onPrev={onPrev}
      totalTestId="agents-total"
      totalText={t('adminAgents.total', { total: list.totalCount })}
      emptyText={t('adminAgents.empty')}
      pagerLabels={{
        prev: t('adminAgents.prev'),
        next: t('adminAgents.next'),
        page: (counts) => t('adminAgents.page', counts),
      }}
    >
      <AdminTable
        borderWidth="1px"
        borderRadius="md"
        bg="white"
        label={t('adminAgents.list')}
        columns={[
          t('adminAgents.columns.brand'),
          t('adminAgents.columns.inn'),
          t('adminAgents.columns.currencies'),
          t('adminAgents.columns.countries'),
          t('adminAgents.columns.email'),
          t('adminAgents.columns.sign'),
          t('adminAgents.columns.status'),
        ]}
      >
        {list.edges.map(({ node }) => (
          <Table.Row key={node.id}>
            <Table.Cell>
              <Link asChild colorPalette="blue">
                <RouterLink to={`/operator/agents/${node.agentId}`}>{node.brand}</RouterLink>
              </Link>
              <Text fontSize="xs" color="fg.muted">
                {node.shortName}
              </Text>
            </Table.Cell>
            <Table.Cell>{node.inn}</Table.Cell>
            <Table.Cell>{node.currencyCodes.join(', ') || '—'}</Table.Cell>
            <Table.Cell>
              {node.supportedCountries.length ? node.supportedCountries.join(', ') : t('adminAgents.anyCountry')}
            </Table.Cell>
            <Table.Cell>{node.email ?? '—'}</Table.Cell>
            <Table.Cell>{node.signRequired ? t('adminAgents.yes') : t('adminAgents.no')}</Table.Cell>
            <Table.Cell>
              <AdminStatusBadge
                status={node.status}
                activeLabel={t('adminAgents.statuses.ACTIVE')}
                blockedLabel={t('adminAgents.statuses.BLOCKED')}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
    </AdminPagedList>
  );
}
