/**
 * The contact person's cell of a client list: surname and name, the e-mail below; '—' without a contact. Used by the
 * operator's client list (issue 10) and the referral partner's client list (issue 11).
 */
import { Table, Text } from '@chakra-ui/react';

export function ContactCell({
  contact,
}: {
  contact: { readonly surname: string; readonly name: string; readonly email: string } | null | undefined;
}) {
  return (
    <Table.Cell>
      {contact ? (
        <>
          <Text>{`${contact.surname} ${contact.name}`.trim()}</Text>
          <Text fontSize="sm" color="fg.muted">
            {contact.email}
          </Text>
        </>
      ) : (
        '—'
      )}
    </Table.Cell>
  );
}
