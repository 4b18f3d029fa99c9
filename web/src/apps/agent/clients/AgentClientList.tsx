/**
 * A page of the referral partner's clients (issue 11; spec core §3 "Client added by a partner", §9 page size 10): the
 * total, the table (company, INN, OGRN, contact, countries and currencies, monthly volume and payments, added date,
 * status, verified) and the pager. The parent chooses the page; this component reports the next cursor and which
 * client (by OGRN) to open.
 */
import { LIST_PAGE_SIZE } from '@platform/domain/limits';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AgentClientList_area$key } from '../../../__generated__/AgentClientList_area.graphql';
import { AdminPagedList } from '../../operator/admin/AdminPagedList';
import { AdminTable } from '../../operator/admin/AdminTable';
import { AgentClientRow } from './AgentClientRow';

export function AgentClientList({
  area: key,
  page,
  onNext,
  onPrev,
  onOpen,
}: {
  area: AgentClientList_area$key;
  page: number;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
  onOpen: (ogrn: string) => void;
}) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment AgentClientList_area on ReferralPartnerArea
      @argumentDefinitions(
        search: { type: "String" }
        after: { type: "String" }
        first: { type: "Int", defaultValue: 10 }
      ) {
        clients(search: $search, first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            node {
              id
              ...AgentClientRow_client
            }
          }
        }
      }
    `,
    key,
  );
  const list = data.clients;
  return (
    <AdminPagedList
      connection={list}
      pageSize={LIST_PAGE_SIZE}
      page={page}
      onNext={onNext}
      onPrev={onPrev}
      totalTestId="agent-clients-total"
      totalText={t('agentClients.total', { total: list.totalCount })}
      emptyText={t('agentClients.empty')}
      pagerLabels={{
        prev: t('adminClients.prev'),
        next: t('adminClients.next'),
        page: (counts) => t('adminClients.page', counts),
      }}
    >
      <AdminTable
        borderWidth="1px"
        rounded="md"
        label={t('agentClients.list')}
        interactive
        columns={[
          t('agentClients.columns.company'),
          t('agentClients.columns.inn'),
          t('agentClients.columns.ogrn'),
          t('agentClients.columns.contact'),
          t('agentClients.columns.estimates'),
          t('agentClients.columns.addedAt'),
          t('agentClients.columns.status'),
        ]}
      >
        {list.edges.map(({ node }) => (
          <AgentClientRow key={node.id} client={node} onOpen={onOpen} />
        ))}
      </AdminTable>
    </AdminPagedList>
  );
}
