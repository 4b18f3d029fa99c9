/**
 * 'Клиенты' (/operator/clients; issue 10, right CLIENTS; spec core §2 Operator area, §3 "Operator client filter", §9):
 * the client companies with filters by status, 'Название или ИНН' and registration period (applied 600 ms after the
 * last change), 10 per page with a pager and the total. A row opens the client card in a drawer (`?client=<id>` in the
 * URL, so the card can be linked and survives a reload); a status change there refreshes the list. A refresh keeps the
 * previous page on screen, dimmed, with a loading indicator shown for at least 1000 ms.
 */
import {
  Button,
  CloseButton,
  Drawer,
  Flex,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LIST_FILTER_DEBOUNCE_MS } from '@platform/domain/limits';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { OperatorClientsPageCardQuery } from '../../../__generated__/OperatorClientsPageCardQuery.graphql';
import type { OperatorClientsPageQuery } from '../../../__generated__/OperatorClientsPageQuery.graphql';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { SessionGone } from '../../../system/relay/SessionGone';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import { AdminPageHeader } from '../admin/AdminPageHeader';
import { useCursorPaging, useDeferredListVars } from '../admin/useCursorPaging';
import { ClientCard } from './ClientCard';
import { ClientList } from './ClientList';
import {
  CLIENT_STATUSES,
  EMPTY_CLIENT_FILTERS,
  clientFilterVariables,
  periodInvalid,
  type ClientFilterValues,
} from './clientFilters';

interface PageVars {
  filterKey: string;
  after: string | null;
  /** Index of the page, from 0. */
  page: number;
  /** Bumped after a status change to fetch the page again. */
  fetchKey: number;
}

/** The numeric client id of `?client=`, or null. */
function clientParam(value: string | null): number | null {
  return value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export function OperatorClientsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openId = clientParam(params.get('client'));
  const [form, setForm] = useState<ClientFilterValues>(EMPTY_CLIENT_FILTERS);
  const debounced = useDebouncedValue(form, LIST_FILTER_DEBOUNCE_MS);
  const filterKey = JSON.stringify(clientFilterVariables(debounced));
  const { page, after, onNext, onPrev } = useCursorPaging(filterKey);
  const [fetchKey, setFetchKey] = useState(0);
  const vars = useMemo<PageVars>(() => ({ filterKey, after, page, fetchKey }), [filterKey, after, page, fetchKey]);
  const { deferred, stale, showLoading } = useDeferredListVars(vars);

  const set = (key: keyof ClientFilterValues) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const open = (id: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('client', String(id));
      return next;
    });
  const close = () =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('client');
      return next;
    });

  return (
    <Stack gap="6">
      <AdminPageHeader title={t('adminClients.title')} intro={t('adminClients.intro')} loading={showLoading} />
      <ClientFilters form={form} set={set} onReset={() => setForm(EMPTY_CLIENT_FILTERS)} />
      <Suspense fallback={<PageSpinner />}>
        <ClientsContent vars={deferred} stale={stale} onNext={onNext} onPrev={onPrev} onOpen={open} />
      </Suspense>
      <Drawer.Root open={openId !== null} onOpenChange={(d) => !d.open && close()} size="lg" placement="end">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="client-drawer">
              <Drawer.Header>
                <Drawer.Title>{t('adminClients.card.title')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                {openId !== null && (
                  <Suspense fallback={<PageSpinner minH="30vh" />}>
                    <ClientCardLoader id={openId} onChanged={() => setFetchKey((k) => k + 1)} />
                  </Suspense>
                )}
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Stack>
  );
}

function ClientFilters({
  form,
  set,
  onReset,
}: {
  form: ClientFilterValues;
  set: (key: keyof ClientFilterValues) => (value: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const badPeriod = periodInvalid(form);
  const filtered = Object.values(form).some((v) => v !== '');
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="4" as="search" aria-label={t('adminClients.filters')}>
        <FormField label={t('adminClients.status')}>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.status} onChange={(e) => set('status')(e.target.value)}>
              <option value="">{t('adminClients.allStatuses')}</option>
              {CLIENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`adminClients.statuses.${s}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('adminClients.nameInn')}>
          <Input
            value={form.nameInn}
            maxLength={200}
            placeholder={t('adminClients.nameInnPlaceholder')}
            onChange={(e) => set('nameInn')(e.target.value)}
          />
        </FormField>
        <FormField label={t('adminClients.from')} error={badPeriod ? t('adminClients.periodInvalid') : undefined}>
          <Input type="date" value={form.from} onChange={(e) => set('from')(e.target.value)} />
        </FormField>
        <FormField label={t('adminClients.to')}>
          <Input type="date" value={form.to} onChange={(e) => set('to')(e.target.value)} />
        </FormField>
      </SimpleGrid>
      {filtered && (
        <Button size="sm" variant="ghost" alignSelf="flex-start" onClick={onReset}>
          {t('adminClients.reset')}
        </Button>
      )}
    </Stack>
  );
}

function ClientsContent(props: {
  vars: PageVars;
  stale: boolean;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
  onOpen: (id: number) => void;
}) {
  const { vars, stale, onNext, onPrev, onOpen } = props;
  const data = useLazyLoadQuery<OperatorClientsPageQuery>(
    graphql`
      query OperatorClientsPageQuery($filter: AdminClientFilter, $after: String) {
        viewer {
          id
          administration {
            ...ClientList_administration @arguments(filter: $filter, after: $after)
          }
        }
      }
    `,
    { filter: JSON.parse(vars.filterKey), after: vars.after },
    { fetchPolicy: 'store-and-network', fetchKey: vars.fetchKey },
  );
  const viewer = data.viewer;
  if (!viewer) return <SessionGone />;
  if (!viewer.administration) return null;
  return (
    <Flex direction="column" gap="4" opacity={stale ? 0.6 : 1} transition="opacity 0.2s" aria-busy={stale}>
      <ClientList
        administration={viewer.administration}
        page={vars.page}
        onNext={onNext}
        onPrev={onPrev}
        onOpen={onOpen}
      />
    </Flex>
  );
}

function ClientCardLoader({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<OperatorClientsPageCardQuery>(
    graphql`
      query OperatorClientsPageCardQuery($id: ID!) {
        viewer {
          id
          administration {
            client(id: $id) {
              ...ClientCard_client
            }
          }
        }
      }
    `,
    { id: String(id) },
    { fetchPolicy: 'store-and-network' },
  );
  if (!data.viewer) return <SessionGone />;
  const client = data.viewer.administration?.client;
  if (!client) return <Text role="status">{t('adminClients.card.notFound')}</Text>;
  return <ClientCard client={client} onChanged={onChanged} />;
}
