/**
 * The referral partner's company and license contract, read-only (issue 11; spec core §3 "Company", "Referral partner":
 * legal entity or sole proprietor, ogrn/ogrnip, login email, status, representative; the contract and the commission %
 * are the operator's).
 */
import { Badge, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AgentCompanyFacts_company$key } from '../../../__generated__/AgentCompanyFacts_company.graphql';
import { Facts } from '../../../components/deal/Facts';
import { formatDate } from '../../../system/formats';

export function AgentCompanyFacts({ company: key }: { company: AgentCompanyFacts_company$key }) {
  const { t } = useTranslation();
  const c = useFragment(
    graphql`
      fragment AgentCompanyFacts_company on ReferralPartnerCompany {
        kind
        status
        loginEmail
        phone
        extraPhones
        extraEmails
        representative
        contractNumber
        contractDate
        commissionPercent
        company {
          id
          shortName
          fullName
          ogrn
          inn
          kpp
          legalAddress
          actualAddress
        }
      }
    `,
    key,
  );
  const kind =
    c.kind === 'SOLE_PROPRIETOR' ? t('agentCompany.kinds.SOLE_PROPRIETOR') : t('agentCompany.kinds.LEGAL_ENTITY');
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="3">
            <Heading as="h2" size="md">
              {t('agentCompany.company')}
            </Heading>
            <Facts
              label={t('agentCompany.company')}
              items={[
                { label: t('agentCompany.kind'), value: kind },
                { label: t('agentCompany.fullName'), value: c.company.fullName },
                { label: t('agentCompany.ogrn'), value: c.company.ogrn },
                { label: t('agentCompany.inn'), value: c.company.inn },
                c.company.kpp ? { label: t('agentCompany.kpp'), value: c.company.kpp } : null,
                { label: t('agentCompany.legalAddress'), value: c.company.legalAddress },
                { label: t('agentCompany.actualAddress'), value: c.company.actualAddress },
                {
                  label: t('agentCompany.status'),
                  value: (
                    <Badge colorPalette={c.status === 'ACTIVE' ? 'green' : 'red'}>
                      {c.status === 'ACTIVE' ? t('agentCompany.statuses.ACTIVE') : t('agentCompany.statuses.BLOCKED')}
                    </Badge>
                  ),
                },
                { label: t('agentCompany.loginEmail'), value: c.loginEmail },
                { label: t('agentCompany.phone'), value: [c.phone, ...c.extraPhones].filter(Boolean).join(', ') },
                c.extraEmails.length ? { label: t('agentCompany.extraEmails'), value: c.extraEmails.join(', ') } : null,
                { label: t('agentCompany.representative'), value: c.representative },
              ]}
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="3">
            <Heading as="h2" size="md">
              {t('agentCompany.contract')}
            </Heading>
            <Facts
              label={t('agentCompany.contract')}
              items={[
                { label: t('agentCompany.contractNumber'), value: c.contractNumber ?? t('agentCompany.notSet') },
                {
                  label: t('agentCompany.contractDate'),
                  value: c.contractDate ? formatDate(c.contractDate) : t('agentCompany.notSet'),
                },
                { label: t('agentCompany.commission'), value: `${c.commissionPercent.replace('.', ',')} %` },
              ]}
            />
            <Text fontSize="sm" color="fg.muted">
              {t('agentCompany.contractHint')}
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
