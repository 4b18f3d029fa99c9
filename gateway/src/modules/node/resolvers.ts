/**
 * Relay object identification: `node(id:)` and `nodes(ids:)`, scoped to what the viewer may see.
 * Anything else — another user, another company, an order of another company, a malformed id — is null,
 * never an error that would reveal existence.
 */
import { fromGlobalId } from 'graphql-relay';
import type {
  NodeResolvers,
  QueryResolvers,
  ResolversInterfaceTypes,
  ResolversTypes,
} from '../../generated/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { GraphQLError } from 'graphql/index.js';
import { nullIfAbsent, UpstreamError } from '../../rest/errors.js';
import { adminNode } from '../admin/index.js';
import { apiTokenNode } from '../apiTokens/index.js';
import { referralClientNode } from '../referral/clients/index.js';
import { chatNode } from '../chat/node.js';
import { resolveBankRequisiteNode } from '../company/resolvers.js';
import { verificationDocumentNode } from '../verification/resolvers.js';
import { fromOper, fromPartnerDetail, orderParent, parsePartnerOrderId, sideParent } from '../deal/parents.js';

type NodeValue = ResolversInterfaceTypes<ResolversTypes>['Node'];

/** The most ids one `nodes(ids:)` call takes (issue 14 defect 7); more is BAD_USER_INPUT before any upstream call. */
export const MAX_NODE_IDS = 100;

/**
 * Resolutions one `nodes(ids:)` call keeps in flight at most. Order and PartnerOrder ids do not count against it: they
 * are read beforehand in one batch call per role ({@link prefetchOrders}).
 */
export const NODES_CONCURRENCY = 8;

/**
 * Whether the raw part of a global id can name a backend record: `<n>` or, for a PartnerOrder, `<n>:<n>`, each n a
 * positive safe integer (1..2^53−1, no sign, exponent or leading zero). Ids beyond a table's int4 range pass here and
 * are refused upstream with 400, which {@link resolveNode} turns into null as well.
 */
function plausibleRawId(type: string, id: string): boolean {
  const parts = type === 'PartnerOrder' ? id.split(':') : [id];
  return parts.every((p) => /^[1-9]\d{0,15}$/.test(p) && Number.isSafeInteger(Number(p)));
}

/** Whether `err` is the backend refusing an id as malformed or out of range (400), mapped or raw. */
function isRefusedId(err: unknown): boolean {
  if (err instanceof UpstreamError) return err.status === 400;
  return err instanceof GraphQLError && err.extensions.upstreamStatus === 400;
}

/**
 * Resolves one global id for the current viewer; null when absent, not visible, malformed or out of range — a raw id
 * that is not a positive safe integer, or one the backend refuses with 400 (e.g. `ChatGroup:2147483648` beyond int4;
 * issue 14 defect 6). Session and unexpected failures stay errors (UNAUTHENTICATED, INTERNAL_SERVER_ERROR).
 */
export async function resolveNode(globalId: string, ctx: GatewayContext): Promise<NodeValue | null> {
  try {
    return await resolveNodeOf(globalId, ctx);
  } catch (err) {
    if (isRefusedId(err)) return null;
    throw err;
  }
}

async function resolveNodeOf(globalId: string, ctx: GatewayContext): Promise<NodeValue | null> {
  let type: string;
  let id: string;
  try {
    ({ type, id } = fromGlobalId(globalId));
  } catch {
    return null;
  }
  if (!plausibleRawId(type, id)) return null;
  const viewer = await ctx.loaders.viewer();
  if (!viewer) return null;
  switch (type) {
    case 'ApiToken':
      return apiTokenNode(id, ctx);
    case 'User':
      return String(viewer.userId) === id ? { ...viewer, __typename: 'Viewer' } : null;
    case 'Company':
      return viewer.company && String(viewer.company.id) === id ? { ...viewer.company, __typename: 'Company' } : null;
    case 'Order': {
      // Scoped by role: a client reads its company's orders, a payment agent the orders sent to it, an operator
      // all; the backend answers 404 otherwise, which is null here (existence is not revealed).
      const n = Number(id);
      if (!/^\d+$/.test(id) || !Number.isSafeInteger(n)) return null;
      const role = viewer.account.type;
      if (role === 'CLIENT') {
        const order = await nullIfAbsent(() => ctx.loaders.orderById.load(n));
        return order ? { ...orderParent(order, 'CLIENT'), __typename: 'Order' } : null;
      }
      if (role === 'PARTNER') {
        const d = await nullIfAbsent(() => ctx.loaders.partnerDetail.load(n));
        return d ? { ...fromPartnerDetail(d), __typename: 'Order' } : null;
      }
      if (role === 'OPER') {
        const o = await nullIfAbsent(() => ctx.loaders.operOrder.load(n));
        return o ? { ...fromOper(o), __typename: 'Order' } : null;
      }
      return null;
    }
    case 'PartnerOrder': {
      const ref = parsePartnerOrderId(globalId);
      if (!ref) return null;
      const role = viewer.account.type;
      let order;
      if (role === 'CLIENT') {
        // The client's order answer carries its partner orders with ids, offers and bills (hidden per spec core §4).
        const o = await nullIfAbsent(() => ctx.loaders.orderById.load(ref.orderId));
        order = o ? orderParent(o, 'CLIENT') : null;
      } else if (role === 'PARTNER') {
        // A payment agent sees only its own side of an order sent to it.
        if (viewer.company?.id !== ref.partnerId) return null;
        const d = await nullIfAbsent(() => ctx.loaders.partnerDetail.load(ref.orderId));
        order = d ? fromPartnerDetail(d) : null;
      } else if (role === 'OPER') {
        const o = await nullIfAbsent(() => ctx.loaders.operOrder.load(ref.orderId));
        order = o ? fromOper(o) : null;
      }
      const side = order?.partnerOrders?.find((s) => s.partnerId === ref.partnerId);
      return order && side ? { ...sideParent(order, side), __typename: 'PartnerOrder' } : null;
    }
    case 'ChatGroup':
    case 'ChatMessage':
    case 'ChatUser':
    case 'ChatInvitation': {
      const n = Number(id);
      if (!/^\d{1,15}$/.test(id) || !Number.isSafeInteger(n) || n < 1) return null;
      return chatNode(type, n, ctx, viewer.userId);
    }
    case 'BankRequisite':
      // The client's company's requisite (issue 8); another company's is null.
      return resolveBankRequisiteNode(id, ctx, viewer);
    case 'VerificationDocument':
      // The client's company's application (issue 8); another company's is null.
      return verificationDocumentNode(id, ctx);
    case 'ReferralClient':
      // The referral partner's own client (issue 11); anyone else's is null.
      return referralClientNode(id, ctx, viewer);
    default:
      // Administration types (issue 10): each checks the viewer's operator right.
      return adminNode(type, id, ctx, viewer);
  }
}

/**
 * Loads, in one batch call, the orders that the Order and PartnerOrder ids among `ids` name, through the loader
 * {@link resolveNodeOf} reads them from for the viewer's role (client `orderById`, payment agent `partnerDetail` —
 * only its own PartnerOrder ids —, operator `operOrder`), so their resolution finds them cached. Failures are left to
 * the per-id resolution (which reports them as it would without the prefetch).
 */
async function prefetchOrders(ids: readonly string[], ctx: GatewayContext): Promise<void> {
  const wanted: Array<{ orderId: number; partnerId?: number }> = [];
  for (const globalId of ids) {
    let type: string;
    let id: string;
    try {
      ({ type, id } = fromGlobalId(globalId));
    } catch {
      continue;
    }
    if (type === 'Order' && plausibleRawId(type, id)) wanted.push({ orderId: Number(id) });
    else if (type === 'PartnerOrder' && plausibleRawId(type, id)) {
      const ref = parsePartnerOrderId(globalId);
      if (ref) wanted.push(ref);
    }
  }
  if (!wanted.length) return;
  const viewer = await ctx.loaders.viewer().catch(() => null);
  const role = viewer?.account.type;
  const loader =
    role === 'CLIENT'
      ? ctx.loaders.orderById
      : role === 'PARTNER'
        ? ctx.loaders.partnerDetail
        : role === 'OPER'
          ? ctx.loaders.operOrder
          : null;
  if (!viewer || !loader) return;
  const orderIds = wanted
    .filter((w) => role !== 'PARTNER' || w.partnerId === undefined || w.partnerId === viewer.company?.id)
    .map((w) => w.orderId);
  await loader.loadMany([...new Set(orderIds)]); // per-key errors come back as values, never thrown
}

/**
 * `nodes(ids:)` (issue 14 defect 7): at most {@link MAX_NODE_IDS} ids, else BAD_USER_INPUT `TOO_MANY_IDS` before any
 * upstream call. The orders that Order and PartnerOrder ids name are read first in ONE batch call of the role's batch
 * read ({@link prefetchOrders}; loaders.ts byBatch); then each distinct id is resolved once (repeats share the answer)
 * with at most {@link NODES_CONCURRENCY} resolutions in flight. Ids of one type share the operation's loaders, so
 * orders and list-backed types (ApiToken, BankRequisite, User, Company, invitations) cost one upstream read for any
 * number of ids; the others one read per distinct id, in parallel up to the bound. Answers one entry per id, in order,
 * null where not visible.
 */
export async function resolveNodes(ids: readonly string[], ctx: GatewayContext): Promise<(NodeValue | null)[]> {
  if (ids.length > MAX_NODE_IDS) {
    throw new GraphQLError(`Не более ${MAX_NODE_IDS} идентификаторов в одном запросе`, {
      extensions: { code: 'BAD_USER_INPUT', reason: 'TOO_MANY_IDS', max: MAX_NODE_IDS },
    });
  }
  const distinct = [...new Set(ids)];
  await prefetchOrders(distinct, ctx);
  const answers = new Map<string, NodeValue | null>();
  let next = 0;
  const worker = async () => {
    while (next < distinct.length) {
      const id = distinct[next++];
      answers.set(id, await resolveNode(id, ctx));
    }
  };
  await Promise.all(Array.from({ length: Math.min(NODES_CONCURRENCY, distinct.length) }, worker));
  return ids.map((id) => answers.get(id) ?? null);
}

export const Query: Pick<QueryResolvers, 'node' | 'nodes'> = {
  node: (_r, { id }, ctx) => resolveNode(id, ctx),
  nodes: (_r, { ids }, ctx) => resolveNodes(ids, ctx),
};

export const Node: NodeResolvers = {
  __resolveType: (obj) => obj.__typename,
};
