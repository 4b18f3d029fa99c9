/**
 * The client's requests (/client/fea/*, spec core §2): tabs current / completed / cancelled with counts,
 * 10 per page, filter by number (debounced 600 ms, applied only when numeric — spec core §5, §9), and
 * 'Создать заявку'; an unverified client sees why requests are closed and the way to 'Моя компания' (UnverifiedBanner,
 * spec core §6, issue 8). After a request is created the list and the counts are fetched again and the
 * 'current' tab is shown, where the new request appears with its display status.
 * /client/fea/:orderId opens the request modal over the list (descendant route of the `fea/*` catch-all);
 * closing it returns to the list with its tab and fetches the list and counts again (the request may have moved).
 */
import { useTranslation } from 'react-i18next';
import { Button, Flex, Heading, Input, Stack } from '@chakra-ui/react';
import { lazy, startTransition, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import type { ClientFeaPageQuery } from '../../../__generated__/ClientFeaPageQuery.graphql';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { SessionGone } from '../../../system/relay/SessionGone';
import { LIST_FILTER_DEBOUNCE_MS } from '@platform/domain/limits';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
// The domain rule itself (spec core §5), not system/validation: that module and the §5 form rules stay out of this
// page's first load (issue 13); parseOrderNumberFilter there is the same rule.
import { numericOrderFilter } from '@platform/domain/search';
import { useOrderEvents } from '../../../system/realtime/useOrderEvents';
import { ClientOrderList } from './ClientOrderList';
import { CLIENT_TABS, ClientOrderTabs, isClientTab, type ClientTab } from './ClientOrderTabs';
import { UnverifiedBanner } from '../verification/UnverifiedBanner';
import { guardChunkLoad } from '../../../system/shell/chunkGuard';
import { listVariables, takeListPreload } from './preloadClientFea';

// The create dialog and the request modal load when first opened, not with the list (issue 13 "Fast first load").
// Behind the page chunk failure guard (chat-and-shell §4), like the route chunks.
const CreateOrderDialog = lazy(() =>
  guardChunkLoad(() => import('./CreateOrderDialog')).then((m) => ({ default: m.CreateOrderDialog })),
);
const ClientOrderModal = lazy(() =>
  guardChunkLoad(() => import('./order/ClientOrderModal')).then((m) => ({ default: m.ClientOrderModal })),
);

interface ListVars {
  tab: ClientTab;
  number: string | null;
  fetchKey: number;
}

export function ClientFeaPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab: ClientTab = isClientTab(rawTab) ? rawTab : 'current';
  const [numberText, setNumberText] = useState('');
  const debouncedNumber = useDebouncedValue(numberText, LIST_FILTER_DEBOUNCE_MS);
  const parsed = numericOrderFilter(debouncedNumber) ?? null;
  const [fetchKey, setFetchKey] = useState(0);
  // Live order events (issue 12): a new offer, a status change… fetch the list and the counts again (no reload).
  useOrderEvents(() => startTransition(() => setFetchKey((k) => k + 1)));
  // ?create=1 opens the create dialog at once (a referral partner arriving by re-login, issue 11).
  const [createOpen, setCreateOpen] = useState(() => params.get('create') === '1');
  const number = parsed == null ? null : String(parsed);
  const vars = useMemo<ListVars>(() => ({ tab, number, fetchKey }), [tab, number, fetchKey]);
  // The list of the entry tab preloaded with the route (preloadClientFea, issue 13): read once from the store or the
  // request in flight, not fetched a second time.
  const environment = useRelayEnvironment();
  const [preloadedTab, setPreloadedTab] = useState(() => {
    const { tab: api } = listVariables(params.toString());
    return takeListPreload(environment, api) ? api : null;
  });
  // Only the entry list: another tab or a filter, and coming back later, fetch as usual.
  if (preloadedTab !== null && (CLIENT_TABS.find((t) => t.value === tab)?.api !== preloadedTab || number !== null))
    setPreloadedTab(null);
  // Keep the previous list on screen while the next one loads.
  const deferred = useDeferredValue(vars);

  const setTab = (next: ClientTab) => setParams(next === 'current' ? {} : { tab: next }, { replace: true });
  const navigate = useNavigate();
  const closeOrder = () => {
    navigate({ pathname: '/client/fea', search: params.toString() ? `?${params.toString()}` : '' });
    setFetchKey((k) => k + 1);
  };

  const onCreated = () => {
    setCreateOpen(false);
    setNumberText('');
    setTab('current');
    setFetchKey((k) => k + 1);
  };

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
        gap="4"
      >
        <Heading as="h1" size="2xl">
          {t('orders.title')}
        </Heading>
        <Button onClick={() => setCreateOpen(true)}>{t('orders.create')}</Button>
      </Flex>
      <Flex gap="4" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-end' }}>
        <Stack maxW={{ md: 'xs' }} flex="1">
          <FormField label={t('orders.numberFilter')}>
            <Input
              type="search"
              inputMode="numeric"
              value={numberText}
              onChange={(e) => setNumberText(e.target.value)}
              placeholder={t('orders.numberFilterPlaceholder')}
            />
          </FormField>
        </Stack>
      </Flex>
      <Suspense fallback={<PageSpinner />}>
        <ClientFeaContent
          vars={deferred}
          preloadedTab={preloadedTab}
          stale={deferred !== vars}
          onTab={setTab}
          createOpen={createOpen}
          onCreateOpenChange={setCreateOpen}
          onCreated={onCreated}
        />
      </Suspense>
      <Routes>
        <Route
          path=":orderId"
          element={
            <Suspense fallback={<PageSpinner />}>
              <ClientOrderModal onClose={closeOrder} />
            </Suspense>
          }
        />
      </Routes>
    </Stack>
  );
}

function ClientFeaContent(props: {
  vars: ListVars;
  /** The API tab whose list was preloaded with the route, if any. */
  preloadedTab: string | null;
  stale: boolean;
  onTab: (tab: ClientTab) => void;
  createOpen: boolean;
  onCreateOpenChange: (open: boolean) => void;
  onCreated: () => void;
}) {
  const { vars, preloadedTab, stale, onTab, createOpen, onCreateOpenChange, onCreated } = props;
  // Mounted from the first opening on (so that it can animate its closing).
  const [createMounted, setCreateMounted] = useState(createOpen);
  if (createOpen && !createMounted) setCreateMounted(true);
  const apiTab = CLIENT_TABS.find((t) => t.value === vars.tab)?.api ?? 'CURRENT';
  const data = useLazyLoadQuery<ClientFeaPageQuery>(
    graphql`
      query ClientFeaPageQuery($tab: OrderTab!, $number: String) {
        viewer {
          id
          ...ClientOrderTabs_viewer
          ...ClientOrderList_viewer @arguments(tab: $tab, number: $number)
          ...CreateOrderDialog_viewer
          ...UnverifiedBanner_viewer
        }
      }
    `,
    { tab: apiTab, number: vars.number },
    {
      fetchPolicy:
        vars.fetchKey > 0
          ? 'network-only'
          : apiTab === preloadedTab && vars.number == null
            ? 'store-or-network'
            : 'store-and-network',
      fetchKey: vars.fetchKey,
    },
  );
  if (!data.viewer) return <SessionGone />;
  return (
    <Stack gap="4" opacity={stale ? 0.6 : 1} transition="opacity 0.2s" aria-busy={stale}>
      <UnverifiedBanner viewer={data.viewer} />
      <ClientOrderTabs viewer={data.viewer} value={vars.tab} onChange={onTab} />
      <ClientOrderList viewer={data.viewer} />
      {createMounted && (
        <Suspense fallback={null}>
          <CreateOrderDialog
            viewer={data.viewer}
            open={createOpen}
            onOpenChange={onCreateOpenChange}
            onCreated={onCreated}
          />
        </Suspense>
      )}
    </Stack>
  );
}
