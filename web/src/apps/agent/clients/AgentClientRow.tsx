/** One client of the referral partner's list (issue 11; spec core §3 "Client added by a partner"). */
import { Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AgentClientRow_client$key } from '../../../__generated__/AgentClientRow_client.graphql';
import { ContactCell } from '../../../components/lists/ContactCell';
import { OpenableRow } from '../../../components/lists/OpenableRow';
import { formatDate, formatMoney } from '../../../system/formats';
import { ReferralClientBadges } from './ReferralClientBadges';

export function AgentClientRow({
  client: key,
  onOpen,
}: {
  client: AgentClientRow_client$key;
  onOpen: (ogrn: string) => void;
}) {
  const { t } = useTranslation();
  const c = useFragment(
    graphql`
      fragment AgentClientRow_client on ReferralClient {
        status
        statusLabel
        verified
        countryCodes
        currencyCodes
        monthlyVolume {
          amount
          currency
        }
        monthlyPayments
        addedAt
        company {
          shortName
          inn
          ogrn
        }
        contact {
          name
          surname
          email
          phone
        }
      }
    `,
    key,
  );
  return (
    <OpenableRow onOpen={() => onOpen(c.company.ogrn)} label={c.company.shortName} testId="agent-client-row">
      <Table.Cell fontWeight="medium">{c.company.shortName}</Table.Cell>
      <Table.Cell>{c.company.inn}</Table.Cell>
      <Table.Cell>{c.company.ogrn}</Table.Cell>
      <ContactCell contact={c.contact} />
      <Table.Cell>
        <Text fontSize="sm">{[...c.countryCodes, ...c.currencyCodes].join(', ') || '—'}</Text>
        <Text fontSize="sm" color="fg.muted">
          {c.monthlyVolume ? formatMoney(c.monthlyVolume.amount, c.monthlyVolume.currency) : '—'}
          {c.monthlyPayments != null ? ` · ${t('agentClients.paymentsPerMonth', { count: c.monthlyPayments })}` : ''}
        </Text>
      </Table.Cell>
      <Table.Cell>{formatDate(c.addedAt)}</Table.Cell>
      <Table.Cell>
        <ReferralClientBadges
          status={c.status}
          statusLabel={c.statusLabel}
          verified={c.verified}
          testIds={{ status: 'agent-client-status', verified: 'agent-client-verified' }}
        />
      </Table.Cell>
    </OpenableRow>
  );
}
