/**
 * The viewer (spec core §3 Current user, §6) and its company, client info and checklist.
 */
import { toGlobalId } from 'graphql-relay';
import { canCreateOrders, isActingAsAnotherUser, isOriginalClient, isVerified } from '../../domain/account.js';
import type {
  ChecklistResolvers,
  Checklist as GChecklist,
  ClientInfoResolvers,
  ClientInfo as GClientInfo,
  CompanyResolvers,
  Company as GCompany,
  QueryResolvers,
  Viewer as GViewer,
  ViewerResolvers,
} from '../../generated/resolvers-types.js';
import type { ChecklistDto, ClientInfoDto, CompanyDto, CurrentUserDto } from '../../rest/contract.js';
import { queryResult } from '../../rest/errors.js';
import { CompanyDetails } from '../company/resolvers.js';
import { prefetchViewerFields } from './prefetch.js';
import { toDecimal } from '../scalars.js';
import type { Strict } from '../strict.js';

export const Query: Pick<QueryResolvers, 'viewer'> = {
  viewer: (_root, _args, ctx, info) => {
    const viewer = queryResult(() => ctx.loaders.viewer());
    prefetchViewerFields(info, ctx); // the client's list and tab counts alongside the current user (issue 15)
    return viewer;
  },
};

/** Fields resolved in modules/orders (orders, orderTabCounts) and modules/deal/lists.ts are merged in resolvers.ts. */
type ListFields =
  | 'orders'
  | 'orderTabCounts'
  | 'partnerOrders'
  | 'partnerOrderTabCounts'
  | 'partnerSettings'
  | 'operatorOrders'
  | 'operatorOrderTabCounts'
  | 'activePartners'
  | 'operators'
  | 'chatGroups'
  | 'chatGroup'
  | 'unreadStatistic'
  | 'chatInvitations'
  | 'chatContacts'
  | 'verification'
  | 'companyDocuments'
  | 'bankRequisites'
  | 'administration'
  | 'referralPartnerArea'
  | 'referralRequests'
  | 'apiTokens';
export const Viewer: Omit<Strict<ViewerResolvers, CurrentUserDto, GViewer>, ListFields> = {
  id: (u) => toGlobalId('User', String(u.userId)),
  accountType: (u) => u.account.type,
  accountStatus: (u) => u.account.status,
  verified: (u) => isVerified(u),
  rights: (u) => u.userRights ?? [],
  reLoggedRights: (u) => u.reLoggedRights ?? [],
  actingAsAnotherUser: (u) => isActingAsAnotherUser(u),
  isOriginalClient: (u) => isOriginalClient(u),
  company: (u) => u.company ?? null,
  canCreateOrders: (u) => canCreateOrders(u),
  clientInfo: (u, _args, ctx) => (u.account.type === 'CLIENT' ? queryResult(() => ctx.loaders.clientInfo()) : null),
  checklist: (u, _args, ctx) => (u.account.type === 'CLIENT' ? queryResult(() => ctx.loaders.checklist()) : null),
};

export const Company: Strict<CompanyResolvers, CompanyDto, GCompany> = {
  id: (c) => toGlobalId('Company', String(c.id)),
  companyId: (c) => c.id,
  verified: (c) => c.verified ?? c.status === 'VERIFIED',
  // §3 details of issue 8 (ogrnKind … verifiedAt): modules/company
  ...CompanyDetails,
};

export const ClientInfo: Strict<ClientInfoResolvers, ClientInfoDto, GClientInfo> = {
  company: (i) => i.company ?? null,
  contact: (i) => i.contact ?? null,
  status: (i) => i.status ?? null,
};

export const Checklist: Strict<ChecklistResolvers, ChecklistDto, GChecklist> = {
  countryCodes: (c) => c.countryCodes ?? [],
  currencyCodes: (c) => c.currencyCodes ?? [],
  monthlyCurrencyPayment: (c) =>
    c.monthlyCurrencyPayment === null || c.monthlyCurrencyPayment === undefined
      ? null
      : toDecimal(c.monthlyCurrencyPayment),
};
