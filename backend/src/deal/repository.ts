/**
 * The deal-flow repository: runs one transition of spec core §4 (order, offer = partner order, payment = pay check)
 * against the database, all of it or nothing, with compare-and-set. The rules are in src/domain/deal (pure); this
 * file only reads a snapshot, asks `planTransition` for a plan and applies it.
 *
 * HOW TO CALL (routes of the operator, the client and the payment agent all go through here):
 *
 *   import { runTransition } from '../../deal/repository.js';
 *   const result = await runTransition(app.dbh.db, {
 *     action: 'PARTNER_TAKE',            // a DealAction of src/domain/deal/transitions.ts
 *     actor: request.user!,              // AuthUser of the caller, or 'SYSTEM' for scheduled jobs
 *     orderId: id,                       // orders.id from the path
 *     partnerOrderId,                    // optional: the target offer (partner_orders.id). For a PARTNER actor it may be
 *                                        //   omitted: the caller's own partner order of the order is the target.
 *     comment: body.comment,             // optional; required by OPER_REJECT, OPER_CLOSE, PARTNER_REJECT (400 COMMENT_REQUIRED)
 *     partnerIds: body.partnerIds,       // OPER_SEND_TO_PARTNERS only: companies.id of the chosen payment agents
 *     payCheck: { amount, currency, ... },// PARTNER_SEND_PAYCHECK only: values of the bill that the plan issues
 *     now: app.clock.now(),              // the app clock (tests move it)
 *     within: async (tx, ctx) => { ... } // optional: more writes in the SAME transaction, after the plan is applied
 *                                        //   (e.g. offer details for PARTNER_SEND_OFFER, document statuses). Throwing
 *                                        //   an AppError there rolls everything back.
 *   });
 *   // result: { orderId, orderStatus, offers: [{ id, partnerId, status }], plan, createdOfferIds, createdPayCheckIds }
 *
 * Errors (AppError, src/errors.ts), nothing written in any of these cases:
 * - 404 NOT_FOUND 'Заявка не найдена' — no such order, or (CLIENT) not the caller's company's order, or (PARTNER) the
 *   order was not sent to the caller's company; 404 'Предложение не найдено' — `partnerOrderId` is not an offer of
 *   the order (or, for a PARTNER, not its own). Not distinguished from "absent", so nothing leaks (spec core §6).
 * - a refused plan: REFUSAL_HTTP_STATUS of src/domain/deal/apply.ts with the refusal's code and Russian message
 *   (403 FORBIDDEN_ROLE, 409 INVALID_STATE, 400 COMMENT_REQUIRED, 409 PARTNER_ALREADY_SENT, ...). 400 refusals carry
 *   an `errors` item (field `comment` or `partnerIds`).
 * - 409 CONFLICT 'Статус заявки уже изменился, обновите страницу' — a compare-and-set lost: another action changed one
 *   of the rows between the read and the write (two accepts of two offers at the same moment: exactly one wins).
 *
 * Compare-and-set: every UPDATE is `... SET status = $to, version = version + 1 WHERE id = $id AND version = $expected`;
 * when one matches no row the transaction is rolled back. Rows are updated in a fixed order (order, offers by id,
 * bills by id) so that two transactions on PostgreSQL never wait for each other in a cycle.
 *
 * Side records written with the plan: the unified history (order_status_history with entity ORDER | OFFER | PAYMENT,
 * actor and role, one row per change and per created row); the validator of the order (OPER_TAKE, and
 * OPER_SEND_TO_PARTNERS when none yet); the refusal reason of the partner order (PARTNER_REJECT); an operator comment
 * for OPER_REJECT / OPER_CLOSE (it becomes the order's lastOperComment); `partnerSignRequired` of created offers
 * from partner_profiles.sign_required.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import { companies } from '../db/schema/core.js';
import { operatorComments, payChecks } from '../db/schema/deal.js';
import { orders, orderStatusHistory, partnerOrders } from '../db/schema/orders.js';
import { partnerProfiles } from '../db/schema/partner.js';
import {
  planTransition,
  REFUSAL_HTTP_STATUS,
  type OfferSnapshot,
  type PaymentSnapshot,
  type Plan,
} from '../domain/deal/apply.js';
import type { DealAction, DealRole } from '@platform/domain/deal/rules';
import type { OfferStatus, OrderStatus, PaymentStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../errors.js';
import { recordReferralCommission } from '../referral/commissions.js';
import { appendOrderEvents, planChanges } from './order-events.js';
import type { AuthUser } from '../plugins/auth.js';

/** Message of a lost compare-and-set (409 CONFLICT). */
export const STALE_MESSAGE = 'Статус заявки уже изменился, обновите страницу';
export const ORDER_NOT_FOUND = 'Заявка не найдена';
export const OFFER_NOT_FOUND = 'Предложение не найдено';

/** Who acts: a signed-in user or the system (scheduled jobs). */
export type DealActor =
  | (Pick<AuthUser, 'id' | 'accountType' | 'companyId'> & {
      /** A referral partner acting for the client by re-login (issue 11): recorded in the history as AGENT. */
      originalUserId?: number | null;
    })
  | 'SYSTEM';

/** Values of the bill a PARTNER_SEND_PAYCHECK plan issues (decimal strings, ISO 4217 codes). */
export interface PayCheckValues {
  paymentCompanyId?: number | null;
  amount?: string | null;
  currency?: string | null;
  convertedCommissionAmount?: string | null;
  commission?: string | null;
}

/** The order with its offers and bills as read inside the transaction. */
export interface DealSnapshot {
  order: { id: number; companyId: number; status: OrderStatus; version: number; validatorUserId: number | null };
  offers: Array<OfferSnapshot & { partnerId: number; partnerSignRequired: boolean }>;
  payments: PaymentSnapshot[];
}

/** Context handed to `within`: the snapshot read, the plan applied and the ids of the created rows. */
export interface TransitionContext {
  snapshot: DealSnapshot;
  plan: Plan;
  /** The target offer (partner order id), when the action has one. */
  targetOfferId: number | null;
  createdOfferIds: number[];
  createdPayCheckIds: number[];
  now: Date;
}

export interface TransitionRequest {
  action: DealAction;
  actor: DealActor;
  orderId: number;
  /** Target offer (partner_orders.id). PARTNER actors may omit it (their own offer of the order is used). */
  partnerOrderId?: number;
  /** OPER_SEND_TO_PARTNERS: companies.id of the chosen payment agents. */
  partnerIds?: readonly number[];
  comment?: string | null;
  /** PARTNER_SEND_PAYCHECK: values of the issued bill. */
  payCheck?: PayCheckValues;
  /** The app clock. */
  now: Date;
  /** More writes in the same transaction, after the plan is applied. */
  within?: (tx: Tx, ctx: TransitionContext) => Promise<void>;
}

export interface TransitionResult {
  orderId: number;
  orderStatus: OrderStatus;
  /** Every offer of the order after the transition, by id. */
  offers: Array<{ id: number; partnerId: number; status: OfferStatus }>;
  plan: Plan;
  createdOfferIds: number[];
  createdPayCheckIds: number[];
}

/** Reads the order, its offers and their bills (ordered by id); null when the order does not exist. */
export async function loadDealSnapshot(db: DbOrTx, orderId: number): Promise<DealSnapshot | null> {
  const [o] = await db
    .select({
      id: orders.id,
      companyId: orders.companyId,
      status: orders.status,
      version: orders.version,
      validatorUserId: orders.validatorUserId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!o) return null;
  const offers = await db
    .select({
      id: partnerOrders.id,
      partnerId: partnerOrders.partnerCompanyId,
      status: partnerOrders.status,
      version: partnerOrders.version,
      partnerSignRequired: partnerOrders.partnerSignRequired,
    })
    .from(partnerOrders)
    .where(eq(partnerOrders.orderId, orderId))
    .orderBy(asc(partnerOrders.id));
  const offerIds = offers.map((x) => x.id);
  const payments = offerIds.length
    ? await db
        .select({
          id: payChecks.id,
          offerId: payChecks.partnerOrderId,
          status: payChecks.status,
          version: payChecks.version,
        })
        .from(payChecks)
        .where(inArray(payChecks.partnerOrderId, offerIds))
        .orderBy(asc(payChecks.id))
    : [];
  return {
    order: { ...o, status: o.status as OrderStatus },
    offers: offers.map((x) => ({ ...x, status: x.status as OfferStatus })),
    payments: payments.map((p) => ({ ...p, status: p.status as PaymentStatus })),
  };
}

function roleOf(actor: DealActor): DealRole {
  return actor === 'SYSTEM' ? 'SYSTEM' : actor.accountType;
}

function conflict(): AppError {
  return AppError.conflict(STALE_MESSAGE, 'CONFLICT');
}

/** The AppError of a refused plan (REFUSAL_HTTP_STATUS; 400 refusals get a field item). */
export function refusalError(code: keyof typeof REFUSAL_HTTP_STATUS, message: string): AppError {
  const status = REFUSAL_HTTP_STATUS[code];
  if (status === 400) {
    const field =
      code === 'PARTNERS_REQUIRED' ? 'partnerIds' : code === 'OFFER_REQUIRED' ? 'partnerOrderId' : 'comment';
    return new AppError(400, code, message, [{ field, code, message }]);
  }
  return new AppError(status, code, message);
}

/**
 * Applies an allowed plan in `tx` with compare-and-set (module header). Throws 409 CONFLICT when any row moved
 * since the snapshot; the caller's transaction then rolls back. Returns the ids of the created offers and bills.
 */
export async function applyPlan(
  tx: Tx,
  plan: Plan,
  args: {
    orderId: number;
    actorId: number | null;
    actorRole: DealRole;
    now: Date;
    payCheck?: PayCheckValues;
    targetOfferId?: number | null;
    /** Re-login (issue 11): the referral partner's user recorded instead of the client, with actorRole AGENT. */
    onBehalfUserId?: number | null;
  },
): Promise<{ createdOfferIds: number[]; createdPayCheckIds: number[] }> {
  const { now } = args;
  const u = plan.orderUpdate;
  if (u) {
    const set: Record<string, unknown> = { status: u.to, version: sql`${orders.version} + 1` };
    if (u.from !== u.to) set.statusDate = now;
    const rows = await tx
      .update(orders)
      .set(set)
      .where(and(eq(orders.id, u.orderId), eq(orders.version, u.expectedVersion)))
      .returning({ id: orders.id });
    if (rows.length !== 1) throw conflict();
  }
  for (const x of [...plan.offerUpdates].sort((a, b) => a.offerId - b.offerId)) {
    const set: Record<string, unknown> = { status: x.to, version: sql`${partnerOrders.version} + 1` };
    if (x.from !== x.to) set.statusDate = now;
    if (plan.action === 'PARTNER_REJECT' && x.offerId === args.targetOfferId) set.rejectReason = plan.comment;
    const rows = await tx
      .update(partnerOrders)
      .set(set)
      .where(
        and(
          eq(partnerOrders.id, x.offerId),
          eq(partnerOrders.orderId, args.orderId),
          eq(partnerOrders.version, x.expectedVersion),
        ),
      )
      .returning({ id: partnerOrders.id });
    if (rows.length !== 1) throw conflict();
  }
  for (const x of [...plan.paymentUpdates].sort((a, b) => a.paymentId - b.paymentId)) {
    const rows = await tx
      .update(payChecks)
      .set({ status: x.to, statusDate: now, version: sql`${payChecks.version} + 1` })
      .where(and(eq(payChecks.id, x.paymentId), eq(payChecks.version, x.expectedVersion)))
      .returning({ id: payChecks.id });
    if (rows.length !== 1) throw conflict();
  }

  const createdOfferIds: number[] = [];
  const offerIdByPartner = new Map<number, number>();
  if (plan.offerCreates.length) {
    const partnerIds = plan.offerCreates.map((c) => c.partnerId);
    const profiles = await tx
      .select({ id: partnerProfiles.partnerCompanyId, signRequired: partnerProfiles.signRequired })
      .from(partnerProfiles)
      .where(inArray(partnerProfiles.partnerCompanyId, partnerIds));
    const sign = new Map(profiles.map((p) => [p.id, p.signRequired]));
    for (const c of plan.offerCreates) {
      const [row] = await tx
        .insert(partnerOrders)
        .values({
          orderId: args.orderId,
          partnerCompanyId: c.partnerId,
          status: c.status,
          partnerSignRequired: sign.get(c.partnerId) ?? false,
          createdAt: now,
          statusDate: now,
        })
        .returning({ id: partnerOrders.id });
      createdOfferIds.push(row.id);
      offerIdByPartner.set(c.partnerId, row.id);
    }
  }
  const createdPayCheckIds: number[] = [];
  const payCheckIdByOffer = new Map<number, number>();
  for (const c of plan.paymentCreates) {
    const v = args.payCheck ?? {};
    const [row] = await tx
      .insert(payChecks)
      .values({
        partnerOrderId: c.offerId,
        status: c.status,
        createdAt: now,
        statusDate: now,
        paymentCompanyId: v.paymentCompanyId ?? null,
        amount: v.amount ?? null,
        currency: v.currency ?? null,
        convertedCommissionAmount: v.convertedCommissionAmount ?? null,
        commission: v.commission ?? null,
      })
      .returning({ id: payChecks.id });
    createdPayCheckIds.push(row.id);
    payCheckIdByOffer.set(c.offerId, row.id);
  }

  if (plan.history.length) {
    await tx.insert(orderStatusHistory).values(
      plan.history.map((h) => ({
        orderId: args.orderId,
        entity: h.entity,
        entityId:
          h.id ??
          (h.entity === 'OFFER'
            ? (offerIdByPartner.get(h.partnerId!) ?? null)
            : (payCheckIdByOffer.get(h.offerId!) ?? null)),
        fromStatus: h.from,
        toStatus: h.to,
        byUserId: args.onBehalfUserId ?? args.actorId,
        actorRole: args.onBehalfUserId ? 'AGENT' : h.actorRole,
        at: new Date(h.at),
        comment: h.comment,
      })),
    );
  }
  return { createdOfferIds, createdPayCheckIds };
}

/**
 * Runs one deal transition for `req.actor` (module header: how to call, errors, what is recorded). One
 * transaction: snapshot read, plan, compare-and-set writes, history, `within`. Returns the order status and offers
 * after it.
 */
export async function runTransition(db: DbOrTx, req: TransitionRequest): Promise<TransitionResult> {
  const role = roleOf(req.actor);
  const actorId = req.actor === 'SYSTEM' ? null : req.actor.id;
  return db.transaction(async (tx) => {
    const snap = await loadDealSnapshot(tx, req.orderId);
    if (!snap) throw AppError.notFound(ORDER_NOT_FOUND);
    // Ownership (spec core §6): a client only its company's orders, an agent only the orders sent to it.
    let target: DealSnapshot['offers'][number] | undefined;
    if (req.actor !== 'SYSTEM' && role === 'CLIENT' && snap.order.companyId !== req.actor.companyId)
      throw AppError.notFound(ORDER_NOT_FOUND);
    if (req.actor !== 'SYSTEM' && role === 'PARTNER') {
      const companyId = req.actor.companyId;
      const own = snap.offers.find((o) => o.partnerId === companyId);
      if (!own) throw AppError.notFound(ORDER_NOT_FOUND);
      if (req.partnerOrderId !== undefined && req.partnerOrderId !== own.id) throw AppError.notFound(OFFER_NOT_FOUND);
      target = own;
    } else if (req.partnerOrderId !== undefined) {
      target = snap.offers.find((o) => o.id === req.partnerOrderId);
      if (!target) throw AppError.notFound(OFFER_NOT_FOUND);
    }

    if (req.action === 'OPER_SEND_TO_PARTNERS' && req.partnerIds?.length) {
      const ids = [...new Set(req.partnerIds)];
      const known = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(inArray(companies.id, ids), eq(companies.kind, 'PARTNER')));
      if (known.length !== ids.length) {
        const message = 'Платёжный агент не найден';
        throw new AppError(400, 'PARTNER_UNKNOWN', message, [
          { field: 'partnerIds', code: 'PARTNER_UNKNOWN', message },
        ]);
      }
    }

    const plan = planTransition(req.action, {
      actorRole: role,
      actorId,
      order: { id: snap.order.id, status: snap.order.status, version: snap.order.version },
      offer: target
        ? { id: target.id, status: target.status, version: target.version, partnerId: target.partnerId }
        : undefined,
      otherOffers: snap.offers
        .filter((o) => o.id !== target?.id)
        .map((o) => ({ id: o.id, status: o.status, version: o.version, partnerId: o.partnerId })),
      payments: snap.payments,
      partnerIds: req.partnerIds,
      comment: req.comment,
      now: req.now,
    });
    if (!plan.ok) throw refusalError(plan.code, plan.message);

    const created = await applyPlan(tx, plan, {
      orderId: snap.order.id,
      actorId,
      actorRole: role,
      now: req.now,
      payCheck: req.payCheck,
      targetOfferId: target?.id ?? null,
      onBehalfUserId: req.actor === 'SYSTEM' ? null : (req.actor.originalUserId ?? null),
    });
    // The referral partner's commission of an executed deal, in the same transaction (issue 11).
    if (plan.orderUpdate?.to === 'EXECUTED' && plan.orderUpdate.from !== 'EXECUTED')
      await recordReferralCommission(tx, { orderId: snap.order.id, partnerOrderId: target?.id ?? null, now: req.now });

    // Validator of the order (spec core §3 operator-side row): the operator who took it, or who sent it without taking.
    if (
      actorId !== null &&
      (req.action === 'OPER_TAKE' || (req.action === 'OPER_SEND_TO_PARTNERS' && snap.order.validatorUserId === null))
    ) {
      await tx
        .update(orders)
        .set({ validatorUserId: actorId })
        .where(and(eq(orders.id, snap.order.id), isNull(orders.validatorUserId)));
    }
    // The operator's reason for an exit is also the order's latest operator comment.
    let commentId: number | null = null;
    if (actorId !== null && (req.action === 'OPER_REJECT' || req.action === 'OPER_CLOSE') && plan.comment) {
      const [c] = await tx
        .insert(operatorComments)
        .values({ orderId: snap.order.id, authorUserId: actorId, text: plan.comment, createdAt: req.now })
        .returning({ id: operatorComments.id });
      commentId = c.id;
    }

    if (req.within) {
      await req.within(tx, { snapshot: snap, plan, targetOfferId: target?.id ?? null, ...created, now: req.now });
    }
    // Live order events (issue 12): one per change, in this transaction, last (the log's counter lock is short).
    await appendOrderEvents(tx, snap.order.id, planChanges(plan, created, commentId), req.now);

    const after = await tx
      .select({ id: partnerOrders.id, partnerId: partnerOrders.partnerCompanyId, status: partnerOrders.status })
      .from(partnerOrders)
      .where(eq(partnerOrders.orderId, snap.order.id))
      .orderBy(asc(partnerOrders.id));
    return {
      orderId: snap.order.id,
      orderStatus: plan.orderUpdate?.to ?? snap.order.status,
      offers: after.map((o) => ({ ...o, status: o.status as OfferStatus })),
      plan,
      ...created,
    };
  });
}
