/**
 * The deal flow of spec core §4 as DATA: order, offer (partner order) and payment state machines in one table of
 * named actions (DEAL_RULES). The backend's `domain/deal/apply.ts` reads the table to plan a transition and the
 * gateway derives its `viewerCan…` flags from it (permissions.ts); nothing here does I/O (DESIGN "Rules apart from
 * I/O"). Every entry says who may act (§6, §7), from which (order status, offer status) pairs, to what, what
 * happens to the OTHER offers of the order, to the payments (bills), and whether a comment is required.
 *
 * Decisions taken where spec core §4 is silent ("Which role may trigger which transition on the server is not
 * shown", §4 "Other states"):
 *
 * 1. VALIDATION → IN_VALIDATION (OPER_TAKE). VALIDATION is "new, waiting for an operator"; IN_VALIDATION is "an
 *    operator took the check into work" — that operator becomes the order's validator (§3 operator-side row
 *    `validator`). A taken order cannot be taken again (no silent take-over; compare-and-set makes one of two
 *    concurrent takes win). The operator may reject from either state (§4 "Other states: reject an order"), but
 *    sends to payment agents (scoring, §1 step 2) only after taking it, so every active order has a validator.
 * 2. OPER_SEND_TO_PARTNERS works from IN_VALIDATION (→ ACTIVE) and again from ACTIVE (more agents while no offer is
 *    accepted, e.g. after every agent refused). Each chosen agent gets an offer in ALLOWED. An agent whose offer is
 *    still open is refused (already sent); an agent who refused itself (REJECTED) is refused too; an agent whose
 *    offer was withdrawn by the platform (REFUSE_OPER, SIGNED_ANOTHER_OFFER) is re-opened to ALLOWED (one offer row
 *    per agent and order).
 * 3. Reject vs close. OPER_REJECT ends an order during the check (VALIDATION, IN_VALIDATION: no offers yet);
 *    OPER_CLOSE ends it once it went to agents (ACTIVE, OFFER_ACCEPTED, PAYMENT_CHECKING, EXECUTING). Both need a
 *    comment and both end in REJECTED: §4 has only two unsuccessful order ends, and CANCELED is the client's own
 *    ("client cancels") while REJECTED is shown to the client as "rejected by service".
 * 4. What happens to the open offers on an exit. §4 has three unsuccessful offer ends: REJECTED (the agent's own
 *    refusal: "agent refusal" in the agent's results), SIGNED_ANOTHER_OFFER (another agent's offer was accepted:
 *    §4 step 4) and REFUSE_OPER (withdrawn by the platform). On operator reject/close, on client cancel and on
 *    expiry the agent neither refused nor lost to another offer, so every open offer becomes REFUSE_OPER; the
 *    agent's label tells "client refusal" from "rejected by service" by the order status (display.ts).
 * 5. Client cancel is allowed until the client marks the payment made (VALIDATION … OFFER_ACCEPTED). After that
 *    money is moving: only the operator can end the deal (OPER_CLOSE).
 * 6. Agent refusal (PARTNER_REJECT, reason required, §5) is allowed before acceptance (order stays ACTIVE) and
 *    after acceptance until the client pays (ACCEPTED … SEND_PAYCHECK). In the second case the order returns to
 *    ACTIVE, so the operator can send it to other agents (decision 2) or close it; the bill is archived.
 * 7. Offers. IN_PROGRESS → CREATED_OFFER is the agent saving an offer before sending it (PARTNER_SAVE_OFFER);
 *    SEND_OFFER may be sent from IN_PROGRESS or CREATED_OFFER. An offer in SEND_OFFER whose payment term ended
 *    expires (OFFER_EXPIRE, actor SYSTEM, see expiry.ts) into REFUSE_OPER (decision 4); the order stays ACTIVE.
 * 8. Order vs offer statuses along the flow (§4 "Deal flow"): ACTIVE while offers are being made; OFFER_ACCEPTED
 *    from the client's acceptance through offer documents and the bill (ACCEPTED, SEND_OFFER_DOCS,
 *    ACCEPTED_OFFER_DOCS, SEND_PAYCHECK); PAYMENT_CHECKING when the client marks the payment made (offer
 *    PAYMENT_CHECKING); EXECUTING when the agent confirms receipt of the money (offer EXECUTING, then
 *    SEND_EXECUTING_DOCS when the closing documents are sent); EXECUTED when the client signs or confirms the
 *    closing documents (offer EXECUTED; §4 step 9 "the deal closes"). ORDER_OPEN_OFFER_STATUSES states it.
 * 9. Payments (bills, §4 payment statuses): PARTNER_SEND_PAYCHECK issues a bill ACTIVE; reissuing from SEND_PAYCHECK
 *    archives the previous ACTIVE bill (§4 step 6 "it can be reissued"). CLIENT_MARK_PAID: ACTIVE → CHECK_PAYMENT.
 *    Confirming receipt: CHECK_PAYMENT → PAYMENT_CONFIRMED — by the agent, or by the operator (§7 operator
 *    "pay-checks confirm"). Any exit archives the bills still ACTIVE or CHECK_PAYMENT; a PAYMENT_CONFIRMED bill is
 *    a fact and stays.
 * 10. The referral partner (AGENT, §6) never acts on the deal itself: acting for a client it is re-logged as CLIENT.
 *     Ownership (this client's order, this agent's offer) is the route's role scoping, not this table's.
 */
import {
  OPEN_OFFER_STATUSES,
  type AccountType,
  type OfferStatus,
  type OrderStatus,
  type PaymentStatus,
} from './statuses.js';

/** Who acts: a data role of spec core §6, or SYSTEM for scheduled jobs (offer expiry). */
export type DealRole = AccountType | 'SYSTEM';
/** Every DealRole, for tests and tables that go over all of them. */
export const DEAL_ROLES: readonly DealRole[] = ['CLIENT', 'PARTNER', 'OPER', 'AGENT', 'SYSTEM'];

/** Offers before acceptance (order ACTIVE) and of an accepted deal before payment (order OFFER_ACCEPTED). */
const PRE_ACCEPT: readonly OfferStatus[] = ['ALLOWED', 'IN_PROGRESS', 'CREATED_OFFER', 'SEND_OFFER'];
const ACCEPTED_DEAL: readonly OfferStatus[] = ['ACCEPTED', 'SEND_OFFER_DOCS', 'ACCEPTED_OFFER_DOCS', 'SEND_PAYCHECK'];

/**
 * The invariant the table keeps (decision 8): which offer statuses may be OPEN for each order status, and how many
 * open offers at most. Terminal offers may sit beside any order status. Tests check it after every applied plan.
 */
export const ORDER_OPEN_OFFER_STATUSES: Readonly<
  Record<OrderStatus, { statuses: readonly OfferStatus[]; max: number }>
> = {
  VALIDATION: { statuses: [], max: 0 },
  IN_VALIDATION: { statuses: [], max: 0 },
  ACTIVE: { statuses: PRE_ACCEPT, max: Infinity },
  OFFER_ACCEPTED: { statuses: ACCEPTED_DEAL, max: 1 },
  PAYMENT_CHECKING: { statuses: ['PAYMENT_CHECKING'], max: 1 },
  EXECUTING: { statuses: ['EXECUTING', 'SEND_EXECUTING_DOCS'], max: 1 },
  EXECUTED: { statuses: [], max: 0 },
  REJECTED: { statuses: [], max: 0 },
  CANCELED: { statuses: [], max: 0 },
};

/** Named actions of the deal flow (spec core §4 "Deal flow" and its exits; §7 partner and operator calls). */
export const DEAL_ACTIONS = [
  'OPER_TAKE',
  'OPER_REJECT',
  'OPER_SEND_TO_PARTNERS',
  'OPER_CLOSE',
  'PARTNER_TAKE',
  'PARTNER_REJECT',
  'PARTNER_SAVE_OFFER',
  'PARTNER_SEND_OFFER',
  'PARTNER_SEND_OFFER_DOCS',
  'PARTNER_SEND_PAYCHECK',
  'PARTNER_CONFIRM_PAYMENT',
  'PARTNER_SEND_FINAL_DOCS',
  'CLIENT_ACCEPT_OFFER',
  'CLIENT_CONFIRM_OFFER_DOCS',
  'CLIENT_MARK_PAID',
  'CLIENT_CONFIRM_FINAL_DOCS',
  'CLIENT_CANCEL',
  'OFFER_EXPIRE',
] as const;
export type DealAction = (typeof DEAL_ACTIONS)[number];

/** One allowed starting point: the order status and, for an action on one offer, that offer's status. */
export interface StatePair {
  order: OrderStatus;
  /** Absent for actions on the order as a whole (they take no target offer). */
  offer?: OfferStatus;
}

/** What an action does to the payments (bills) of the order. */
export type PaymentEffect =
  | { kind: 'NONE' }
  /** Issue a new ACTIVE bill for the target offer; the target's previous ACTIVE bill (reissue) → ARCHIVED. */
  | { kind: 'ISSUE' }
  /** The target offer's bill in `from` → `to` (exactly one must exist). */
  | { kind: 'ADVANCE'; from: PaymentStatus; to: PaymentStatus }
  /** Every bill of the order still ACTIVE or CHECK_PAYMENT → ARCHIVED (exits). */
  | { kind: 'ARCHIVE_OPEN' };

/** Bill statuses that an exit archives (decision 9). */
export const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = ['ACTIVE', 'CHECK_PAYMENT'];

/** One row of the table. */
export interface ActionRule {
  action: DealAction;
  /** Russian name of the action, used in refusal messages. */
  label: string;
  /** Roles allowed to trigger it (spec core §6, §7). */
  roles: readonly DealRole[];
  /** Whether the action targets one offer of the order (then every `from` pair names an offer status). */
  targetsOffer: boolean;
  /** Allowed starting pairs; anything else is INVALID_STATE. */
  from: readonly StatePair[];
  /** Resulting order status; 'SAME' keeps it. */
  orderTo: OrderStatus | 'SAME';
  /** Resulting status of the target offer (actions that target an offer only). */
  offerTo?: OfferStatus;
  /** Effect on the OTHER offers of the order: those in `from` become `to`. */
  others?: { from: readonly OfferStatus[]; to: OfferStatus };
  /** Creates offers in ALLOWED for the chosen agents (OPER_SEND_TO_PARTNERS; decision 2). */
  createsOffers?: boolean;
  /** REQUIRED: the caller must give a non-blank comment/reason; OPTIONAL: may give one; SYSTEM: `systemComment` is recorded. */
  comment: 'REQUIRED' | 'OPTIONAL' | 'SYSTEM';
  /** Comment recorded for SYSTEM actions when the caller gives none. */
  systemComment?: string;
  payment: PaymentEffect;
}

/** Cartesian product of order and offer statuses as StatePairs (a helper for writing the table). */
function pairs(orders: readonly OrderStatus[], offers?: readonly OfferStatus[]): StatePair[] {
  return orders.flatMap((order) => (offers ? offers.map((offer) => ({ order, offer })) : [{ order }]));
}

const NONE: PaymentEffect = { kind: 'NONE' };

/** The table (spec core §4; decisions 1–10 above). */
export const DEAL_RULES: Readonly<Record<DealAction, ActionRule>> = {
  // ---- Operator (spec core §7 operator orders: take, reject, partners/send; §4 exits: reject or close with a comment)
  OPER_TAKE: {
    action: 'OPER_TAKE',
    label: 'Взять заявку на проверку',
    roles: ['OPER'],
    targetsOffer: false,
    from: pairs(['VALIDATION']),
    orderTo: 'IN_VALIDATION',
    comment: 'OPTIONAL',
    payment: NONE,
  },
  OPER_REJECT: {
    action: 'OPER_REJECT',
    label: 'Отклонить заявку',
    roles: ['OPER'],
    targetsOffer: false,
    from: pairs(['VALIDATION', 'IN_VALIDATION']),
    orderTo: 'REJECTED',
    comment: 'REQUIRED',
    payment: NONE,
  },
  OPER_SEND_TO_PARTNERS: {
    action: 'OPER_SEND_TO_PARTNERS',
    label: 'Отправить заявку платёжным агентам',
    roles: ['OPER'],
    targetsOffer: false,
    from: pairs(['IN_VALIDATION', 'ACTIVE']),
    orderTo: 'ACTIVE',
    createsOffers: true,
    comment: 'OPTIONAL',
    payment: NONE,
  },
  OPER_CLOSE: {
    action: 'OPER_CLOSE',
    label: 'Закрыть заявку',
    roles: ['OPER'],
    targetsOffer: false,
    from: pairs(['ACTIVE', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'EXECUTING']),
    orderTo: 'REJECTED',
    others: { from: OPEN_OFFER_STATUSES, to: 'REFUSE_OPER' },
    comment: 'REQUIRED',
    payment: { kind: 'ARCHIVE_OPEN' },
  },
  // ---- Payment agent (spec core §7 partner calls: take, reject, offer/send, offer/docs, pay-checks, final-docs)
  PARTNER_TAKE: {
    action: 'PARTNER_TAKE',
    label: 'Взять заявку в работу',
    roles: ['PARTNER'],
    targetsOffer: true,
    from: pairs(['ACTIVE'], ['ALLOWED']),
    orderTo: 'SAME',
    offerTo: 'IN_PROGRESS',
    comment: 'OPTIONAL',
    payment: NONE,
  },
  PARTNER_REJECT: {
    action: 'PARTNER_REJECT',
    label: 'Отказаться от заявки',
    roles: ['PARTNER'],
    targetsOffer: true,
    from: [...pairs(['ACTIVE'], PRE_ACCEPT), ...pairs(['OFFER_ACCEPTED'], ACCEPTED_DEAL)],
    orderTo: 'ACTIVE',
    offerTo: 'REJECTED',
    comment: 'REQUIRED',
    payment: { kind: 'ARCHIVE_OPEN' },
  },
  PARTNER_SAVE_OFFER: {
    action: 'PARTNER_SAVE_OFFER',
    label: 'Сохранить предложение',
    roles: ['PARTNER'],
    targetsOffer: true,
    from: pairs(['ACTIVE'], ['IN_PROGRESS']),
    orderTo: 'SAME',
    offerTo: 'CREATED_OFFER',
    comment: 'OPTIONAL',
    payment: NONE,
  },
  PARTNER_SEND_OFFER: {
    action: 'PARTNER_SEND_OFFER',
    label: 'Отправить предложение',
    roles: ['PARTNER'],
    targetsOffer: true,
    from: pairs(['ACTIVE'], ['IN_PROGRESS', 'CREATED_OFFER']),
    orderTo: 'SAME',
    offerTo: 'SEND_OFFER',
    comment: 'OPTIONAL',
    payment: NONE,
  },
  PARTNER_SEND_OFFER_DOCS: {
    action: 'PARTNER_SEND_OFFER_DOCS',
    label: 'Отправить документы по предложению',
    roles: ['PARTNER'],
    targetsOffer: true,
    from: pairs(['OFFER_ACCEPTED'], ['ACCEPTED']),
    orderTo: 'SAME',
    offerTo: 'SEND_OFFER_DOCS',
    comment: 'OPTIONAL',
    payment: NONE,
  },
  PARTNER_SEND_PAYCHECK: {
    action: 'PARTNER_SEND_PAYCHECK',
    label: 'Выставить счёт на оплату',
    roles: ['PARTNER'],
    targetsOffer: true,
    from: pairs(['OFFER_ACCEPTED'], ['ACCEPTED_OFFER_DOCS', 'SEND_PAYCHECK']),
    orderTo: 'SAME',
    offerTo: 'SEND_PAYCHECK',
    comment: 'OPTIONAL',
    payment: { kind: 'ISSUE' },
  },
  PARTNER_CONFIRM_PAYMENT: {
    action: 'PARTNER_CONFIRM_PAYMENT',
    label: 'Подтвердить получение оплаты',
    roles: ['PARTNER', 'OPER'],
    targetsOffer: true,
    from: pairs(['PAYMENT_CHECKING'], ['PAYMENT_CHECKING']),
    orderTo: 'EXECUTING',
    offerTo: 'EXECUTING',
    comment: 'OPTIONAL',
    payment: { kind: 'ADVANCE', from: 'CHECK_PAYMENT', to: 'PAYMENT_CONFIRMED' },
  },
  PARTNER_SEND_FINAL_DOCS: {
    action: 'PARTNER_SEND_FINAL_DOCS',
    label: 'Отправить закрывающие документы',
    roles: ['PARTNER'],
    targetsOffer: true,
    from: pairs(['EXECUTING'], ['EXECUTING']),
    orderTo: 'SAME',
    offerTo: 'SEND_EXECUTING_DOCS',
    comment: 'OPTIONAL',
    payment: NONE,
  },
  // ---- Client (spec core §6 client: cancels, accepts offers, signs or confirms documents, confirms payment made)
  CLIENT_ACCEPT_OFFER: {
    action: 'CLIENT_ACCEPT_OFFER',
    label: 'Принять предложение',
    roles: ['CLIENT'],
    targetsOffer: true,
    from: pairs(['ACTIVE'], ['SEND_OFFER']),
    orderTo: 'OFFER_ACCEPTED',
    offerTo: 'ACCEPTED',
    others: { from: OPEN_OFFER_STATUSES, to: 'SIGNED_ANOTHER_OFFER' },
    comment: 'OPTIONAL',
    payment: NONE,
  },
  CLIENT_CONFIRM_OFFER_DOCS: {
    action: 'CLIENT_CONFIRM_OFFER_DOCS',
    label: 'Подтвердить документы по предложению',
    roles: ['CLIENT'],
    targetsOffer: true,
    from: pairs(['OFFER_ACCEPTED'], ['SEND_OFFER_DOCS']),
    orderTo: 'SAME',
    offerTo: 'ACCEPTED_OFFER_DOCS',
    comment: 'OPTIONAL',
    payment: NONE,
  },
  CLIENT_MARK_PAID: {
    action: 'CLIENT_MARK_PAID',
    label: 'Отметить «Оплата произведена»',
    roles: ['CLIENT'],
    targetsOffer: true,
    from: pairs(['OFFER_ACCEPTED'], ['SEND_PAYCHECK']),
    orderTo: 'PAYMENT_CHECKING',
    offerTo: 'PAYMENT_CHECKING',
    comment: 'OPTIONAL',
    payment: { kind: 'ADVANCE', from: 'ACTIVE', to: 'CHECK_PAYMENT' },
  },
  CLIENT_CONFIRM_FINAL_DOCS: {
    action: 'CLIENT_CONFIRM_FINAL_DOCS',
    label: 'Подтвердить закрывающие документы',
    roles: ['CLIENT'],
    targetsOffer: true,
    from: pairs(['EXECUTING'], ['SEND_EXECUTING_DOCS']),
    orderTo: 'EXECUTED',
    offerTo: 'EXECUTED',
    comment: 'OPTIONAL',
    payment: NONE,
  },
  CLIENT_CANCEL: {
    action: 'CLIENT_CANCEL',
    label: 'Отменить заявку',
    roles: ['CLIENT'],
    targetsOffer: false,
    from: pairs(['VALIDATION', 'IN_VALIDATION', 'ACTIVE', 'OFFER_ACCEPTED']),
    orderTo: 'CANCELED',
    others: { from: OPEN_OFFER_STATUSES, to: 'REFUSE_OPER' },
    comment: 'OPTIONAL',
    payment: { kind: 'ARCHIVE_OPEN' },
  },
  // ---- System (spec core §4 exits: "an offer expires if the client does not accept in time")
  OFFER_EXPIRE: {
    action: 'OFFER_EXPIRE',
    label: 'Истечение срока предложения',
    roles: ['SYSTEM'],
    targetsOffer: true,
    from: pairs(['ACTIVE'], ['SEND_OFFER']),
    orderTo: 'SAME',
    offerTo: 'REFUSE_OPER',
    comment: 'SYSTEM',
    systemComment: 'Срок оплаты по предложению истёк',
    payment: NONE,
  },
};

/** The rule of an action, or undefined for an unknown name (input from the wire). */
export function ruleOf(action: string): ActionRule | undefined {
  return (DEAL_ACTIONS as readonly string[]).includes(action) ? DEAL_RULES[action as DealAction] : undefined;
}

/** True when `state` is one of the rule's allowed starting pairs. */
export function allowsState(rule: ActionRule, state: StatePair): boolean {
  return rule.from.some((p) => p.order === state.order && p.offer === state.offer);
}
