/**
 * Referral partner area in the graph (issue 11), part "clients": see the region of schema.graphql it implements.
 */
import type { Resolvers } from '../../../generated/resolvers-types.js';

export const resolvers: Resolvers = {};
