/**
 * Plans one deal-flow transition (spec core §4) from the table in transitions.ts, without I/O (DESIGN "Rules apart
 * from I/O"). The caller reads a snapshot (order, its offers, its bills — each with its row version), asks for a
 * plan, and its repository applies the plan in ONE transaction with compare-and-set:
 *
 *   UPDATE orders         SET status = :to, version = version + 1 ... WHERE id = :orderId   AND version = :expectedVersion
 *   UPDATE partner_orders SET status = :to, version = version + 1 ... WHERE id = :offerId   AND version = :expectedVersion
 *   UPDATE payments       SET status = :to, version = version + 1 ... WHERE id = :paymentId AND version = :expectedVersion
 *   INSERT the created offers and bills, then the history rows
 *
 * and rolls everything back (answering 409, "re-read and retry") when any UPDATE matches no row. So of two
 * concurrent actions planned from the same snapshot exactly one wins.
 *
 * Which rows are compare-and-set: the order whenever its status changes or offers are created for it, the target
 * offer always (even when its status stays, e.g. a reissued bill), every other offer the plan changes, every bill
 * it changes. Actions that leave the order status alone (an agent taking or answering its own offer) do not lock
 * the order, so agents of one order do not conflict with each other; that is safe because every order-status
 * change also updates every open offer it affects (the invariant ORDER_OPEN_OFFER_STATUSES, checked by the tests).
 */
import {
  DEAL_RULES,
  OPEN_PAYMENT_STATUSES,
  allowsState,
  ruleOf,
  type ActionRule,
  type DealAction,
  type DealRole,
} from '@platform/domain/deal/rules';
import {
  isOpenOffer,
  ORDER_STATUS_LABELS,
  OFFER_STATUS_LABELS,
  type OfferStatus,
  type OrderStatus,
  type PaymentStatus,
} from '@platform/domain/deal/statuses';

/** Longest comment or reason accepted, characters (the spec does not give one, §5 "not shown"; as domain/orders.ts). */
export const MAX_COMMENT_LENGTH = 2000;

/** An offer (partner order) as read, with its row version. `partnerId`: the payment agent's company id. */
export interface OfferSnapshot {
  id: number;
  status: OfferStatus;
  version: number;
  partnerId?: number;
}

/** A payment (bill) of an offer as read, with its row version. */
export interface PaymentSnapshot {
  id: number;
  offerId: number;
  status: PaymentStatus;
  version: number;
}

/** Everything a plan depends on. */
export interface PlanInput {
  /** Role of the caller (spec core §6), or SYSTEM for scheduled jobs. Identity (whose order/offer) is checked by the route. */
  actorRole: DealRole;
  /** The acting user, recorded in the history; null for SYSTEM. */
  actorId?: number | null;
  order: { id: number; status: OrderStatus; version: number };
  /** The target offer; required by actions on one offer (rule.targetsOffer), ignored by the others. */
  offer?: OfferSnapshot;
  /** The other offers of the order (for actions on the order as a whole: all its offers). Must carry partnerId for OPER_SEND_TO_PARTNERS. */
  otherOffers: readonly OfferSnapshot[];
  /** Bills of the order (only those of the accepted offer exist in practice). */
  payments?: readonly PaymentSnapshot[];
  /** Payment agents chosen by the operator (OPER_SEND_TO_PARTNERS, §1 step 2 scoring). */
  partnerIds?: readonly number[];
  /** Comment or refusal reason; required where the rule says so. */
  comment?: string | null;
  /** The clock (UTC instant); recorded as `at` in the history. */
  now: Date;
}

/** Stable codes of a refused plan. */
export type RefusalCode =
  | 'UNKNOWN_ACTION'
  | 'FORBIDDEN_ROLE'
  | 'OFFER_REQUIRED'
  | 'INVALID_STATE'
  | 'COMMENT_REQUIRED'
  | 'COMMENT_TOO_LONG'
  | 'PARTNERS_REQUIRED'
  | 'PARTNER_ALREADY_SENT'
  | 'PARTNER_REFUSED'
  | 'PAYMENT_NOT_FOUND';

/** HTTP status a route should answer for each refusal (src/errors.ts AppError). */
export const REFUSAL_HTTP_STATUS: Readonly<Record<RefusalCode, 400 | 403 | 409>> = {
  UNKNOWN_ACTION: 400,
  FORBIDDEN_ROLE: 403,
  OFFER_REQUIRED: 400,
  INVALID_STATE: 409,
  COMMENT_REQUIRED: 400,
  COMMENT_TOO_LONG: 400,
  PARTNERS_REQUIRED: 400,
  PARTNER_ALREADY_SENT: 409,
  PARTNER_REFUSED: 409,
  PAYMENT_NOT_FOUND: 409,
};

/** A refused plan: an expected failure as data (DESIGN principle 4), with Russian text for the user. */
export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
  /** The agents concerned by PARTNER_ALREADY_SENT / PARTNER_REFUSED. */
  partnerIds?: number[];
}

/** One history row: who (role, user), when (UTC ISO 8601), which entity, from → to, comment. */
export interface HistoryEntry {
  entity: 'ORDER' | 'OFFER' | 'PAYMENT';
  /** Row id; null for a row the plan creates (then `partnerId` or `offerId` names it). */
  id: number | null;
  /** For a created offer: its payment agent. */
  partnerId?: number;
  /** For a created bill: its offer. */
  offerId?: number;
  /** Null for a created row. */
  from: string | null;
  to: string;
  actorRole: DealRole;
  actorId: number | null;
  at: string;
  comment: string | null;
}

/** A compare-and-set update: apply only while the row still has `expectedVersion`, then bump the version. */
export interface OrderUpdate {
  orderId: number;
  from: OrderStatus;
  to: OrderStatus;
  expectedVersion: number;
}
export interface OfferUpdate {
  offerId: number;
  from: OfferStatus;
  to: OfferStatus;
  expectedVersion: number;
}
export interface PaymentUpdate {
  paymentId: number;
  offerId: number;
  from: PaymentStatus;
  to: PaymentStatus;
  expectedVersion: number;
}

/** The plan of an allowed transition; the repository applies all of it or nothing. */
export interface Plan {
  ok: true;
  action: DealAction;
  /** Present when the order status changes or offers are created (then `from` may equal `to`). */
  orderUpdate?: OrderUpdate;
  offerUpdates: OfferUpdate[];
  /** New offers (status ALLOWED) for newly chosen agents (OPER_SEND_TO_PARTNERS). */
  offerCreates: { partnerId: number; status: 'ALLOWED' }[];
  paymentUpdates: PaymentUpdate[];
  /** New bills (status ACTIVE) (PARTNER_SEND_PAYCHECK). */
  paymentCreates: { offerId: number; status: 'ACTIVE' }[];
  /** One row per status change and per created row. */
  history: HistoryEntry[];
  /** The trimmed comment recorded (null when none). */
  comment: string | null;
}

export type PlanResult = Plan | Refusal;

function refuse(code: RefusalCode, message: string, partnerIds?: number[]): Refusal {
  return partnerIds ? { ok: false, code, message, partnerIds } : { ok: false, code, message };
}

/**
 * Plans `action` for the snapshot in `input` (spec core §4 "Deal flow" and its exits; transitions.ts decisions).
 *
 * Checks, in this order: the action exists (UNKNOWN_ACTION); the role may trigger it (FORBIDDEN_ROLE); an action on
 * one offer got one (OFFER_REQUIRED); the (order status, offer status) pair is allowed (INVALID_STATE); the comment
 * is given where required and not longer than MAX_COMMENT_LENGTH (COMMENT_REQUIRED, COMMENT_TOO_LONG); for
 * OPER_SEND_TO_PARTNERS at least one agent, none already holding an open offer or having refused
 * (PARTNERS_REQUIRED, PARTNER_ALREADY_SENT, PARTNER_REFUSED); for a bill advance exactly one bill in the required
 * status (PAYMENT_NOT_FOUND). Returns a Refusal (with a Russian message and a code; REFUSAL_HTTP_STATUS maps it)
 * or a Plan carrying the expected versions for compare-and-set. Never throws, never does I/O.
 */
export function planTransition(action: DealAction | string, input: PlanInput): PlanResult {
  const rule = ruleOf(action);
  if (!rule) return refuse('UNKNOWN_ACTION', 'Неизвестное действие');
  if (!rule.roles.includes(input.actorRole)) {
    return refuse('FORBIDDEN_ROLE', `Действие «${rule.label}» недоступно для вашей роли`);
  }
  const target = rule.targetsOffer ? input.offer : undefined;
  if (rule.targetsOffer && !target)
    return refuse('OFFER_REQUIRED', `Для действия «${rule.label}» нужно указать предложение`);
  if (!allowsState(rule, { order: input.order.status, offer: target?.status })) {
    const offerPart = target ? `, предложение — «${OFFER_STATUS_LABELS[target.status]}»` : '';
    return refuse(
      'INVALID_STATE',
      `Действие «${rule.label}» недоступно: заявка в статусе «${ORDER_STATUS_LABELS[input.order.status]}»${offerPart}`,
    );
  }

  const comment = commentOf(rule, input.comment);
  if (rule.comment === 'REQUIRED' && !comment) {
    return refuse(
      'COMMENT_REQUIRED',
      rule.action === 'PARTNER_REJECT' ? 'Укажите причину отказа' : 'Укажите комментарий',
    );
  }
  if (comment && comment.length > MAX_COMMENT_LENGTH) return refuse('COMMENT_TOO_LONG', 'Превышен лимит символов');

  const at = input.now.toISOString();
  const actorId = input.actorId ?? null;
  const entry = (e: Omit<HistoryEntry, 'actorRole' | 'actorId' | 'at' | 'comment'>): HistoryEntry => ({
    ...e,
    actorRole: input.actorRole,
    actorId,
    at,
    comment,
  });
  // For an action on the order as a whole, an offer passed as `offer` is just one more offer of the order.
  const all =
    !rule.targetsOffer && input.offer && !input.otherOffers.some((o) => o.id === input.offer!.id)
      ? [...input.otherOffers, input.offer]
      : input.otherOffers;
  const others = all.filter((o) => o.id !== target?.id);

  const plan: Plan = {
    ok: true,
    action: rule.action,
    offerUpdates: [],
    offerCreates: [],
    paymentUpdates: [],
    paymentCreates: [],
    history: [],
    comment,
  };

  // Offers: the target, then the others the rule sweeps, then agents to (re-)open or create.
  if (target && rule.offerTo) {
    plan.offerUpdates.push({
      offerId: target.id,
      from: target.status,
      to: rule.offerTo,
      expectedVersion: target.version,
    });
  }
  if (rule.others) {
    const sweep = rule.others;
    for (const o of others) {
      if (sweep.from.includes(o.status))
        plan.offerUpdates.push({ offerId: o.id, from: o.status, to: sweep.to, expectedVersion: o.version });
    }
  }
  if (rule.createsOffers) {
    const chosen = [...new Set(input.partnerIds ?? [])];
    if (chosen.length === 0) return refuse('PARTNERS_REQUIRED', 'Выберите хотя бы одного платёжного агента');
    const byPartner = new Map(others.filter((o) => o.partnerId !== undefined).map((o) => [o.partnerId as number, o]));
    const open = chosen.filter((p) => byPartner.has(p) && isOpenOffer(byPartner.get(p)!.status));
    if (open.length) return refuse('PARTNER_ALREADY_SENT', 'Заявка уже отправлена этому платёжному агенту', open);
    const refused = chosen.filter((p) => byPartner.get(p)?.status === 'REJECTED');
    if (refused.length) return refuse('PARTNER_REFUSED', 'Платёжный агент отказался от этой заявки', refused);
    for (const p of chosen) {
      const existing = byPartner.get(p);
      if (existing)
        plan.offerUpdates.push({
          offerId: existing.id,
          from: existing.status,
          to: 'ALLOWED',
          expectedVersion: existing.version,
        });
      else plan.offerCreates.push({ partnerId: p, status: 'ALLOWED' });
    }
  }

  // Bills (transitions.ts decision 9).
  const payments = input.payments ?? [];
  const effect = rule.payment;
  if (effect.kind === 'ISSUE' && target) {
    for (const p of payments) {
      if (p.offerId === target.id && p.status === 'ACTIVE') {
        plan.paymentUpdates.push({
          paymentId: p.id,
          offerId: p.offerId,
          from: p.status,
          to: 'ARCHIVED',
          expectedVersion: p.version,
        });
      }
    }
    plan.paymentCreates.push({ offerId: target.id, status: 'ACTIVE' });
  } else if (effect.kind === 'ADVANCE' && target) {
    const found = payments.filter((p) => p.offerId === target.id && p.status === effect.from);
    if (found.length !== 1) {
      return refuse(
        'PAYMENT_NOT_FOUND',
        effect.from === 'ACTIVE' ? 'Нет выставленного счёта на оплату' : 'Нет оплаты, ожидающей подтверждения',
      );
    }
    const p = found[0];
    plan.paymentUpdates.push({
      paymentId: p.id,
      offerId: p.offerId,
      from: p.status,
      to: effect.to,
      expectedVersion: p.version,
    });
  } else if (effect.kind === 'ARCHIVE_OPEN') {
    for (const p of payments) {
      if (OPEN_PAYMENT_STATUSES.includes(p.status)) {
        plan.paymentUpdates.push({
          paymentId: p.id,
          offerId: p.offerId,
          from: p.status,
          to: 'ARCHIVED',
          expectedVersion: p.version,
        });
      }
    }
  }

  // The order: compare-and-set when its status changes or offers are created for it.
  const orderTo = rule.orderTo === 'SAME' ? input.order.status : rule.orderTo;
  if (orderTo !== input.order.status || rule.createsOffers) {
    plan.orderUpdate = {
      orderId: input.order.id,
      from: input.order.status,
      to: orderTo,
      expectedVersion: input.order.version,
    };
  }

  // History: every status change and every created row.
  if (plan.orderUpdate && plan.orderUpdate.from !== plan.orderUpdate.to) {
    plan.history.push(
      entry({ entity: 'ORDER', id: input.order.id, from: plan.orderUpdate.from, to: plan.orderUpdate.to }),
    );
  }
  for (const u of plan.offerUpdates) {
    if (u.from !== u.to) plan.history.push(entry({ entity: 'OFFER', id: u.offerId, from: u.from, to: u.to }));
  }
  for (const c of plan.offerCreates)
    plan.history.push(entry({ entity: 'OFFER', id: null, partnerId: c.partnerId, from: null, to: c.status }));
  for (const u of plan.paymentUpdates)
    plan.history.push(entry({ entity: 'PAYMENT', id: u.paymentId, from: u.from, to: u.to }));
  for (const c of plan.paymentCreates)
    plan.history.push(entry({ entity: 'PAYMENT', id: null, offerId: c.offerId, from: null, to: c.status }));
  return plan;
}

/** The trimmed comment, the rule's system comment for SYSTEM actions without one, or null. */
function commentOf(rule: ActionRule, raw: string | null | undefined): string | null {
  const c = typeof raw === 'string' ? raw.trim() : '';
  if (c) return c;
  return rule.comment === 'SYSTEM' ? (rule.systemComment ?? null) : null;
}

/**
 * Actions `role` could trigger now on the order (or on `offer`), from the table alone — for "viewerCan…" flags
 * (DESIGN principle 6). Comment, agent and bill checks still happen in planTransition.
 */
export function availableActions(
  role: DealRole,
  order: { status: OrderStatus },
  offer?: { status: OfferStatus },
): DealAction[] {
  return Object.values(DEAL_RULES)
    .filter((r) => r.roles.includes(role) && (r.targetsOffer ? !!offer : true))
    .filter((r) => allowsState(r, { order: order.status, offer: r.targetsOffer ? offer?.status : undefined }))
    .map((r) => r.action);
}
