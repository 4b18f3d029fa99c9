/**
 * Derived statuses of spec core §4, without I/O: the client-facing display status (§4 "Client-facing display
 * status"), the operator-facing one (§4 "Operator-facing display status"), the payment agent's tab of an offer
 * (§4 "Payment agent tabs") and whether an offer's details are hidden (§4, the list after the tabs). Russian labels
 * for each.
 *
 * Leading offer. The client's leading offer is the most advanced offer in the deal flow (order of OFFER_STATUSES)
 * after ignoring ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER and SIGNED_ANOTHER_OFFER (§4); these
 * remaining offers are the "live" ones of the client table. The operator's leading offer only ignores the offers the
 * platform withdrew (REFUSE_OPER, SIGNED_ANOTHER_OFFER), ranking REJECTED below ALLOWED — otherwise §4's "leading
 * offer is ALLOWED, IN_PROGRESS, CREATED_OFFER or REJECTED" could never hold. Ties (several offers in SEND_OFFER)
 * go to the first in input order (give offers by id).
 *
 * Decisions where the tables are silent:
 * - Client, OFFER_ACCEPTED with the leading offer ACCEPTED: "offer accepted" (the order status itself); with
 *   SEND_OFFER_DOCS: "requires signature" / "requires confirmation" by partnerSignRequired, as for the closing
 *   documents — the agent sent documents "for signature or confirmation" (§4 step 5). EXECUTING with any other
 *   leading offer: "executing" (§4 "shown as themselves").
 * - Operator: VALIDATION, IN_VALIDATION, REJECTED and CANCELED are shown as the order status (offers of a closed
 *   order must not turn it back into ON_REVIEW); ACTIVE follows the ON_REVIEW rule; from OFFER_ACCEPTED on the
 *   leading (accepted) offer's status is shown.
 * - Agent labels: REFUSE_OPER reads "client refusal" when the order was CANCELED by the client and "rejected by
 *   service" otherwise (§4 "results = executed, client refusal, agent refusal, rejected by service").
 */
import {
  OFFER_STATUSES,
  OFFER_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  type OfferStatus,
  type OrderStatus,
} from './transitions.js';

/** An offer as the derivations need it. `partnerSignRequired`: the agent signs documents (else the client only confirms). */
export interface DisplayOffer {
  status: OfferStatus;
  partnerSignRequired?: boolean;
}

/** Offer statuses ignored when choosing the client's leading offer, and whose details are hidden (spec core §4). */
export const CLIENT_IGNORED_OFFER_STATUSES: readonly OfferStatus[] = [
  'ALLOWED',
  'IN_PROGRESS',
  'CREATED_OFFER',
  'REJECTED',
  'REFUSE_OPER',
  'SIGNED_ANOTHER_OFFER',
];

/** Statuses whose offer details (fee, percent, dates, protection type) are not displayed (spec core §4). */
export const HIDDEN_DETAILS_OFFER_STATUSES: readonly OfferStatus[] = CLIENT_IGNORED_OFFER_STATUSES;

/** True when the offer's details (fee, percent, dates, protection type) must not be shown (spec core §4). */
export function offerDetailsHidden(status: OfferStatus): boolean {
  return HIDDEN_DETAILS_OFFER_STATUSES.includes(status);
}

const FLOW_RANK: ReadonlyMap<OfferStatus, number> = new Map(OFFER_STATUSES.map((s, i) => [s, i]));

function mostAdvanced<T extends DisplayOffer>(offers: readonly T[], rank: (s: OfferStatus) => number): T | undefined {
  let best: T | undefined;
  for (const o of offers) if (!best || rank(o.status) > rank(best.status)) best = o;
  return best;
}

/** The client's leading offer (module header), or undefined when no offer is live. */
export function clientLeadingOffer<T extends DisplayOffer>(offers: readonly T[]): T | undefined {
  return mostAdvanced(
    offers.filter((o) => !CLIENT_IGNORED_OFFER_STATUSES.includes(o.status)),
    (s) => FLOW_RANK.get(s)!,
  );
}

/** The operator's leading offer (module header), or undefined when every offer was withdrawn or none exists. */
export function operatorLeadingOffer<T extends DisplayOffer>(offers: readonly T[]): T | undefined {
  const withdrawn: readonly OfferStatus[] = ['REFUSE_OPER', 'SIGNED_ANOTHER_OFFER'];
  return mostAdvanced(
    offers.filter((o) => !withdrawn.includes(o.status)),
    (s) => (s === 'REJECTED' ? -1 : FLOW_RANK.get(s)!),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Client (spec core §4 "Client-facing display status")
// ---------------------------------------------------------------------------------------------------------

export const CLIENT_DISPLAY_LABELS = {
  CHECK: 'Проверка',
  WAITING_OFFERS: 'Ожидание предложений',
  HAS_OFFERS: 'Есть предложения',
  OFFER_ACCEPTED: 'Предложение принято',
  WAITING_PAYMENT_ORDER: 'Ожидание платёжного поручения',
  PAYMENT: 'Оплата',
  REQUIRES_SIGNATURE: 'Требует подписания',
  REQUIRES_CONFIRMATION: 'Требует подтверждения',
  PAYMENT_CHECKING: 'Проверка оплаты',
  EXECUTING: 'Исполняется',
  EXECUTED: 'Исполнена',
  CANCELED: 'Отменена',
  REJECTED_BY_SERVICE: 'Отклонена сервисом',
} as const;
export type ClientDisplayStatus = keyof typeof CLIENT_DISPLAY_LABELS;

/** A derived status with its Russian label. */
export interface Shown<C extends string> {
  code: C;
  label: string;
}

function client(code: ClientDisplayStatus): Shown<ClientDisplayStatus> {
  return { code, label: CLIENT_DISPLAY_LABELS[code] };
}

function signOrConfirm(offer: DisplayOffer): Shown<ClientDisplayStatus> {
  return client(offer.partnerSignRequired ? 'REQUIRES_SIGNATURE' : 'REQUIRES_CONFIRMATION');
}

/**
 * The status the client sees for an order and its offers (spec core §4 client table; decisions in the header).
 * `offers`: every offer of the order, any order of statuses. Returns `{ code, label }` (label in Russian).
 */
export function clientDisplayStatus(
  orderStatus: OrderStatus,
  offers: readonly DisplayOffer[],
): Shown<ClientDisplayStatus> {
  const lead = clientLeadingOffer(offers);
  switch (orderStatus) {
    case 'VALIDATION':
    case 'IN_VALIDATION':
      return client('CHECK');
    case 'ACTIVE':
      return client(lead ? 'HAS_OFFERS' : 'WAITING_OFFERS');
    case 'OFFER_ACCEPTED':
      if (lead?.status === 'ACCEPTED_OFFER_DOCS') return client('WAITING_PAYMENT_ORDER');
      if (lead?.status === 'SEND_PAYCHECK') return client('PAYMENT');
      if (lead?.status === 'SEND_OFFER_DOCS') return signOrConfirm(lead);
      return client('OFFER_ACCEPTED');
    case 'EXECUTING':
      return lead?.status === 'SEND_EXECUTING_DOCS' ? signOrConfirm(lead) : client('EXECUTING');
    case 'PAYMENT_CHECKING':
    case 'EXECUTED':
    case 'CANCELED':
      return client(orderStatus);
    case 'REJECTED':
      return client('REJECTED_BY_SERVICE');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Operator (spec core §4 "Operator-facing display status")
// ---------------------------------------------------------------------------------------------------------

export type OperatorDisplayStatus = 'ON_REVIEW' | 'OFFER' | OrderStatus | OfferStatus;

/** Offer statuses the operator sees as 'offer' (spec core §4). */
export const OPERATOR_OFFER_STATUSES: readonly OfferStatus[] = ['SEND_OFFER', 'ACCEPTED', 'SEND_OFFER_DOCS'];
/** Leading offer statuses that keep an ACTIVE order ON_REVIEW (spec core §4). */
export const ON_REVIEW_OFFER_STATUSES: readonly OfferStatus[] = ['ALLOWED', 'IN_PROGRESS', 'CREATED_OFFER', 'REJECTED'];

/** The derived operator status: `source` says whether `code` is derived, the order's status or the leading offer's. */
export interface OperatorShown extends Shown<OperatorDisplayStatus> {
  source: 'DERIVED' | 'ORDER' | 'OFFER';
}

/**
 * The status the operator sees (spec core §4 operator rule; decisions in the header): ON_REVIEW 'У агентов' while an
 * ACTIVE order has no offer that reached SEND_OFFER; 'Предложение' (OFFER) for SEND_OFFER, ACCEPTED, SEND_OFFER_DOCS;
 * else the order status (check stages and exits) or the leading offer status. Returns `{ code, label, source }`.
 */
export function operatorDisplayStatus(orderStatus: OrderStatus, offers: readonly DisplayOffer[]): OperatorShown {
  const order = (): OperatorShown => ({ code: orderStatus, label: ORDER_STATUS_LABELS[orderStatus], source: 'ORDER' });
  if (
    orderStatus === 'VALIDATION' ||
    orderStatus === 'IN_VALIDATION' ||
    orderStatus === 'REJECTED' ||
    orderStatus === 'CANCELED'
  )
    return order();
  const lead = operatorLeadingOffer(offers);
  if (orderStatus === 'ACTIVE' && (!lead || ON_REVIEW_OFFER_STATUSES.includes(lead.status))) {
    return { code: 'ON_REVIEW', label: 'У агентов', source: 'DERIVED' };
  }
  if (!lead) return order();
  if (OPERATOR_OFFER_STATUSES.includes(lead.status)) return { code: 'OFFER', label: 'Предложение', source: 'DERIVED' };
  return { code: lead.status, label: OFFER_STATUS_LABELS[lead.status], source: 'OFFER' };
}

// ---------------------------------------------------------------------------------------------------------
// Payment agent (spec core §4 "Payment agent tabs")
// ---------------------------------------------------------------------------------------------------------

export type PartnerTab = 'all' | 'new' | 'working' | 'deals' | 'results';

/** Statuses per tab, exactly as spec core §4; 'all' has no filter. Every offer status is in exactly one other tab. */
export const PARTNER_TAB_STATUSES: Readonly<Record<Exclude<PartnerTab, 'all'>, readonly OfferStatus[]>> = {
  new: ['ALLOWED'],
  working: ['CREATED_OFFER', 'IN_PROGRESS', 'SEND_OFFER'],
  deals: [
    'ACCEPTED',
    'ACCEPTED_OFFER_DOCS',
    'EXECUTING',
    'PAYMENT_CHECKING',
    'SEND_EXECUTING_DOCS',
    'SEND_OFFER_DOCS',
    'SEND_PAYCHECK',
  ],
  results: ['EXECUTED', 'REFUSE_OPER', 'REJECTED', 'SIGNED_ANOTHER_OFFER'],
};

/** Russian tab names (spec core §4: all, new, working, deals (transactions), results). */
export const PARTNER_TAB_LABELS: Readonly<Record<PartnerTab, string>> = {
  all: 'Все',
  new: 'Новые',
  working: 'В работе',
  deals: 'Сделки',
  results: 'Результаты',
};

/** The payment agent's tab of an offer status (never 'all', which lists every offer). */
export function partnerTabOf(status: OfferStatus): Exclude<PartnerTab, 'all'> {
  for (const tab of ['new', 'working', 'deals', 'results'] as const) {
    if (PARTNER_TAB_STATUSES[tab].includes(status)) return tab;
  }
  // Unreachable: the tabs cover OFFER_STATUSES (checked by a unit test).
  throw new Error(`offer status without a tab: ${status}`);
}

/** Offer statuses a tab lists (undefined for 'all': no filter), for the agent's filter call (spec core §7). */
export function partnerTabFilter(tab: PartnerTab): readonly OfferStatus[] | undefined {
  return tab === 'all' ? undefined : PARTNER_TAB_STATUSES[tab];
}

/**
 * The Russian label of an offer status as the payment agent sees it (spec core §4 "In display terms"); REFUSE_OPER
 * depends on why the order ended (header decision): 'Отказ клиента' when `orderStatus` is CANCELED.
 */
export function partnerOfferLabel(status: OfferStatus, orderStatus?: OrderStatus): string {
  if (status === 'REFUSE_OPER' && orderStatus === 'CANCELED') return 'Отказ клиента';
  return OFFER_STATUS_LABELS[status];
}
