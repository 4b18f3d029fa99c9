/**
 * The table of an operator administration list (issue 10) and of the referral partner's lists (issue 11): the shared
 * ResponsiveTable — a small table named `label` (its accessible name) from 768 px, cards on phones (issue 13, spec
 * chat-and-shell §9 breakpoints). Each list keeps its own rows and frame styling.
 */
import { ResponsiveTable, type ResponsiveTableColumn } from '../../../components/lists/ResponsiveTable';

/** A column header: its text, and optionally its alignment (e.g. 'end' for numbers). */
export type AdminTableColumn = ResponsiveTableColumn;

/** See ResponsiveTable: `columns` are the header cells in order; `children` the `Table.Row`s. */
export const AdminTable = ResponsiveTable;
