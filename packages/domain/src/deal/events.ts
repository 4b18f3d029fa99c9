/**
 * Live order events (issue 12 "Live order events"): the order and offer changes the backend writes into the durable,
 * gap-free event log that chat uses (kind ORDER_EVENT_KIND), their payload and who receives each of them.
 *
 * A payload carries ids, the event type, the new status code and the time only — never offer details, amounts,
 * comments or document contents — so a recipient learns nothing the graph would not show him; he reads the order
 * through the graph (under his own session) to see what changed.
 *
 * Audience (spec core §6 scoping): every event of an order goes to the users of the order's company and to every
 * active operator with ORDERS_VIEW. Payment agents receive only what concerns them: an order-wide event (the order's
 * status) goes to the users of every agent the order was sent to (every agent with an offer of the order); an event of
 * one offer (the offer's status, its bills) goes to the users of the agent that owns that offer only; an operator
 * comment and the creation of the order go to no agent. A document the agent uploads to his offer is his draft until he
 * sends the set (which changes the offer's status): DOCUMENT_ADDED goes to that agent and the operators, not the client.
 */

/** The SSE `event:` kind of order events in the shared event log (next to chat §4's kinds). */
export const ORDER_EVENT_KIND = 'ORDER_MSG';

/** The order event types, in the order of the deal flow. */
export const ORDER_EVENT_TYPES = [
  'ORDER_CREATED',
  'ORDER_STATUS_CHANGED',
  'OFFER_CREATED',
  'OFFER_STATUS_CHANGED',
  'DOCUMENT_ADDED',
  'PAY_CHECK_ADDED',
  'PAY_CHECK_STATUS_CHANGED',
  'COMMENT_ADDED',
] as const;
/** One of ORDER_EVENT_TYPES. */
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * Who among the payment agents receives an event of this type: ORDER — every agent with an offer of the order;
 * OFFER — only the agent that owns the event's offer; NONE — no agent.
 */
export type OrderEventAgentScope = 'ORDER' | 'OFFER' | 'NONE';

/** Order event types the order's company does not receive (an agent's draft document, see the module header). */
export const ORDER_EVENT_TYPES_HIDDEN_FROM_CLIENT: readonly OrderEventType[] = ['DOCUMENT_ADDED'];

/** The agent scope of every order event type (see the module header). */
export const ORDER_EVENT_AGENT_SCOPE: Readonly<Record<OrderEventType, OrderEventAgentScope>> = {
  ORDER_CREATED: 'NONE',
  ORDER_STATUS_CHANGED: 'ORDER',
  OFFER_CREATED: 'OFFER',
  OFFER_STATUS_CHANGED: 'OFFER',
  DOCUMENT_ADDED: 'OFFER',
  PAY_CHECK_ADDED: 'OFFER',
  PAY_CHECK_STATUS_CHANGED: 'OFFER',
  COMMENT_ADDED: 'NONE',
};

/** The body of an order event as stored in the log and sent on the stream (`data:` of `event: ORDER_MSG`). */
export interface OrderEventPayload {
  type: OrderEventType;
  /** orders.id */
  orderId: number;
  /** partner_orders.id of the offer concerned; null for an order-wide event. */
  partnerOrderId: number | null;
  /** pay_checks.id (bill events) or deal_documents.id (DOCUMENT_ADDED); null otherwise. */
  entityId: number | null;
  /** The new status code (order, offer or bill status of spec core §4); null when nothing changed status. */
  status: string | null;
  /** When the change happened, UTC ISO 8601. */
  occurredAt: string;
}

/** True when `v` is one of ORDER_EVENT_TYPES. */
export function isOrderEventType(v: unknown): v is OrderEventType {
  return typeof v === 'string' && (ORDER_EVENT_TYPES as readonly string[]).includes(v);
}

const idOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/**
 * Reads an order event body from the wire (the stream's JSON `data:`); null when it is not one (unknown type, no
 * order id, no time). Unknown extra fields are dropped.
 */
export function parseOrderEventPayload(v: unknown): OrderEventPayload | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const orderId = idOrNull(o.orderId);
  if (!isOrderEventType(o.type) || orderId === null || typeof o.occurredAt !== 'string') return null;
  return {
    type: o.type,
    orderId,
    partnerOrderId: idOrNull(o.partnerOrderId),
    entityId: idOrNull(o.entityId),
    status: typeof o.status === 'string' ? o.status : null,
    occurredAt: o.occurredAt,
  };
}

/** What the audience rule needs to know about the order's people (user ids). */
export interface OrderAudience {
  /** Users of the order's company. */
  companyUserIds: readonly number[];
  /** Users of each payment agent company with an offer of the order, by offer (partner_orders.id). */
  agentUserIdsByOffer: ReadonlyMap<number, readonly number[]>;
  /** Active operators with ORDERS_VIEW. */
  operatorUserIds: readonly number[];
}

/**
 * The recipients of `event` (see the module header), ascending and without duplicates. An OFFER-scoped event without
 * an offer, or of an offer unknown to `audience`, reaches no agent.
 */
export function orderEventRecipients(
  event: Pick<OrderEventPayload, 'type' | 'partnerOrderId'>,
  audience: OrderAudience,
): number[] {
  const ids = new Set<number>(audience.operatorUserIds);
  if (!ORDER_EVENT_TYPES_HIDDEN_FROM_CLIENT.includes(event.type)) for (const u of audience.companyUserIds) ids.add(u);
  const scope = ORDER_EVENT_AGENT_SCOPE[event.type];
  if (scope === 'ORDER') {
    for (const users of audience.agentUserIdsByOffer.values()) for (const u of users) ids.add(u);
  } else if (scope === 'OFFER' && event.partnerOrderId !== null) {
    for (const u of audience.agentUserIdsByOffer.get(event.partnerOrderId) ?? []) ids.add(u);
  }
  return [...ids].sort((a, b) => a - b);
}
