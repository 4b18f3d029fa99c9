/**
 * The table of an operator administration list (issue 10): a scrollable, small table named `label` (its accessible
 * name), with one header cell per column and the rows as children. Each list keeps its own rows and frame styling.
 */
import { Table, type TableScrollAreaProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A column header: its text, and optionally its alignment (e.g. 'end' for numbers). */
export interface AdminTableColumn {
  label: string;
  textAlign?: 'start' | 'end';
}

/**
 * `columns` are the header cells in order; `children` the `Table.Row`s; `interactive` highlights rows on hover (rows
 * that open something). Other props style the scroll area (e.g. `borderWidth="1px" rounded="md"`).
 */
export function AdminTable({
  label,
  columns,
  interactive,
  children,
  ...scrollArea
}: {
  label: string;
  columns: ReadonlyArray<AdminTableColumn | string>;
  interactive?: boolean;
  children: ReactNode;
} & TableScrollAreaProps) {
  return (
    <Table.ScrollArea {...scrollArea}>
      <Table.Root size="sm" aria-label={label} interactive={interactive}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => {
              const column = typeof c === 'string' ? { label: c } : c;
              return (
                <Table.ColumnHeader key={column.label} textAlign={column.textAlign}>
                  {column.label}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
