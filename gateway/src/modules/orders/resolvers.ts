/**
 * The client's orders: list connection with tab groups and counts, order fields with the derived
 * display status (spec core §4), and the createOrder / validateOrder mutations.
 */
import { GraphQLError } from 'graphql/index.js';
import { offsetToCursor, toGlobalId } from 'graphql-relay';
import { CLIENT_TAB_STATUSES, clientDisplayStatus, clientTabOf, type ClientTab } from '@platform/domain/deal/display';
import { numericOrderFilter } from '@platform/domain/search';
import type {
  MoneyResolvers,
  Money as GMoney,
  MutationResolvers,
  OrderFile as GOrderFile,
  OrderFileResolvers,
  OrderInput,
  OrderResolvers,
  OrderTabCounts as GOrderTabCounts,
  OrderTabCountsResolvers,
  ViewerResolvers,
} from '../../generated/resolvers-types.js';
import type {
  MoneyDto,
  OrderFileParent,
  OrderInputDto,
  OrderParent,
  OrderTabCountsParent,
} from '../../rest/contract.js';
import { mutationResult, queryResult } from '../../rest/errors.js';
import type { GatewayContext } from '../../context.js';
import type { Strict } from '../strict.js';
import { pageWindow, sliceWindow } from './paging.js';

/** Newest first (spec core §7 filter request: sortFields). */
const SORT = [{ field: 'created' as const, direction: 'DESC' as const }];

/** The arguments of `Viewer.orders` (spec core §4 list: tab, number filter, forward paging). */
export type ClientOrdersArgs = {
  first?: number | null;
  after?: string | null;
  tab?: string | null;
  number?: string | null;
};

function clientOrdersWindow(args: ClientOrdersArgs) {
  try {
    return pageWindow(args.first, args.after);
  } catch (err) {
    throw new GraphQLError(err instanceof Error ? err.message : 'bad paging arguments', {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
}

/**
 * The backend pages (POST …/order/exch/filter, newest first) of the client's list for `args`, each read at most once
 * per operation (memo key = the request body), so that the viewer's look-ahead (modules/viewer/prefetch.ts) and the
 * `orders` resolver share one upstream call. Throws BAD_USER_INPUT for bad paging arguments.
 */
export function clientOrderPages(args: ClientOrdersArgs, ctx: GatewayContext) {
  const win = clientOrdersWindow(args);
  const tab = args.tab ? (args.tab.toLowerCase() as ClientTab) : undefined;
  const statuses = tab && tab in CLIENT_TAB_STATUSES ? [...CLIENT_TAB_STATUSES[tab]] : undefined;
  const id = numericOrderFilter(args.number);
  const pages = Promise.all(
    win.pages.map((page) => {
      const body = {
        pageable: { page, pageSize: win.first, sortFields: SORT },
        ...(statuses ? { statuses } : {}),
        ...(id ? { id } : {}),
      };
      return ctx.loaders.memo(`clientOrders:${JSON.stringify(body)}`, () => ctx.api.filterOrders(body));
    }),
  );
  return { win, pages };
}

/** The client's tab counts: one GET …/tab-counts per operation for all three fields (issue 15; was a count per tab). */
export const clientTabCounts = (ctx: GatewayContext) =>
  ctx.loaders.memo('clientTabCounts', () => ctx.api.clientTabCounts());

export const Viewer: Pick<ViewerResolvers, 'orders' | 'orderTabCounts'> = {
  orders: async (u, args, ctx) => {
    if (u.account.type !== 'CLIENT') return null;
    const { win, pages: started } = clientOrderPages(args, ctx);
    const pages = await queryResult(() => started);
    const total = pages[0]?.totalElements ?? 0;
    const orders = sliceWindow(
      win,
      pages.map((p) => p.content ?? []),
    );
    for (const o of orders) ctx.loaders.orderById.prime(o.id, o);
    const edges = orders.map((node, i) => ({
      cursor: offsetToCursor(win.offset + i),
      node: { ...node, audience: 'CLIENT' as const },
    }));
    return {
      edges,
      totalCount: total,
      pageInfo: {
        hasNextPage: win.offset + orders.length < total,
        hasPreviousPage: win.offset > 0,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges[edges.length - 1]?.cursor ?? null,
      },
    };
  },
  orderTabCounts: (u) => (u.account.type === 'CLIENT' ? { kind: 'orderTabCounts' } : null),
};

const tabCounts = (ctx: GatewayContext) => queryResult(() => clientTabCounts(ctx));

export const OrderTabCounts: Strict<OrderTabCountsResolvers, OrderTabCountsParent, GOrderTabCounts> = {
  current: async (_p, _a, ctx) => (await tabCounts(ctx)).current,
  completed: async (_p, _a, ctx) => (await tabCounts(ctx)).completed,
  cancelled: async (_p, _a, ctx) => (await tabCounts(ctx)).cancelled,
};

/** Fields of the client slice; the deal fields (and lazy fields of partial orders) are in modules/deal/resolvers.ts. */
export const Order: Pick<
  Required<OrderResolvers<import('../../context.js').GatewayContext, OrderParent>>,
  'id' | 'orderId' | 'number' | 'clientDisplayStatus' | 'clientTab'
> = {
  id: (o) => toGlobalId('Order', String(o.id)),
  orderId: (o) => o.id,
  number: (o) => String(o.number ?? o.id),
  // The client's order answers carry no display status; the same rule the backend applies (@platform/domain).
  clientDisplayStatus: (o) => clientDisplayStatus(o.status, o.partnerOrders ?? []),
  clientTab: (o) => clientTabOf(o.status).toUpperCase() as Uppercase<ClientTab>,
};

export const OrderFile: Strict<OrderFileResolvers, OrderFileParent, GOrderFile> = {
  // The payment agent downloads the client's files through its own call (backend partner order/exch/{id}/files/{fileId}).
  // The operator through its own (backend oper order/exch/{id}/files/{fileId}).
  downloadUrl: (f) => {
    const o = encodeURIComponent(String(f.orderId));
    if (f.audience === 'PARTNER') return `/files/partner/orders/${o}/files/${encodeURIComponent(f.id)}`;
    if (f.audience === 'OPER') return `/files/oper/orders/${o}/files/${encodeURIComponent(f.id)}`;
    return `/files/orders/${o}/${encodeURIComponent(f.id)}`;
  },
};

export const Money: Strict<MoneyResolvers, MoneyDto, GMoney> = {
  amount: (m) => m.cost,
};

/** GraphQL OrderInput → the backend's OrderInput (money `amount` → `cost`, absent optionals → null). */
export function toOrderInputDto(input: OrderInput): OrderInputDto {
  return {
    paymentType: input.paymentType,
    amount: { cost: input.amount.amount, currency: input.amount.currency },
    counterparty: {
      countryCode: input.counterparty.countryCode,
      city: input.counterparty.city,
      bankName: input.counterparty.bankName,
      swift: input.counterparty.swift ?? null,
    },
    tnvedCode: input.tnvedCode,
    goodsLocation: input.goodsLocation,
    paymentDateFrom: input.paymentDateFrom,
    paymentDateTo: input.paymentDateTo,
    comment: input.comment ?? null,
    fileIds: [...input.fileIds],
  };
}

/** Backend field paths of OrderInput errors → GraphQL input paths. */
const ORDER_FIELD_RENAMES = { 'amount.cost': 'amount.amount' };

export const Mutation: Pick<MutationResolvers, 'createOrder' | 'validateOrder'> = {
  createOrder: (_root, { input }, ctx) =>
    mutationResult(async () => {
      const order = await ctx.api.createOrder(toOrderInputDto(input));
      ctx.loaders.orderById.prime(order.id, order);
      const node = { ...order, audience: 'CLIENT' as const };
      return { __typename: 'CreateOrderSuccess' as const, order: node, orderEdge: { cursor: offsetToCursor(0), node } };
    }, ORDER_FIELD_RENAMES),
  validateOrder: (_root, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.validateOrder(toOrderInputDto(input));
      return { __typename: 'ValidateOrderSuccess' as const, valid: r?.valid ?? true };
    }, ORDER_FIELD_RENAMES),
};
