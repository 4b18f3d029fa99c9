/**
 * All resolvers, typed by the generated `Resolvers` (codegen from schema.graphql with DTO mappers).
 * Every union of this schema is a mutation result whose members carry `__typename`.
 */
import type { Resolvers } from './generated/resolvers-types.js';
import * as auth from './modules/auth/resolvers.js';
import * as node from './modules/node/resolvers.js';
import * as orders from './modules/orders/resolvers.js';
import * as reference from './modules/reference/resolvers.js';
import { DateScalar, DateTime, Decimal } from './modules/scalars.js';
import * as viewer from './modules/viewer/resolvers.js';

const byTypename = { __resolveType: <T extends { __typename: string }>(obj: T): T['__typename'] => obj.__typename };

export const resolvers = {
  Decimal,
  Date: DateScalar,
  DateTime,
  Query: { ...node.Query, ...viewer.Query, ...reference.Query },
  Mutation: { ...auth.Mutation, ...orders.Mutation },
  Node: node.Node,
  Viewer: { ...viewer.Viewer, ...orders.Viewer },
  Company: viewer.Company,
  ClientInfo: viewer.ClientInfo,
  Checklist: viewer.Checklist,
  TnvedNode: reference.TnvedNode,
  Order: orders.Order,
  OrderFile: orders.OrderFile,
  OrderTabCounts: orders.OrderTabCounts,
  PartnerOrder: orders.PartnerOrder,
  Money: orders.Money,
  CheckEmailResult: byTypename,
  CheckEmailStatusResult: byTypename,
  SendEmailConfirmationResult: byTypename,
  CheckEmailConfirmedResult: byTypename,
  ConfirmEmailResult: byTypename,
  ChangeConfirmationEmailResult: byTypename,
  RequestPasswordResetResult: byTypename,
  ResetPasswordResult: byTypename,
  LoginResult: byTypename,
  LogoutResult: byTypename,
  RegisterClientResult: byTypename,
  UpdateCurrentUserResult: byTypename,
  ChangePasswordResult: byTypename,
  RequestEmailChangeResult: byTypename,
  UpdateChecklistResult: byTypename,
  RequestCallbackResult: byTypename,
  CreateOrderResult: byTypename,
  ValidateOrderResult: byTypename,
} satisfies Resolvers;
