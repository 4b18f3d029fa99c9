/** One client of the operator's list (issue 10): company, INN, OGRN, contact, registration date, requests, status. */
import { Badge, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ClientRow_client$key } from '../../../__generated__/ClientRow_client.graphql';
import { formatDate } from '../../../system/formats';
import { statusPalette } from './clientFilters';

export function ClientRow({
  client: key,
  onOpen,
}: {
  client: ClientRow_client$key;
  onOpen: (clientId: number) => void;
}) {
  const { t } = useTranslation();
  const c = useFragment(
    graphql`
      fragment ClientRow_client on AdminClient {
        clientId
        shortName
        inn
        ogrn
        status
        registeredAt
        orderCount
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
  const open = () => onOpen(c.clientId);
  return (
    <Table.Row
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      }}
      tabIndex={0}
      data-testid="client-row"
      aria-label={c.shortName}
    >
      <Table.Cell fontWeight="medium">{c.shortName}</Table.Cell>
      <Table.Cell>{c.inn}</Table.Cell>
      <Table.Cell>{c.ogrn}</Table.Cell>
      <Table.Cell>
        {c.contact ? (
          <>
            <Text>{`${c.contact.surname} ${c.contact.name}`.trim()}</Text>
            <Text fontSize="sm" color="fg.muted">
              {c.contact.email}
            </Text>
          </>
        ) : (
          '—'
        )}
      </Table.Cell>
      <Table.Cell>{formatDate(c.registeredAt)}</Table.Cell>
      <Table.Cell textAlign="end">{c.orderCount}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={statusPalette(c.status)} data-testid="client-status">
          {t(`adminClients.statuses.${c.status}`, { defaultValue: c.status })}
        </Badge>
      </Table.Cell>
    </Table.Row>
  );
}
