/**
 * One responsive list for the account areas (spec chat-and-shell §2 and §9, breakpoints 767 px and 1279 px; issue 13):
 * from 768 px (the `md` breakpoint, tablet and desktop) a small Chakra table with one header cell per column; below
 * 768 px (mobile) the same rows are shown as a stack of cards, one `label: value` line per cell, so nothing scrolls
 * sideways on a 390 px phone.
 *
 * The markup is the same at every width (a `<table>` with its rows and cells; only CSS changes), so every row keeps
 * its own test ids, accessible names and click/keyboard behaviour (e.g. OpenableRow) on phones too. On cards each cell
 * is prefixed with its column's label (CSS generated content from `columns`, matched by position); a column with an
 * empty label (e.g. row actions) shows its content without a prefix. Rows must therefore have one cell per column, in
 * the order of `columns` (no colSpan).
 */
import { Table, type SystemStyleObject, type TableScrollAreaProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A column: its header text (also the label on phone cards), and optionally its alignment (e.g. 'end' for numbers). */
export interface ResponsiveTableColumn {
  label: string;
  textAlign?: 'start' | 'end';
}

/** A CSS string literal for `content`: quotes and backslashes escaped, control characters as CSS hex escapes. */
function cssString(text: string): string {
  const escaped = text
    .replace(/["\\]/g, '\\$&')
    // eslint-disable-next-line no-control-regex -- control characters are what is escaped here
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return `"${escaped}"`;
}

/** The card styles below 768 px: header hidden, each row a bordered card, each cell a `label … value` line. */
export function cardStyles(columns: ReadonlyArray<ResponsiveTableColumn>): SystemStyleObject {
  const labels: Record<string, SystemStyleObject> = {};
  columns.forEach((column, i) => {
    if (column.label)
      labels[`& tbody > tr > td:nth-of-type(${i + 1})::before`] = {
        content: cssString(column.label),
      };
  });
  return {
    mdDown: {
      overflowX: 'visible',
      borderWidth: '0',
      bg: 'transparent',
      '& table': { display: 'block', width: 'full', bg: 'transparent' },
      '& thead': { display: 'none' },
      '& tbody': { display: 'flex', flexDirection: 'column', gap: '3' },
      '& tbody > tr': {
        display: 'block',
        bg: 'white',
        borderWidth: '1px',
        borderRadius: 'md',
        px: '3',
        py: '2',
      },
      '& tbody > tr > td': {
        display: 'block',
        borderBottomWidth: '0',
        px: '0',
        py: '1',
        textAlign: 'end',
        overflowWrap: 'anywhere',
        whiteSpace: 'normal',
        maxWidth: 'none',
      },
      // Flex rows inside a cell (badges, action buttons) line up at the end, like the cell's text.
      '& tbody > tr > td > div': { justifyContent: 'flex-end' },
      '& tbody > tr > td:empty': { display: 'none' },
      '& tbody > tr > td:first-of-type': { fontWeight: 'semibold' },
      '& tbody > tr > td::before': {
        float: 'left',
        marginInlineEnd: '3',
        color: 'fg.muted',
        fontWeight: 'normal',
        textAlign: 'start',
      },
      ...labels,
    },
  };
}

/**
 * `label` names the table (its accessible name); `columns` are the header cells in order; `children` the
 * `Table.Row`s; `interactive` highlights rows on hover (rows that open something). Other props style the scroll area
 * on tablets and desktops (e.g. `borderWidth="1px" rounded="md" bg="white"`); on phones the cards carry the frame.
 */
export function ResponsiveTable({
  label,
  columns,
  interactive,
  children,
  ...scrollArea
}: {
  label: string;
  columns: ReadonlyArray<ResponsiveTableColumn | string>;
  interactive?: boolean;
  children: ReactNode;
} & TableScrollAreaProps) {
  const cols = columns.map((c) => (typeof c === 'string' ? { label: c } : c));
  return (
    <Table.ScrollArea {...scrollArea} css={cardStyles(cols)} data-responsive-table="">
      <Table.Root size="sm" aria-label={label} interactive={interactive}>
        <Table.Header>
          <Table.Row>
            {cols.map((column, i) => (
              <Table.ColumnHeader key={`${i}-${column.label}`} textAlign={column.textAlign}>
                {column.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
