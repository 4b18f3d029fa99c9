/**
 * Read models of the deal flow shared by the operator and client deal routes (and usable by the payment agent's):
 * partner orders with their offer details and bill (spec core §3 "partnerOrders item", "Offer", "Exchange rate
 * info"), deal documents (§3 "Documents"), the unified history (§4, issue 3 "recorded in a history") and their
 * TypeBox schemas. Queries are built with the Drizzle query builder (parameterised); money stays decimal strings.
 *
 * Number formats of every answer (decision, domain/deal/money.ts formatPercent): money exactly 2 decimals ('187.50'),
 * exchange rates exactly 4 ('92.4512'), PERCENTS trimmed of trailing zeros ('1.5', not '1.5000'; '1.7', not '1.70';
 * '2'; '0') — client, agent and service fee % and the total commission %.
 *
 * Batching: every loader here takes the ids of a whole page and answers with a fixed number of queries (one per
 * kind: partner orders with offers, expenses, bills, history rows...), never one per row.
 */
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { literalUnion } from '../routes/schemas.js';
import type { DbOrTx } from '../db/client.js';
import { preparedFor } from '../db/prepared-statements.js';
import { companies, users } from '../db/schema/core.js';
import {
  dealDocuments,
  partnerOrderOfferExpenses,
  partnerOrderOffers,
  payChecks,
  DEAL_DOCUMENT_KINDS,
  DEAL_DOCUMENT_STATUSES,
  type DealDocumentKind,
  type DealDocumentStatus,
} from '../db/schema/deal.js';
import { orderStatusHistory, partnerOrders, storedFiles } from '../db/schema/orders.js';
import { partnerPaymentCompanies, partnerPaymentRequisites } from '../db/schema/partner.js';
import { offerDetailsHidden } from '@platform/domain/deal/display';
import { formatPercent } from '@platform/domain/deal/money';
import { OFFER_STATUSES, PAYMENT_STATUSES, type OfferStatus, type PaymentStatus } from '@platform/domain/deal/statuses';
import {
  loadDealSignatures,
  signatureView,
  SignatureSchema as DealSignatureSchema,
  type SignatureView,
} from '../verification/signatures.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});

// ---------------------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------------------

export const ExpenseSchema = Type.Object({
  amount: Type.String({ description: 'Decimal string, 2 decimals' }),
  currency: Type.String({ description: 'ISO 4217' }),
  rate: Type.String({ description: 'RUB per one unit, 4 decimals' }),
  description: Nullable(Type.String()),
});

export const OfferDetailsSchema = Type.Object(
  {
    dealMethod: Type.Union([Type.Literal('PROTECTED'), Type.Literal('UNPROTECTED')], {
      description: "PROTECTED ('risk-free') or UNPROTECTED (standard deal)",
    }),
    paymentSum: Type.Object(
      { cost: Type.String(), currency: Type.String() },
      { description: 'Payment sum (decimal string) and ISO 4217 code' },
    ),
    paymentFrom: Type.String({ description: 'Payment term from, YYYY-MM-DD' }),
    paymentTo: Type.String({
      description: 'Payment term to, YYYY-MM-DD; the offer expires after this Moscow day unless accepted',
    }),
    transactionType: Nullable(Type.String()),
    clientFeePercent: Type.String({
      description: "Client fee, percent of the payment sum (decimal string, trailing zeros trimmed: '1.5')",
    }),
    agentFeePercent: Type.String({
      description: "The payment agent's share, percent of the payment sum (client − service; trimmed: '1.1')",
    }),
    serviceFeePercent: Type.String({
      description: "The service's share, percent of the payment sum (the agent's license contract; trimmed: '0.4')",
    }),
    totalFee: Type.String({ description: 'agentFee + serviceFee, payment currency' }),
    agentFee: Type.String(),
    serviceFee: Type.String(),
    totalCommission: Nullable(
      Type.Object({
        amount: Type.String({ description: 'RUB, 2 decimals' }),
        percent: Type.String({
          description: "Percent of the converted payment sum, rounded to 2 decimals, trailing zeros trimmed ('1.7')",
        }),
      }),
    ),
    additionalExpenses: Type.Array(ExpenseSchema),
    exchangeRateInfo: Type.Object({
      currencyCode: Type.String(),
      course: Type.String({ description: 'RUB per unit, 4 decimals' }),
      source: Nullable(
        Type.String(),
        "Where the rate comes from (e.g. 'ЦБ РФ'); null for offers sent before it was recorded",
      ),
      courseDeterminationRules: Nullable(Type.String()),
      expensesCurrencyCode: Nullable(Type.String()),
      expensesCourse: Nullable(Type.String()),
      expensesCourseDeterminationRules: Nullable(Type.String()),
    }),
    sampleContractFileId: Nullable(Type.String()),
  },
  { description: 'Offer details (spec core §3 "Offer")' },
);

export const PayCheckSchema = Type.Object(
  {
    id: Type.Integer(),
    status: literalUnion(PAYMENT_STATUSES, {
      description: 'ACTIVE | CHECK_PAYMENT | PAYMENT_CONFIRMED | ARCHIVED (spec core §4)',
    }),
    amount: Nullable(Type.String()),
    currency: Nullable(Type.String()),
    convertedCommissionAmount: Nullable(Type.String()),
    commission: Nullable(Type.String()),
    paymentCompanyId: Nullable(Type.Integer()),
    created: Type.String(),
    statusDate: Type.String(),
  },
  { description: 'A bill of the accepted offer (spec core §3 partnerOrders "paycheck")' },
);

export const PartnerOrderViewSchema = Type.Object({
  id: Type.Integer({ description: 'Partner order id (the offer)' }),
  partnerId: Type.Integer({ description: 'Company id of the payment agent' }),
  brand: Nullable(Type.String()),
  status: literalUnion(OFFER_STATUSES, { description: 'Offer status (spec core §4)' }),
  statusDate: Nullable(Type.String()),
  partnerSignRequired: Type.Boolean({ description: 'The agent signs documents (else the client confirms them)' }),
  offer: Nullable(
    OfferDetailsSchema,
    'Offer details; null when none yet or hidden for ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER (spec core §4) to the client',
  ),
  paycheck: Nullable(PayCheckSchema, 'The current (non-archived) bill, or null'),
  rejectReason: Type.Optional(
    Nullable(
      Type.String(),
      "The agent's refusal reason (spec core §5); operators and the agent itself only, null for the client",
    ),
  ),
});

/** Signature details of a deal document (spec core §3 "Documents"; issue 8): see verification/signatures.ts. */
export const SignatureSchema = DealSignatureSchema;

export const DocumentSchema = Type.Object(
  {
    id: Type.Integer(),
    partnerOrderId: Nullable(Type.Integer()),
    partnerId: Type.Integer(),
    kind: literalUnion(DEAL_DOCUMENT_KINDS, { description: 'OFFER_DOCS | FINAL_DOCS | DOC_EXAMPLE' }),
    name: Type.String(),
    status: literalUnion(DEAL_DOCUMENT_STATUSES, {
      description: 'UPLOADED | SIGNED | SENT | CONFIRMED (spec core §3 "Documents")',
    }),
    fileId: Type.String({
      description:
        "Stored file id (UUID) of the content; a DOC_EXAMPLE's fileId is what offer/send takes as sampleContractFileId",
    }),
    size: Type.Integer(),
    contentType: Type.String(),
    created: Type.String(),
    clientSignature: SignatureSchema,
    agentSignature: SignatureSchema,
  },
  { description: 'A deal document (spec core §3 "Documents")' },
);

export const HistoryEntrySchema = Type.Object({
  id: Type.Integer(),
  entity: Type.String({ description: 'ORDER | OFFER | PAYMENT' }),
  entityId: Nullable(Type.Integer()),
  from: Nullable(Type.String()),
  to: Type.String(),
  at: Type.String({ description: 'UTC ISO 8601' }),
  actorRole: Nullable(Type.String({ description: 'CLIENT | PARTNER | OPER | AGENT | SYSTEM' })),
  actor: Nullable(Type.Object({ userId: Type.Integer(), name: Type.String() }), 'Who acted (operators only see it)'),
  partnerId: Nullable(Type.Integer({ description: 'For OFFER and PAYMENT rows: the payment agent' })),
  comment: Nullable(Type.String()),
});

// ---------------------------------------------------------------------------------------------------------
// Types and loaders
// ---------------------------------------------------------------------------------------------------------

export interface OfferDetails {
  dealMethod: 'PROTECTED' | 'UNPROTECTED';
  paymentSum: { cost: string; currency: string };
  paymentFrom: string;
  paymentTo: string;
  transactionType: string | null;
  clientFeePercent: string;
  agentFeePercent: string;
  serviceFeePercent: string;
  totalFee: string;
  agentFee: string;
  serviceFee: string;
  totalCommission: { amount: string; percent: string } | null;
  additionalExpenses: Array<{ amount: string; currency: string; rate: string; description: string | null }>;
  exchangeRateInfo: {
    currencyCode: string;
    course: string;
    source: string | null;
    courseDeterminationRules: string | null;
    expensesCurrencyCode: string | null;
    expensesCourse: string | null;
    expensesCourseDeterminationRules: string | null;
  };
  sampleContractFileId: string | null;
}

export interface PayCheckView {
  id: number;
  status: PaymentStatus;
  amount: string | null;
  currency: string | null;
  convertedCommissionAmount: string | null;
  commission: string | null;
  paymentCompanyId: number | null;
  created: string;
  statusDate: string;
}

export interface PartnerOrderView {
  id: number;
  orderId: number;
  partnerId: number;
  brand: string | null;
  status: OfferStatus;
  statusDate: string | null;
  partnerSignRequired: boolean;
  offer: OfferDetails | null;
  paycheck: PayCheckView | null;
  /** The agent's refusal reason; null for the CLIENT audience. */
  rejectReason: string | null;
}

/**
 * Partner orders of `orderIds` with offer details (and their expenses) and the current bill, by partner order id, in
 * ONE prepared statement (issue 15). `audience` CLIENT hides the details of offers in the statuses of spec core §4
 * (display.ts offerDetailsHidden) and the refusal reason; `partnerCompanyId` keeps only that agent's rows.
 */
export async function loadPartnerOrderViews(
  db: DbOrTx,
  orderIds: number[],
  opts: { audience: 'CLIENT' | 'OPER' | 'PARTNER'; partnerCompanyId?: number },
): Promise<PartnerOrderView[]> {
  if (!orderIds.length) return [];
  // Prepared once per database handle (db/prepared-statements.ts); the order ids as one array parameter.
  const ofAgent = opts.partnerCompanyId !== undefined;
  const name = ofAgent ? 'partner_order_views_of_agent' : 'partner_order_views';
  const rows = await preparedFor(db, name, (d) => {
    // The current bill (the newest not archived) of each side in the same statement (issue 15: one statement fewer).
    const currentBill = d
      .select()
      .from(payChecks)
      .where(and(eq(payChecks.partnerOrderId, partnerOrders.id), ne(payChecks.status, 'ARCHIVED')))
      .orderBy(desc(payChecks.id))
      .limit(1)
      .as('current_bill');
    const byOrders = sql`${partnerOrders.orderId} = any(${sql.placeholder('orderIds')}::bigint[])`;
    return d
      .select({
        po: partnerOrders,
        brand: companies.brand,
        offer: partnerOrderOffers,
        // The offer's additional expenses in the same statement (issue 15: one round trip fewer per list page), by
        // position; the numbers as their text (the decimal strings the driver answers for numeric columns).
        expenses: sql<OfferDetails['additionalExpenses'] | string>`(select coalesce(json_agg(json_build_object(
          'amount', ${partnerOrderOfferExpenses.amount}::text, 'currency', ${partnerOrderOfferExpenses.currency},
          'rate', ${partnerOrderOfferExpenses.rate}::text, 'description', ${partnerOrderOfferExpenses.description})
          order by ${partnerOrderOfferExpenses.position}), '[]'::json)
          from ${partnerOrderOfferExpenses} where ${partnerOrderOfferExpenses.offerId} = ${partnerOrderOffers.id})`,
        bill: {
          id: currentBill.id,
          status: currentBill.status,
          amount: currentBill.amount,
          currency: currentBill.currency,
          convertedCommissionAmount: currentBill.convertedCommissionAmount,
          commission: currentBill.commission,
          paymentCompanyId: currentBill.paymentCompanyId,
          createdAt: currentBill.createdAt,
          statusDate: currentBill.statusDate,
        },
      })
      .from(partnerOrders)
      .innerJoin(companies, eq(companies.id, partnerOrders.partnerCompanyId))
      .leftJoin(partnerOrderOffers, eq(partnerOrderOffers.partnerOrderId, partnerOrders.id))
      .leftJoinLateral(currentBill, sql`true`)
      .where(
        ofAgent ? and(byOrders, eq(partnerOrders.partnerCompanyId, sql.placeholder('partnerCompanyId'))) : byOrders,
      )
      .orderBy(asc(partnerOrders.id))
      .prepare(name);
  }).execute({ orderIds, partnerCompanyId: opts.partnerCompanyId });
  return rows.map(({ po, brand, offer, expenses, bill }) => {
    const status = po.status as OfferStatus;
    const hidden = opts.audience === 'CLIENT' && offerDetailsHidden(status);
    return {
      id: po.id,
      orderId: po.orderId,
      partnerId: po.partnerCompanyId,
      brand,
      status,
      statusDate: po.statusDate?.toISOString() ?? null,
      partnerSignRequired: po.partnerSignRequired,
      offer:
        offer && !hidden
          ? {
              dealMethod: offer.dealMethod as OfferDetails['dealMethod'],
              paymentSum: { cost: offer.paymentSum, currency: offer.paymentCurrency },
              paymentFrom: offer.paymentDateFrom,
              paymentTo: offer.paymentDateTo,
              transactionType: offer.transactionType,
              clientFeePercent: formatPercent(offer.clientFeePercent),
              agentFeePercent: formatPercent(offer.agentFeePercent ?? '0'),
              serviceFeePercent: formatPercent(offer.serviceFeePercent ?? '0'),
              totalFee: offer.totalFee,
              agentFee: offer.agentFee,
              serviceFee: offer.serviceFee,
              totalCommission:
                offer.totalCommissionAmount !== null && offer.totalCommissionPercent !== null
                  ? { amount: offer.totalCommissionAmount, percent: formatPercent(offer.totalCommissionPercent) }
                  : null,
              additionalExpenses: typeof expenses === 'string' ? JSON.parse(expenses) : expenses,
              exchangeRateInfo: {
                currencyCode: offer.currencyCode,
                course: offer.course,
                source: offer.courseSource,
                courseDeterminationRules: offer.courseDeterminationRules,
                expensesCurrencyCode: offer.expensesCurrencyCode,
                expensesCourse: offer.expensesCourse,
                expensesCourseDeterminationRules: offer.expensesCourseDeterminationRules,
              },
              sampleContractFileId: offer.sampleContractFileId,
            }
          : null,
      paycheck: bill?.id != null && !hidden ? payCheckView(bill) : null,
      rejectReason: opts.audience === 'CLIENT' ? null : po.rejectReason,
    };
  });
}

/** A pay_checks row as the API shows it. */
export function payCheckView(
  b: Pick<
    typeof payChecks.$inferSelect,
    | 'id'
    | 'status'
    | 'amount'
    | 'currency'
    | 'convertedCommissionAmount'
    | 'commission'
    | 'paymentCompanyId'
    | 'createdAt'
    | 'statusDate'
  >,
): PayCheckView {
  return {
    id: b.id,
    status: b.status as PaymentStatus,
    amount: b.amount,
    currency: b.currency,
    convertedCommissionAmount: b.convertedCommissionAmount,
    commission: b.commission,
    paymentCompanyId: b.paymentCompanyId,
    created: b.createdAt.toISOString(),
    statusDate: b.statusDate.toISOString(),
  };
}

/** The payment company of a bill with its requisites (the client pays there), or null. */
export async function loadPaymentCompany(db: DbOrTx, id: number | null) {
  if (id === null) return null;
  const [c] = await db.select().from(partnerPaymentCompanies).where(eq(partnerPaymentCompanies.id, id));
  if (!c) return null;
  const reqs = await db
    .select()
    .from(partnerPaymentRequisites)
    .where(eq(partnerPaymentRequisites.paymentCompanyId, id))
    .orderBy(asc(partnerPaymentRequisites.id));
  return {
    id: c.id,
    name: c.name,
    inn: c.inn,
    kpp: c.kpp,
    legalAddress: c.legalAddress,
    actualAddress: c.actualAddressSameAsLegal ? c.legalAddress : c.actualAddress,
    requisites: reqs.map((r) => ({
      currencyCode: r.currencyCode,
      bankName: r.bankName,
      bankBik: r.bankBik,
      swift: r.swift,
      checkAccount: r.checkAccount,
      corrAccount: r.corrAccount,
    })),
  };
}

export const PaymentCompanyObjectSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    inn: Type.String(),
    kpp: Nullable(Type.String()),
    legalAddress: Type.String(),
    actualAddress: Nullable(Type.String()),
    requisites: Type.Array(
      Type.Object({
        currencyCode: Type.String(),
        bankName: Type.String(),
        bankBik: Nullable(Type.String()),
        swift: Nullable(Type.String()),
        checkAccount: Type.String(),
        corrAccount: Nullable(Type.String()),
      }),
    ),
  },
  { description: 'A payment company of the agent with its requisites' },
);
export const PaymentCompanySchema = Nullable(
  PaymentCompanyObjectSchema,
  'Where to pay: the payment company of the agent with its requisites',
);

export interface DocumentView {
  id: number;
  partnerOrderId: number | null;
  partnerId: number;
  kind: DealDocumentKind;
  name: string;
  status: DealDocumentStatus;
  fileId: string;
  size: number;
  contentType: string;
  created: string;
  /** The client's qualified signature (qualified: true) or confirmation (false); null when neither. */
  clientSignature: SignatureView | null;
  /** The payment agent's qualified signature or confirmation; null when neither. */
  agentSignature: SignatureView | null;
}

/** Documents matching the filter, oldest first. `statuses`: only these (e.g. what the client may see: SENT, CONFIRMED). */
export async function loadDocuments(
  db: DbOrTx,
  f: {
    orderId?: number;
    partnerOrderIds?: number[];
    partnerCompanyId?: number;
    kinds: DealDocumentKind[];
    statuses?: string[];
    agentLevelExamples?: boolean;
  },
): Promise<DocumentView[]> {
  const conds: SQL[] = [inArray(dealDocuments.kind, f.kinds)];
  if (f.partnerOrderIds) {
    if (!f.partnerOrderIds.length && !f.agentLevelExamples) return [];
    const scope: SQL[] = [];
    if (f.partnerOrderIds.length) scope.push(inArray(dealDocuments.partnerOrderId, f.partnerOrderIds));
    if (f.agentLevelExamples) scope.push(isNull(dealDocuments.partnerOrderId));
    conds.push(or(...scope)!);
  }
  if (f.orderId !== undefined && !f.agentLevelExamples) conds.push(eq(dealDocuments.orderId, f.orderId));
  if (f.partnerCompanyId !== undefined) conds.push(eq(dealDocuments.partnerCompanyId, f.partnerCompanyId));
  if (f.statuses) conds.push(inArray(dealDocuments.status, f.statuses));
  const rows = await db
    .select({ d: dealDocuments, size: storedFiles.size, contentType: storedFiles.contentType })
    .from(dealDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, dealDocuments.fileId))
    .where(and(...conds))
    .orderBy(asc(dealDocuments.createdAt), asc(dealDocuments.id));
  const sigs = await loadDealSignatures(
    db,
    rows.map((r) => r.d.id),
  );
  return rows.map(({ d, size, contentType }) => ({
    id: d.id,
    partnerOrderId: d.partnerOrderId,
    partnerId: d.partnerCompanyId,
    kind: d.kind,
    name: d.name,
    status: d.status as DealDocumentStatus, // the deal_documents_status_chk constraint
    fileId: d.fileId,
    size,
    contentType,
    created: d.createdAt.toISOString(),
    ...dealDocumentSignatures(d, sigs),
  }));
}

/**
 * clientSignature / agentSignature of a deal document (issue 8; spec core §3 "Documents: signature details"): the
 * newest qualified signature of that party (a `signatures` row: certificate, algorithms, id for the .sig download),
 * else the plain confirmation recorded in the document's client_* and agent_* columns (qualified: false), else null.
 */
export function dealDocumentSignatures(
  d: typeof dealDocuments.$inferSelect,
  sigs: Map<string, Parameters<typeof signatureView>[0]>,
): { clientSignature: SignatureView | null; agentSignature: SignatureView | null } {
  const plain = (
    signer: string | null,
    at: Date | null,
    until: Date | null,
    hash: string | null,
  ): SignatureView | null =>
    signer || at || hash
      ? {
          id: null,
          qualified: false,
          signer,
          signedAt: at?.toISOString() ?? null,
          certificateValidUntil: until?.toISOString() ?? null,
          documentHash: hash,
          digestAlgorithm: null,
          signatureAlgorithm: null,
          certificate: null,
        }
      : null;
  const of = (party: 'CLIENT' | 'AGENT') => sigs.get(`${d.id}:${party}`);
  const client = of('CLIENT');
  const agent = of('AGENT');
  return {
    clientSignature: client
      ? signatureView(client)
      : plain(d.clientSignerName, d.clientSignedAt, d.clientCertValidUntil, d.clientDocumentHash),
    agentSignature: agent
      ? signatureView(agent)
      : plain(d.agentSignerName, d.agentSignedAt, d.agentCertValidUntil, d.agentDocumentHash),
  };
}

export interface HistoryView {
  id: number;
  entity: string;
  entityId: number | null;
  from: string | null;
  to: string;
  at: string;
  actorRole: string | null;
  actor: { userId: number; name: string } | null;
  partnerId: number | null;
  comment: string | null;
}

/** The unified history of an order, oldest first, with the agent of OFFER/PAYMENT rows and the acting user. */
export async function loadHistory(db: DbOrTx, orderId: number): Promise<HistoryView[]> {
  return (await loadHistoryRows(db, orderId)).map(({ actorCompanyId: _c, ...h }) => h);
}

/**
 * The history as a payment agent sees it (GET /api/secured/partner/order/exch/{id}/history): every ORDER row (the
 * order status), and the OFFER and PAYMENT rows of the caller's own partner order and its bills — never another
 * agent's. Identities: `actor` only when the acting user belongs to the caller's company (its colleagues); operators,
 * clients and other agents are shown by role only. Comments: kept on the caller's own rows and on ORDER rows, except
 * ORDER rows written by another agent's action (its refusal reason is not the caller's business).
 */
export async function loadPartnerHistory(
  db: DbOrTx,
  orderId: number,
  partnerCompanyId: number,
): Promise<HistoryView[]> {
  const rows = await loadHistoryRows(db, orderId);
  return rows
    .filter((h) => h.entity === 'ORDER' || h.partnerId === partnerCompanyId)
    .map(({ actorCompanyId, ...h }) => {
      const own = actorCompanyId === partnerCompanyId;
      return {
        ...h,
        actor: own ? h.actor : null,
        comment: h.entity === 'ORDER' && h.actorRole === 'PARTNER' && !own ? null : h.comment,
      };
    });
}

async function loadHistoryRows(
  db: DbOrTx,
  orderId: number,
): Promise<Array<HistoryView & { actorCompanyId: number | null }>> {
  const rows = await db
    .select({ h: orderStatusHistory, name: users.name, surname: users.surname, companyId: users.companyId })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.byUserId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  const pos = await db
    .select({ id: partnerOrders.id, partnerId: partnerOrders.partnerCompanyId })
    .from(partnerOrders)
    .where(eq(partnerOrders.orderId, orderId));
  const poIds = pos.map((p) => p.id);
  const bills = poIds.length
    ? await db
        .select({ id: payChecks.id, po: payChecks.partnerOrderId })
        .from(payChecks)
        .where(inArray(payChecks.partnerOrderId, poIds))
    : [];
  const partnerOfPo = new Map(pos.map((p) => [p.id, p.partnerId]));
  const partnerOfBill = new Map(bills.map((b) => [b.id, partnerOfPo.get(b.po) ?? null]));
  return rows.map(({ h, name, surname, companyId }) => ({
    actorCompanyId: companyId ?? null,
    id: h.id,
    entity: h.entity,
    entityId: h.entityId ?? (h.entity === 'ORDER' ? h.orderId : null),
    from: h.fromStatus,
    to: h.toStatus,
    at: h.at.toISOString(),
    actorRole: h.actorRole,
    actor: h.byUserId !== null ? { userId: h.byUserId, name: [surname, name].filter(Boolean).join(' ') } : null,
    partnerId:
      h.entity === 'OFFER' && h.entityId !== null
        ? (partnerOfPo.get(h.entityId) ?? null)
        : h.entity === 'PAYMENT' && h.entityId !== null
          ? (partnerOfBill.get(h.entityId) ?? null)
          : null,
    comment: h.comment,
  }));
}
