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
import { nullIfAbsent } from '../../rest/errors.js';
import { adminNode } from '../admin/index.js';
import { apiTokenNode } from '../apiTokens/index.js';
import { referralClientNode } from '../referral/clients/index.js';
import { chatNode } from '../chat/node.js';
import { resolveBankRequisiteNode } from '../company/resolvers.js';
import { verificationDocumentNode } from '../verification/resolvers.js';
import { fromOper, fromPartnerDetail, orderParent, parsePartnerOrderId, sideParent } from '../deal/parents.js';

type NodeValue = ResolversInterfaceTypes<ResolversTypes>['Node'];

/** Resolves one global id for the current viewer; null when absent or not visible. */
export async function resolveNode(globalId: string, ctx: GatewayContext): Promise<NodeValue | null> {
  let type: string;
  let id: string;
  try {
    ({ type, id } = fromGlobalId(globalId));
  } catch {
    return null;
  }
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

export const Query: Pick<QueryResolvers, 'node' | 'nodes'> = {
  node: (_r, { id }, ctx) => resolveNode(id, ctx),
  nodes: (_r, { ids }, ctx) => Promise.all(ids.map((id) => resolveNode(id, ctx))),
};

export const Node: NodeResolvers = {
  __resolveType: (obj) => obj.__typename,
};
