/** One client of the referral partner's list (issue 11; spec core §3 "Client added by a partner"). */
import { Badge, HStack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AgentClientRow_client$key } from '../../../__generated__/AgentClientRow_client.graphql';
import { ContactCell } from '../../../components/lists/ContactCell';
import { OpenableRow } from '../../../components/lists/OpenableRow';
import { formatDate, formatMoney } from '../../../system/formats';

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
        <HStack gap="1" wrap="wrap">
          <Badge colorPalette={c.status === 'ACTIVE' ? 'blue' : 'gray'} data-testid="agent-client-status">
            {c.statusLabel}
          </Badge>
          <Badge colorPalette={c.verified ? 'green' : 'orange'} data-testid="agent-client-verified">
            {c.verified ? t('agentClients.verified') : t('agentClients.notVerified')}
          </Badge>
        </HStack>
      </Table.Cell>
    </OpenableRow>
  );
}
