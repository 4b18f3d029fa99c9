/**
 * 'Моя компания' of the referral partner (/agent/company; issue 11; spec core §2 "Screens by role: Referral partner —
 * my company", §3 "Company", "Referral partner", "Bank requisite"): the company data, the operator's contract and
 * commission %, the contacts editor, and the bank requisites with add / edit / delete — the client's components
 * (BankRequisitesTab, BankRequisiteDialog), whose mutations act on the partner's company for a referral partner.
 */
import { Card, Heading, Stack } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { AgentCompanyPageQuery } from '../../../__generated__/AgentCompanyPageQuery.graphql';
import { BankRequisitesTab } from '../../client/company/BankRequisitesTab';
import { AgentCompanyFacts } from './AgentCompanyFacts';
import { AgentContactsForm } from './AgentContactsForm';

export function AgentCompanyPage() {
  const { t } = useTranslation();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<AgentCompanyPageQuery>(
    graphql`
      query AgentCompanyPageQuery {
        viewer {
          id
          referralPartnerArea {
            company {
              ...AgentCompanyFacts_company
              ...AgentContactsForm_company
            }
          }
          ...BankRequisitesTab_viewer
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const refresh = useCallback(() => setFetchKey((k) => k + 1), []);
  const company = data.viewer?.referralPartnerArea?.company;
  if (!data.viewer || !company) return null;

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('agentCompany.title')}
      </Heading>
      <AgentCompanyFacts company={company} />
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="3">
            <Heading as="h2" size="md">
              {t('agentCompany.contacts')}
            </Heading>
            <AgentContactsForm company={company} />
          </Stack>
        </Card.Body>
      </Card.Root>
      <BankRequisitesTab viewer={data.viewer} onChanged={refresh} />
    </Stack>
  );
}
