/**
 * The deal-flow table (spec core §4) checked against an independent, hand-written statement of it, over the whole
 * matrix action × role × order status × offer status: planTransition allows exactly what EXPECTED says.
 */
import { describe, expect, it } from 'vitest';
import { planTransition, availableActions, type PlanInput } from './apply.js';
import {
  DEAL_ACTIONS,
  DEAL_ROLES,
  DEAL_RULES,
  ORDER_OPEN_OFFER_STATUSES,
  type DealAction,
  type DealRole,
} from '@platform/domain/deal/rules';
import {
  OFFER_STATUSES,
  ORDER_STATUSES,
  OFFER_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type OfferStatus,
  type OrderStatus,
} from '@platform/domain/deal/statuses';

/**
 * Written by hand from spec core §4 and the decisions in transitions.ts, NOT derived from DEAL_RULES.
 * `from`: 'ORDER' for actions on the order, 'ORDER/OFFER' for actions on one offer. `to` likewise.
 */
const EXPECTED: Record<DealAction, { roles: DealRole[]; from: string[]; to: string; comment?: 'REQUIRED' }> = {
  OPER_TAKE: { roles: ['OPER'], from: ['VALIDATION'], to: 'IN_VALIDATION' },
  OPER_REJECT: { roles: ['OPER'], from: ['VALIDATION', 'IN_VALIDATION'], to: 'REJECTED', comment: 'REQUIRED' },
  OPER_SEND_TO_PARTNERS: { roles: ['OPER'], from: ['IN_VALIDATION', 'ACTIVE'], to: 'ACTIVE' },
  OPER_CLOSE: {
    roles: ['OPER'],
    from: ['ACTIVE', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'EXECUTING'],
    to: 'REJECTED',
    comment: 'REQUIRED',
  },
  PARTNER_TAKE: { roles: ['PARTNER'], from: ['ACTIVE/ALLOWED'], to: 'ACTIVE/IN_PROGRESS' },
  PARTNER_REJECT: {
    roles: ['PARTNER'],
    from: [
      'ACTIVE/ALLOWED',
      'ACTIVE/IN_PROGRESS',
      'ACTIVE/CREATED_OFFER',
      'ACTIVE/SEND_OFFER',
      'OFFER_ACCEPTED/ACCEPTED',
      'OFFER_ACCEPTED/SEND_OFFER_DOCS',
      'OFFER_ACCEPTED/ACCEPTED_OFFER_DOCS',
      'OFFER_ACCEPTED/SEND_PAYCHECK',
    ],
    to: 'ACTIVE/REJECTED',
    comment: 'REQUIRED',
  },
  PARTNER_SAVE_OFFER: { roles: ['PARTNER'], from: ['ACTIVE/IN_PROGRESS'], to: 'ACTIVE/CREATED_OFFER' },
  PARTNER_SEND_OFFER: {
    roles: ['PARTNER'],
    from: ['ACTIVE/IN_PROGRESS', 'ACTIVE/CREATED_OFFER'],
    to: 'ACTIVE/SEND_OFFER',
  },
  PARTNER_SEND_OFFER_DOCS: {
    roles: ['PARTNER'],
    from: ['OFFER_ACCEPTED/ACCEPTED'],
    to: 'OFFER_ACCEPTED/SEND_OFFER_DOCS',
  },
  PARTNER_SEND_PAYCHECK: {
    roles: ['PARTNER'],
    from: ['OFFER_ACCEPTED/ACCEPTED_OFFER_DOCS', 'OFFER_ACCEPTED/SEND_PAYCHECK'],
    to: 'OFFER_ACCEPTED/SEND_PAYCHECK',
  },
  PARTNER_CONFIRM_PAYMENT: {
    roles: ['PARTNER', 'OPER'],
    from: ['PAYMENT_CHECKING/PAYMENT_CHECKING'],
    to: 'EXECUTING/EXECUTING',
  },
  PARTNER_SEND_FINAL_DOCS: { roles: ['PARTNER'], from: ['EXECUTING/EXECUTING'], to: 'EXECUTING/SEND_EXECUTING_DOCS' },
  CLIENT_ACCEPT_OFFER: { roles: ['CLIENT'], from: ['ACTIVE/SEND_OFFER'], to: 'OFFER_ACCEPTED/ACCEPTED' },
  CLIENT_CONFIRM_OFFER_DOCS: {
    roles: ['CLIENT'],
    from: ['OFFER_ACCEPTED/SEND_OFFER_DOCS'],
    to: 'OFFER_ACCEPTED/ACCEPTED_OFFER_DOCS',
  },
  CLIENT_MARK_PAID: {
    roles: ['CLIENT'],
    from: ['OFFER_ACCEPTED/SEND_PAYCHECK'],
    to: 'PAYMENT_CHECKING/PAYMENT_CHECKING',
  },
  CLIENT_CONFIRM_FINAL_DOCS: { roles: ['CLIENT'], from: ['EXECUTING/SEND_EXECUTING_DOCS'], to: 'EXECUTED/EXECUTED' },
  CLIENT_CANCEL: {
    roles: ['CLIENT'],
    from: ['VALIDATION', 'IN_VALIDATION', 'ACTIVE', 'OFFER_ACCEPTED'],
    to: 'CANCELED',
  },
  OFFER_EXPIRE: { roles: ['SYSTEM'], from: ['ACTIVE/SEND_OFFER'], to: 'ACTIVE/REFUSE_OPER' },
};

const NOW = new Date('2026-03-02T09:00:00Z');

function input(action: DealAction, role: DealRole, order: OrderStatus, offer: OfferStatus | undefined): PlanInput {
  const rule = DEAL_RULES[action];
  const payments =
    rule.payment.kind === 'ADVANCE' && offer ? [{ id: 500, offerId: 10, status: rule.payment.from, version: 3 }] : [];
  return {
    actorRole: role,
    actorId: 7,
    order: { id: 1, status: order, version: 5 },
    offer: offer ? { id: 10, status: offer, version: 2, partnerId: 100 } : undefined,
    otherOffers: [],
    payments,
    partnerIds: [200],
    comment: 'Комментарий',
    now: NOW,
  };
}

describe('deal table matches the hand-written statement of spec core §4', () => {
  it('has a rule for every action and names every action', () => {
    expect(Object.keys(DEAL_RULES).sort()).toEqual([...DEAL_ACTIONS].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...DEAL_ACTIONS].sort());
  });

  for (const action of DEAL_ACTIONS) {
    const exp = EXPECTED[action];
    const onOffer = exp.from[0].includes('/');
    describe(action, () => {
      for (const role of DEAL_ROLES) {
        it(`${role}: allowed exactly in ${exp.roles.includes(role) ? exp.from.join(', ') : 'no state'}`, () => {
          const offers: (OfferStatus | undefined)[] = onOffer ? [undefined, ...OFFER_STATUSES] : [undefined];
          for (const order of ORDER_STATUSES) {
            for (const offer of offers) {
              const key = offer ? `${order}/${offer}` : order;
              const result = planTransition(action, input(action, role, order, offer));
              const allowed = exp.roles.includes(role) && exp.from.includes(key);
              expect(result.ok, `${action} by ${role} in ${key}`).toBe(allowed);
              if (result.ok) {
                const [orderTo, offerTo] = exp.to.split('/');
                expect(result.orderUpdate?.to ?? order, key).toBe(orderTo);
                if (offerTo) expect(result.offerUpdates.find((u) => u.offerId === 10)?.to).toBe(offerTo);
              } else if (!exp.roles.includes(role)) {
                expect(result.code).toBe('FORBIDDEN_ROLE');
              } else if (onOffer && !offer) {
                expect(result.code).toBe('OFFER_REQUIRED');
              } else {
                expect(result.code).toBe('INVALID_STATE');
              }
            }
          }
        });
      }
      it(exp.comment === 'REQUIRED' ? 'requires a comment' : 'does not require a comment', () => {
        const [order, offer] = exp.from[0].split('/') as [OrderStatus, OfferStatus | undefined];
        const result = planTransition(action, { ...input(action, exp.roles[0], order, offer), comment: '   ' });
        if (exp.comment === 'REQUIRED') expect(result).toMatchObject({ ok: false, code: 'COMMENT_REQUIRED' });
        else expect(result.ok).toBe(true);
      });
    });
  }

  it('the referral partner (AGENT) can trigger nothing (spec core §6; transitions.ts decision 10)', () => {
    for (const order of ORDER_STATUSES) {
      expect(availableActions('AGENT', { status: order })).toEqual([]);
      for (const offer of OFFER_STATUSES)
        expect(availableActions('AGENT', { status: order }, { status: offer })).toEqual([]);
    }
  });

  it('availableActions agrees with the table', () => {
    expect(availableActions('CLIENT', { status: 'ACTIVE' }, { status: 'SEND_OFFER' }).sort()).toEqual([
      'CLIENT_ACCEPT_OFFER',
      'CLIENT_CANCEL',
    ]);
    expect(availableActions('PARTNER', { status: 'ACTIVE' }, { status: 'ALLOWED' }).sort()).toEqual([
      'PARTNER_REJECT',
      'PARTNER_TAKE',
    ]);
    expect(availableActions('OPER', { status: 'VALIDATION' }).sort()).toEqual(['OPER_REJECT', 'OPER_TAKE']);
  });

  it('every allowed target state respects the order/offer invariant', () => {
    for (const rule of Object.values(DEAL_RULES)) {
      for (const p of rule.from) {
        const orderTo = rule.orderTo === 'SAME' ? p.order : rule.orderTo;
        if (rule.offerTo && !['REJECTED', 'REFUSE_OPER', 'EXECUTED'].includes(rule.offerTo)) {
          expect(ORDER_OPEN_OFFER_STATUSES[orderTo].statuses, `${rule.action} ${p.order}/${p.offer}`).toContain(
            rule.offerTo,
          );
        }
        if (p.offer)
          expect(ORDER_OPEN_OFFER_STATUSES[p.order].statuses, `${rule.action} from ${p.order}/${p.offer}`).toContain(
            p.offer,
          );
      }
    }
  });

  it('labels every status in Russian', () => {
    for (const s of ORDER_STATUSES) expect(ORDER_STATUS_LABELS[s]).toMatch(/[а-яё]/i);
    for (const s of OFFER_STATUSES) expect(OFFER_STATUS_LABELS[s]).toMatch(/[а-яё]/i);
    for (const s of PAYMENT_STATUSES) expect(PAYMENT_STATUS_LABELS[s]).toMatch(/[а-яё]/i);
    for (const r of Object.values(DEAL_RULES)) expect(r.label).toMatch(/[а-яё]/i);
  });
});
