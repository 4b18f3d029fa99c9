/**
 * A page of the operator list (issue 10; spec core §9 operator users page size 20): the total, the table and a pager.
 * The page shown is chosen by the parent (its `after` cursor); this component reports the cursor of the next page.
 */
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { OperatorList_administration$key } from '../../../__generated__/OperatorList_administration.graphql';
import { OperatorRow } from './OperatorRow';
import { AdminPagedList, type AdminListProps } from '../admin/AdminPagedList';
import { AdminTable } from '../admin/AdminTable';

/** Operators per page (spec core §9). */
export const OPERATOR_PAGE_SIZE = 20;

export function OperatorList({
  administration: key,
  page,
  onNext,
  onPrev,
}: AdminListProps<OperatorList_administration$key>) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment OperatorList_administration on Administration
      @argumentDefinitions(
        filter: { type: "OperatorFilter" }
        after: { type: "String" }
        first: { type: "Int", defaultValue: 20 }
      ) {
        rightCatalog {
          roles {
            role
            label
          }
        }
        operators(filter: $filter, first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            node {
              id
              ...OperatorRow_operator
            }
          }
        }
      }
    `,
    key,
  );
  const list = data.operators;
  if (!list) return null;
  const roleLabels = new Map(data.rightCatalog.roles.map((r) => [r.role as string, r.label]));
  return (
    <AdminPagedList
      connection={list}
      pageSize={OPERATOR_PAGE_SIZE}
      page={page}
      onNext={onNext}
      onPrev={onPrev}
      totalTestId="operators-total"
      totalText={t('adminOperators.total', { total: list.totalCount })}
      emptyText={t('adminOperators.empty')}
      pagerLabels={{
        prev: t('adminOperators.prev'),
        next: t('adminOperators.next'),
        page: (counts) => t('adminOperators.pageOf', counts),
      }}
    >
      <AdminTable
        label={t('adminOperators.title')}
        columns={[
          t('adminOperators.columns.name'),
          t('adminOperators.columns.email'),
          t('adminOperators.columns.roles'),
          t('adminOperators.columns.status'),
          t('adminOperators.columns.createdAt'),
        ]}
      >
        {list.edges.map(({ node }) => (
          <OperatorRow key={node.id} operator={node} roleLabels={roleLabels} />
        ))}
      </AdminTable>
    </AdminPagedList>
  );
}
