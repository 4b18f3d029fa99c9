// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperationDescriptor } from 'relay-runtime';
import type { RelayMockEnvironment } from 'relay-test-utils';
import { renderWithRelay } from '../../testing/renderWithRelay';
import { concernsOrder, ORDER_EVENTS_RETRY_DELAY_MS, useOrderEvents, type OrderEventInfo } from './useOrderEvents';

// issue 12 "Live order events": one shared orderEvents subscription, batches to every listener, resume with `after`.
function Listener({ onEvents }: { onEvents: (events: readonly OrderEventInfo[]) => void }) {
  useOrderEvents(onEvents);
  return null;
}

const subscriptions = (env: RelayMockEnvironment): OperationDescriptor[] =>
  env.mock.getAllOperations().filter((o) => o.request.node.params.operationKind === 'subscription');

const event = (cursor: string, orderId: number, type = 'OFFER_STATUS_CHANGED'): OrderEventInfo => ({
  cursor,
  type: type as OrderEventInfo['type'],
  orderId,
  partnerOrderId: 7,
  status: 'SEND_OFFER',
  occurredAt: '2026-01-01T00:00:00.000Z',
  reason: null,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useOrderEvents (issue 12)', () => {
  it('shares one subscription between listeners and hands a burst over as one batch', async () => {
    const a = vi.fn();
    const b = vi.fn();
    const { environment } = renderWithRelay(
      <>
        <Listener onEvents={a} />
        <Listener onEvents={b} />
      </>,
    );
    await waitFor(() => expect(subscriptions(environment)).toHaveLength(1));
    const [op] = subscriptions(environment);
    expect(op.request.variables).toEqual({ after: null });
    act(() => {
      environment.mock.nextValue(op, { data: { orderEvents: event('5', 42, 'ORDER_STATUS_CHANGED') } });
      environment.mock.nextValue(op, { data: { orderEvents: event('6', 42) } });
    });
    await waitFor(() => expect(a).toHaveBeenCalledTimes(1));
    expect(a.mock.calls[0][0].map((e: OrderEventInfo) => e.cursor)).toEqual(['5', '6']);
    expect(b).toHaveBeenCalledTimes(1);
    expect(b.mock.calls[0][0]).toEqual(a.mock.calls[0][0]);
  });

  it('resubscribes after a closed subscription with the last cursor as `after`', async () => {
    const { environment } = renderWithRelay(<Listener onEvents={vi.fn()} />);
    await waitFor(() => expect(subscriptions(environment)).toHaveLength(1));
    const [first] = subscriptions(environment);
    vi.useFakeTimers();
    act(() => {
      environment.mock.nextValue(first, { data: { orderEvents: event('11', 3) } });
      environment.mock.complete(first);
    });
    expect(subscriptions(environment).some((o) => o.request.variables.after === '11')).toBe(false);
    act(() => {
      vi.advanceTimersByTime(ORDER_EVENTS_RETRY_DELAY_MS + 10);
    });
    expect(subscriptions(environment).some((o) => o.request.variables.after === '11')).toBe(true);
  });

  it('a batch concerns an order when it names it or is a RESYNC', () => {
    expect(concernsOrder([event('1', 3)], 3)).toBe(true);
    expect(concernsOrder([event('1', 4)], 3)).toBe(false);
    expect(concernsOrder([{ ...event('1', 4), type: 'RESYNC', orderId: null }], 3)).toBe(true);
  });
});
