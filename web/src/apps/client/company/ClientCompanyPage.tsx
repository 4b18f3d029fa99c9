/**
 * 'Моя компания' (/client/company; issue 8; spec core §2 Client "my company (tabs: main data, account, bank
 * requisites)"). The tab is kept in the query (`?tab=main|account|requisites`), so other pages link straight to a tab
 * (the verification panel's "add bank requisites" → `?tab=requisites`). One query loads the viewer for every tab;
 * `refresh()` reloads it from the network after a change that affects other data (e.g. the application to sign).
 */
import { Flex, Heading, Stack, Tabs } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { ClientCompanyPageQuery } from '../../../__generated__/ClientCompanyPageQuery.graphql';
import { RecommendClientButton } from '../recommend/RecommendClientDialog';
import { ReferralRequestsBanner } from '../referral/ReferralRequestsBanner';
import { BankRequisitesTab } from './BankRequisitesTab';
import { CompanyAccountTab } from './CompanyAccountTab';
import { CompanyMainTab } from './CompanyMainTab';

export const COMPANY_TABS = ['main', 'account', 'requisites'] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];

/** The tab of a `?tab=` value; the main data tab for anything else. */
export function companyTabOf(value: string | null): CompanyTab {
  return (COMPANY_TABS as readonly string[]).includes(value ?? '') ? (value as CompanyTab) : 'main';
}

export function ClientCompanyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = companyTabOf(params.get('tab'));
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<ClientCompanyPageQuery>(
    graphql`
      query ClientCompanyPageQuery {
        viewer {
          id
          ...CompanyMainTab_viewer
          ...CompanyAccountTab_viewer
          ...BankRequisitesTab_viewer
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const refresh = useCallback(() => setFetchKey((k) => k + 1), []);
  const viewer = data.viewer;
  if (!viewer) return null;

  return (
    <Stack gap="6">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="2xl">
          {t('company.title')}
        </Heading>
        {/* Issue 11: the recommend-a-client form (spec core §2 Shared). */}
        <RecommendClientButton />
      </Flex>
      <ReferralRequestsBanner />
      <Tabs.Root
        value={tab}
        onValueChange={(d) => setParams(d.value === 'main' ? {} : { tab: d.value }, { replace: true })}
        variant="line"
        lazyMount
      >
        <Tabs.List aria-label={t('company.tabs')} overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="main">{t('company.tabMain')}</Tabs.Trigger>
          <Tabs.Trigger value="account">{t('company.tabAccount')}</Tabs.Trigger>
          <Tabs.Trigger value="requisites">{t('company.tabRequisites')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="main">
          <CompanyMainTab viewer={viewer} />
        </Tabs.Content>
        <Tabs.Content value="account">
          <CompanyAccountTab viewer={viewer} />
        </Tabs.Content>
        <Tabs.Content value="requisites">
          <BankRequisitesTab viewer={viewer} onChanged={refresh} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
