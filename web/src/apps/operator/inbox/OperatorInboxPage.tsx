/**
 * 'Обращения' (/operator/inbox; issue 11, right CLIENTS): callback requests of the public site and clients'
 * recommendations, newest first, filtered by kind and status (NEW by default, so nothing waiting is missed), 20 per
 * page. Each item is marked 'Обработано' or returned with 'Вернуть в новые'; after a change the page is fetched again
 * (an item may leave the filter). A refresh keeps the previous page on screen, dimmed.
 */
import { Flex, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { INBOX_KIND_LABELS, INBOX_KINDS, INBOX_STATUS_LABELS, INBOX_STATUSES } from '@platform/domain/operator/inbox';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type {
  InboxItemKind,
  InboxItemStatus,
  OperatorInboxPageQuery,
} from '../../../__generated__/OperatorInboxPageQuery.graphql';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { SessionGone } from '../../../system/relay/SessionGone';
import { AdminPageHeader } from '../admin/AdminPageHeader';
import { useCursorPaging, useDeferredListVars } from '../admin/useCursorPaging';
import { InboxList } from './InboxList';

interface PageVars {
  kind: InboxItemKind | '';
  status: InboxItemStatus | '';
  after: string | null;
  page: number;
  fetchKey: number;
}

export function OperatorInboxPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<InboxItemKind | ''>('');
  const [status, setStatus] = useState<InboxItemStatus | ''>('NEW');
  const { page, after, onNext, onPrev } = useCursorPaging(`${kind}|${status}`);
  const [fetchKey, setFetchKey] = useState(0);
  const vars = useMemo<PageVars>(
    () => ({ kind, status, after, page, fetchKey }),
    [kind, status, after, page, fetchKey],
  );
  const { deferred, stale, showLoading } = useDeferredListVars(vars);

  return (
    <Stack gap="6">
      <AdminPageHeader title={t('inbox.title')} intro={t('inbox.intro')} loading={showLoading} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" as="search" aria-label={t('inbox.filters')}>
        <FormField label={t('inbox.kind')}>
          <NativeSelect.Root>
            <NativeSelect.Field value={kind} onChange={(e) => setKind(e.target.value as InboxItemKind | '')}>
              <option value="">{t('inbox.allKinds')}</option>
              {INBOX_KINDS.map((k) => (
                <option key={k} value={k}>
                  {INBOX_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('inbox.status')}>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(e) => setStatus(e.target.value as InboxItemStatus | '')}>
              <option value="">{t('inbox.allStatuses')}</option>
              {INBOX_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {INBOX_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </SimpleGrid>
      <Suspense fallback={<PageSpinner />}>
        <InboxContent
          vars={deferred}
          stale={stale}
          onNext={onNext}
          onPrev={onPrev}
          onChanged={() => setFetchKey((k) => k + 1)}
        />
      </Suspense>
    </Stack>
  );
}

function InboxContent(props: {
  vars: PageVars;
  stale: boolean;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
  onChanged: () => void;
}) {
  const { vars, stale, onNext, onPrev, onChanged } = props;
  const data = useLazyLoadQuery<OperatorInboxPageQuery>(
    graphql`
      query OperatorInboxPageQuery($kind: InboxItemKind, $status: InboxItemStatus, $after: String) {
        viewer {
          id
          administration {
            # Refetched after every status change: keeps the 'Обращения' badge of DefaultLayout current (same record).
            inboxNewCount
            ...InboxList_administration @arguments(kind: $kind, status: $status, after: $after)
          }
        }
      }
    `,
    { kind: vars.kind || null, status: vars.status || null, after: vars.after },
    { fetchPolicy: 'store-and-network', fetchKey: vars.fetchKey },
  );
  const viewer = data.viewer;
  if (!viewer) return <SessionGone />;
  if (!viewer.administration) return null;
  return (
    <Flex direction="column" gap="4" opacity={stale ? 0.6 : 1} transition="opacity 0.2s" aria-busy={stale}>
      <InboxList
        administration={viewer.administration}
        page={vars.page}
        onNext={onNext}
        onPrev={onPrev}
        onChanged={onChanged}
      />
    </Flex>
  );
}
