/**
 * A page of the operators' inbox (issue 11; 20 per page): the total, the table of items newest first and the pager.
 * The parent chooses the page (its `after` cursor) and the filter.
 */
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { InboxList_administration$key } from '../../../__generated__/InboxList_administration.graphql';
import { AdminPagedList, type AdminListProps } from '../admin/AdminPagedList';
import { AdminTable } from '../admin/AdminTable';
import { InboxItemRow } from './InboxItemRow';

/** Items per page. */
export const INBOX_PAGE_SIZE = 20;

export function InboxList({
  administration: key,
  page,
  onNext,
  onPrev,
  onChanged,
}: AdminListProps<InboxList_administration$key> & { onChanged: () => void }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment InboxList_administration on Administration
      @argumentDefinitions(
        kind: { type: "InboxItemKind" }
        status: { type: "InboxItemStatus" }
        after: { type: "String" }
        first: { type: "Int", defaultValue: 20 }
      ) {
        inbox(kind: $kind, status: $status, first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            node {
              id
              ...InboxItemRow_item
            }
          }
        }
      }
    `,
    key,
  );
  const list = data.inbox;
  if (!list) return null;
  return (
    <AdminPagedList
      connection={list}
      pageSize={INBOX_PAGE_SIZE}
      page={page}
      onNext={onNext}
      onPrev={onPrev}
      totalTestId="inbox-total"
      totalText={t('inbox.total', { total: list.totalCount })}
      emptyText={t('inbox.empty')}
      pagerLabels={{ prev: t('inbox.prev'), next: t('inbox.next'), page: (counts) => t('inbox.page', counts) }}
    >
      <AdminTable
        borderWidth="1px"
        rounded="md"
        label={t('inbox.list')}
        columns={[
          t('inbox.columns.created'),
          t('inbox.columns.type'),
          t('inbox.columns.contact'),
          t('inbox.columns.comment'),
          t('inbox.columns.status'),
          t('inbox.columns.actions'),
        ]}
      >
        {list.edges.map(({ node }) => (
          <InboxItemRow key={node.id} item={node} onChanged={onChanged} />
        ))}
      </AdminTable>
    </AdminPagedList>
  );
}
