/**
 * 'Сотрудники' (/operator/operators; issue 10, right OPERATORS; spec core §2, §3 "Operator", §9 page size 20): the
 * operators with a search by name or e-mail, status and role filters (applied 600 ms after the last change), the
 * total, a pager, and 'Добавить сотрудника' (a dialog; the new operator gets an invitation mail).
 */
import { Button, Flex, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { LIST_FILTER_DEBOUNCE_MS } from '@platform/domain/limits';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { OperatorsPageQuery } from '../../../__generated__/OperatorsPageQuery.graphql';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { SessionGone } from '../../../system/relay/SessionGone';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import { AdminPageHeader } from '../admin/AdminPageHeader';
import { useCursorPaging, useDeferredListVars } from '../admin/useCursorPaging';
import { CreateOperatorDialog } from './CreateOperatorDialog';
import { OperatorList } from './OperatorList';
import {
  EMPTY_OPERATOR_FILTERS,
  OPERATOR_STATUSES,
  operatorFilterVariables,
  type OperatorFilterValues,
} from './operatorForm';

interface PageVars {
  filterKey: string;
  after: string | null;
  page: number;
}

export function OperatorsPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<OperatorFilterValues>(EMPTY_OPERATOR_FILTERS);
  const debounced = useDebouncedValue(form, LIST_FILTER_DEBOUNCE_MS);
  const filterKey = JSON.stringify(operatorFilterVariables(debounced));
  const { page, after, onNext, onPrev } = useCursorPaging(filterKey);
  const vars = useMemo<PageVars>(() => ({ filterKey, after, page }), [filterKey, after, page]);
  const { deferred, stale, showLoading } = useDeferredListVars(vars);

  return (
    <Stack gap="6">
      <AdminPageHeader title={t('adminOperators.title')} intro={t('adminOperators.intro')} loading={showLoading} />
      <Suspense fallback={<PageSpinner />}>
        <OperatorsContent vars={deferred} stale={stale} form={form} setForm={setForm} onNext={onNext} onPrev={onPrev} />
      </Suspense>
    </Stack>
  );
}

function OperatorsContent(props: {
  vars: PageVars;
  stale: boolean;
  form: OperatorFilterValues;
  setForm: (f: OperatorFilterValues) => void;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
}) {
  const { vars, stale, form, setForm, onNext, onPrev } = props;
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const data = useLazyLoadQuery<OperatorsPageQuery>(
    graphql`
      query OperatorsPageQuery($filter: OperatorFilter, $after: String) {
        viewer {
          id
          administration {
            rightCatalog {
              roles {
                role
                label
              }
            }
            ...OperatorList_administration @arguments(filter: $filter, after: $after)
          }
        }
      }
    `,
    { filter: JSON.parse(vars.filterKey), after: vars.after },
    { fetchPolicy: 'store-and-network' },
  );
  const viewer = data.viewer;
  if (!viewer) return <SessionGone />;
  const admin = viewer.administration;
  if (!admin) return null;
  const roles = admin.rightCatalog.roles;
  const filtered = Object.values(form).some((v) => v !== '');
  return (
    <Stack gap="4">
      <HStack justify="flex-end">
        <Button onClick={() => setCreating(true)}>{t('adminOperators.create')}</Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" as="search" aria-label={t('adminOperators.filters')}>
        <FormField label={t('adminOperators.query')}>
          <Input
            value={form.query}
            placeholder={t('adminOperators.queryPlaceholder')}
            onChange={(e) => setForm({ ...form, query: e.target.value })}
          />
        </FormField>
        <FormField label={t('adminOperators.status')}>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={form.status}
              onChange={(e) => setForm({ ...form, status: e.target.value as OperatorFilterValues['status'] })}
            >
              <option value="">{t('adminOperators.allStatuses')}</option>
              {OPERATOR_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`adminOperators.statuses.${s}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('adminOperators.role')}>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={form.role}
              onChange={(e) => setForm({ ...form, role: e.target.value as OperatorFilterValues['role'] })}
            >
              <option value="">{t('adminOperators.allRoles')}</option>
              {roles.map((r) => (
                <option key={r.role} value={r.role}>
                  {r.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </SimpleGrid>
      {filtered && (
        <Button size="sm" variant="ghost" alignSelf="flex-start" onClick={() => setForm(EMPTY_OPERATOR_FILTERS)}>
          {t('adminOperators.reset')}
        </Button>
      )}
      <Flex direction="column" gap="4" opacity={stale ? 0.6 : 1} transition="opacity 0.2s" aria-busy={stale}>
        <OperatorList administration={admin} page={vars.page} onNext={onNext} onPrev={onPrev} />
      </Flex>
      <CreateOperatorDialog open={creating} onClose={() => setCreating(false)} roles={roles} />
    </Stack>
  );
}
