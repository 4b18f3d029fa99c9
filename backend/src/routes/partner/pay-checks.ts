/**
 * Bills and payment (spec core §4 payment statuses, "Deal flow" steps 6–8; §7 partner "offer/pay-checks/payment-company/{id}",
 * "offer/pay-checks/active" GET, "active/confirm", "amount-convert"; design: "payment/confirm").
 *
 * Bill amount (decision): computed on the server from the stored offer (domain/deal/money.ts), in RUB (the settlement
 * currency of the rates): for a SENDING order the client pays the converted payment sum plus the fee and expenses
 * (breakdown.totalToPay); for a RECEIVING order the money comes from abroad and the client pays only the commission
 * (breakdown.totalCommission.amount). `commission` is the total fee in the order currency and
 * `convertedCommissionAmount` the commission in RUB (spec core §3 partnerOrders "paycheck").
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentPayCheck, loadPartnerDetail, payChecksOf } from '../../deal/partner-detail.js';
import { payCheckView } from '../../deal/views.js';
import { loadOffer, storedBreakdown } from '../../deal/partner-offer.js';
import { findPartnerOrder } from '../../deal/partner-queries.js';
import { runTransition } from '../../deal/repository.js';
import {
  divideDecimal,
  formatDecimal,
  multiplyDecimal,
  parseDecimal,
  RATE_SCALE,
  MONEY_SCALE,
  SETTLEMENT_CURRENCY,
} from '@platform/domain/deal/money';
import { AppError } from '../../errors.js';
import { AUTH_ERRORS, findJsonNumbers, refuseJsonNumbers, ORDER_BASE, partnerOf, SCOPE_ERROR, TAGS } from './common.js';
import { loadPaymentCompanies } from './offer.js';
import {
  AmountConvertAnswer,
  AmountConvertSchema,
  CompanyParams,
  OrderIdParams,
  PartnerOrderDetailSchema,
  PayCheckConfirmSchema,
  PayCheckSchema,
  PaymentCompanySchema,
} from './schemas.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS } from '../schemas.js';

const OFFER_NOT_SENT = { code: 'OFFER_NOT_SENT', message: 'Предложение ещё не отправлено' } as const;
const MONEY_RE = /^\d{1,16}(\.\d{1,2})?$/;

export default async function partnerPayCheckRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const partner = app.requireRole('PARTNER');
  const base = `${ORDER_BASE}/:id/offer/pay-checks`;

  app.get(
    `${base}/payment-company/:companyId`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary:
          'A payment company of the agent with its requisites, for the bill (spec core §7 partner "offer/pay-checks/payment-company/{id}")',
        description: `Errors: ${AUTH_ERRORS}, ${SCOPE_ERROR}; 404 'Компания не найдена' when the company is not the caller's (or inactive).`,
        params: CompanyParams,
        response: {
          200: PaymentCompanySchema,
          ...errorResponses(ROLE_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['NOT_FOUND', 'PAYMENT_COMPANY_NOT_FOUND'],
          }),
        },
      },
    },
    async (request) => {
      const user = partnerOf(request);
      const { id, companyId } = request.params;
      await findPartnerOrder(db, user.companyId, id);
      const [company] = await loadPaymentCompanies(db, user.companyId, companyId);
      if (!company) throw AppError.notFound('Компания не найдена', 'PAYMENT_COMPANY_NOT_FOUND');
      return company;
    },
  );

  app.get(
    `${base}/active`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary: 'The current bill and the earlier ones (spec core §7 partner "offer/pay-checks/active")',
        description:
          '`active`: the newest bill that is not ARCHIVED (ACTIVE, CHECK_PAYMENT or PAYMENT_CONFIRMED) or null; `history`: every bill, newest ' +
          `first (reissued ones ARCHIVED). Errors: ${AUTH_ERRORS}, ${SCOPE_ERROR}.`,
        params: OrderIdParams,
        response: {
          200: Type.Object({ active: Type.Union([PayCheckSchema, Type.Null()]), history: Type.Array(PayCheckSchema) }),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { offer } = await findPartnerOrder(db, partnerOf(request).companyId, request.params.id);
      const active = await currentPayCheck(db, offer.id);
      return {
        active: active ? payCheckView(active) : null,
        history: (await payChecksOf(db, offer.id)).map(payCheckView),
      };
    },
  );

  app.post(
    `${base}/active/confirm`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary:
          'Issue or reissue the bill (spec core §7 partner "offer/pay-checks/active/confirm"; §4 step 6 → SEND_PAYCHECK)',
        description:
          "Body `{ paymentCompanyId }`: one of the caller's payment companies. The transition PARTNER_SEND_PAYCHECK (from ACCEPTED_OFFER_DOCS, " +
          'or SEND_PAYCHECK to reissue) issues a new ACTIVE bill and archives the previous ACTIVE one, in one transaction with compare-and-set. ' +
          'The amount is computed on the server (module header). Answers the request as GET {id}. ' +
          `Errors: 400 VALIDATION_ERROR (unknown payment company), ${AUTH_ERRORS}, ${SCOPE_ERROR}, 409 INVALID_STATE or CONFLICT.`,
        params: OrderIdParams,
        body: PayCheckConfirmSchema,
        response: {
          200: PartnerOrderDetailSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE'],
          }),
        },
      },
    },
    async (request) => {
      const user = partnerOf(request);
      const { id } = request.params;
      const { paymentCompanyId } = request.body;
      const { order, offer } = await findPartnerOrder(db, user.companyId, id);
      const [company] = await loadPaymentCompanies(db, user.companyId, paymentCompanyId);
      if (!company) {
        const message = 'Компания для оплаты не найдена';
        throw AppError.validation([{ field: 'paymentCompanyId', code: 'PAYMENT_COMPANY_NOT_FOUND', message }], message);
      }
      const stored = await loadOffer(db, offer.id);
      const b = stored ? storedBreakdown(stored.row, stored.expenses) : null;
      await runTransition(db, {
        action: 'PARTNER_SEND_PAYCHECK',
        actor: user,
        orderId: id,
        now: app.clock.now(),
        payCheck: b
          ? {
              paymentCompanyId,
              amount: order.paymentType === 'RECEIVING' ? b.totalCommission.amount : b.totalToPay,
              currency: b.settlementCurrency,
              convertedCommissionAmount: b.totalCommission.amount,
              commission: b.totalFee,
            }
          : { paymentCompanyId },
      });
      return loadPartnerDetail(db, user.companyId, id);
    },
  );

  app.post(
    `${base}/amount-convert`,
    {
      preValidation: findJsonNumbers,
      preHandler: [partner, refuseJsonNumbers],
      schema: {
        tags: TAGS,
        summary: 'Convert an amount at the offer\'s rates (spec core §7 partner "offer/pay-checks/amount-convert")',
        description:
          'Body `{ amount: { cost, currency }, targetCurrency }`. Known currencies: RUB, the order currency (the offer course) and the ' +
          "currencies of the offer's expenses (their rates). converted = cost × rate(from) / rate(to), rounded half-up to 2 decimals; `rate` the " +
          'cross rate at 4 decimals. Decimal strings, never floats; writes nothing. ' +
          `Errors: 400 VALIDATION_ERROR (AMOUNT_FORMAT, CURRENCY_NOT_IN_OFFER), ${AUTH_ERRORS}, ${SCOPE_ERROR}, 409 OFFER_NOT_SENT '${OFFER_NOT_SENT.message}'.`,
        params: OrderIdParams,
        body: AmountConvertSchema,
        response: {
          200: AmountConvertAnswer,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'], 409: ['CONFLICT'] }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { body } = request;
      const { offer } = await findPartnerOrder(db, partnerOf(request).companyId, id);
      const stored = await loadOffer(db, offer.id);
      if (!stored) throw AppError.conflict(OFFER_NOT_SENT.message, OFFER_NOT_SENT.code);
      const rates = new Map<string, string>([
        [SETTLEMENT_CURRENCY, '1'],
        [stored.row.currencyCode, stored.row.course],
      ]);
      for (const e of stored.expenses) if (!rates.has(e.currency)) rates.set(e.currency, e.rate);
      if (stored.row.expensesCurrencyCode && stored.row.expensesCourse && !rates.has(stored.row.expensesCurrencyCode)) {
        rates.set(stored.row.expensesCurrencyCode, stored.row.expensesCourse);
      }
      const from = body.amount.currency.trim().toUpperCase();
      const to = body.targetCurrency.trim().toUpperCase();
      const errors = [];
      const cost = body.amount.cost.trim();
      if (!MONEY_RE.test(cost))
        errors.push({
          field: 'amount.cost',
          code: 'AMOUNT_FORMAT',
          message: 'Сумма — число, не более двух знаков после запятой',
        });
      const known = [...rates.keys()].join(', ');
      if (!rates.has(from))
        errors.push({
          field: 'amount.currency',
          code: 'CURRENCY_NOT_IN_OFFER',
          message: `Курс валюты не указан в предложении (доступны: ${known})`,
        });
      if (!rates.has(to))
        errors.push({
          field: 'targetCurrency',
          code: 'CURRENCY_NOT_IN_OFFER',
          message: `Курс валюты не указан в предложении (доступны: ${known})`,
        });
      if (errors.length) throw AppError.validation(errors, errors[0].message);
      const rf = parseDecimal(rates.get(from)!);
      const rt = parseDecimal(rates.get(to)!);
      const a = parseDecimal(cost);
      return {
        amount: { cost: formatDecimal(divideDecimal(a, { units: 1n, scale: 0 }, MONEY_SCALE)), currency: from },
        converted: { cost: formatDecimal(divideDecimal(multiplyDecimal(a, rf), rt, MONEY_SCALE)), currency: to },
        rate: formatDecimal(divideDecimal(rf, rt, RATE_SCALE)),
      };
    },
  );

  app.post(
    `${ORDER_BASE}/:id/payment/confirm`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary:
          'Confirm receipt of the client\'s payment (spec core §4 step 8; design of §7 partner calls: "payment/confirm" → EXECUTING)',
        description:
          'After the client marked the payment made (order and offer PAYMENT_CHECKING, bill CHECK_PAYMENT): the transition ' +
          'PARTNER_CONFIRM_PAYMENT moves the order and the offer to EXECUTING and the bill to PAYMENT_CONFIRMED, with compare-and-set and history. ' +
          `Answers the request as GET {id}. Errors: ${AUTH_ERRORS}, ${SCOPE_ERROR}, 409 INVALID_STATE, PAYMENT_NOT_FOUND or CONFLICT.`,
        params: OrderIdParams,
        response: {
          200: PartnerOrderDetailSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE', 'PAYMENT_NOT_FOUND'],
          }),
        },
      },
    },
    async (request) => {
      const user = partnerOf(request);
      const { id } = request.params;
      await findPartnerOrder(db, user.companyId, id);
      await runTransition(db, { action: 'PARTNER_CONFIRM_PAYMENT', actor: user, orderId: id, now: app.clock.now() });
      return loadPartnerDetail(db, user.companyId, id);
    },
  );
}
