/**
 * The page shell of the operator administration lists searched by text and filtered by ACTIVE/BLOCKED (issue 10;
 * payment agents and referral partners; spec core §9): the header with the create link, a search field and a status
 * select applied 600 ms after the last change, and the list below, kept on screen dimmed while the next page or
 * filter loads. The page supplies its texts and the list (its own Relay query and fragment).
 */
import { Button, Flex, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { LIST_FILTER_DEBOUNCE_MS } from '@platform/domain/limits';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import { AdminPageHeader } from './AdminPageHeader';
import { useCursorPaging, useDeferredListVars, type CursorPaging } from './useCursorPaging';

/** The status filter: '' for all. */
export type AdminStatusFilter = '' | 'ACTIVE' | 'BLOCKED';

/** The query variables of one page of the list: the trimmed search text, the status, the page cursor and index. */
export interface AdminSearchListVars {
  query: string;
  status: AdminStatusFilter;
  after: string | null;
  /** Index of the page, from 0. */
  page: number;
}

/** The translated texts of the page. */
export interface AdminListPageTexts {
  title: string;
  intro: string;
  /** The create link, e.g. 'Добавить партнёра'. */
  add: string;
  /** The search field's label, also the accessible name of the filter region. */
  search: string;
  searchPlaceholder: string;
  status: string;
  allStatuses: string;
  active: string;
  blocked: string;
}

/** The i18n groups whose keys follow the `AdminListPageTexts` layout (`statuses.ACTIVE`/`BLOCKED` for the status). */
export type AdminListPageNamespace = 'adminAgents' | 'adminPartners';

/** The texts of `AdminListPage` from the i18n group `ns` (e.g. 'adminAgents.title', 'adminAgents.statuses.ACTIVE'). */
export function adminListPageTexts(t: TFunction, ns: AdminListPageNamespace): AdminListPageTexts {
  return {
    title: t(`${ns}.title`),
    intro: t(`${ns}.intro`),
    add: t(`${ns}.add`),
    search: t(`${ns}.search`),
    searchPlaceholder: t(`${ns}.searchPlaceholder`),
    status: t(`${ns}.status`),
    allStatuses: t(`${ns}.allStatuses`),
    active: t(`${ns}.statuses.ACTIVE`),
    blocked: t(`${ns}.statuses.BLOCKED`),
  };
}

/**
 * `createPath` is the route of the create link. `children` renders the list for the (deferred) variables and the
 * pager callbacks; it may suspend while its query loads (a spinner is shown the first time).
 */
export function AdminListPage({
  texts,
  createPath,
  children,
}: {
  texts: AdminListPageTexts;
  createPath: string;
  children: (vars: AdminSearchListVars, paging: Pick<CursorPaging, 'onNext' | 'onPrev'>) => ReactNode;
}) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<AdminStatusFilter>('');
  const debounced = useDebouncedValue({ query, status }, LIST_FILTER_DEBOUNCE_MS);
  const filterKey = `${debounced.status}|${debounced.query.trim()}`;
  const { page, after, onNext, onPrev } = useCursorPaging(filterKey);
  const vars = useMemo<AdminSearchListVars>(
    () => ({ query: debounced.query.trim(), status: debounced.status, after, page }),
    [debounced.query, debounced.status, after, page],
  );
  const { deferred, stale, showLoading } = useDeferredListVars(vars);

  return (
    <Stack gap="6">
      <AdminPageHeader
        title={texts.title}
        intro={texts.intro}
        loading={showLoading}
        actions={
          <Button asChild>
            <RouterLink to={createPath}>{texts.add}</RouterLink>
          </Button>
        }
      />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" as="search" aria-label={texts.search}>
        <FormField label={texts.search}>
          <Input
            type="search"
            placeholder={texts.searchPlaceholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </FormField>
        <FormField label={texts.status}>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(e) => setStatus(e.target.value as AdminStatusFilter)}>
              <option value="">{texts.allStatuses}</option>
              <option value="ACTIVE">{texts.active}</option>
              <option value="BLOCKED">{texts.blocked}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </SimpleGrid>
      <Suspense fallback={<PageSpinner />}>
        <Flex direction="column" opacity={stale ? 0.6 : 1} aria-busy={stale}>
          {children(deferred, { onNext, onPrev })}
        </Flex>
      </Suspense>
    </Stack>
  );
}
