/**
 * Test support: an in-memory repository that applies deal plans (apply.ts) exactly as the SQL repository must —
 * all of a plan or nothing, every update a compare-and-set on the row version, the version bumped by one.
 * Used by the deal tests only; it also checks the order/offer invariant of transitions.ts after every apply.
 */
import { planTransition, type HistoryEntry, type Plan, type PlanInput, type PlanResult } from './apply.js';
import { ORDER_OPEN_OFFER_STATUSES, type DealAction, type DealRole } from '@platform/domain/deal/rules';
import { isOpenOffer, type OfferStatus, type OrderStatus, type PaymentStatus } from '@platform/domain/deal/statuses';

export interface MemOrder {
  id: number;
  status: OrderStatus;
  version: number;
}
export interface MemOffer {
  id: number;
  orderId: number;
  partnerId: number;
  status: OfferStatus;
  version: number;
  partnerSignRequired: boolean;
}
export interface MemPayment {
  id: number;
  offerId: number;
  status: PaymentStatus;
  version: number;
}

export class MemoryDealRepo {
  orders = new Map<number, MemOrder>();
  offers = new Map<number, MemOffer>();
  payments = new Map<number, MemPayment>();
  history: HistoryEntry[] = [];
  private nextId = 1000;
  /** Whether agents sign documents, by agent id (defaults to false). */
  signRequired = new Map<number, boolean>();

  /** Creates an order in VALIDATION (the creation itself is not a deal transition). */
  createOrder(id: number, status: OrderStatus = 'VALIDATION'): MemOrder {
    const o = { id, status, version: 1 };
    this.orders.set(id, o);
    return o;
  }

  offersOf(orderId: number): MemOffer[] {
    return [...this.offers.values()].filter((o) => o.orderId === orderId).sort((a, b) => a.id - b.id);
  }

  offerOf(orderId: number, partnerId: number): MemOffer {
    const o = this.offersOf(orderId).find((x) => x.partnerId === partnerId);
    if (!o) throw new Error(`no offer of partner ${partnerId} in order ${orderId}`);
    return o;
  }

  paymentsOf(orderId: number): MemPayment[] {
    const ids = new Set(this.offersOf(orderId).map((o) => o.id));
    return [...this.payments.values()].filter((p) => ids.has(p.offerId)).sort((a, b) => a.id - b.id);
  }

  /** The snapshot a route would read, as PlanInput (copies, so later applies do not change it). */
  snapshot(orderId: number, offerId?: number): Pick<PlanInput, 'order' | 'offer' | 'otherOffers' | 'payments'> {
    const order = { ...this.orders.get(orderId)! };
    const all = this.offersOf(orderId).map((o) => ({
      id: o.id,
      status: o.status,
      version: o.version,
      partnerId: o.partnerId,
    }));
    return {
      order,
      offer: offerId === undefined ? undefined : all.find((o) => o.id === offerId),
      otherOffers: all.filter((o) => o.id !== offerId),
      payments: this.paymentsOf(orderId).map((p) => ({ ...p })),
    };
  }

  /** Reads a snapshot and plans `action` on it. */
  plan(
    action: DealAction,
    args: {
      orderId: number;
      offerId?: number;
      role: DealRole;
      actorId?: number;
      comment?: string;
      partnerIds?: number[];
      now: Date;
    },
  ): PlanResult {
    return planTransition(action, {
      ...this.snapshot(args.orderId, args.offerId),
      actorRole: args.role,
      actorId: args.actorId ?? null,
      comment: args.comment,
      partnerIds: args.partnerIds,
      now: args.now,
    });
  }

  /** Applies a plan atomically with compare-and-set; false (and nothing changed) when any expected version is stale. */
  apply(plan: Plan, orderId: number): boolean {
    const u = plan.orderUpdate;
    if (u && this.orders.get(u.orderId)?.version !== u.expectedVersion) return false;
    if (plan.offerUpdates.some((x) => this.offers.get(x.offerId)?.version !== x.expectedVersion)) return false;
    if (plan.paymentUpdates.some((x) => this.payments.get(x.paymentId)?.version !== x.expectedVersion)) return false;
    if (u) this.orders.set(u.orderId, { id: u.orderId, status: u.to, version: u.expectedVersion + 1 });
    for (const x of plan.offerUpdates) {
      const o = this.offers.get(x.offerId)!;
      this.offers.set(o.id, { ...o, status: x.to, version: o.version + 1 });
    }
    for (const x of plan.paymentUpdates) {
      const p = this.payments.get(x.paymentId)!;
      this.payments.set(p.id, { ...p, status: x.to, version: p.version + 1 });
    }
    for (const c of plan.offerCreates) {
      const id = this.nextId++;
      this.offers.set(id, {
        id,
        orderId,
        partnerId: c.partnerId,
        status: c.status,
        version: 1,
        partnerSignRequired: this.signRequired.get(c.partnerId) ?? false,
      });
    }
    for (const c of plan.paymentCreates) {
      const id = this.nextId++;
      this.payments.set(id, { id, offerId: c.offerId, status: c.status, version: 1 });
    }
    this.history.push(...plan.history);
    this.checkInvariant(orderId);
    return true;
  }

  /** Plans and applies; throws when refused or stale (for happy-path steps). */
  run(action: DealAction, args: Parameters<MemoryDealRepo['plan']>[1]): Plan {
    const plan = this.plan(action, args);
    if (!plan.ok) throw new Error(`${action} refused: ${plan.code} ${plan.message}`);
    if (!this.apply(plan, args.orderId)) throw new Error(`${action} lost a compare-and-set`);
    return plan;
  }

  /** transitions.ts ORDER_OPEN_OFFER_STATUSES; at most one non-archived bill per offer. */
  checkInvariant(orderId: number): void {
    const order = this.orders.get(orderId)!;
    const open = this.offersOf(orderId).filter((o) => isOpenOffer(o.status));
    const allowed = ORDER_OPEN_OFFER_STATUSES[order.status];
    const bad = open.filter((o) => !allowed.statuses.includes(o.status));
    if (bad.length || open.length > allowed.max) {
      throw new Error(
        `invariant broken: order ${order.status} with open offers ${open.map((o) => o.status).join(', ')}`,
      );
    }
    for (const o of this.offersOf(orderId)) {
      const live = [...this.payments.values()].filter((p) => p.offerId === o.id && p.status !== 'ARCHIVED');
      if (live.length > 1) throw new Error(`invariant broken: offer ${o.id} has ${live.length} live bills`);
    }
  }
}
