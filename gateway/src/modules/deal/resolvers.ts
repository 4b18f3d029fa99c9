/**
 * Types of the deal flow (spec core §3 Offer, Exchange rate info, Documents, partnerOrders item; §4): the deal
 * fields of Order, PartnerOrder, Offer, PayCheck, Document, StatusChange and friends. Derived statuses and the
 * viewerCan flags come from @platform/domain (the backend's own rules; the operator's display status is the one the
 * backend sends); reads go through the per-operation loaders (modules/loaders.ts).
 */
import { toGlobalId } from 'graphql-relay';
import {
  clientLeadingOffer,
  offerDetailsHidden,
  operatorDisplayStatus,
  partnerDisplayStatus,
  partnerTabOf,
  type PartnerTab,
} from '@platform/domain/deal/display';
import { orderFlags, partnerOrderFlags } from '@platform/domain/deal/permissions';
import { PAYMENT_STATUS_LABELS } from '@platform/domain/deal/statuses';
import type {
  OperatorDisplayStatusCode,
  ActivePartnerResolvers,
  ActivePartner as GActivePartner,
  CommissionResolvers,
  Commission as GCommission,
  DocumentResolvers,
  Document as GDocument,
  Offer as GOffer,
  OfferResolvers,
  OperatorComment as GOperatorComment,
  OperatorCommentResolvers,
  PartnerCurrencySetting as GPartnerCurrencySetting,
  PartnerCurrencySettingResolvers,
  PartnerOrder as GPartnerOrder,
  PartnerOrderResolvers,
  PartnerSettings as GPartnerSettings,
  PartnerSettingsResolvers,
  PayCheck as GPayCheck,
  PayCheckResolvers,
  PaymentCompany as GPaymentCompany,
  PaymentCompanyResolvers,
  StatusChange as GStatusChange,
  StatusChangeResolvers,
  OrderResolvers,
} from '../../generated/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import type {
  ActivePartnerDto,
  Audience,
  CommissionDto,
  CurrencySettingDto,
  DocumentDto,
  DocumentParent,
  HistoryDto,
  OfferParent,
  OperCommentDto,
  OrderParent,
  PartnerOrderDto,
  PartnerOrderParent,
  PartnerSettingsParent,
  PayCheckDto,
  PayCheckParent,
  PaymentCompanyDto,
} from '../../rest/contract.js';
import { queryResult } from '../../rest/errors.js';
import { isOriginalClient } from '@platform/domain/referral/relogin';

/** Whether the viewer is the original client (spec core §6; a referral partner's re-login is not). */
async function originalClientViewer(ctx: GatewayContext): Promise<boolean> {
  const viewer = await ctx.loaders.viewer();
  return !viewer || isOriginalClient(viewer);
}
import type { Strict } from '../strict.js';
import { fromOper, fromPartnerDetail, orderParent, sidesOf, withClientDeal } from './parents.js';

// ---------------------------------------------------------------------------------------------------------
// Loading the full order and a detailed side, whichever role reads
// ---------------------------------------------------------------------------------------------------------

/** The order of `orderId` as `audience` reads it. */
export async function loadOrder(audience: Audience, orderId: number, ctx: GatewayContext): Promise<OrderParent> {
  switch (audience) {
    case 'CLIENT':
      return orderParent(await queryResult(() => ctx.loaders.orderById.load(orderId)), 'CLIENT');
    case 'PARTNER':
      return fromPartnerDetail(await queryResult(() => ctx.loaders.partnerDetail.load(orderId)));
    case 'OPER':
      return fromOper(await queryResult(() => ctx.loaders.operOrder.load(orderId)));
  }
}

const DOC_SET_PATH = { OFFER_DOCS: 'docs', FINAL_DOCS: 'final-docs', DOC_EXAMPLE: 'docs-example' } as const;

/** Documents of one kind of one side, as the audience may see them. */
async function documentsOf(
  p: PartnerOrderParent,
  kind: DocumentDto['kind'],
  ctx: GatewayContext,
): Promise<DocumentParent[]> {
  let docs: DocumentDto[];
  if (p.audience === 'CLIENT') {
    if (kind === 'DOC_EXAMPLE') return [];
    const set = DOC_SET_PATH[kind] as 'docs' | 'final-docs';
    docs = await queryResult(() =>
      ctx.loaders.memo(`clientDocs:${p.orderId}:${set}`, () => ctx.api.clientDocuments(p.orderId, set)),
    );
  } else if (p.audience === 'PARTNER') {
    const set = DOC_SET_PATH[kind];
    docs = await queryResult(() =>
      ctx.loaders.memo(`partnerDocs:${p.orderId}:${set}`, () => ctx.api.partnerDocuments(p.orderId, set)),
    );
  } else if (kind === 'DOC_EXAMPLE') {
    docs = await queryResult(() =>
      ctx.loaders.memo(`operDocExamples:${p.orderId}:${p.partnerId}`, () =>
        ctx.api.operDocExamples(p.orderId, p.partnerId),
      ),
    );
  } else {
    docs = await queryResult(() => ctx.loaders.operDocuments.load(p.orderId));
  }
  return docs
    .filter((d) => d.kind === kind && d.partnerId === p.partnerId)
    .map((d) => ({ ...d, audience: p.audience, orderId: p.orderId }));
}

// ---------------------------------------------------------------------------------------------------------
// Order: deal fields
// ---------------------------------------------------------------------------------------------------------

/** An order field as the parent holds it. */
const field =
  <K extends keyof OrderParent>(key: K) =>
  (o: OrderParent) =>
    o[key];

export const Order: Pick<
  Required<OrderResolvers>,
  | 'counterparty'
  | 'tnvedCode'
  | 'tnvedName'
  | 'goodsLocation'
  | 'comment'
  | 'files'
  | 'client'
  | 'consultant'
  | 'statusDate'
  | 'leadingOffer'
  | 'operatorDisplayStatus'
  | 'history'
  | 'lastOperatorComment'
  | 'operatorComments'
  | 'validator'
  | 'partnerCandidates'
  | 'viewerCanCancel'
  | 'viewerCanConfirmOfferDocuments'
  | 'viewerCanMarkPaymentMade'
  | 'viewerCanConfirmFinalDocuments'
  | 'viewerCanTakeForReview'
  | 'viewerCanEdit'
  | 'viewerCanReject'
  | 'viewerCanSendToPartners'
  | 'viewerCanClose'
  | 'viewerCanConfirmPayCheck'
  | 'viewerCanComment'
  | 'partnerOrders'
> = {
  counterparty: field('counterparty'),
  tnvedCode: field('tnvedCode'),
  tnvedName: (o) => o.tnvedName,
  goodsLocation: field('goodsLocation'),
  comment: (o) => o.comment,
  files: (o) => o.files.map((f) => ({ ...f, orderId: o.id, audience: o.audience })),
  client: (o) => o.client,
  consultant: (o) => o.consultant,
  statusDate: (o) => o.statusDate,
  partnerOrders: (o) => sidesOf(o),
  leadingOffer: (o) => clientLeadingOffer(sidesOf(o)) ?? null,
  // The operator's answers carry the backend's display status (the system of record); `source` is the same rule's.
  operatorDisplayStatus: (o) => {
    if (o.audience !== 'OPER') return null;
    const shown = operatorDisplayStatus(o.status, o.partnerOrders ?? []);
    const sent = o.oper?.displayStatus;
    return { ...shown, ...sent, code: (sent?.code ?? shown.code) as OperatorDisplayStatusCode };
  },
  history: async (o, _a, ctx) => {
    if (o.audience === 'CLIENT') return queryResult(() => ctx.loaders.clientHistory.load(o.id));
    if (o.audience === 'OPER')
      return o.oper?.history ?? (await queryResult(() => ctx.loaders.operOrderDetail.load(o.id))).history ?? [];
    return queryResult(() => ctx.loaders.partnerHistory.load(o.id)); // ORDER rows and the agent's own offer's rows only
  },
  lastOperatorComment: (o) => (o.audience === 'OPER' ? (o.oper?.lastOperComment ?? null) : null),
  // A list row has no comments list: the operator's GET {id} answers it (once per order and operation, shared with `history`).
  operatorComments: async (o, _a, ctx) => {
    if (o.audience !== 'OPER') return null;
    return (
      o.oper?.operatorComments ??
      (await queryResult(() => ctx.loaders.operOrderDetail.load(o.id))).operatorComments ??
      []
    );
  },
  validator: (o) => (o.audience === 'OPER' ? (o.oper?.validator ?? null) : null),
  partnerCandidates: (o, _a, ctx) =>
    o.audience === 'OPER' ? queryResult(() => ctx.loaders.operCandidates.load(o.id)) : null,
  viewerCanCancel: (o) => orderFlags(o.audience, o.status, o.partnerOrders ?? []).viewerCanCancel,
  // Signing and confirming documents is the original client's (issue 11: not offered to a referral partner's re-login).
  viewerCanConfirmOfferDocuments: async (o, _a, ctx) =>
    orderFlags(o.audience, o.status, o.partnerOrders ?? []).viewerCanConfirmOfferDocuments &&
    (await originalClientViewer(ctx)),
  viewerCanMarkPaymentMade: (o) => orderFlags(o.audience, o.status, o.partnerOrders ?? []).viewerCanMarkPaymentMade,
  viewerCanConfirmFinalDocuments: async (o, _a, ctx) =>
    orderFlags(o.audience, o.status, o.partnerOrders ?? []).viewerCanConfirmFinalDocuments &&
    (await originalClientViewer(ctx)),
  // The operator's actions also need the ORDERS_MANAGE right (issue 10; the backend answers 403 RIGHT_REQUIRED
  // otherwise), so a view-only operator is never offered a button that would fail.
  viewerCanTakeForReview: (o, _a, ctx) =>
    operatorMay(o, ctx, orderFlags(o.audience, o.status, []).viewerCanTakeForReview),
  viewerCanEdit: (o, _a, ctx) => operatorMay(o, ctx, orderFlags(o.audience, o.status, []).viewerCanEdit),
  viewerCanReject: (o, _a, ctx) => operatorMay(o, ctx, orderFlags(o.audience, o.status, []).viewerCanReject),
  viewerCanSendToPartners: (o, _a, ctx) =>
    operatorMay(o, ctx, orderFlags(o.audience, o.status, []).viewerCanSendToPartners),
  viewerCanClose: (o, _a, ctx) => operatorMay(o, ctx, orderFlags(o.audience, o.status, []).viewerCanClose),
  viewerCanConfirmPayCheck: (o, _a, ctx) =>
    operatorMay(o, ctx, orderFlags(o.audience, o.status, []).viewerCanConfirmPayCheck),
  viewerCanComment: (o, _a, ctx) => operatorMay(o, ctx, orderFlags(o.audience, o.status, []).viewerCanComment),
};

/**
 * An operator action flag of an order: the deal rule's answer, and for an operator also the ORDERS_MANAGE right of
 * `@platform/domain/operator/rights` (issue 10). Other audiences keep the rule's answer (false for them).
 */
async function operatorMay(o: OrderParent, ctx: GatewayContext, allowedByRule: boolean): Promise<boolean> {
  if (!allowedByRule || o.audience !== 'OPER') return allowedByRule;
  const viewer = await ctx.loaders.viewer();
  return !!viewer?.userRights.includes('ORDERS_MANAGE');
}

// ---------------------------------------------------------------------------------------------------------
// PartnerOrder
// ---------------------------------------------------------------------------------------------------------

/** The side unless its details are hidden for every viewer in its status (spec core §4). */
function visibleSide(p: PartnerOrderParent): PartnerOrderDto | undefined {
  return offerDetailsHidden(p.status) ? undefined : p;
}

export const PartnerOrder: Strict<PartnerOrderResolvers, PartnerOrderParent, GPartnerOrder> = {
  id: (p) => toGlobalId('PartnerOrder', `${p.orderId}:${p.partnerId}`),
  partnerOrderId: (p) => p.id,
  partnerSignRequired: (p) => p.partnerSignRequired ?? false,
  statusDate: (p) => p.statusDate ?? null,
  order: (p, _a, ctx) => p.orderParent ?? loadOrder(p.audience, p.orderId, ctx),
  tab: (p) => partnerTabOf(p.status).toUpperCase() as Uppercase<Exclude<PartnerTab, 'all'>>,
  displayStatus: (p) => partnerDisplayStatus(p.status, p.orderStatus),
  offerDetailsHidden: (p) => offerDetailsHidden(p.status),
  offer: (p) => {
    const side = visibleSide(p);
    return side?.offer ? { ...side.offer, audience: p.audience, orderId: p.orderId, partnerOrderId: side.id } : null;
  },
  payCheck: (p) => {
    const bill = visibleSide(p)?.paycheck;
    return bill ? { ...bill, audience: p.audience, orderId: p.orderId } : null;
  },
  rejectReason: (p) => (p.audience === 'PARTNER' ? (p.rejectReason ?? null) : null),
  offerDocuments: (p, _a, ctx) => documentsOf(p, 'OFFER_DOCS', ctx),
  finalDocuments: (p, _a, ctx) => documentsOf(p, 'FINAL_DOCS', ctx),
  documentExamples: (p, _a, ctx) => documentsOf(p, 'DOC_EXAMPLE', ctx),
  offerTerms: (p, _a, ctx) =>
    p.audience === 'PARTNER' ? queryResult(() => ctx.loaders.partnerTerms.load(p.orderId)) : null,
  viewerCanAccept: (p) => partnerOrderFlags(p.audience, p.orderStatus, p.status).viewerCanAccept,
  viewerCanTake: (p) => partnerOrderFlags(p.audience, p.orderStatus, p.status).viewerCanTake,
  viewerCanRefuse: (p) => partnerOrderFlags(p.audience, p.orderStatus, p.status).viewerCanRefuse,
  viewerCanSendOffer: (p) => partnerOrderFlags(p.audience, p.orderStatus, p.status).viewerCanSendOffer,
  viewerCanSendOfferDocuments: (p) =>
    partnerOrderFlags(p.audience, p.orderStatus, p.status).viewerCanSendOfferDocuments,
  viewerCanIssuePayCheck: (p) => partnerOrderFlags(p.audience, p.orderStatus, p.status).viewerCanIssuePayCheck,
  viewerCanConfirmPayment: (p) => partnerOrderFlags(p.audience, p.orderStatus, p.status).viewerCanConfirmPayment,
  viewerCanSendFinalDocuments: (p) =>
    partnerOrderFlags(p.audience, p.orderStatus, p.status).viewerCanSendFinalDocuments,
};

// ---------------------------------------------------------------------------------------------------------
// Offer, commission, bill, documents, history
// ---------------------------------------------------------------------------------------------------------

export const Offer: Strict<OfferResolvers, OfferParent, GOffer> = {
  agentFeePercent: (o) => o.agentFeePercent ?? null,
  serviceFeePercent: (o) => o.serviceFeePercent ?? null,
  sampleContractDownloadUrl: (o) =>
    o.sampleContractFileId && o.audience === 'CLIENT' && o.orderId !== undefined && o.partnerOrderId
      ? `/files/client/orders/${encodeURIComponent(String(o.orderId))}/offers/${encodeURIComponent(String(o.partnerOrderId))}/sample-contract`
      : null,
  paymentDateFrom: (o) => o.paymentFrom,
  paymentDateTo: (o) => o.paymentTo,
  totalFee: (o) => ({ cost: o.totalFee, currency: o.paymentSum.currency }),
  agentFee: (o) => ({ cost: o.agentFee, currency: o.paymentSum.currency }),
  serviceFee: (o) => ({ cost: o.serviceFee, currency: o.paymentSum.currency }),
  totalCommission: (o) =>
    o.totalCommission
      ? { amount: { cost: o.totalCommission.amount, currency: 'RUB' }, percent: o.totalCommission.percent }
      : null,
  additionalExpenses: (o) =>
    (o.additionalExpenses ?? []).map((e) => ({
      amount: { cost: e.amount, currency: e.currency },
      rate: e.rate,
      description: e.description,
    })),
  exchangeRate: (o) => ({ ...o.exchangeRateInfo, source: o.exchangeRateInfo.source ?? null }),
};

export const Commission: Strict<CommissionResolvers, CommissionDto, GCommission> = {
  totalCommission: (c) => ({
    amount: { cost: c.totalCommission.amount, currency: c.settlementCurrency || 'RUB' },
    percent: c.totalCommission.percent,
  }),
  expenses: (c) =>
    c.expenses.map((e) => ({
      amount: { cost: e.amount, currency: e.currency },
      rate: e.rate,
      converted: e.converted,
      description: e.description,
    })),
};

export const PayCheck: Strict<PayCheckResolvers, PayCheckParent, GPayCheck> = {
  id: (b) => toGlobalId('PayCheck', String(b.id)),
  payCheckId: (b) => b.id,
  statusLabel: (b) => PAYMENT_STATUS_LABELS[b.status],
  amount: (b) => (b.amount !== null && b.currency ? { cost: b.amount, currency: b.currency } : null),
  paymentCompany: async (b, _a, ctx) => {
    if (b.paymentCompanyId === null) return null;
    if (b.audience === 'CLIENT') {
      const active = await queryResult(() => ctx.loaders.clientPayCheck.load(b.orderId)).catch(() => null);
      return active && active.id === b.id ? active.paymentCompany : null;
    }
    if (b.audience === 'PARTNER')
      return (
        (await queryResult(() => ctx.loaders.partnerPaymentCompanies())).find((c) => c.id === b.paymentCompanyId) ??
        null
      );
    // Operator: the bill's company through the operator's call, once per bill and operation.
    return queryResult(() =>
      ctx.loaders.memo(`operPaymentCompany:${b.orderId}:${b.id}`, () => ctx.api.operPaymentCompany(b.orderId, b.id)),
    );
  },
};

export const PaymentCompany: Strict<PaymentCompanyResolvers, PaymentCompanyDto, GPaymentCompany> = {
  paymentCompanyId: (c) => c.id,
};

/** Gateway download path of a document for the reader's role (http/files.ts). */
export function documentDownloadUrl(d: DocumentParent): string {
  const o = encodeURIComponent(String(d.orderId));
  if (d.audience === 'CLIENT') return `/files/client/orders/${o}/documents/${d.id}`;
  if (d.audience === 'OPER') return `/files/oper/orders/${o}/documents/${d.id}`;
  return `/files/partner/orders/${o}/offer/${DOC_SET_PATH[d.kind]}/${d.id}`;
}

export const Document: Strict<DocumentResolvers, DocumentParent, GDocument> = {
  id: (d) => toGlobalId('Document', String(d.id)),
  documentId: (d) => d.id,
  fileId: (d) => (d.audience === 'CLIENT' ? null : (d.fileId ?? null)),
  downloadUrl: (d) => documentDownloadUrl(d),
};

export const StatusChange: Strict<StatusChangeResolvers, HistoryDto, GStatusChange> = {
  id: (h) => toGlobalId('StatusChange', String(h.id)),
  actorName: (h) => h.actor?.name ?? null,
};

export const OperatorComment: Strict<OperatorCommentResolvers, OperCommentDto, GOperatorComment> = {
  authorName: (c) => c.name,
  created: (c) => c.dateTimeCreate,
};

export const ActivePartner: Strict<ActivePartnerResolvers, ActivePartnerDto, GActivePartner> = {
  partnerId: (p) => p.id,
};

export const PartnerCurrencySetting: Strict<
  PartnerCurrencySettingResolvers,
  CurrencySettingDto,
  GPartnerCurrencySetting
> = {
  limitFrom: (s) => s.limit?.amountFrom ?? null,
  limitTo: (s) => s.limit?.amountTo ?? null,
};

export const PartnerSettings: Strict<PartnerSettingsResolvers, PartnerSettingsParent, GPartnerSettings> = {
  currencies: (_p, _a, ctx) => queryResult(() => ctx.loaders.partnerCurrencies()),
  paymentCompanies: (_p, _a, ctx) => queryResult(() => ctx.loaders.partnerPaymentCompanies()),
};

export type { PayCheckDto };
export { withClientDeal };
