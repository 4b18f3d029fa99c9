/**
 * `Subscription.orderEvents(after)` (issue 12 "Live order events"): the backend's ORDER_MSG events of the event log
 * (backend/src/deal/order-events.ts; payload and audience @platform/domain/deal/events) from the SAME per-user channel
 * as `chatEvents` (realtime/hub.ts: one upstream SSE stream per user, resume buffer, exactly once). `after` is the
 * channel's resume cursor: events at or below it are never sent again, a reconnect with it replays exactly the events
 * missed, and a gap the buffer or the backend cannot replay arrives as one RESYNC event (as `ChatResyncEvent` does).
 *
 * `order` and `partnerOrder` are read under the subscriber's own session with fresh loaders per event (the operation's
 * loaders live as long as the subscription and would answer stale data), through `node` scoping: null when he cannot
 * read them. The socket's cookie session identifies the user; without one the subscription fails UNAUTHENTICATED.
 * An integrator's socket carries his API token instead (`connectionParams: { authorization: 'Bearer vpt_…' }`, http/ws.ts):
 * his subscription then joins `tokenHub`, whose channels stream the backend with the token (order events only), never
 * a cookie user's channel; a revoked or expired token ends it with UNAUTHENTICATED.
 */
import { GraphQLError, isObjectType, type GraphQLSchema } from 'graphql/index.js';
import { toGlobalId } from 'graphql-relay';
import type { OrderEventType } from '@platform/domain/deal/events';
import type { GatewayContext } from '../../context.js';
import type { ChatHub } from '../../realtime/hub.js';
import type { ChatStreamEvent } from '../../realtime/events.js';
import { subscriptionValues } from '../../realtime/subscriptionValues.js';
import type { OrderParent } from '../../rest/contract.js';
import { queryResult } from '../../rest/errors.js';
import { createLoaders } from '../loaders.js';
import { resolveNode } from '../node/resolvers.js';
import { sideParent } from './parents.js';

/** The value of one `OrderEvent` (its `order` / `partnerOrder` are read lazily, only when selected). */
export interface OrderEventValue {
  cursor: string | null;
  type: OrderEventType | 'RESYNC';
  occurredAt: string;
  orderId: number | null;
  partnerOrderId: number | null;
  status: string | null;
  reason: string | null;
}

/** Maps one hub event to an OrderEvent value; null for what is not an order event (chat kinds, typing, presence). */
export function toOrderEvent(e: ChatStreamEvent, now: () => Date = () => new Date()): OrderEventValue | null {
  if (e.kind === 'RESYNC') {
    return {
      cursor: e.cursor,
      type: 'RESYNC',
      occurredAt: now().toISOString(),
      orderId: null,
      partnerOrderId: null,
      status: null,
      reason: e.reason,
    };
  }
  if (e.kind !== 'ORDER') return null;
  const { type, orderId, partnerOrderId, status, occurredAt } = e.event;
  return { cursor: e.cursor, type, occurredAt, orderId, partnerOrderId, status, reason: null };
}

/** The order of an event as the subscriber sees it now (fresh loaders: see the header); null when he cannot. */
async function readOrder(
  v: OrderEventValue,
  ctx: GatewayContext,
): Promise<(OrderParent & { __typename: 'Order' }) | null> {
  if (v.orderId === null) return null;
  const fresh: GatewayContext = { ...ctx, loaders: createLoaders(ctx.api) };
  const node = await resolveNode(toGlobalId('Order', String(v.orderId)), fresh);
  return node && node.__typename === 'Order' ? (node as OrderParent & { __typename: 'Order' }) : null;
}

/**
 * Attaches `subscribe`/`resolve` of Subscription.orderEvents and the lazy fields of OrderEvent, bound to `hub` (cookie
 * sessions) and `tokenHub` (API tokens; without it a token subscription fails UNAUTHENTICATED).
 */
export function attachOrderSubscription(schema: GraphQLSchema, hub: ChatHub, tokenHub?: ChatHub): void {
  const field = schema.getSubscriptionType()?.getFields().orderEvents;
  if (!field) throw new Error('schema.graphql lacks Subscription.orderEvents');
  const eventType = schema.getType('OrderEvent');
  if (!isObjectType(eventType)) throw new Error('schema.graphql lacks OrderEvent');
  const fields = eventType.getFields();
  // One read of the order per event and subscriber, shared by `order` and `partnerOrder`.
  const orders = new WeakMap<OrderEventValue, ReturnType<typeof readOrder>>();
  const orderOf = (v: OrderEventValue, ctx: GatewayContext) => {
    let p = orders.get(v);
    if (!p) orders.set(v, (p = readOrder(v, ctx)));
    return p;
  };
  fields.order.resolve = (v: OrderEventValue, _a: unknown, ctx: GatewayContext) => orderOf(v, ctx);
  fields.partnerOrder.resolve = async (v: OrderEventValue, _a: unknown, ctx: GatewayContext) => {
    if (v.partnerOrderId === null) return null;
    const order = await orderOf(v, ctx);
    const side = order?.partnerOrders?.find((s) => s.id === v.partnerOrderId);
    return order && side ? sideParent(order, side) : null;
  };

  field.resolve = (payload: unknown) => payload;
  field.subscribe = async (_root, args: { after?: string | null }, ctx: GatewayContext) => {
    const user = ctx.session.hasSessionCookie() ? await queryResult(() => ctx.loaders.viewer()) : null;
    const token = ctx.session.apiToken();
    if (!user || (token && !tokenHub))
      throw new GraphQLError('Требуется вход в систему', { extensions: { code: 'UNAUTHENTICATED' } });
    const source = (token ? tokenHub! : hub).subscribe({
      userId: user.userId,
      cookie: token ?? ctx.session.jar.header() ?? '',
      resumeFrom: args.after ?? null,
    });
    return subscriptionValues(source, (e) => toOrderEvent(e));
  };
}
