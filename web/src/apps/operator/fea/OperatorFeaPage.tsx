/**
 * The operator's requests (/operator/fea/*, spec core §2): tabs new / in work / in deals / in results / all with
 * counts, filters by number (numeric only), client (name or INN), employee and payment agent, refreshed 600 ms
 * after the last change (spec core §9), 10 per page. A refresh keeps the previous list on screen, dimmed, with a
 * loading indicator shown for at least 1000 ms (spec core §9). /operator/fea/:orderId opens the request modal
 * over the list; closing it fetches the list and counts again.
 */
import { Flex, HStack, Heading, Input, NativeSelect, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { startTransition, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import type { OperatorFeaPageQuery } from '../../../__generated__/OperatorFeaPageQuery.graphql';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { SessionGone } from '../../../system/relay/SessionGone';
import { LIST_FILTER_DEBOUNCE_MS } from '@platform/domain/limits';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import { useMinimumDisplay } from '../../../system/useMinimumDisplay';
import { useOrderEvents } from '../../../system/realtime/useOrderEvents';
import {
  EMPTY_OPERATOR_FILTERS,
  apiTab,
  employeeOptions,
  isOperatorTab,
  operatorFilterVariables,
  type OperatorFilterValues,
  type OperatorTab,
} from './operatorFilters';
import { OperatorOrderList, type SeenValidator } from './OperatorOrderList';
import { OperatorOrderModal } from './OperatorOrderModal';
import { OperatorOrderTabs } from './OperatorOrderTabs';

interface ListVars {
  tab: OperatorTab;
  filters: ReturnType<typeof operatorFilterVariables>;
  fetchKey: number;
}

export function OperatorFeaPage() {
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab: OperatorTab = isOperatorTab(rawTab) ? rawTab : 'new';
  const [form, setForm] = useState<OperatorFilterValues>(EMPTY_OPERATOR_FILTERS);
  const debounced = useDebouncedValue(form, LIST_FILTER_DEBOUNCE_MS);
  const filterKey = JSON.stringify(operatorFilterVariables(debounced));
  const [fetchKey, setFetchKey] = useState(0);
  // Live order events (issue 12): any change of an order fetches the list and the counts again (no reload).
  useOrderEvents(() => startTransition(() => setFetchKey((k) => k + 1)));
  const vars = useMemo<ListVars>(() => ({ tab, filters: JSON.parse(filterKey), fetchKey }), [tab, filterKey, fetchKey]);
  const deferred = useDeferredValue(vars);
  const stale = deferred !== vars;
  const showLoading = useMinimumDisplay(stale);
  const [validators, setValidators] = useState<Map<number, string>>(new Map());
  const navigate = useNavigate();

  const setTab = (next: OperatorTab) => setParams(next === 'new' ? {} : { tab: next }, { replace: true });
  const set = (key: keyof OperatorFilterValues) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const onValidators = useCallback((seen: SeenValidator[]) => {
    setValidators((prev) => {
      if (seen.every((v) => prev.has(v.userId))) return prev;
      const next = new Map(prev);
      for (const v of seen) next.set(v.userId, v.name);
      return next;
    });
  }, []);
  const closeOrder = () => {
    navigate({ pathname: '/operator/fea', search: params.toString() ? `?${params.toString()}` : '' });
    setFetchKey((k) => k + 1);
  };

  return (
    <Stack gap="6">
      <HStack justify="space-between" gap="4">
        <Heading as="h1" size="2xl">
          Заявки
        </Heading>
        {showLoading && <Spinner size="sm" aria-label="Загрузка" data-testid="list-loading" />}
      </HStack>
      <Suspense fallback={<PageSpinner />}>
        <OperatorFeaContent
          vars={deferred}
          stale={stale}
          form={form}
          set={set}
          onTab={setTab}
          validators={validators}
          onValidators={onValidators}
        />
      </Suspense>
      <Routes>
        <Route path=":orderId" element={<OperatorOrderModal onClose={closeOrder} />} />
      </Routes>
    </Stack>
  );
}

function OperatorFeaContent(props: {
  vars: ListVars;
  stale: boolean;
  form: OperatorFilterValues;
  set: (key: keyof OperatorFilterValues) => (value: string) => void;
  onTab: (tab: OperatorTab) => void;
  validators: Map<number, string>;
  onValidators: (v: SeenValidator[]) => void;
}) {
  const { vars, stale, form, set, onTab, validators, onValidators } = props;
  const data = useLazyLoadQuery<OperatorFeaPageQuery>(
    graphql`
      query OperatorFeaPageQuery(
        $tab: OperatorOrderTab!
        $number: String
        $client: String
        $employee: Int
        $partner: Int
      ) {
        viewer {
          id
          userId
          activePartners {
            partnerId
            brand
            shortName
          }
          operators {
            userId
            name
            surname
          }
          ...OperatorOrderTabs_viewer
            @arguments(number: $number, client: $client, employee: $employee, partner: $partner)
          ...OperatorOrderList_viewer
            @arguments(tab: $tab, number: $number, client: $client, employee: $employee, partner: $partner)
        }
      }
    `,
    { tab: apiTab(vars.tab), ...vars.filters },
    { fetchPolicy: vars.fetchKey > 0 ? 'network-only' : 'store-and-network', fetchKey: vars.fetchKey },
  );
  const viewer = data.viewer;
  if (!viewer) return <SessionGone />;
  const employees = employeeOptions(viewer.operators, validators, viewer.userId);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="4" as="search" aria-label="Фильтры заявок">
        <FormField label="Номер заявки">
          <Input
            type="search"
            inputMode="numeric"
            value={form.number}
            onChange={(e) => set('number')(e.target.value)}
            placeholder="Например, 125"
          />
        </FormField>
        <FormField label="Клиент">
          <Input
            type="search"
            value={form.client}
            onChange={(e) => set('client')(e.target.value)}
            placeholder="Название или ИНН"
          />
        </FormField>
        <FormField label="Сотрудник">
          <NativeSelect.Root>
            <NativeSelect.Field value={form.employee} onChange={(e) => set('employee')(e.target.value)}>
              <option value="">Все сотрудники</option>
              <option value={String(viewer.userId)}>Я</option>
              {employees.map(([id, name]) => (
                <option key={id} value={String(id)}>
                  {name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Платёжный агент">
          <NativeSelect.Root>
            <NativeSelect.Field value={form.partner} onChange={(e) => set('partner')(e.target.value)}>
              <option value="">Все агенты</option>
              {(viewer.activePartners ?? []).map((p) => (
                <option key={p.partnerId} value={String(p.partnerId)}>
                  {p.brand ?? p.shortName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </SimpleGrid>
      {form.number.trim() !== '' && !/^\d+$/.test(form.number.trim()) && (
        <Text fontSize="sm" color="gray.600">
          Номер заявки — только цифры
        </Text>
      )}
      <Flex direction="column" gap="4" opacity={stale ? 0.6 : 1} transition="opacity 0.2s" aria-busy={stale}>
        <OperatorOrderTabs viewer={viewer} value={vars.tab} onChange={onTab} />
        <OperatorOrderList viewer={viewer} onValidators={onValidators} />
      </Flex>
    </Stack>
  );
}
