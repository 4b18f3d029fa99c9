/** Offer expiry with a set clock (spec core §4 exits: an offer expires if the client does not accept in time). */
import { describe, expect, it } from 'vitest';
import { expiredOffers, paymentTermEnded, type ExpiryCandidate } from './expiry.js';
import { MemoryDealRepo } from './test-memory-repo.js';

const order = { id: 1, status: 'ACTIVE' as const, version: 4 };
const candidate = (
  id: number,
  paymentTo: string,
  status: ExpiryCandidate['offer']['status'] = 'SEND_OFFER',
): ExpiryCandidate => ({ order, offer: { id, status, version: 3, paymentTo } });

describe('paymentTermEnded (Moscow business days)', () => {
  it('the last day counts until midnight in Moscow (21:00 UTC)', () => {
    expect(paymentTermEnded('2026-03-10', new Date('2026-03-10T20:59:59Z'))).toBe(false);
    expect(paymentTermEnded('2026-03-10', new Date('2026-03-10T21:00:00Z'))).toBe(true);
    expect(paymentTermEnded('2026-03-10', new Date('2026-03-09T12:00:00Z'))).toBe(false);
  });
});

describe('expiredOffers', () => {
  it('plans OFFER_EXPIRE for SEND_OFFER offers whose term ended; others are skipped', () => {
    const now = new Date('2026-03-11T06:00:00Z'); // 09:00 in Moscow on 11 March
    const result = expiredOffers(
      [
        candidate(10, '2026-03-10'), // ended yesterday → expires
        candidate(11, '2026-03-11'), // last day today → not yet
        candidate(12, '2026-03-01', 'ACCEPTED'), // accepted in time → never expires
        candidate(13, '2026-03-01', 'IN_PROGRESS'), // no offer sent yet
        {
          order: { ...order, status: 'CANCELED' },
          offer: { id: 14, status: 'SEND_OFFER', version: 1, paymentTo: '2026-03-01' },
        },
      ],
      now,
    );
    expect(result.map((r) => r.offerId)).toEqual([10]);
    const { plan } = result[0];
    expect(plan.orderUpdate).toBeUndefined();
    expect(plan.offerUpdates).toEqual([{ offerId: 10, from: 'SEND_OFFER', to: 'REFUSE_OPER', expectedVersion: 3 }]);
    expect(plan.history).toEqual([
      {
        entity: 'OFFER',
        id: 10,
        from: 'SEND_OFFER',
        to: 'REFUSE_OPER',
        actorRole: 'SYSTEM',
        actorId: null,
        at: '2026-03-11T06:00:00.000Z',
        comment: 'Срок оплаты по предложению истёк',
      },
    ]);
  });

  it('moving the clock forward expires more; an empty list stays empty', () => {
    const list = [candidate(10, '2026-03-10'), candidate(11, '2026-03-11')];
    expect(expiredOffers(list, new Date('2026-03-10T12:00:00Z'))).toEqual([]);
    expect(expiredOffers(list, new Date('2026-03-11T12:00:00Z')).map((r) => r.offerId)).toEqual([10]);
    expect(expiredOffers(list, new Date('2026-03-12T12:00:00Z')).map((r) => r.offerId)).toEqual([10, 11]);
    expect(expiredOffers([], new Date())).toEqual([]);
  });

  it('applied to a repository: the order stays ACTIVE; a concurrent accept and the expiry cannot both win', () => {
    const repo = new MemoryDealRepo();
    repo.createOrder(1);
    repo.run('OPER_TAKE', { orderId: 1, role: 'OPER', now: new Date('2026-03-01T08:00:00Z') });
    repo.run('OPER_SEND_TO_PARTNERS', {
      orderId: 1,
      role: 'OPER',
      partnerIds: [101, 102],
      now: new Date('2026-03-01T08:01:00Z'),
    });
    for (const p of [101, 102]) {
      const id = repo.offerOf(1, p).id;
      repo.run('PARTNER_TAKE', { orderId: 1, offerId: id, role: 'PARTNER', now: new Date('2026-03-01T09:00:00Z') });
      repo.run('PARTNER_SEND_OFFER', {
        orderId: 1,
        offerId: id,
        role: 'PARTNER',
        now: new Date('2026-03-01T10:00:00Z'),
      });
    }
    const now = new Date('2026-03-11T06:00:00Z');
    const candidates = repo.offersOf(1).map((o) => ({
      order: { ...repo.orders.get(1)! },
      offer: { id: o.id, status: o.status, version: o.version, paymentTo: '2026-03-10' },
    }));
    const accept = repo.plan('CLIENT_ACCEPT_OFFER', {
      orderId: 1,
      offerId: repo.offerOf(1, 101).id,
      role: 'CLIENT',
      now,
    });
    const plans = expiredOffers(candidates, now);
    expect(plans).toHaveLength(2);
    // Both offers of the order expire independently.
    expect(plans.map((p) => repo.apply(p.plan, 1))).toEqual([true, true]);
    expect(repo.orders.get(1)!.status).toBe('ACTIVE');
    expect(repo.offersOf(1).map((o) => o.status)).toEqual(['REFUSE_OPER', 'REFUSE_OPER']);
    // The accept planned before the expiry was applied is stale now.
    expect(accept.ok && repo.apply(accept, 1)).toBe(false);
  });
});
