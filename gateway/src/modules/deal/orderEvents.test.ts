import { describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../realtime/events.js';
import { toPayload } from '../chat/subscription.js';
import { toOrderEvent } from './orderEvents.js';

// issue 12 "Live order events": the hub's events as OrderEvent values; chatEvents never shows an order event.
const order: ChatStreamEvent = {
  kind: 'ORDER',
  cursor: '17',
  event: {
    type: 'OFFER_STATUS_CHANGED',
    orderId: 5,
    partnerOrderId: 9,
    entityId: null,
    status: 'SEND_OFFER',
    occurredAt: '2026-01-01T10:00:00.000Z',
  },
};

describe('toOrderEvent', () => {
  it('maps an order event with its cursor, ids, status and time', () => {
    expect(toOrderEvent(order)).toEqual({
      cursor: '17',
      type: 'OFFER_STATUS_CHANGED',
      occurredAt: '2026-01-01T10:00:00.000Z',
      orderId: 5,
      partnerOrderId: 9,
      status: 'SEND_OFFER',
      reason: null,
    });
  });

  it('surfaces RESYNC like chatEvents does, with its reason and cursor', () => {
    const at = new Date('2026-02-02T00:00:00.000Z');
    expect(toOrderEvent({ kind: 'RESYNC', reason: 'CURSOR_NOT_BUFFERED', cursor: '40' }, () => at)).toEqual({
      cursor: '40',
      type: 'RESYNC',
      occurredAt: at.toISOString(),
      orderId: null,
      partnerOrderId: null,
      status: null,
      reason: 'CURSOR_NOT_BUFFERED',
    });
  });

  it('skips chat kinds, typing and presence; chatEvents skips order events', () => {
    expect(toOrderEvent({ kind: 'TYPING', groupId: 1, users: [] })).toBeNull();
    expect(toOrderEvent({ kind: 'PRESENCE', userId: 1, userName: null, lastSeenAt: 'x' })).toBeNull();
    expect(toPayload(order, { userId: 1, isSupport: false })).toBeNull();
  });
});
