/**
 * Operator administration in the graph (issue 10): clients, payment agents, referral partners, operators and the
 * audit log, one module each. This file merges their resolver maps by type and their node(id:) resolvers.
 */
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { CurrentUserDto } from '../../rest/contract.js';
import type { GatewayContext } from '../../context.js';
import * as administration from './administration.js';
import * as audit from './audit/index.js';
import * as clients from './clients/index.js';
import type { AdminNodeResolver, AdminNodeValue } from './node.js';
import * as operators from './operators/index.js';
import * as paymentAgents from './paymentAgents/index.js';
import * as referralPartners from './referralPartners/index.js';

const modules = [clients, paymentAgents, referralPartners, operators, audit];

/** Merges resolver maps type by type (later modules add fields; a field defined twice is a start-up error). */
export function mergeResolvers(...maps: Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps)
    for (const [type, fields] of Object.entries(map as Record<string, Record<string, unknown>>)) {
      const into = (merged[type] ??= {});
      for (const [field, fn] of Object.entries(fields)) {
        if (field in into && field !== '__resolveType') throw new Error(`resolvers: ${type}.${field} defined twice`);
        into[field] = fn;
      }
    }
  return merged as Resolvers;
}

/** The administration modules' resolvers. */
export const adminResolvers: Resolvers = mergeResolvers(administration.resolvers, ...modules.map((m) => m.resolvers));

const nodeResolvers: Record<string, AdminNodeResolver> = Object.assign({}, ...modules.map((m) => m.nodeTypes));

/** node(id:) for an administration type; null for an unknown type. */
export function adminNode(
  type: string,
  id: string,
  ctx: GatewayContext,
  viewer: CurrentUserDto,
): Promise<AdminNodeValue | null> {
  const resolve = nodeResolvers[type];
  return resolve ? resolve(id, ctx, viewer) : Promise.resolve(null);
}
