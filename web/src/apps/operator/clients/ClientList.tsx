/**
 * A page of the operator's client list (issue 10; spec core §9 page size 10): the total, the table of clients newest
 * first, and a pager ('Назад' / 'Вперёд'). The parent chooses the page (its `after` cursor); this component reports
 * the cursor of the next page and which client to open.
 */
import { LIST_PAGE_SIZE } from '@platform/domain/limits';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ClientList_administration$key } from '../../../__generated__/ClientList_administration.graphql';
import { ClientRow } from './ClientRow';
import { AdminPagedList, type AdminListProps } from '../admin/AdminPagedList';
import { AdminTable } from '../admin/AdminTable';

export function ClientList({
  administration: key,
  page,
  onNext,
  onPrev,
  onOpen,
}: AdminListProps<ClientList_administration$key> & {
  onOpen: (clientId: number) => void;
}) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment ClientList_administration on Administration
      @argumentDefinitions(
        filter: { type: "AdminClientFilter" }
        after: { type: "String" }
        first: { type: "Int", defaultValue: 10 }
      ) {
        clients(filter: $filter, first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            node {
              id
              ...ClientRow_client
            }
          }
        }
      }
    `,
    key,
  );
  const list = data.clients;
  if (!list) return null;
  return (
    <AdminPagedList
      connection={list}
      pageSize={LIST_PAGE_SIZE}
      page={page}
      onNext={onNext}
      onPrev={onPrev}
      totalTestId="clients-total"
      totalText={t('adminClients.total', { total: list.totalCount })}
      emptyText={t('adminClients.empty')}
      pagerLabels={{
        prev: t('adminClients.prev'),
        next: t('adminClients.next'),
        page: (counts) => t('adminClients.page', counts),
      }}
    >
      <AdminTable
        borderWidth="1px"
        rounded="md"
        label={t('adminClients.list')}
        interactive
        columns={[
          t('adminClients.columns.company'),
          t('adminClients.columns.inn'),
          t('adminClients.columns.ogrn'),
          t('adminClients.columns.contact'),
          t('adminClients.columns.registeredAt'),
          { label: t('adminClients.columns.orders'), textAlign: 'end' },
          t('adminClients.columns.status'),
        ]}
      >
        {list.edges.map(({ node }) => (
          <ClientRow key={node.id} client={node} onOpen={onOpen} />
        ))}
      </AdminTable>
    </AdminPagedList>
  );
}
