/**
 * Client-facing order statuses and tab groups (spec core §4). Pure functions, no I/O.
 *
 * Client display status, in the order the rules are checked:
 *   VALIDATION, IN_VALIDATION                               → CHECK 'Проверка'
 *   ACTIVE without a live offer                             → WAITING_FOR_OFFERS 'Ожидание предложений'
 *   ACTIVE with a live offer                                → HAS_OFFERS 'Есть предложения'
 *   OFFER_ACCEPTED, leading offer ACCEPTED_OFFER_DOCS       → WAITING_FOR_PAYMENT_ORDER 'Ожидание платёжного поручения'
 *   OFFER_ACCEPTED, leading offer SEND_PAYCHECK             → PAYMENT 'Оплата'
 *   OFFER_ACCEPTED, leading offer SEND_OFFER_DOCS (*)       → REQUIRES_SIGNATURE / REQUIRES_CONFIRMATION
 *   OFFER_ACCEPTED otherwise (*)                            → OFFER_ACCEPTED 'Предложение принято'
 *   EXECUTING, leading offer SEND_EXECUTING_DOCS            → REQUIRES_SIGNATURE 'Требуется подпись' when the
 *                                                              agent requires a signature, else
 *                                                              REQUIRES_CONFIRMATION 'Требуется подтверждение'
 *   PAYMENT_CHECKING, EXECUTING, EXECUTED, CANCELED         → themselves ('Проверка оплаты', 'Исполнение',
 *                                                              'Исполнена', 'Отменена')
 *   REJECTED                                                → REJECTED 'Отклонена сервисом'
 * (*) not in the §4 table, which leaves these OFFER_ACCEPTED cases open: documents sent for signature
 *     (deal flow step 5) need the client's action like closing documents do; before that the order
 *     shows the accepted offer.
 *
 * Live offer / leading offer: offers in ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER and
 * SIGNED_ANOTHER_OFFER are ignored; among the rest the one furthest along the deal flow leads.
 */
import type { OfferStatusDto, OrderStatusDto } from '../rest/dto.js';

export type ClientDisplayStatusCode =
  | 'CHECK'
  | 'WAITING_FOR_OFFERS'
  | 'HAS_OFFERS'
  | 'OFFER_ACCEPTED'
  | 'WAITING_FOR_PAYMENT_ORDER'
  | 'PAYMENT'
  | 'REQUIRES_SIGNATURE'
  | 'REQUIRES_CONFIRMATION'
  | 'PAYMENT_CHECKING'
  | 'EXECUTING'
  | 'EXECUTED'
  | 'CANCELED'
  | 'REJECTED';

export const CLIENT_DISPLAY_LABELS: Record<ClientDisplayStatusCode, string> = {
  CHECK: 'Проверка',
  WAITING_FOR_OFFERS: 'Ожидание предложений',
  HAS_OFFERS: 'Есть предложения',
  OFFER_ACCEPTED: 'Предложение принято',
  WAITING_FOR_PAYMENT_ORDER: 'Ожидание платёжного поручения',
  PAYMENT: 'Оплата',
  REQUIRES_SIGNATURE: 'Требуется подпись',
  REQUIRES_CONFIRMATION: 'Требуется подтверждение',
  PAYMENT_CHECKING: 'Проверка оплаты',
  EXECUTING: 'Исполнение',
  EXECUTED: 'Исполнена',
  CANCELED: 'Отменена',
  REJECTED: 'Отклонена сервисом',
};

/** The part of a partnerOrders item the derivation reads. */
export interface OfferState {
  status: OfferStatusDto;
  /** Whether the agent requires the client's signature (else a confirmation). */
  partnerSignRequired: boolean;
}

/** Offer statuses ignored when looking for a live / leading offer (spec core §4). */
export const IGNORED_OFFER_STATUSES: ReadonlySet<OfferStatusDto> = new Set<OfferStatusDto>([
  'ALLOWED',
  'IN_PROGRESS',
  'CREATED_OFFER',
  'REJECTED',
  'REFUSE_OPER',
  'SIGNED_ANOTHER_OFFER',
]);

/** Live offer statuses in deal-flow order (spec core §4 Offer statuses, Deal flow): later leads. */
const LIVE_ORDER: readonly OfferStatusDto[] = [
  'SEND_OFFER',
  'ACCEPTED',
  'SEND_OFFER_DOCS',
  'ACCEPTED_OFFER_DOCS',
  'SEND_PAYCHECK',
  'PAYMENT_CHECKING',
  'EXECUTING',
  'SEND_EXECUTING_DOCS',
  'EXECUTED',
];

/** Whether an offer counts as live (not ignored). */
export function isLiveOffer(offer: OfferState): boolean {
  return !IGNORED_OFFER_STATUSES.has(offer.status);
}

/** The leading offer: the live offer furthest along the deal flow; undefined when none is live. */
export function leadingOffer<T extends OfferState>(offers: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestRank = -1;
  for (const o of offers) {
    if (!isLiveOffer(o)) continue;
    const rank = LIVE_ORDER.indexOf(o.status);
    if (rank > bestRank) {
      best = o;
      bestRank = rank;
    }
  }
  return best;
}

/** The client-facing display status of an order (spec core §4 client table; see the header). */
export function clientDisplayStatus(status: OrderStatusDto, offers: readonly OfferState[]): ClientDisplayStatusCode {
  const lead = leadingOffer(offers);
  const signOrConfirm = (o: OfferState): ClientDisplayStatusCode =>
    o.partnerSignRequired ? 'REQUIRES_SIGNATURE' : 'REQUIRES_CONFIRMATION';
  switch (status) {
    case 'VALIDATION':
    case 'IN_VALIDATION':
      return 'CHECK';
    case 'ACTIVE':
      return lead ? 'HAS_OFFERS' : 'WAITING_FOR_OFFERS';
    case 'OFFER_ACCEPTED':
      if (lead?.status === 'ACCEPTED_OFFER_DOCS') return 'WAITING_FOR_PAYMENT_ORDER';
      if (lead?.status === 'SEND_PAYCHECK') return 'PAYMENT';
      if (lead?.status === 'SEND_OFFER_DOCS') return signOrConfirm(lead);
      return 'OFFER_ACCEPTED';
    case 'EXECUTING':
      if (lead?.status === 'SEND_EXECUTING_DOCS') return signOrConfirm(lead);
      return 'EXECUTING';
    case 'PAYMENT_CHECKING':
      return 'PAYMENT_CHECKING';
    case 'EXECUTED':
      return 'EXECUTED';
    case 'CANCELED':
      return 'CANCELED';
    case 'REJECTED':
      return 'REJECTED';
  }
}

/** Client tab of the order list (spec core §4 Client tab groups). */
export type ClientTab = 'CURRENT' | 'COMPLETED' | 'CANCELLED';

/** Order statuses of each client tab (spec core §4). */
export const CLIENT_TAB_STATUSES: Readonly<Record<ClientTab, readonly OrderStatusDto[]>> = {
  CURRENT: ['ACTIVE', 'EXECUTING', 'IN_VALIDATION', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'VALIDATION'],
  COMPLETED: ['EXECUTED'],
  CANCELLED: ['CANCELED', 'REJECTED'],
};

/** The client tab an order status belongs to. */
export function clientTabOf(status: OrderStatusDto): ClientTab {
  for (const tab of ['CURRENT', 'COMPLETED', 'CANCELLED'] as const) {
    if (CLIENT_TAB_STATUSES[tab].includes(status)) return tab;
  }
  /* c8 ignore next: every status is in a tab; the compiler cannot see it */
  return 'CURRENT';
}
