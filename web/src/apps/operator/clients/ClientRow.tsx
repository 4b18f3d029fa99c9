/** One client of the operator's list (issue 10): company, INN, OGRN, contact, registration date, requests, status. */
import { Badge, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ClientRow_client$key } from '../../../__generated__/ClientRow_client.graphql';
import { ContactCell } from '../../../components/lists/ContactCell';
import { OpenableRow } from '../../../components/lists/OpenableRow';
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
  return (
    <OpenableRow onOpen={() => onOpen(c.clientId)} label={c.shortName} testId="client-row">
      <Table.Cell fontWeight="medium">{c.shortName}</Table.Cell>
      <Table.Cell>{c.inn}</Table.Cell>
      <Table.Cell>{c.ogrn}</Table.Cell>
      <ContactCell contact={c.contact} />
      <Table.Cell>{formatDate(c.registeredAt)}</Table.Cell>
      <Table.Cell textAlign="end">{c.orderCount}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={statusPalette(c.status)} data-testid="client-status">
          {t(`adminClients.statuses.${c.status}`, { defaultValue: c.status })}
        </Badge>
      </Table.Cell>
    </OpenableRow>
  );
}
