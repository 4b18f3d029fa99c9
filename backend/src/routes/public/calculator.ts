/**
 * The public fee calculator (spec core §1 "a fee calculator", "fee from 0.4% (calculator minimum 50 000 rubles)";
 * §9; issue 13): GET /api/public/calculator/fee. The estimate is the deal flow's commission rule
 * (`@platform/domain/deal/calculator` → `computeCommission`) applied to the published terms of the active payment
 * agents that work with the currency: their indicative rate (partner_currency_settings.indicative_rate, RUB per unit)
 * and their service commission (partner_profiles.service_commission_percent), with the 0.4 % floor. No session needed.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { Type } from 'typebox';
import { estimateFee, type FeeQuote } from '@platform/domain/deal/calculator';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/core.js';
import { partnerCurrencySettings, partnerProfiles } from '../../db/schema/partner.js';
import { AppError } from '../../errors.js';
import { RATE_LIMIT_ERRORS } from '../../plugins/rate-limit.js';
import { errorResponses, INPUT_ERRORS } from '../schemas.js';

const Money = (description: string) => Type.String({ pattern: '^\\d+\\.\\d{2}$', description });

/** The answer: the indicative fee (domain FeeEstimate). */
export const FeeEstimateSchema = Type.Object(
  {
    currency: Type.String({ description: 'ISO 4217 code of amount and fee' }),
    amount: Money('Payment sum, 2 decimals'),
    feePercent: Type.String({ description: "Client fee, percent of the payment sum ('0.4' = 0.4 %), ≥ 0.4" }),
    fee: Money('Fee in the payment currency'),
    rate: Type.String({ pattern: '^\\d+\\.\\d{4}$', description: 'Indicative rate used, RUB per unit, 4 decimals' }),
    settlementCurrency: Type.String({ description: 'ISO 4217 code of the converted values: RUB' }),
    amountConverted: Money('amount × rate, RUB'),
    feeConverted: Money('fee × rate, RUB'),
    totalToPay: Money('amountConverted + feeConverted, RUB (an offer may add the agent’s expenses)'),
    minAmountRub: Money('The calculator minimum, RUB (50000.00)'),
  },
  { description: 'Indicative fee of a payment (spec core §1, §9)' },
);

export default async function calculatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  /** The published terms of the active (VERIFIED) payment agents for `currency` (RUB: rate 1 for every agent). */
  async function quotesFor(currency: string): Promise<FeeQuote[]> {
    if (currency === 'RUB') {
      const rows = await db
        .select({ service: partnerProfiles.serviceCommissionPercent })
        .from(partnerProfiles)
        .innerJoin(companies, eq(companies.id, partnerProfiles.partnerCompanyId))
        .where(eq(companies.status, 'VERIFIED'));
      return rows.map((r) => ({ rate: '1', serviceFeePercent: r.service }));
    }
    const rows = await db
      .select({ rate: partnerCurrencySettings.indicativeRate, service: partnerProfiles.serviceCommissionPercent })
      .from(partnerCurrencySettings)
      .innerJoin(partnerProfiles, eq(partnerProfiles.partnerCompanyId, partnerCurrencySettings.partnerCompanyId))
      .innerJoin(companies, eq(companies.id, partnerCurrencySettings.partnerCompanyId))
      .where(
        and(
          eq(partnerCurrencySettings.currencyCode, currency),
          isNotNull(partnerCurrencySettings.indicativeRate),
          eq(companies.status, 'VERIFIED'),
        ),
      );
    return rows.map((r) => ({ rate: r.rate as string, serviceFeePercent: r.service }));
  }

  app.get(
    '/api/public/calculator/fee',
    {
      onRequest: app.publicRateLimit('calculator'),
      schema: {
        tags: ['public'],
        summary: 'Indicative fee of a payment (spec core §1 fee calculator, §9)',
        description:
          "Query `amount` (decimal, '.' or ',', up to 2 decimals) and `currency` (ISO 4217) → 200 the indicative fee: " +
          'the cheapest total over the active payment agents that quote the currency, client fee max(0.4 %, the ' +
          'service commission), computed by the deal flow’s commission rule. Errors: 400 VALIDATION_ERROR with ' +
          "`errors[{ field, code, message }]` — amount DECIMAL_FORMAT 'Введите число', NOT_POSITIVE, TOO_LARGE, " +
          "BELOW_MINIMUM 'Минимальная сумма для расчёта — 50 000 ₽'; currency CURRENCY_INVALID, CURRENCY_NOT_SUPPORTED " +
          "'Валюта пока не поддерживается'; 429 RATE_LIMITED 'Слишком много запросов. Попробуйте позже.' with Retry-After " +
          '(per client address, config.publicRateLimit.calculator).',
        querystring: Type.Object({
          amount: Type.String({ minLength: 1, maxLength: 20, description: "Payment sum, e.g. '10000' or '2500,50'" }),
          currency: Type.String({ minLength: 1, maxLength: 3, description: 'ISO 4217 code, e.g. USD' }),
        }),
        response: { 200: FeeEstimateSchema, ...errorResponses(INPUT_ERRORS, RATE_LIMIT_ERRORS) },
      },
    },
    async (request) => {
      const currency = request.query.currency.trim().toUpperCase();
      const quotes = /^[A-Z]{3}$/.test(currency) ? await quotesFor(currency) : [];
      const r = estimateFee({ amount: request.query.amount, currency, quotes });
      if (!r.ok) throw AppError.validation([{ field: r.field, code: r.code, message: r.message }], r.message);
      return r.estimate;
    },
  );
}
