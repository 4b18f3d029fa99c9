/**
 * The payment agent's and the operator's lists with their tab counts (spec core §4 payment agent tabs; the operator
 * tabs of issue 3; §5 search inputs; §9 page size 10), the payment agent's settings and the operator's active
 * payment agents. Each page is one backend filter call (two for an unaligned cursor). The operator's rows carry
 * every partner order with its offer, and the payment agent's rows its own side in full (offer, bill, refusal
 * reason) with every order field, so they prime the `operOrder` / `partnerDetail` loaders and a page of orders with
 * their offers costs no further upstream call.
 */
import { GraphQLError } from 'graphql/index.js';
import { offsetToCursor } from 'graphql-relay';
import type { OperatorRight } from '@platform/domain/operator/rights';
import { numericOrderFilter } from '@platform/domain/search';
import type {
  OperatorOrderTab,
  OperatorOrderTabCounts as GOperCounts,
  OperatorOrderTabCountsResolvers,
  PartnerOrderTab,
  PartnerOrderTabCounts as GPartnerCounts,
  PartnerOrderTabCountsResolvers,
  QueryResolvers,
  ViewerResolvers,
} from '../../generated/resolvers-types.js';
import type { OperFilterDto, PartnerFilterDto } from '../../rest/client.js';
import type { CurrentUserDto, OperTabCountsParent, PartnerTabCountsParent } from '../../rest/contract.js';
import { mutationResult, queryResult } from '../../rest/errors.js';
import { pageWindow, sliceWindow, type PageWindow } from '../orders/paging.js';
import type { Strict } from '../strict.js';
import { fromOper, fromPartnerRow, requirePartnerOrderId } from './parents.js';
import { toCommissionBody } from './inputs.js';

const SORT = [{ field: 'created' as const, direction: 'DESC' as const }];

function windowOf(first: number | null | undefined, after: string | null | undefined): PageWindow {
  try {
    return pageWindow(first, after);
  } catch (err) {
    throw new GraphQLError(err instanceof Error ? err.message : 'bad paging arguments', {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
}

function connection<T>(win: PageWindow, items: T[], total: number) {
  const edges = items.map((node, i) => ({ cursor: offsetToCursor(win.offset + i), node }));
  return {
    edges,
    totalCount: total,
    pageInfo: {
      hasNextPage: win.offset + items.length < total,
      hasPreviousPage: win.offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

const PARTNER_TAB: Record<PartnerOrderTab, NonNullable<PartnerFilterDto['tab']>> = {
  ALL: 'all',
  NEW: 'new',
  WORKING: 'working',
  DEALS: 'deals',
  RESULTS: 'results',
};
const OPER_TAB: Record<OperatorOrderTab, NonNullable<OperFilterDto['tab']>> = {
  NEW: 'new',
  IN_WORK: 'work',
  IN_DEALS: 'deals',
  IN_RESULTS: 'results',
  ALL: 'all',
};

interface PartnerFilterArgs {
  number?: string | null;
  countryCode?: string | null;
  paymentDateFrom?: string | null;
  paymentDateTo?: string | null;
}
interface OperFilterArgs {
  number?: string | null;
  client?: string | null;
  employee?: number | null;
  partner?: number | null;
}

function partnerFilter(a: PartnerFilterArgs): Omit<PartnerFilterDto, 'pageable' | 'tab'> {
  const id = numericOrderFilter(a.number);
  return {
    ...(id ? { id } : {}),
    ...(a.countryCode?.trim() ? { countryCode: a.countryCode.trim().toUpperCase() } : {}),
    ...(a.paymentDateFrom ? { paymentDateFrom: a.paymentDateFrom } : {}),
    ...(a.paymentDateTo ? { paymentDateTo: a.paymentDateTo } : {}),
  };
}

function operFilter(a: OperFilterArgs): Omit<OperFilterDto, 'pageable' | 'tab'> {
  const id = numericOrderFilter(a.number);
  return {
    ...(id ? { id } : {}),
    ...(a.client?.trim() ? { client: a.client.trim() } : {}),
    ...(a.employee ? { employee: a.employee } : {}),
    ...(a.partner ? { partner: a.partner } : {}),
  };
}

type GatewayContext = import('../../context.js').GatewayContext;

/** Arguments of `Viewer.partnerOrders` (spec core §4 agent's list: tab, filters, forward paging). */
export type PartnerOrdersArgs = PartnerFilterArgs & {
  first?: number | null;
  after?: string | null;
  tab?: PartnerOrderTab | null;
};
/** Arguments of `Viewer.operatorOrders` (spec core §4 operator's list: tab, filters, forward paging). */
export type OperatorOrdersArgs = OperFilterArgs & {
  first?: number | null;
  after?: string | null;
  tab?: OperatorOrderTab | null;
};

/**
 * The backend pages (POST …/partner/order/exch/filter, newest first) of the payment agent's list for `args`, each read
 * at most once per operation (memo key = the request body), so that the viewer's look-ahead
 * (modules/viewer/prefetch.ts) and the `partnerOrders` resolver share one upstream call. Throws BAD_USER_INPUT for bad
 * paging arguments.
 */
export function partnerOrderPages(args: PartnerOrdersArgs, ctx: GatewayContext) {
  const win = windowOf(args.first, args.after);
  const filter = { ...partnerFilter(args), tab: PARTNER_TAB[args.tab ?? 'ALL'] };
  const pages = Promise.all(
    win.pages.map((page) => {
      const body = { pageable: { page, pageSize: win.first, sortFields: SORT }, ...filter };
      return ctx.loaders.memo(`partnerOrders:${JSON.stringify(body)}`, () => ctx.api.partnerFilter(body));
    }),
  );
  return { win, pages };
}

/** The operator's list pages for `args` (POST …/oper/order/exch/filter), shared like {@link partnerOrderPages}. */
export function operatorOrderPages(args: OperatorOrdersArgs, ctx: GatewayContext) {
  const win = windowOf(args.first, args.after);
  const filter = { ...operFilter(args), tab: OPER_TAB[args.tab ?? 'ALL'] };
  const pages = Promise.all(
    win.pages.map((page) => {
      const body = { pageable: { page, pageSize: win.first, sortFields: SORT }, ...filter };
      return ctx.loaders.memo(`operatorOrders:${JSON.stringify(body)}`, () => ctx.api.operFilter(body));
    }),
  );
  return { win, pages };
}

/** The agent's five tab counts under `filter`: ONE POST …/tab-counts per operation and filter (issue 15). */
export const partnerTabCounts = (filter: PartnerTabCountsParent['filter'], ctx: GatewayContext) =>
  ctx.loaders.memo(`partnerTabCounts:${JSON.stringify(filter)}`, () => ctx.api.partnerTabCounts(filter));

/** The operator's five tab counts under `filter`: ONE POST …/tab-counts per operation and filter (issue 15). */
export const operatorTabCounts = (filter: OperTabCountsParent['filter'], ctx: GatewayContext) =>
  ctx.loaders.memo(`operTabCounts:${JSON.stringify(filter)}`, () => ctx.api.operTabCounts(filter));

/** The look-ahead's starters of the agent's and the operator's list fields (modules/viewer/prefetch.ts). */
export const listStarters = {
  PARTNER: {
    partnerOrders: (args: Record<string, unknown>, ctx: GatewayContext) =>
      partnerOrderPages(args as PartnerOrdersArgs, ctx).pages,
    partnerOrderTabCounts: (args: Record<string, unknown>, ctx: GatewayContext) =>
      partnerTabCounts(partnerFilter(args as PartnerFilterArgs), ctx),
  },
  OPER: {
    operatorOrders: (args: Record<string, unknown>, ctx: GatewayContext) =>
      operatorOrderPages(args as OperatorOrdersArgs, ctx).pages,
    operatorOrderTabCounts: (args: Record<string, unknown>, ctx: GatewayContext) =>
      operatorTabCounts(operFilter(args as OperFilterArgs), ctx),
  },
};

export const Viewer: Pick<
  ViewerResolvers,
  | 'partnerOrders'
  | 'partnerOrderTabCounts'
  | 'partnerSettings'
  | 'operatorOrders'
  | 'operatorOrderTabCounts'
  | 'activePartners'
  | 'operators'
> = {
  partnerOrders: async (u, args, ctx) => {
    if (u.account.type !== 'PARTNER' || !u.company) return null;
    const partnerId = u.company.id;
    const { win, pages: started } = partnerOrderPages(args, ctx);
    const pages = await queryResult(() => started);
    const rows = sliceWindow(
      win,
      pages.map((p) => p.content ?? []),
    );
    const parents = rows.map((r) => fromPartnerRow(r, partnerId));
    // The rows carry the caller's side in full and the whole order: later reads of these orders (node(id:), a field
    // that loads the detail) hit the cache instead of a GET per row.
    for (const p of parents) if (p.orderParent) ctx.loaders.partnerDetail.prime(p.orderId, p.orderParent);
    return connection(win, parents, pages[0]?.totalElements ?? 0);
  },
  partnerOrderTabCounts: (u, args) =>
    u.account.type === 'PARTNER' ? { kind: 'partnerTabCounts', filter: partnerFilter(args) } : null,
  partnerSettings: (u) => (u.account.type === 'PARTNER' ? { kind: 'partnerSettings' } : null),
  operatorOrders: async (u, args, ctx) => {
    if (u.account.type !== 'OPER') return null;
    const { win, pages: started } = operatorOrderPages(args, ctx);
    const pages = await queryResult(() => started);
    const rows = sliceWindow(
      win,
      pages.map((p) => p.content ?? []),
    );
    // The rows carry every partner order with its offer and bill: later reads of these orders hit the cache.
    for (const r of rows) ctx.loaders.operOrder.prime(r.orderId, r);
    return connection(win, rows.map(fromOper), pages[0]?.totalElements ?? 0);
  },
  operatorOrderTabCounts: (u, args) =>
    u.account.type === 'OPER' ? { kind: 'operTabCounts', filter: operFilter(args) } : null,
  // Null, not an error, for an operator without the rights of the backend's call (issue 10).
  activePartners: (u, _a, ctx) =>
    hasAnyRight(u, 'ORDERS_VIEW', 'ORDERS_MANAGE') ? queryResult(() => ctx.loaders.activePartners()) : null,
  // OperatorRef's parent is the validator shape: the user's id is its `userId`.
  operators: async (u, _a, ctx) =>
    hasAnyRight(u, 'ORDERS_VIEW', 'AUDIT_LOG')
      ? (await queryResult(() => ctx.loaders.operators())).map(({ id, ...rest }) => ({ userId: id, ...rest }))
      : null,
};

/** True for an operator holding one of `rights` (`@platform/domain/operator/rights`, effective rights in userRights). */
function hasAnyRight(u: CurrentUserDto, ...rights: OperatorRight[]): boolean {
  return u.account.type === 'OPER' && rights.some((r) => u.userRights.includes(r));
}

/**
 * The agent's tab counts: ONE POST …/tab-counts per operation and filter answers all five fields (issue 15; was a
 * filter/count call per tab).
 */
const partnerCount =
  (tab: keyof Omit<GPartnerCounts, '__typename'>) =>
  (p: PartnerTabCountsParent, _a: unknown, ctx: import('../../context.js').GatewayContext) =>
    queryResult(() => partnerTabCounts(p.filter, ctx).then((counts) => counts[tab]));

export const PartnerOrderTabCounts: Strict<PartnerOrderTabCountsResolvers, PartnerTabCountsParent, GPartnerCounts> = {
  all: partnerCount('all'),
  new: partnerCount('new'),
  working: partnerCount('working'),
  deals: partnerCount('deals'),
  results: partnerCount('results'),
};

/**
 * The operator's tab counts: ONE POST …/tab-counts per operation and filter answers all five fields (issue 15; was a
 * filter/count call per tab).
 */
const operCount =
  (tab: NonNullable<OperFilterDto['tab']>) =>
  (p: OperTabCountsParent, _a: unknown, ctx: import('../../context.js').GatewayContext) =>
    queryResult(() => operatorTabCounts(p.filter, ctx).then((counts) => counts[tab]));

export const OperatorOrderTabCounts: Strict<OperatorOrderTabCountsResolvers, OperTabCountsParent, GOperCounts> = {
  new: operCount('new'),
  inWork: operCount('work'),
  inDeals: operCount('deals'),
  inResults: operCount('results'),
  all: operCount('all'),
};

/** The external operator sign-in page on this origin (http/operLogin.ts proxies it to the backend). */
export const OPERATOR_LOGIN_PATH = '/oper-login';

export const Query: Pick<QueryResolvers, 'operatorLoginUrl' | 'calculateCommission' | 'convertAmount'> = {
  operatorLoginUrl: () => OPERATOR_LOGIN_PATH,
  calculateCommission: (_r, { partnerOrderId, input }, ctx) => {
    const { orderId } = requirePartnerOrderId(partnerOrderId);
    return mutationResult(async () => ({
      __typename: 'Commission' as const,
      ...(await ctx.api.partnerCalculate(orderId, toCommissionBody(input))),
    }));
  },
  convertAmount: (_r, { partnerOrderId, amount, targetCurrency }, ctx) => {
    const { orderId } = requirePartnerOrderId(partnerOrderId);
    return mutationResult(
      async () => ({
        __typename: 'AmountConversion' as const,
        ...(await ctx.api.partnerAmountConvert(orderId, {
          amount: { cost: amount.amount, currency: amount.currency },
          targetCurrency,
        })),
      }),
      { 'amount.cost': 'amount.amount' },
    );
  },
};
