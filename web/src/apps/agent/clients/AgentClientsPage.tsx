/**
 * 'Клиенты' of the referral partner (/agent/clients; issue 11; spec core §2 "Agent area", §3 "Client added by a
 * partner", §5 search, §6 "sees verification share", §9 page size 10 and 600 ms debounce): the verification share
 * 'Верифицировано N из M (P %)', the search by name, INN or OGRN (applied 600 ms after the last change), the clients
 * 10 per page with a pager, and 'Добавить клиента' opening the add-client wizard. A row opens the client card
 * /agent/clients/{ogrn}. A refresh keeps the previous page on screen, dimmed, with the loading indicator.
 */
import { Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { LIST_FILTER_DEBOUNCE_MS } from '@platform/domain/limits';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { AgentClientsPageQuery } from '../../../__generated__/AgentClientsPageQuery.graphql';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { SessionGone } from '../../../system/relay/SessionGone';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import { AdminPageHeader } from '../../operator/admin/AdminPageHeader';
import { useCursorPaging, useDeferredListVars } from '../../operator/admin/useCursorPaging';
import { AddClientWizard } from './AddClientWizard';
import { AgentClientList } from './AgentClientList';

interface PageVars {
  search: string;
  after: string | null;
  /** Index of the page, from 0. */
  page: number;
  /** Bumped after an addition to fetch the page again. */
  fetchKey: number;
}

export function AgentClientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), LIST_FILTER_DEBOUNCE_MS);
  const { page, after, onNext, onPrev } = useCursorPaging(search);
  const [fetchKey, setFetchKey] = useState(0);
  const [wizardOpen, setWizardOpen] = useState(false);
  const vars = useMemo<PageVars>(() => ({ search, after, page, fetchKey }), [search, after, page, fetchKey]);
  const { deferred, stale, showLoading } = useDeferredListVars(vars);

  return (
    <Stack gap="6">
      <AdminPageHeader
        title={t('agentClients.title')}
        intro={t('agentClients.intro')}
        loading={showLoading}
        actions={<Button onClick={() => setWizardOpen(true)}>{t('agentClients.add')}</Button>}
      />
      <Stack as="search" aria-label={t('agentClients.searchLabel')} maxW="md">
        <FormField label={t('agentClients.search')}>
          <Input
            value={text}
            maxLength={200}
            placeholder={t('agentClients.searchPlaceholder')}
            onChange={(e) => setText(e.target.value)}
          />
        </FormField>
      </Stack>
      <Suspense fallback={<PageSpinner />}>
        <ClientsContent
          vars={deferred}
          stale={stale}
          onNext={onNext}
          onPrev={onPrev}
          onOpen={(ogrn) => navigate(`/agent/clients/${ogrn}`)}
        />
      </Suspense>
      <AddClientWizard
        open={wizardOpen}
        onClose={() => setWizardOpen(false)}
        onAdded={() => setFetchKey((k) => k + 1)}
      />
    </Stack>
  );
}

function ClientsContent(props: {
  vars: PageVars;
  stale: boolean;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
  onOpen: (ogrn: string) => void;
}) {
  const { vars, stale, onNext, onPrev, onOpen } = props;
  const { t } = useTranslation();
  const data = useLazyLoadQuery<AgentClientsPageQuery>(
    graphql`
      query AgentClientsPageQuery($search: String, $after: String) {
        viewer {
          id
          referralPartnerArea {
            verificationShare {
              label
            }
            ...AgentClientList_area @arguments(search: $search, after: $after)
          }
        }
      }
    `,
    { search: vars.search || null, after: vars.after },
    { fetchPolicy: 'store-and-network', fetchKey: vars.fetchKey },
  );
  const viewer = data.viewer;
  if (!viewer) return <SessionGone />;
  const area = viewer.referralPartnerArea;
  if (!area) return null;
  return (
    <Flex direction="column" gap="4" opacity={stale ? 0.6 : 1} transition="opacity 0.2s" aria-busy={stale}>
      <Text fontWeight="medium" data-testid="verification-share" aria-label={t('agentClients.shareLabel')}>
        {area.verificationShare.label}
      </Text>
      <AgentClientList area={area} page={vars.page} onNext={onNext} onPrev={onPrev} onOpen={onOpen} />
    </Flex>
  );
}
