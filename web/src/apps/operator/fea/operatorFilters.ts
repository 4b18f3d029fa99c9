/**
 * The operator's request list: tabs (issue 3: new / in work / in deals / in results / all; schema
 * `OperatorOrderTab`) and filters by number, client, employee and payment agent (spec core §2, §5), turned into
 * query variables. Pure: tested in operatorFilters.test.ts.
 * - number applies only when numeric (spec core §5);
 * - client: free text, trimmed; the gateway treats digits as an INN and other text as a name (spec core §5);
 * - employee: user id of the validating operator, partner: company id of a payment agent (select values).
 */
import { parseOrderNumberFilter } from '../../../system/validation';

export type OperatorTab = 'new' | 'in-work' | 'deals' | 'results' | 'all';
export type OperatorApiTab = 'NEW' | 'IN_WORK' | 'IN_DEALS' | 'IN_RESULTS' | 'ALL';

export const OPERATOR_TABS: ReadonlyArray<{
  value: OperatorTab;
  label: string;
  api: OperatorApiTab;
  count: 'new' | 'inWork' | 'inDeals' | 'inResults' | 'all';
}> = [
  { value: 'new', label: 'Новые', api: 'NEW', count: 'new' },
  { value: 'in-work', label: 'В работе', api: 'IN_WORK', count: 'inWork' },
  { value: 'deals', label: 'Сделки', api: 'IN_DEALS', count: 'inDeals' },
  { value: 'results', label: 'Результаты', api: 'IN_RESULTS', count: 'inResults' },
  { value: 'all', label: 'Все', api: 'ALL', count: 'all' },
];

export function isOperatorTab(value: string | null | undefined): value is OperatorTab {
  return OPERATOR_TABS.some((t) => t.value === value);
}

export function apiTab(tab: OperatorTab): OperatorApiTab {
  return OPERATOR_TABS.find((t) => t.value === tab)?.api ?? 'NEW';
}

export interface OperatorFilterValues {
  number: string;
  client: string;
  /** Select value: '' for all, else a user id. */
  employee: string;
  /** Select value: '' for all, else a payment agent's company id. */
  partner: string;
}

export const EMPTY_OPERATOR_FILTERS: OperatorFilterValues = { number: '', client: '', employee: '', partner: '' };

export interface OperatorFilterVariables {
  number: string | null;
  client: string | null;
  employee: number | null;
  partner: number | null;
}

function positiveInt(value: string): number | null {
  return /^\d{1,9}$/.test(value.trim()) && Number(value) > 0 ? Number(value) : null;
}

/** Query variables of the filters; filters that do not apply are null. */
export function operatorFilterVariables(v: OperatorFilterValues): OperatorFilterVariables {
  const n = parseOrderNumberFilter(v.number);
  const client = v.client.trim().replace(/\s+/g, ' ');
  return {
    number: n == null ? null : String(n),
    client: client === '' ? null : client,
    employee: positiveInt(v.employee),
    partner: positiveInt(v.partner),
  };
}

/** An operator as `Viewer.operators` answers it. */
export interface OperatorOption {
  readonly userId: number;
  readonly name: string;
  readonly surname: string;
}

/**
 * Choices of the 'Сотрудник' filter after 'Все сотрудники' and 'Я': every active operator ("Surname Name"), then
 * validators met in the list that are not among them (an operator suspended since), never the viewer itself.
 */
export function employeeOptions(
  operators: ReadonlyArray<OperatorOption> | null | undefined,
  validators: ReadonlyMap<number, string>,
  viewerId: number,
): Array<[number, string]> {
  const out = new Map<number, string>();
  for (const op of operators ?? [])
    out.set(op.userId, [op.surname, op.name].filter(Boolean).join(' ') || `#${op.userId}`);
  for (const [id, name] of validators) if (!out.has(id)) out.set(id, name);
  out.delete(viewerId);
  return [...out];
}
