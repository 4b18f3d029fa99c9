/**
 * Global ids of the deal entities from the numbers in URLs. The schema documents a global id as base64 of
 * "Type:rawId" (schema.graphql header); the request modals take the numeric order id from the path
 * (/client/fea/:orderId, /operator/fea/:orderId) and fetch the order with `node(id:)`.
 */

/** A path parameter that is an order id: digits only, no leading zero. */
export function parseOrderIdParam(value: string | undefined): number | null {
  return value != null && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/** Global id of an order: base64("Order:<orderId>"). */
export function orderGlobalId(orderId: number): string {
  return btoa(`Order:${orderId}`);
}
