/**
 * 'Журнал изменений' (/operator/audit; issue 10, right AUDIT_LOG): every administrative change — who, when, which
 * record, the fields before and after — with filters by record type, action, operator and period (applied 600 ms
 * after the last change, spec core §9), 20 per page with a pager and the total. A refresh keeps the previous page on
 * screen, dimmed, with a loading indicator shown for at least 1000 ms.
 */
import { AUDIT_ENTITY_TYPE_LABELS } from '@platform/domain/operator/audit';
import { Button, Flex, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LIST_FILTER_DEBOUNCE_MS } from '@platform/domain/limits';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { AuditLogPageQuery } from '../../../__generated__/AuditLogPageQuery.graphql';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { SessionGone } from '../../../system/relay/SessionGone';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import { AdminPageHeader } from '../admin/AdminPageHeader';
import { useCursorPaging, useDeferredListVars } from '../admin/useCursorPaging';
import {
  AUDIT_ENTITY_TYPES,
  EMPTY_AUDIT_FILTERS,
  auditFilterVariables,
  auditFiltersFromParams,
  periodInvalid,
  type AuditFilterValues,
} from './auditFilters';
import { AuditLogList } from './AuditLogList';

interface PageVars {
  filterKey: string;
  after: string | null;
  /** Index of the page, from 0. */
  page: number;
}

export function AuditLogPage() {
  const { t } = useTranslation();
  // A link may open the log filtered, e.g. one record's history: /operator/audit?entityType=CLIENT&entityId=7.
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<AuditFilterValues>(() => auditFiltersFromParams(params));
  const debounced = useDebouncedValue(form, LIST_FILTER_DEBOUNCE_MS);
  const filterKey = JSON.stringify(auditFilterVariables(debounced));
  const { page, after, onNext, onPrev } = useCursorPaging(filterKey);
  const vars = useMemo<PageVars>(() => ({ filterKey, after, page }), [filterKey, after, page]);
  const { deferred, stale, showLoading } = useDeferredListVars(vars);

  const set = (key: keyof AuditFilterValues) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <Stack gap="6">
      <AdminPageHeader title={t('adminAudit.title')} intro={t('adminAudit.intro')} loading={showLoading} />
      <Suspense fallback={<PageSpinner />}>
        <AuditLogContent
          vars={deferred}
          stale={stale}
          form={form}
          set={set}
          onReset={() => {
            setForm(EMPTY_AUDIT_FILTERS);
            if (params.size) setParams({}, { replace: true });
          }}
          onNext={onNext}
          onPrev={onPrev}
        />
      </Suspense>
    </Stack>
  );
}

function AuditLogContent(props: {
  vars: PageVars;
  stale: boolean;
  form: AuditFilterValues;
  set: (key: keyof AuditFilterValues) => (value: string) => void;
  onReset: () => void;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
}) {
  const { vars, stale, form, set, onReset, onNext, onPrev } = props;
  const { t } = useTranslation();
  const data = useLazyLoadQuery<AuditLogPageQuery>(
    graphql`
      query AuditLogPageQuery($filter: AuditLogFilter, $after: String) {
        viewer {
          id
          operators {
            userId
            name
            surname
          }
          administration {
            auditActions {
              code
              label
              entityType
            }
            ...AuditLogList_administration @arguments(filter: $filter, after: $after)
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
  const actions = admin.auditActions.filter((a) => !form.entityType || a.entityType === form.entityType);
  const badPeriod = periodInvalid(form);
  const filtered = Object.values(form).some((v) => v !== '');
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 5 }} gap="4" as="search" aria-label={t('adminAudit.filters')}>
        <FormField label={t('adminAudit.entityType')}>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={form.entityType}
              onChange={(e) => {
                set('entityType')(e.target.value);
                set('entityId')('');
                set('action')('');
              }}
            >
              <option value="">{t('adminAudit.allEntityTypes')}</option>
              {AUDIT_ENTITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {AUDIT_ENTITY_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('adminAudit.action')}>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.action} onChange={(e) => set('action')(e.target.value)}>
              <option value="">{t('adminAudit.allActions')}</option>
              {actions.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('adminAudit.actor')}>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.actor} onChange={(e) => set('actor')(e.target.value)}>
              <option value="">{t('adminAudit.allActors')}</option>
              {(viewer.operators ?? []).map((o) => (
                <option key={o.userId} value={String(o.userId)}>
                  {`${o.surname} ${o.name}`.trim()}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('adminAudit.from')} error={badPeriod ? t('adminAudit.periodInvalid') : undefined}>
          <Input type="date" value={form.from} onChange={(e) => set('from')(e.target.value)} />
        </FormField>
        <FormField label={t('adminAudit.to')}>
          <Input type="date" value={form.to} onChange={(e) => set('to')(e.target.value)} />
        </FormField>
      </SimpleGrid>
      {(form.entityId || filtered) && (
        <HStack gap="3" wrap="wrap">
          {form.entityId && (
            <Text fontSize="sm" data-testid="audit-record-filter">
              {t('adminAudit.oneRecord', { id: form.entityId })}
            </Text>
          )}
          <Button size="sm" variant="ghost" onClick={onReset}>
            {t('adminAudit.reset')}
          </Button>
        </HStack>
      )}
      <Flex direction="column" gap="4" opacity={stale ? 0.6 : 1} transition="opacity 0.2s" aria-busy={stale}>
        <AuditLogList administration={admin} page={vars.page} onNext={onNext} onPrev={onPrev} />
      </Flex>
    </Stack>
  );
}
