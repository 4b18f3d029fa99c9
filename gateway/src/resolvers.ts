/**
 * All resolvers, typed by the generated `Resolvers` (codegen from schema.graphql with DTO mappers).
 * Every union of this schema is a mutation result whose members carry `__typename`.
 */
import type { Resolvers } from './generated/resolvers-types.js';
import { adminResolvers, mergeResolvers } from './modules/admin/index.js';
import * as apiTokens from './modules/apiTokens/index.js';
import * as auth from './modules/auth/resolvers.js';
import * as chat from './modules/chat/index.js';
import * as company from './modules/company/resolvers.js';
import * as deal from './modules/deal/resolvers.js';
import * as dealLists from './modules/deal/lists.js';
import * as dealMutations from './modules/deal/mutations.js';
import * as node from './modules/node/resolvers.js';
import * as orders from './modules/orders/resolvers.js';
import * as reporting from './modules/reporting/index.js';
import { referralResolvers } from './modules/referral/index.js';
import * as reference from './modules/reference/resolvers.js';
import { DateScalar, DateTime, Decimal } from './modules/scalars.js';
import { byTypename } from './modules/unions.js';
import * as viewer from './modules/viewer/resolvers.js';
import * as verification from './modules/verification/resolvers.js';

const baseResolvers = {
  Decimal,
  Date: DateScalar,
  DateTime,
  Query: { ...node.Query, ...viewer.Query, ...reference.Query, ...dealLists.Query },
  Mutation: {
    ...auth.Mutation,
    ...orders.Mutation,
    ...dealMutations.Mutation,
    ...chat.Mutation,
    ...verification.Mutation,
    ...company.Mutation,
  },
  Node: node.Node,
  Viewer: {
    ...viewer.Viewer,
    ...orders.Viewer,
    ...dealLists.Viewer,
    ...chat.Viewer,
    ...verification.Viewer,
    ...company.Viewer,
  },
  Company: viewer.Company,
  ClientInfo: viewer.ClientInfo,
  Checklist: viewer.Checklist,
  TnvedNode: reference.TnvedNode,
  Order: { ...orders.Order, ...deal.Order },
  OrderFile: orders.OrderFile,
  OrderTabCounts: orders.OrderTabCounts,
  PartnerOrder: deal.PartnerOrder,
  Money: orders.Money,
  Offer: deal.Offer,
  Commission: deal.Commission,
  PayCheck: deal.PayCheck,
  PaymentCompany: deal.PaymentCompany,
  Document: deal.Document,
  StatusChange: deal.StatusChange,
  OperatorComment: deal.OperatorComment,
  ActivePartner: deal.ActivePartner,
  PartnerCurrencySetting: deal.PartnerCurrencySetting,
  PartnerSettings: deal.PartnerSettings,
  PartnerOrderTabCounts: dealLists.PartnerOrderTabCounts,
  OperatorOrderTabCounts: dealLists.OperatorOrderTabCounts,
  CheckEmailResult: byTypename,
  FeeEstimateResult: byTypename,
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
  RequestCardDebitLeadResult: byTypename,
  CreateOrderResult: byTypename,
  ValidateOrderResult: byTypename,
  CalculateCommissionResult: byTypename,
  ConvertAmountResult: byTypename,
  AcceptOfferResult: byTypename,
  ConfirmOfferDocumentsResult: byTypename,
  MarkPaymentMadeResult: byTypename,
  ConfirmFinalDocumentsResult: byTypename,
  CancelOrderResult: byTypename,
  TakeOrderResult: byTypename,
  RefuseOrderResult: byTypename,
  SendOfferResult: byTypename,
  DeleteDocumentResult: byTypename,
  ConfirmDocumentsResult: byTypename,
  SendOfferDocumentsResult: byTypename,
  SendFinalDocumentsResult: byTypename,
  IssuePayCheckResult: byTypename,
  ConfirmPaymentResult: byTypename,
  TakeOrderForReviewResult: byTypename,
  RejectOrderResult: byTypename,
  CloseOrderResult: byTypename,
  CommentOrderResult: byTypename,
  UpdateOrderResult: byTypename,
  SendOrderToPartnersResult: byTypename,
  ConfirmPayCheckResult: byTypename,
  OperatorAutologinResult: byTypename,
  // verification and signatures (issue 8): modules/verification
  Verification: verification.Verification,
  VerificationDocument: verification.VerificationDocument,
  CompanyDocument: verification.CompanyDocument,
  Signature: verification.Signature,
  SignVerificationDocumentResult: byTypename,
  SignDocumentResult: byTypename,
  // company page (issue 8): modules/company
  BankRequisite: company.BankRequisite,
  UpdateRegistrationDataResult: byTypename,
  CreateBankRequisiteResult: byTypename,
  UpdateBankRequisiteResult: byTypename,
  DeleteBankRequisiteResult: byTypename,
  // chat (issue 4); Subscription.chatEvents is bound to the realtime hub in modules/chat/subscription.ts
  ...chat.chatTypes,
} satisfies Resolvers;

/**
 * The schema's resolvers: the base map, the administration modules of issue 10 and the referral partner area of
 * issue 11, merged type by type.
 */
export const resolvers: Resolvers = mergeResolvers(
  baseResolvers,
  adminResolvers,
  referralResolvers,
  apiTokens.resolvers, // API tokens (issue 12)
  reporting.resolvers, // reports for integrators (issue 12)
);
