/**
 * Normalises the backend's order answers of the three roles into the parents of GraphQL `Order` and
 * `PartnerOrder`, and the global ids of the deal flow:
 *   Order        "Order:<orderId>"                      (unchanged from the client slice)
 *   PartnerOrder "PartnerOrder:<orderId>:<partnerId>"   (derivable from every answer, also from the client's
 *                                                        order list that has no partner order ids)
 * Each answer is produced by a role-scoped backend call, so the `audience` of a parent is the viewer's role.
 */
import { GraphQLError } from 'graphql/index.js';
import { fromGlobalId, toGlobalId } from 'graphql-relay';
import type {
  Audience,
  ClientDealDto,
  OperOrderDto,
  OrderDto,
  OrderParent,
  PartnerOrderDto,
  PartnerOrderParent,
  PartnerOrderRowDto,
} from '../../rest/contract.js';

export function partnerOrderGlobalId(orderId: number, partnerId: number): string {
  return toGlobalId('PartnerOrder', `${orderId}:${partnerId}`);
}

const INT = /^\d{1,15}$/;

/** `{ orderId, partnerId }` of a PartnerOrder global id, or null when it is not one. */
export function parsePartnerOrderId(globalId: string): { orderId: number; partnerId: number } | null {
  try {
    const { type, id } = fromGlobalId(globalId);
    const [o, p, ...rest] = id.split(':');
    if (type !== 'PartnerOrder' || rest.length || !INT.test(o ?? '') || !INT.test(p ?? '')) return null;
    return { orderId: Number(o), partnerId: Number(p) };
  } catch {
    return null;
  }
}

/** The numeric id of an Order global id, or null. */
export function parseOrderId(globalId: string): number | null {
  try {
    const { type, id } = fromGlobalId(globalId);
    return type === 'Order' && INT.test(id) ? Number(id) : null;
  } catch {
    return null;
  }
}

function badId(what: string): GraphQLError {
  return new GraphQLError(`${what} is not a valid id`, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** Order id of a mutation argument; a malformed id is BAD_USER_INPUT (schema conventions). */
export function requireOrderId(globalId: string): number {
  const id = parseOrderId(globalId);
  if (id === null) throw badId('orderId');
  return id;
}

/** `{ orderId, partnerId }` of a mutation argument; malformed → BAD_USER_INPUT. */
export function requirePartnerOrderId(globalId: string): { orderId: number; partnerId: number } {
  const ref = parsePartnerOrderId(globalId);
  if (!ref) throw badId('partnerOrderId');
  return ref;
}

/** An order answer of one audience (client GET/list, partner detail, operator `order`). */
export function orderParent(dto: OrderDto, audience: Audience): OrderParent {
  return { ...dto, audience };
}

/** Operator row or detail → Order parent: the request data, the operator's partner orders (with offers) and meta. */
export function fromOper(o: OperOrderDto): OrderParent {
  const { order, partnerOrders, ...oper } = o;
  return { ...order, status: o.status, statusDate: o.statusDate, partnerOrders, audience: 'OPER', oper };
}

/** The payment agent's detail → Order parent (its partnerOrders hold only the caller's side, with the offer). */
export function fromPartnerDetail(d: OrderDto): OrderParent {
  return { ...d, audience: 'PARTNER' };
}

/** The client's order merged with its deal answer (offers with ids and details, fresh status). */
export function withClientDeal(order: OrderDto, deal: ClientDealDto): OrderParent {
  return { ...order, status: deal.status, statusDate: deal.statusDate, partnerOrders: deal.offers, audience: 'CLIENT' };
}

/** One side of an order as a PartnerOrder parent (with its order). */
export function sideParent(order: OrderParent, side: PartnerOrderDto): PartnerOrderParent {
  return { ...side, audience: order.audience, orderId: order.id, orderStatus: order.status, orderParent: order };
}

/** Every side of an order as PartnerOrder parents. */
export function sidesOf(order: OrderParent): PartnerOrderParent[] {
  return (order.partnerOrders ?? []).map((s) => sideParent(order, s));
}

/**
 * A payment agent's list row → its PartnerOrder parent with its Order. The backend's rows carry the caller's side in
 * full (partner order id, offer, bill, refusal reason) and every order field of GET order/exch/{id}, so the parent
 * and the order are complete: a page costs no detail call per row (spec core §7 partner filter).
 */
export function fromPartnerRow(row: PartnerOrderRowDto, partnerId: number): PartnerOrderParent {
  const side: PartnerOrderDto = {
    id: row.partnerOrderId,
    partnerId,
    brand: null,
    status: row.status,
    statusDate: row.statusDate,
    partnerSignRequired: row.partnerSignRequired,
    offer: row.offer,
    paycheck: row.paycheck,
    rejectReason: row.rejectReason,
  };
  const order: OrderParent = {
    id: row.orderId,
    number: row.number,
    created: row.created,
    paymentType: row.paymentType,
    amount: { cost: row.amount, currency: row.currencyCode },
    counterparty: {
      countryCode: row.countryCode,
      countryName: row.countryName,
      city: row.city,
      bankName: row.bankName,
      swift: row.swift,
    },
    tnvedCode: row.tnvedCode,
    tnvedName: row.tnvedName,
    goodsLocation: row.goodsLocation,
    paymentDateFrom: row.paymentDateFrom,
    paymentDateTo: row.paymentDateTo,
    comment: row.comment,
    files: row.files,
    client: { companyId: row.clientId, name: row.clientName, inn: row.clientInn },
    consultant: row.consultant,
    status: row.orderStatus,
    statusDate: row.orderStatusDate,
    partnerOrders: [side],
    audience: 'PARTNER',
  };
  return {
    ...side,
    statusLabel: row.statusLabel,
    tab: row.tab,
    audience: 'PARTNER',
    orderId: row.orderId,
    orderStatus: row.orderStatus,
    orderParent: order,
  };
}
