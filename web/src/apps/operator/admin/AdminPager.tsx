/**
 * The pager of the operator administration lists (issue 10; spec core §9): 'Назад', 'Страница N из M' and the next
 * page button, in a `nav` named by the page text. Shown only when there is more than one page.
 */
import { Button, HStack, Text } from '@chakra-ui/react';

/** The texts of the pager, already translated (each list keeps its own i18n keys). */
export interface AdminPagerLabels {
  prev: string;
  next: string;
  /** 'Страница {{page}} из {{pages}}' for a page number from 1 and the page count. */
  page: (counts: { page: number; pages: number }) => string;
}

/**
 * Previous/next buttons around the page number. `page` is the index of the page shown, from 0; `pages` the page
 * count (from `totalCount` and the page size). Next is disabled without `hasNextPage` or an `endCursor`; it calls
 * `onNext(endCursor)`. Renders nothing when `pages` ≤ 1.
 */
export function AdminPager({
  page,
  pages,
  hasNextPage,
  endCursor,
  onNext,
  onPrev,
  labels,
}: {
  page: number;
  pages: number;
  hasNextPage: boolean;
  endCursor: string | null | undefined;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
  labels: AdminPagerLabels;
}) {
  if (pages <= 1) return null;
  const pageText = labels.page({ page: page + 1, pages });
  return (
    <HStack as="nav" aria-label={pageText} justify="center" gap="4">
      <Button size="sm" variant="outline" disabled={page === 0} onClick={onPrev}>
        {labels.prev}
      </Button>
      <Text fontSize="sm">{pageText}</Text>
      <Button
        size="sm"
        variant="outline"
        disabled={!hasNextPage || !endCursor}
        onClick={() => endCursor && onNext(endCursor)}
      >
        {labels.next}
      </Button>
    </HStack>
  );
}
