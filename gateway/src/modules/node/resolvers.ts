/**
 * Relay object identification: `node(id:)` and `nodes(ids:)`, scoped to what the viewer may see.
 * Anything else — another user, another company, an order of another company, a malformed id — is null,
 * never an error that would reveal existence.
 */
import { fromGlobalId } from 'graphql-relay';
import type { NodeResolvers, QueryResolvers, ResolversInterfaceTypes, ResolversTypes } from '../../generated/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { nullIfAbsent } from '../../rest/errors.js';

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
    case 'User':
      return String(viewer.userId) === id ? { ...viewer, __typename: 'Viewer' } : null;
    case 'Company':
      return viewer.company && String(viewer.company.id) === id ? { ...viewer.company, __typename: 'Company' } : null;
    case 'Order': {
      const n = Number(id);
      if (!/^\d+$/.test(id) || !Number.isSafeInteger(n) || viewer.account.type !== 'CLIENT') return null;
      const order = await nullIfAbsent(() => ctx.loaders.orderById.load(n));
      return order ? { ...order, __typename: 'Order' } : null;
    }
    default:
      return null;
  }
}

export const Query: Pick<QueryResolvers, 'node' | 'nodes'> = {
  node: (_r, { id }, ctx) => resolveNode(id, ctx),
  nodes: (_r, { ids }, ctx) => Promise.all(ids.map((id) => resolveNode(id, ctx))),
};

export const Node: NodeResolvers = {
  __resolveType: (obj) => obj.__typename,
};
