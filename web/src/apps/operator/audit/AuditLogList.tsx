/**
 * A page of the audit log (issue 10): 20 entries newest first, the total, and a pager ('Назад' / 'Вперёд'). The page
 * shown is chosen by the parent (its `after` cursor); this component reports the cursor of the next page.
 */
import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AuditLogList_administration$key } from '../../../__generated__/AuditLogList_administration.graphql';
import { AuditEntryRow } from './AuditEntryRow';
import { AdminPagedList, type AdminListProps } from '../admin/AdminPagedList';

/** Entries per page of the log. */
export const AUDIT_PAGE_SIZE = 20;

export function AuditLogList({
  administration: key,
  page,
  onNext,
  onPrev,
}: AdminListProps<AuditLogList_administration$key>) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment AuditLogList_administration on Administration
      @argumentDefinitions(
        filter: { type: "AuditLogFilter" }
        after: { type: "String" }
        first: { type: "Int", defaultValue: 20 }
      ) {
        auditLog(filter: $filter, first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            node {
              id
              ...AuditEntryRow_entry
            }
          }
        }
      }
    `,
    key,
  );
  const log = data.auditLog;
  if (!log) return null;
  return (
    <AdminPagedList
      connection={log}
      pageSize={AUDIT_PAGE_SIZE}
      page={page}
      onNext={onNext}
      onPrev={onPrev}
      totalTestId="audit-total"
      totalText={t('adminAudit.total', { total: log.totalCount })}
      emptyText={t('adminAudit.empty')}
      pagerLabels={{
        prev: t('adminAudit.prev'),
        next: t('adminAudit.next'),
        page: (counts) => t('adminAudit.page', counts),
      }}
    >
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t('adminAudit.list')}>
        {log.edges.map(({ node }) => (
          <AuditEntryRow key={node.id} entry={node} />
        ))}
      </Stack>
    </AdminPagedList>
  );
}
