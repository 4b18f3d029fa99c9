/**
 * Derived statuses of spec core §4, without I/O, for every tier (issue 9: the backend's REST answers, the gateway's
 * GraphQL fields and the web app show the same codes and labels; tests/integration/display-status-parity.test.ts
 * compares them): the client-facing display status (§4 "Client-facing display status") and the client tab groups,
 * the operator-facing one (§4 "Operator-facing display status"), the payment agent's tab and display code of an
 * offer (§4 "Payment agent tabs", "In display terms") and whether an offer's details are hidden (§4, the list after
 * the tabs). Russian labels for each.
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
} from './statuses.js';

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

/**
 * The client's display statuses with their Russian labels (spec core §4 client table). Codes and wording follow the
 * spec where the tiers' copies disagreed (issue 9): "waiting for offers" WAITING_FOR_OFFERS, "waiting for payment
 * order" WAITING_FOR_PAYMENT_ORDER, "rejected by service" REJECTED_BY_SERVICE, "requires signature (or
 * confirmation)" 'Требует подписания' / 'Требует подтверждения'; the statuses "shown as themselves" (and
 * OFFER_ACCEPTED) carry the order status label (ORDER_STATUS_LABELS, e.g. EXECUTING 'Исполняется').
 */
export const CLIENT_DISPLAY_LABELS = {
  CHECK: 'Проверка',
  WAITING_FOR_OFFERS: 'Ожидание предложений',
  HAS_OFFERS: 'Есть предложения',
  OFFER_ACCEPTED: ORDER_STATUS_LABELS.OFFER_ACCEPTED,
  WAITING_FOR_PAYMENT_ORDER: 'Ожидание платёжного поручения',
  PAYMENT: 'Оплата',
  REQUIRES_SIGNATURE: 'Требует подписания',
  REQUIRES_CONFIRMATION: 'Требует подтверждения',
  PAYMENT_CHECKING: ORDER_STATUS_LABELS.PAYMENT_CHECKING,
  EXECUTING: ORDER_STATUS_LABELS.EXECUTING,
  EXECUTED: ORDER_STATUS_LABELS.EXECUTED,
  CANCELED: ORDER_STATUS_LABELS.CANCELED,
  REJECTED_BY_SERVICE: 'Отклонена сервисом',
} as const;
/** The client's display status codes (spec core §4 client table), in the order of CLIENT_DISPLAY_LABELS. */
export const CLIENT_DISPLAY_STATUSES = Object.keys(CLIENT_DISPLAY_LABELS) as ClientDisplayStatus[];
/** One of the client's display status codes. */
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
      return client(lead ? 'HAS_OFFERS' : 'WAITING_FOR_OFFERS');
    case 'OFFER_ACCEPTED':
      if (lead?.status === 'ACCEPTED_OFFER_DOCS') return client('WAITING_FOR_PAYMENT_ORDER');
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
// Client tabs (spec core §4 "Client tab groups")
// ---------------------------------------------------------------------------------------------------------

/** Tabs of the client's request list (spec core §2 "requests (tabs current, completed, cancelled)"). */
export type ClientTab = 'current' | 'completed' | 'cancelled';

/** Statuses per client tab, exactly as spec core §4 "Client tab groups". Every status is in exactly one tab. */
export const CLIENT_TAB_STATUSES: Readonly<Record<ClientTab, readonly OrderStatus[]>> = {
  current: ['ACTIVE', 'EXECUTING', 'IN_VALIDATION', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'VALIDATION'],
  completed: ['EXECUTED'],
  cancelled: ['CANCELED', 'REJECTED'],
};

const CLIENT_TAB_OF: ReadonlyMap<OrderStatus, ClientTab> = new Map(
  (Object.keys(CLIENT_TAB_STATUSES) as ClientTab[]).flatMap((tab) => CLIENT_TAB_STATUSES[tab].map((s) => [s, tab])),
);

/** The client tab an order status belongs to (spec core §4; the groups cover every status, a unit test checks it). */
export function clientTabOf(status: OrderStatus): ClientTab {
  return CLIENT_TAB_OF.get(status)!;
}

// ---------------------------------------------------------------------------------------------------------
// Payment agent (spec core §4 "Payment agent tabs", "In display terms")
// ---------------------------------------------------------------------------------------------------------

/** The payment agent's tabs (spec core §4): 'all' is no filter. */
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

const PARTNER_TAB_OF: ReadonlyMap<OfferStatus, Exclude<PartnerTab, 'all'>> = new Map(
  (['new', 'working', 'deals', 'results'] as const).flatMap((tab) =>
    PARTNER_TAB_STATUSES[tab].map((s) => [s, tab] as const),
  ),
);

/** The payment agent's tab of an offer status (never 'all'; the tabs cover every status, a unit test checks it). */
export function partnerTabOf(status: OfferStatus): Exclude<PartnerTab, 'all'> {
  return PARTNER_TAB_OF.get(status)!;
}

/** Offer statuses a tab lists (undefined for 'all': no filter), for the agent's filter call (spec core §7). */
export function partnerTabFilter(tab: PartnerTab): readonly OfferStatus[] | undefined {
  return tab === 'all' ? undefined : PARTNER_TAB_STATUSES[tab];
}

/**
 * The payment agent's display codes of its side (spec core §4 "In display terms": check, offer, billing, payment,
 * payment check, executing, requires confirmation, executed, client refusal, agent refusal, rejected by service),
 * one per offer status; REFUSE_OPER splits into CLIENT_REFUSAL and REJECTED_BY_SERVICE (partnerDisplayStatus).
 */
export const PARTNER_DISPLAY_CODES: Readonly<Record<OfferStatus, PartnerDisplayStatus>> = {
  ALLOWED: 'NEW',
  IN_PROGRESS: 'CHECK',
  CREATED_OFFER: 'OFFER_PREPARED',
  SEND_OFFER: 'OFFER',
  ACCEPTED: 'OFFER_ACCEPTED',
  SEND_OFFER_DOCS: 'DOCUMENTS_SENT',
  ACCEPTED_OFFER_DOCS: 'BILLING',
  SEND_PAYCHECK: 'PAYMENT',
  PAYMENT_CHECKING: 'PAYMENT_CHECKING',
  EXECUTING: 'EXECUTING',
  SEND_EXECUTING_DOCS: 'REQUIRES_CONFIRMATION',
  EXECUTED: 'EXECUTED',
  SIGNED_ANOTHER_OFFER: 'ANOTHER_OFFER_ACCEPTED',
  REJECTED: 'AGENT_REFUSAL',
  REFUSE_OPER: 'REJECTED_BY_SERVICE',
};

/** One of the payment agent's display codes (GraphQL PartnerDisplayStatusCode). */
export type PartnerDisplayStatus =
  | 'NEW'
  | 'CHECK'
  | 'OFFER_PREPARED'
  | 'OFFER'
  | 'OFFER_ACCEPTED'
  | 'DOCUMENTS_SENT'
  | 'BILLING'
  | 'PAYMENT'
  | 'PAYMENT_CHECKING'
  | 'EXECUTING'
  | 'REQUIRES_CONFIRMATION'
  | 'EXECUTED'
  | 'ANOTHER_OFFER_ACCEPTED'
  | 'AGENT_REFUSAL'
  | 'CLIENT_REFUSAL'
  | 'REJECTED_BY_SERVICE';

/**
 * What the payment agent sees for its side in `status` of an order in `orderStatus` (spec core §4 "In display
 * terms"): `{ code, label }`, the label from OFFER_STATUS_LABELS; REFUSE_OPER reads CLIENT_REFUSAL 'Отказ клиента'
 * when the client cancelled the order (CANCELED), else REJECTED_BY_SERVICE 'Отклонена сервисом' (header decision).
 */
export function partnerDisplayStatus(status: OfferStatus, orderStatus?: OrderStatus): Shown<PartnerDisplayStatus> {
  if (status === 'REFUSE_OPER' && orderStatus === 'CANCELED') return { code: 'CLIENT_REFUSAL', label: 'Отказ клиента' };
  return { code: PARTNER_DISPLAY_CODES[status], label: OFFER_STATUS_LABELS[status] };
}

/** The Russian label of partnerDisplayStatus (the backend's `statusLabel` of an agent's row). */
export function partnerOfferLabel(status: OfferStatus, orderStatus?: OrderStatus): string {
  return partnerDisplayStatus(status, orderStatus).label;
}
