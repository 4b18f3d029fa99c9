/**
 * The statuses of the deal flow (spec core §4 "Order statuses", "Offer statuses", "Payment statuses") and their ONE
 * set of Russian labels, used by the backend's answers, the gateway's GraphQL fields and the web app (issue 9: the
 * tiers had four copies in three wordings; the backend's wording is the one kept). Pure data, no I/O.
 */

/** The data roles of spec core §6: client, payment agent (PARTNER), referral partner (AGENT), operator (OPER). */
export const ACCOUNT_TYPES = ['CLIENT', 'PARTNER', 'AGENT', 'OPER'] as const;
/** One of ACCOUNT_TYPES (spec core §3 "account type", §6). */
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Order statuses of spec core §4, in the order of the deal flow (§1), then the two unsuccessful ends. */
export const ORDER_STATUSES = [
  'VALIDATION',
  'IN_VALIDATION',
  'ACTIVE',
  'OFFER_ACCEPTED',
  'PAYMENT_CHECKING',
  'EXECUTING',
  'EXECUTED',
  'REJECTED',
  'CANCELED',
] as const;
/** One of ORDER_STATUSES (spec core §4). */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Status of a new request: the operator checks it first (spec core §4 "Deal flow" step 2). */
export const INITIAL_ORDER_STATUS: OrderStatus = 'VALIDATION';

/** True when `s` is one of ORDER_STATUSES (input from the wire or the database). */
export function isOrderStatus(s: unknown): s is OrderStatus {
  return typeof s === 'string' && (ORDER_STATUSES as readonly string[]).includes(s);
}

/** Offer (partner order) statuses of spec core §4, in the order of the deal flow, then the three unsuccessful ends. */
export const OFFER_STATUSES = [
  'ALLOWED',
  'IN_PROGRESS',
  'CREATED_OFFER',
  'SEND_OFFER',
  'ACCEPTED',
  'SEND_OFFER_DOCS',
  'ACCEPTED_OFFER_DOCS',
  'SEND_PAYCHECK',
  'PAYMENT_CHECKING',
  'EXECUTING',
  'SEND_EXECUTING_DOCS',
  'EXECUTED',
  'SIGNED_ANOTHER_OFFER',
  'REJECTED',
  'REFUSE_OPER',
] as const;
/** One of OFFER_STATUSES (spec core §4). */
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Payment (bill) statuses of spec core §4. */
export const PAYMENT_STATUSES = ['ACTIVE', 'CHECK_PAYMENT', 'PAYMENT_CONFIRMED', 'ARCHIVED'] as const;
/** One of PAYMENT_STATUSES (spec core §4). */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Offer statuses that end an offer; every other status is "open" (the offer can still move). */
export const TERMINAL_OFFER_STATUSES: readonly OfferStatus[] = [
  'EXECUTED',
  'SIGNED_ANOTHER_OFFER',
  'REJECTED',
  'REFUSE_OPER',
];
/** Offer statuses from which the offer can still move (OFFER_STATUSES minus TERMINAL_OFFER_STATUSES). */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = OFFER_STATUSES.filter(
  (s) => !TERMINAL_OFFER_STATUSES.includes(s),
);

/** True when the offer can still move (not EXECUTED, SIGNED_ANOTHER_OFFER, REJECTED, REFUSE_OPER). */
export function isOpenOffer(status: OfferStatus): boolean {
  return !TERMINAL_OFFER_STATUSES.includes(status);
}

/** Order statuses that end an order (spec core §4: executed, rejected, cancelled). */
export const TERMINAL_ORDER_STATUSES: readonly OrderStatus[] = ['EXECUTED', 'REJECTED', 'CANCELED'];

/** Russian names of order statuses (spec core §4), for messages, lists and the statuses "shown as themselves". */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  VALIDATION: 'Ожидает проверки',
  IN_VALIDATION: 'На проверке',
  ACTIVE: 'Активна',
  OFFER_ACCEPTED: 'Предложение принято',
  PAYMENT_CHECKING: 'Проверка оплаты',
  EXECUTING: 'Исполняется',
  EXECUTED: 'Исполнена',
  REJECTED: 'Отклонена',
  CANCELED: 'Отменена',
};

/** Russian names of offer statuses as the payment agent sees them (spec core §4 "In display terms"). */
export const OFFER_STATUS_LABELS: Readonly<Record<OfferStatus, string>> = {
  ALLOWED: 'Новая',
  IN_PROGRESS: 'Проверка',
  CREATED_OFFER: 'Предложение подготовлено',
  SEND_OFFER: 'Предложение',
  ACCEPTED: 'Предложение принято',
  SEND_OFFER_DOCS: 'Документы отправлены',
  ACCEPTED_OFFER_DOCS: 'Выставление счёта',
  SEND_PAYCHECK: 'Оплата',
  PAYMENT_CHECKING: 'Проверка оплаты',
  EXECUTING: 'Исполнение',
  SEND_EXECUTING_DOCS: 'Требует подтверждения',
  EXECUTED: 'Исполнена',
  SIGNED_ANOTHER_OFFER: 'Принято другое предложение',
  REJECTED: 'Отказ агента',
  REFUSE_OPER: 'Отклонена сервисом',
};

/** Russian names of payment (bill) statuses (spec core §4). */
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  ACTIVE: 'Счёт выставлен',
  CHECK_PAYMENT: 'Проверка оплаты',
  PAYMENT_CONFIRMED: 'Оплата подтверждена',
  ARCHIVED: 'В архиве',
};

/**
 * Offer statuses as the client and the operator read them about an agent's offer (spec core §4 "Offer statuses"; the
 * web app's offer comparison, scoring table and history): the same statuses seen from the other side of the deal,
 * e.g. ALLOWED 'Направлена агенту' where the agent itself reads 'Новая' (OFFER_STATUS_LABELS).
 */
export const OFFER_STATUS_LABELS_FOR_CLIENT: Readonly<Record<OfferStatus, string>> = {
  ALLOWED: 'Направлена агенту',
  IN_PROGRESS: 'В работе у агента',
  CREATED_OFFER: 'Предложение готовится',
  SEND_OFFER: 'Предложение',
  ACCEPTED: 'Предложение принято',
  SEND_OFFER_DOCS: 'Документы отправлены',
  ACCEPTED_OFFER_DOCS: 'Документы подтверждены',
  SEND_PAYCHECK: 'Счёт выставлен',
  PAYMENT_CHECKING: 'Проверка оплаты',
  EXECUTING: 'Исполнение',
  SEND_EXECUTING_DOCS: 'Закрывающие документы отправлены',
  EXECUTED: 'Исполнена',
  SIGNED_ANOTHER_OFFER: 'Принято другое предложение',
  REJECTED: 'Отказ агента',
  REFUSE_OPER: 'Закрыта сервисом',
};
