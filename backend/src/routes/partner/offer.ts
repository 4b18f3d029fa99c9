/**
 * The payment agent's offer and settings calls (spec core §3 "Offer", "Exchange rate info", "Payment agent profile";
 * §7 partner "offer/send", "offer/commission", "commission/calculate?orderId", "settings/currency?code",
 * "settings/currencies", "payment-companies"). The commission breakdown is always computed here, on the server
 * (src/deal/partner-offer.ts; domain/deal/money.ts computeCommission) — totals sent by a browser are never stored.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { companies } from '../../db/schema/core.js';
import { dealDocuments, partnerOrderOfferExpenses, partnerOrderOffers } from '../../db/schema/deal.js';
import {
  partnerCurrencySettings,
  partnerLimits,
  partnerPaymentCompanies,
  partnerPaymentRequisites,
} from '../../db/schema/partner.js';
import { loadPartnerDetail } from '../../deal/partner-detail.js';
import {
  breakdownForApi,
  businessToday,
  checkFees,
  checkOfferFields,
  loadOffer,
  loadPartnerTerms,
  storedBreakdown,
  type FeeResult,
} from '../../deal/partner-offer.js';
import { findPartnerOrder } from '../../deal/partner-queries.js';
import { runTransition } from '../../deal/repository.js';
import { offerDetailsHidden } from '@platform/domain/deal/display';
import type { OfferStatus } from '@platform/domain/deal/statuses';
import { AppError, MESSAGES, type FieldError } from '../../errors.js';
import { findCurrency } from '../../reference/currencies.js';
import {
  AUTH_ERRORS,
  findJsonNumbers,
  refuseJsonNumbers,
  ORDER_BASE,
  PARTNER_BASE,
  partnerOf,
  SCOPE_ERROR,
  TAGS,
} from './common.js';
import {
  BreakdownSchema,
  CommissionCalculateSchema,
  CommissionQuery,
  CurrencySettingSchema,
  OfferSendSchema,
  OrderIdParams,
  PartnerOrderDetailSchema,
  PaymentCompanySchema,
} from './schemas.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS } from '../schemas.js';

/** The breakdown answer: computeCommission's plus the percents the server used. */
function breakdownAnswer(v: FeeResult) {
  return breakdownForApi(v.breakdown, v.agentFeePercent, v.serviceFeePercent);
}

function failIf(errors: FieldError[]): void {
  if (errors.length) throw AppError.validation(errors, errors.length === 1 ? errors[0].message : MESSAGES.validation);
}

export default async function partnerOfferRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const partner = app.requireRole('PARTNER');

  app.post(
    `${PARTNER_BASE}/commission/calculate`,
    {
      preValidation: findJsonNumbers,
      preHandler: [partner, refuseJsonNumbers],
      schema: {
        tags: TAGS,
        summary:
          'Commission breakdown for given fees, without saving (spec core §7 partner "commission/calculate?orderId")',
        description:
          'The offer form shows it live. Body: `{ clientFeePercent, paymentSum?, course?, additionalExpenses?, agentFeePercent?, ' +
          "serviceFeePercent? }` (decimal strings). The service fee % is the agent's license contract's; the agent fee % is client − service; " +
          'money rounded half-up to 2 decimals, rates kept at 4 (domain/deal/money.ts). Writes nothing. ' +
          `Errors: 400 VALIDATION_ERROR (PERCENT_FORMAT, FEE_BELOW_SERVICE, FEE_PERCENT_MISMATCH, RATE_FORMAT, AMOUNT_FORMAT…), ${AUTH_ERRORS}, ${SCOPE_ERROR}.`,
        querystring: CommissionQuery,
        body: CommissionCalculateSchema,
        response: {
          200: BreakdownSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const user = partnerOf(request);
      const { order } = await findPartnerOrder(db, user.companyId, request.query.orderId);
      const terms = await loadPartnerTerms(db, user.companyId);
      const r = checkFees(request.body, { amount: order.amount, currency: order.currency }, terms);
      failIf(r.errors);
      return breakdownAnswer(r.value!);
    },
  );

  app.get(
    `${ORDER_BASE}/:id/offer/commission`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary: 'Commission breakdown of the caller\'s offer (spec core §7 partner "offer/commission")',
        description:
          'Recomputed on the server from the stored offer. `breakdown` is null while no offer was sent or while its details are hidden ' +
          '(spec core §4). `serviceFeePercent` (license contract) and `indicativeRate` (currency settings) pre-fill the form. ' +
          `Errors: ${AUTH_ERRORS}, ${SCOPE_ERROR}.`,
        params: OrderIdParams,
        response: {
          200: Type.Object({
            serviceFeePercent: Type.String({ description: 'Service commission % of the license contract' }),
            indicativeRate: Type.Union([Type.String(), Type.Null()], {
              description: "RUB per unit of the order currency from the agent's settings (1 for RUB)",
            }),
            breakdown: Type.Union([BreakdownSchema, Type.Null()]),
          }),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const user = partnerOf(request);
      const { order, offer } = await findPartnerOrder(db, user.companyId, request.params.id);
      const terms = await loadPartnerTerms(db, user.companyId);
      const stored = offerDetailsHidden(offer.status as OfferStatus) ? null : await loadOffer(db, offer.id);
      const b = stored ? storedBreakdown(stored.row, stored.expenses) : null;
      return {
        serviceFeePercent: terms.serviceFeePercent,
        indicativeRate:
          order.currency === 'RUB' ? '1.0000' : (terms.currencies.get(order.currency)?.indicativeRate ?? null),
        breakdown:
          b && stored
            ? breakdownForApi(b, stored.row.agentFeePercent ?? '0', stored.row.serviceFeePercent ?? '0')
            : null,
      };
    },
  );

  app.post(
    `${ORDER_BASE}/:id/offer/send`,
    {
      preValidation: findJsonNumbers,
      preHandler: [partner, refuseJsonNumbers],
      schema: {
        tags: TAGS,
        summary:
          'Send the offer to the client (spec core §7 partner "offer/send"; §3 "Offer"; §4 IN_PROGRESS/CREATED_OFFER → SEND_OFFER)',
        description:
          'Body: deal method (PROTECTED risk-free | UNPROTECTED standard), payment term (not in the past, from ≤ to; the offer expires ' +
          'after its last day), payment sum (default: the order amount), client fee % (≥ the service fee % of the license contract; the agent ' +
          'fee % is the rest), additional expenses (amount, currency, rate, description), exchange rate info (course in RUB per unit with ≤ 4 ' +
          "decimals, its source and rules — both default from the agent's currency settings — and the expenses rate), transaction type and the sample contract " +
          '(fileId of a document example of this offer). The breakdown (total fee, agent fee, service fee, total commission) is computed here. ' +
          'One transaction: the transition PARTNER_SEND_OFFER (compare-and-set, history) and the offer details. Answers the request as GET {id}. ' +
          `Errors: 400 VALIDATION_ERROR (all field errors at once; nothing written), ${AUTH_ERRORS}, ${SCOPE_ERROR}, 409 INVALID_STATE or CONFLICT; 403 PARTNER_BLOCKED (the agent is blocked).`,
        params: OrderIdParams,
        body: OfferSendSchema,
        response: {
          200: PartnerOrderDetailSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            403: ['PARTNER_BLOCKED'],
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE'],
          }),
        },
      },
    },
    async (request) => {
      const user = partnerOf(request);
      const { id } = request.params;
      const body = request.body;
      // A blocked payment agent cannot send offers (issue 10; its sessions also end at blocking).
      const [own] = await db
        .select({ status: companies.status })
        .from(companies)
        .where(eq(companies.id, user.companyId));
      if (own?.status === 'SUSPENDED')
        throw AppError.forbidden('Платёжный агент заблокирован: отправка предложений недоступна', 'PARTNER_BLOCKED');
      const { order, offer } = await findPartnerOrder(db, user.companyId, id);
      const terms = await loadPartnerTerms(db, user.companyId);
      const now = app.clock.now();
      const fees = checkFees(
        body,
        { amount: order.amount, currency: order.currency },
        terms,
        body.exchangeRate?.course ?? '',
      );
      const errors = [...checkOfferFields(body, businessToday(now)), ...fees.errors];
      const sample = body.sampleContractFileId?.toLowerCase() ?? null;
      if (sample) {
        const [doc] = await db
          .select({ id: dealDocuments.id })
          .from(dealDocuments)
          .where(
            and(
              eq(dealDocuments.partnerOrderId, offer.id),
              eq(dealDocuments.kind, 'DOC_EXAMPLE'),
              eq(dealDocuments.fileId, sample),
            ),
          );
        if (!doc) errors.push({ field: 'sampleContractFileId', code: 'FILE_NOT_FOUND', message: 'Файл не найден' });
      }
      failIf(errors);
      const v = fees.value!;
      const b = v.breakdown;
      const x = body.exchangeRate;
      const setting = terms.currencies.get(order.currency);
      const defaultRules = setting
        ? [setting.rateSource, setting.rateRules, setting.rateTime].filter(Boolean).join('; ')
        : null;
      await runTransition(db, {
        action: 'PARTNER_SEND_OFFER',
        actor: user,
        orderId: id,
        now,
        within: async (tx) => {
          const values = {
            partnerOrderId: offer.id,
            dealMethod: body.dealMethod,
            paymentSum: b.amount,
            paymentCurrency: order.currency,
            paymentDateFrom: body.paymentDateFrom.trim(),
            paymentDateTo: body.paymentDateTo.trim(),
            clientFeePercent: v.clientFeePercent,
            agentFeePercent: v.agentFeePercent,
            serviceFeePercent: v.serviceFeePercent,
            totalFee: b.totalFee,
            agentFee: b.agentFee,
            serviceFee: b.serviceFee,
            totalCommissionAmount: b.totalCommission.amount,
            totalCommissionPercent: b.totalCommission.percent,
            currencyCode: order.currency,
            course: b.rate,
            courseSource: x.source?.trim() || setting?.rateSource || null,
            courseDeterminationRules: x.courseDeterminationRules?.trim() || defaultRules,
            expensesCurrencyCode: x.expensesCurrencyCode?.trim().toUpperCase() || null,
            expensesCourse: x.expensesCourse?.trim() || null,
            expensesCourseDeterminationRules: x.expensesCourseDeterminationRules?.trim() || null,
            transactionType: body.transactionType?.trim() || null,
            sampleContractFileId: sample,
            updatedAt: now,
          };
          const [row] = await tx
            .insert(partnerOrderOffers)
            .values({ ...values, createdAt: now })
            .onConflictDoUpdate({ target: partnerOrderOffers.partnerOrderId, set: values })
            .returning({ id: partnerOrderOffers.id });
          await tx.delete(partnerOrderOfferExpenses).where(eq(partnerOrderOfferExpenses.offerId, row.id));
          if (b.expenses.length) {
            await tx.insert(partnerOrderOfferExpenses).values(
              b.expenses.map((e, position) => ({
                offerId: row.id,
                position,
                amount: e.amount,
                currency: e.currency,
                rate: e.rate,
                description: e.description,
              })),
            );
          }
        },
      });
      return loadPartnerDetail(db, user.companyId, id);
    },
  );

  // ---- Settings (spec core §3 "Payment agent profile": currency settings, limits, companies for client payments)

  const currencySettings = async (partnerCompanyId: number, code?: string) => {
    const conds = [eq(partnerCurrencySettings.partnerCompanyId, partnerCompanyId)];
    if (code) conds.push(eq(partnerCurrencySettings.currencyCode, code));
    const rows = await db
      .select()
      .from(partnerCurrencySettings)
      .where(and(...conds))
      .orderBy(asc(partnerCurrencySettings.currencyCode));
    const limits = await db.select().from(partnerLimits).where(eq(partnerLimits.partnerCompanyId, partnerCompanyId));
    return rows.map((r) => {
      const l = limits.find((x) => x.currencyCode === r.currencyCode);
      return {
        currencyCode: r.currencyCode,
        currencyName: findCurrency(r.currencyCode)?.currencyName ?? null,
        rateSource: r.rateSource,
        rateRules: r.rateRules,
        rateTime: r.rateTime,
        comment: r.comment,
        indicativeRate: r.indicativeRate,
        limit: l ? { amountFrom: l.amountFrom, amountTo: l.amountTo } : null,
      };
    });
  };

  app.get(
    `${PARTNER_BASE}/settings/currencies`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary:
          'The payment agent\'s currency settings (spec core §7 partner "settings/currencies"; §3 product passport)',
        description: `Every currency the caller's company works with: rate source, rate determination rules and time, comment, indicative rate and limits. Errors: ${AUTH_ERRORS}.`,
        response: {
          200: Type.Array(CurrencySettingSchema),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => currencySettings(partnerOf(request).companyId),
  );

  app.get(
    `${PARTNER_BASE}/settings/currency`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary: 'One currency setting of the payment agent (spec core §7 partner "settings/currency?code")',
        description: `Query \`code\`: ISO 4217 (case-insensitive). Errors: 400 VALIDATION_ERROR, ${AUTH_ERRORS}, 404 NOT_FOUND 'Валюта не настроена' when the caller does not work with it.`,
        querystring: Type.Object({ code: Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217 code' }) }),
        response: {
          200: CurrencySettingSchema,
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['CURRENCY_NOT_CONFIGURED', 'NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const [one] = await currencySettings(partnerOf(request).companyId, request.query.code.toUpperCase());
      if (!one) throw AppError.notFound('Валюта не настроена', 'CURRENCY_NOT_CONFIGURED');
      return one;
    },
  );

  app.get(
    `${PARTNER_BASE}/payment-companies`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary:
          'The payment agent\'s companies for client payments, with requisites (spec core §7 partner "payment-companies")',
        description: `Active companies of the caller's company that receive client payments (spec core §3), each with its bank requisites. Errors: ${AUTH_ERRORS}.`,
        response: {
          200: Type.Array(PaymentCompanySchema),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => loadPaymentCompanies(db, partnerOf(request).companyId),
  );
}

/** The caller's active payment companies with requisites (optionally one by id). */
export async function loadPaymentCompanies(db: FastifyInstance['dbh']['db'], partnerCompanyId: number, id?: number) {
  const conds = [
    eq(partnerPaymentCompanies.partnerCompanyId, partnerCompanyId),
    eq(partnerPaymentCompanies.active, true),
  ];
  if (id !== undefined) conds.push(eq(partnerPaymentCompanies.id, id));
  const rows = await db
    .select()
    .from(partnerPaymentCompanies)
    .where(and(...conds))
    .orderBy(asc(partnerPaymentCompanies.id));
  const reqs = rows.length
    ? await db
        .select()
        .from(partnerPaymentRequisites)
        .where(
          inArray(
            partnerPaymentRequisites.paymentCompanyId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(partnerPaymentRequisites.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    inn: r.inn,
    kpp: r.kpp,
    ogrn: r.ogrn,
    legalAddress: r.legalAddress,
    actualAddressSameAsLegal: r.actualAddressSameAsLegal,
    actualAddress: r.actualAddressSameAsLegal ? r.legalAddress : (r.actualAddress ?? r.legalAddress),
    requisites: reqs.filter((q) => q.paymentCompanyId === r.id).map(({ paymentCompanyId: _p, ...q }) => q),
  }));
}
