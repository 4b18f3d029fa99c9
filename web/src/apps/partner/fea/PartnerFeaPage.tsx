/**
 * The payment agent's requests (/partner and /partner/:orderId, spec core §2 "Payment agent"): tabs new / in work /
 * deals / results / all with counts (spec core §4), filters by number (only when numeric, §5), counterparty
 * country and payment term, refreshed 600 ms after the last change (§9), 10 per page; a request opens in the modal
 * at /partner/<orderId> (the tab and filters stay). Closing the modal reloads the list and the counts, since an
 * action in it may move the request to another tab.
 */
import { Box, Button, Flex, Heading, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { startTransition, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { PartnerFeaPageQuery } from '../../../__generated__/PartnerFeaPageQuery.graphql';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { CountryPicker } from '../../../components/pickers/CountryPicker';
import { NotFoundPage } from '../../../system/errors/ErrorPage';
import { SessionGone } from '../../../system/relay/SessionGone';
import { LIST_FILTER_DEBOUNCE_MS } from '@platform/domain/limits';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import { MESSAGES } from '../../../system/validation';
import { useOrderEvents } from '../../../system/realtime/useOrderEvents';
import { PartnerOrderList } from './PartnerOrderList';
import { PartnerOrderTabs } from './PartnerOrderTabs';
import { PartnerOrderDialog } from './order/PartnerOrderDialog';
import {
  EMPTY_PARTNER_FILTER,
  hasPartnerFilter,
  isTermInverted,
  partnerListFilter,
  type PartnerFilterState,
  type PartnerListFilter,
} from './partnerFilters';
import { DEFAULT_PARTNER_TAB, partnerTabApi, partnerTabOf, type PartnerTab } from './partnerTabs';
import { PT } from './texts';

interface ListVars extends PartnerListFilter {
  tab: PartnerTab;
  fetchKey: number;
}

export function PartnerFeaPage() {
  const { pathname } = useLocation();
  // A layout route over /partner and /partner/* (routes.tsx): the request id is the rest of the path.
  const orderPath = pathname.replace(/^\/partner\/?/, '').replace(/\/+$/, '');
  // /partner/{path} is a catch-all (spec core §2); only a numeric order id opens a request.
  if (orderPath !== '' && !/^\d{1,15}$/.test(orderPath)) return <NotFoundPage />;
  return <PartnerRequests orderId={orderPath === '' ? null : Number(orderPath)} />;
}

function PartnerRequests({ orderId }: { orderId: number | null }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const tab = partnerTabOf(params.get('tab'));
  const [filter, setFilter] = useState<PartnerFilterState>(EMPTY_PARTNER_FILTER);
  const [countryKey, setCountryKey] = useState(0);
  const debounced = useDebouncedValue(filter, LIST_FILTER_DEBOUNCE_MS);
  const applied = useMemo(() => partnerListFilter(debounced), [debounced]);
  const [fetchKey, setFetchKey] = useState(0);
  // Live order events (issue 12): an acceptance, a new request… fetch the list and the counts again (no reload).
  useOrderEvents(() => startTransition(() => setFetchKey((k) => k + 1)));
  const vars = useMemo<ListVars>(() => ({ tab, fetchKey, ...applied }), [tab, fetchKey, applied]);
  // Keep the previous list on screen while the next one loads.
  const deferred = useDeferredValue(vars);

  const setTab = (next: PartnerTab) => {
    const p = new URLSearchParams(params);
    if (next === DEFAULT_PARTNER_TAB) p.delete('tab');
    else p.set('tab', next);
    setParams(p, { replace: true });
  };
  const patch = (p: Partial<PartnerFilterState>) => setFilter((f) => ({ ...f, ...p }));
  const resetFilters = () => {
    setFilter(EMPTY_PARTNER_FILTER);
    setCountryKey((k) => k + 1);
  };
  const closeOrder = () => {
    navigate({ pathname: '/partner', search: location.search }, { replace: false });
    setFetchKey((k) => k + 1);
  };
  const inverted = isTermInverted(filter);

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {PT.title}
      </Heading>
      <Box as="section" aria-label={PT.filters}>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4" alignItems="flex-start">
          <FormField label={PT.numberFilter}>
            <Input
              type="search"
              inputMode="numeric"
              value={filter.number}
              placeholder={PT.numberFilterPlaceholder}
              onChange={(e) => patch({ number: e.target.value })}
            />
          </FormField>
          <Stack gap="1">
            <CountryPicker
              key={countryKey}
              label={PT.countryFilter}
              value={filter.country}
              onInputChange={(text) => {
                if (!text.trim() || filter.country) patch({ country: null });
              }}
              onSelect={(c) => patch({ country: c })}
            />
          </Stack>
          <FormField label={PT.dateFromFilter}>
            <Input type="date" value={filter.dateFrom} onChange={(e) => patch({ dateFrom: e.target.value })} />
          </FormField>
          <FormField label={PT.dateToFilter} error={inverted ? MESSAGES.dateOrder : undefined}>
            <Input type="date" value={filter.dateTo} onChange={(e) => patch({ dateTo: e.target.value })} />
          </FormField>
        </SimpleGrid>
        {hasPartnerFilter(filter) && (
          <Flex mt="2">
            <Button variant="ghost" size="sm" onClick={resetFilters}>
              {PT.resetFilters}
            </Button>
          </Flex>
        )}
      </Box>
      <Suspense fallback={<PageSpinner />}>
        <PartnerFeaContent vars={deferred} stale={deferred !== vars} onTab={setTab} />
      </Suspense>
      {orderId != null && <PartnerOrderDialog orderId={orderId} onClose={closeOrder} />}
    </Stack>
  );
}

function PartnerFeaContent({
  vars,
  stale,
  onTab,
}: {
  vars: ListVars;
  stale: boolean;
  onTab: (tab: PartnerTab) => void;
}) {
  const data = useLazyLoadQuery<PartnerFeaPageQuery>(
    graphql`
      query PartnerFeaPageQuery(
        $tab: PartnerOrderTab!
        $number: String
        $countryCode: String
        $paymentDateFrom: Date
        $paymentDateTo: Date
      ) {
        viewer {
          id
          ...PartnerOrderTabs_viewer
            @arguments(
              number: $number
              countryCode: $countryCode
              paymentDateFrom: $paymentDateFrom
              paymentDateTo: $paymentDateTo
            )
          ...PartnerOrderList_viewer
            @arguments(
              tab: $tab
              number: $number
              countryCode: $countryCode
              paymentDateFrom: $paymentDateFrom
              paymentDateTo: $paymentDateTo
            )
        }
      }
    `,
    {
      tab: partnerTabApi(vars.tab),
      number: vars.number,
      countryCode: vars.countryCode,
      paymentDateFrom: vars.paymentDateFrom,
      paymentDateTo: vars.paymentDateTo,
    },
    { fetchPolicy: vars.fetchKey > 0 ? 'network-only' : 'store-and-network', fetchKey: vars.fetchKey },
  );
  if (!data.viewer) return <SessionGone />;
  return (
    <Stack gap="4" opacity={stale ? 0.6 : 1} transition="opacity 0.2s" aria-busy={stale}>
      <PartnerOrderTabs viewer={data.viewer} value={vars.tab} onChange={onTab} />
      <PartnerOrderList viewer={data.viewer} />
    </Stack>
  );
}
