/**
 * The client list filters of /operator/clients (issue 10; spec core §3 "Operator client filter", §5 "client search text
 * that is numeric is treated as INN, otherwise as name"): the form values and the `AdminClientFilter` they give, and
 * the status actions an operator is offered. Pure.
 */
import { isApiDate } from '../../../system/formats';

/** Client statuses (spec core §3), in the order the filter offers them. */
export const CLIENT_STATUSES = ['NEW', 'VERIFIED', 'SUSPENDED'] as const;
export type ClientStatusValue = (typeof CLIENT_STATUSES)[number];

/** The filter form: every field a string, '' for "all". */
export interface ClientFilterValues {
  status: string;
  nameInn: string;
  from: string;
  to: string;
}

export const EMPTY_CLIENT_FILTERS: ClientFilterValues = { status: '', nameInn: '', from: '', to: '' };

/** The GraphQL `AdminClientFilter` of the form (only the set fields). */
export interface ClientFilterVariables {
  status?: ClientStatusValue;
  nameInn?: string;
  registeredFrom?: string;
  registeredTo?: string;
}

export const isClientStatus = (v: string | null | undefined): v is ClientStatusValue =>
  (CLIENT_STATUSES as readonly string[]).includes(v ?? '');

/** True when both ends are set and the start is after the end (the form shows a message and sends no period). */
export function periodInvalid(v: ClientFilterValues): boolean {
  return isApiDate(v.from) && isApiDate(v.to) && v.from > v.to;
}

/** The filter to send for the form values: the text trimmed (at most 200 characters), a valid period only. */
export function clientFilterVariables(v: ClientFilterValues): ClientFilterVariables {
  const f: ClientFilterVariables = {};
  if (isClientStatus(v.status)) f.status = v.status;
  const text = v.nameInn.trim().slice(0, 200);
  if (text) f.nameInn = text;
  if (!periodInvalid(v)) {
    if (isApiDate(v.from)) f.registeredFrom = v.from;
    if (isApiDate(v.to)) f.registeredTo = v.to;
  }
  return f;
}

/** A status action of the card: the status it sets and which label and confirmation it shows. */
export interface StatusAction {
  target: ClientStatusValue;
  /** Key under adminClients.actions / adminClients.confirm. */
  kind: ClientStatusValue | 'unsuspend';
}

/**
 * The actions offered for a client in `status` among the `allowed` targets (spec core §4 "Clients … can be blocked and
 * unblocked"): NEW → Верифицировать, Заблокировать; VERIFIED → Заблокировать, Вернуть в статус «Новый»; SUSPENDED →
 * Разблокировать (back to VERIFIED when the company's signature was confirmed before, else NEW) and the other target.
 */
export function statusActions(status: string, allowed: readonly string[], signatureConfirmed: boolean): StatusAction[] {
  const can = (s: ClientStatusValue) => allowed.includes(s);
  if (status === 'SUSPENDED') {
    const back: ClientStatusValue = signatureConfirmed ? 'VERIFIED' : 'NEW';
    const other: ClientStatusValue = back === 'VERIFIED' ? 'NEW' : 'VERIFIED';
    const out: StatusAction[] = [];
    if (can(back)) out.push({ target: back, kind: 'unsuspend' });
    if (can(other)) out.push({ target: other, kind: other });
    return out;
  }
  const order: ClientStatusValue[] = status === 'NEW' ? ['VERIFIED', 'SUSPENDED'] : ['SUSPENDED', 'NEW'];
  return order.filter(can).map((target) => ({ target, kind: target }));
}

/** Chakra colour palette of a status badge. */
export function statusPalette(status: string): 'blue' | 'green' | 'red' | 'gray' {
  if (status === 'NEW') return 'blue';
  if (status === 'VERIFIED') return 'green';
  if (status === 'SUSPENDED') return 'red';
  return 'gray';
}
