/**
 * The referral partner's area in the graph (issue 11): `Viewer.referralPartnerArea` and the modules of its regions in
 * schema.graphql (clients; re-login, requests and commissions; company and documents; recommendations and the
 * operators' inbox), merged type by type.
 */
import { isReferralPartnerInOwnSession } from '../../domain/account.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { mergeResolvers } from '../admin/index.js';
import * as clients from './clients/index.js';
import * as documents from './documents/index.js';
import * as inbox from './inbox/index.js';
import * as relogin from './relogin/index.js';

const area: Resolvers = {
  Viewer: {
    referralPartnerArea: (viewer) => (isReferralPartnerInOwnSession(viewer) ? viewer : null),
  },
  ReferralPartnerArea: {
    companyName: (viewer) => viewer.company?.shortName ?? '',
  },
};

/** The referral partner area's resolvers. */
export const referralResolvers: Resolvers = mergeResolvers(
  area,
  clients.resolvers,
  relogin.resolvers,
  documents.resolvers,
  inbox.resolvers,
);
