/**
 * One page of an operator administration list (issue 10; spec core §9): the total (announced politely), the
 * 'nothing found' status or the rows given as children, and the pager. Each list keeps its own Relay fragment and
 * rows; this is the frame around them.
 */
import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AdminPager, type AdminPagerLabels } from './AdminPager';

/**
 * The props of a list component: its Relay fragment key on `Administration` (`K`), the index of the page shown (from
 * 0) and the pager callbacks (`onNext` gets the `endCursor` of the page shown).
 */
export interface AdminListProps<K> {
  administration: K;
  /** Index of the page shown, from 0. */
  page: number;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
}

/** What the frame reads of a Relay connection page. */
export interface AdminConnectionPage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  edges: ReadonlyArray<unknown>;
}

/**
 * `connection` is the page fetched; `pageSize` the rows per page the query asked for (to count the pages); `page` the
 * index of the page shown, from 0. `totalText` is rendered with `data-testid={totalTestId}`; `emptyText` replaces
 * `children` when the page has no rows.
 */
export function AdminPagedList({
  connection,
  pageSize,
  page,
  onNext,
  onPrev,
  totalTestId,
  totalText,
  emptyText,
  pagerLabels,
  children,
}: {
  connection: AdminConnectionPage;
  pageSize: number;
  page: number;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
  totalTestId: string;
  totalText: string;
  emptyText: string;
  pagerLabels: AdminPagerLabels;
  children: ReactNode;
}) {
  const pages = Math.max(1, Math.ceil(connection.totalCount / pageSize));
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid={totalTestId}>
        {totalText}
      </Text>
      {connection.edges.length === 0 ? (
        <Text color="fg.muted" py="8" textAlign="center" role="status">
          {emptyText}
        </Text>
      ) : (
        children
      )}
      <AdminPager
        page={page}
        pages={pages}
        hasNextPage={connection.pageInfo.hasNextPage}
        endCursor={connection.pageInfo.endCursor}
        onNext={onNext}
        onPrev={onPrev}
        labels={pagerLabels}
      />
    </Stack>
  );
}
