import { describe, expect, it } from 'vitest';
import {
  ORDER_EVENT_AGENT_SCOPE,
  ORDER_EVENT_KIND,
  ORDER_EVENT_TYPES,
  isOrderEventType,
  orderEventRecipients,
  parseOrderEventPayload,
  type OrderAudience,
} from './events.js';

// issue 12 "Live order events": who receives which order event; payloads carry ids, type, status and time only.
const audience: OrderAudience = {
  companyUserIds: [10, 11],
  agentUserIdsByOffer: new Map([
    [100, [20, 21]],
    [101, [30]],
  ]),
  operatorUserIds: [1, 11],
};

describe('order event audience (issue 12)', () => {
  it('has a kind of its own in the shared log and a scope for every type', () => {
    expect(ORDER_EVENT_KIND).toBe('ORDER_MSG');
    expect(Object.keys(ORDER_EVENT_AGENT_SCOPE).sort()).toEqual([...ORDER_EVENT_TYPES].sort());
  });

  it('sends an order-wide status change to the company, every agent of the order and the operators', () => {
    expect(orderEventRecipients({ type: 'ORDER_STATUS_CHANGED', partnerOrderId: null }, audience)).toEqual([
      1, 10, 11, 20, 21, 30,
    ]);
  });

  it('sends an offer event to the owning agent only (never to another agent)', () => {
    expect(orderEventRecipients({ type: 'OFFER_STATUS_CHANGED', partnerOrderId: 101 }, audience)).toEqual([
      1, 10, 11, 30,
    ]);
    expect(orderEventRecipients({ type: 'PAY_CHECK_ADDED', partnerOrderId: 100 }, audience)).toEqual([
      1, 10, 11, 20, 21,
    ]);
  });

  it('reaches no agent for an offer event without a known offer, a comment or a new order', () => {
    const base = [1, 10, 11];
    expect(orderEventRecipients({ type: 'OFFER_STATUS_CHANGED', partnerOrderId: null }, audience)).toEqual(base);
    expect(orderEventRecipients({ type: 'OFFER_CREATED', partnerOrderId: 999 }, audience)).toEqual(base);
    expect(orderEventRecipients({ type: 'COMMENT_ADDED', partnerOrderId: 100 }, audience)).toEqual(base);
    expect(orderEventRecipients({ type: 'ORDER_CREATED', partnerOrderId: null }, audience)).toEqual(base);
  });
});

it("sends an agent's draft document to that agent and the operators, not the client", () => {
  expect(orderEventRecipients({ type: 'DOCUMENT_ADDED', partnerOrderId: 100 }, audience)).toEqual([1, 11, 20, 21]);
});

describe('order event payload from the wire', () => {
  it('reads a valid body and drops unknown fields', () => {
    expect(
      parseOrderEventPayload({
        type: 'OFFER_STATUS_CHANGED',
        orderId: 5,
        partnerOrderId: 7,
        entityId: null,
        status: 'SEND_OFFER',
        occurredAt: '2026-01-01T00:00:00.000Z',
        fee: '10.00',
      }),
    ).toEqual({
      type: 'OFFER_STATUS_CHANGED',
      orderId: 5,
      partnerOrderId: 7,
      entityId: null,
      status: 'SEND_OFFER',
      occurredAt: '2026-01-01T00:00:00.000Z',
    });
    expect(
      parseOrderEventPayload({ type: 'COMMENT_ADDED', orderId: 5, entityId: 3, occurredAt: 'x', status: 1 }),
    ).toEqual({ type: 'COMMENT_ADDED', orderId: 5, partnerOrderId: null, entityId: 3, status: null, occurredAt: 'x' });
  });

  it('refuses what is not an order event', () => {
    expect(parseOrderEventPayload(null)).toBeNull();
    expect(parseOrderEventPayload('x')).toBeNull();
    expect(parseOrderEventPayload({ type: 'GROUP_MSG', orderId: 1, occurredAt: 'x' })).toBeNull();
    expect(parseOrderEventPayload({ type: 'ORDER_CREATED', orderId: 1.5, occurredAt: 'x' })).toBeNull();
    expect(parseOrderEventPayload({ type: 'ORDER_CREATED', orderId: 1 })).toBeNull();
    expect(isOrderEventType('ORDER_CREATED')).toBe(true);
    expect(isOrderEventType(3)).toBe(false);
  });
});
