/**
 * A table row that opens something (a card): the whole row is clickable and focusable, Enter or Space opens it like
 * a click, and it is named by `label` (its accessible name). Used by the operator's client list (issue 10) and the
 * referral partner's client list (issue 11).
 */
import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function OpenableRow({
  onOpen,
  label,
  testId,
  children,
}: {
  onOpen: () => void;
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Table.Row
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
      tabIndex={0}
      data-testid={testId}
      aria-label={label}
    >
      {children}
    </Table.Row>
  );
}
