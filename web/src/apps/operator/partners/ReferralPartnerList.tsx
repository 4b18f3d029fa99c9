/**
 * A page of referral partners (issue 10): 10 per page (spec core §9), the total and a pager; each row links to the
 * partner's card /operator/partners/{id}/edit.
 */
import { Link, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { ReferralPartnerList_administration$key } from '../../../__generated__/ReferralPartnerList_administration.graphql';
import { AdminPagedList, type AdminListProps } from '../admin/AdminPagedList';
import { AdminTable } from '../admin/AdminTable';
import { AdminStatusBadge } from '../admin/AdminStatusBadge';

/** Partners per page (spec core §9 list page size 10). */
export const PARTNERS_PAGE_SIZE = 10;

export function ReferralPartnerList({
  administration: key,
  page,
  onNext,
  onPrev,
}: AdminListProps<ReferralPartnerList_administration$key>) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment ReferralPartnerList_administration on Administration
      @argumentDefinitions(
        filter: { type: "ReferralPartnerFilter" }
        after: { type: "String" }
        first: { type: "Int", defaultValue: 10 }
      ) {
        referralPartners(filter: $filter, first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            node {
              id
              partnerId
              kind
              shortName
              inn
              ogrn
              email
              contractNumber
              status
            }
          }
        }
      }
    `,
    key,
  );
  const list = data.referralPartners;
  if (!list) return null;
  return (
    <AdminPagedList
      connection={list}
      pageSize={PARTNERS_PAGE_SIZE}
      page={page}
      onNext={onNext}
      onPrev={onPrev}
      totalTestId="partners-total"
      totalText={t('adminPartners.total', { total: list.totalCount })}
      emptyText={t('adminPartners.empty')}
      pagerLabels={{
        prev: t('adminPartners.prev'),
        next: t('adminPartners.next'),
        page: (counts) => t('adminPartners.page', counts),
      }}
    >
      <AdminTable
        borderWidth="1px"
        borderRadius="md"
        bg="white"
        label={t('adminPartners.list')}
        columns={[
          t('adminPartners.columns.name'),
          t('adminPartners.columns.inn'),
          t('adminPartners.columns.ogrn'),
          t('adminPartners.columns.email'),
          t('adminPartners.columns.contract'),
          t('adminPartners.columns.status'),
        ]}
      >
        {list.edges.map(({ node }) => (
          <Table.Row key={node.id}>
            <Table.Cell>
              <Link asChild colorPalette="blue">
                <RouterLink to={`/operator/partners/${node.partnerId}/edit`}>{node.shortName}</RouterLink>
              </Link>
              <Text fontSize="xs" color="fg.muted">
                {node.kind === 'SOLE_PROPRIETOR' || node.kind === 'LEGAL_ENTITY'
                  ? t(`adminPartners.kinds.${node.kind}`)
                  : ''}
              </Text>
            </Table.Cell>
            <Table.Cell>{node.inn}</Table.Cell>
            <Table.Cell>{node.ogrn}</Table.Cell>
            <Table.Cell>{node.email ?? '—'}</Table.Cell>
            <Table.Cell>{node.contractNumber ?? '—'}</Table.Cell>
            <Table.Cell>
              <AdminStatusBadge
                status={node.status}
                activeLabel={t('adminPartners.statuses.ACTIVE')}
                blockedLabel={t('adminPartners.statuses.BLOCKED')}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
    </AdminPagedList>
  );
}
