/**
 * The public fee calculator (spec core §1 "a fee calculator", "fee from 0.4% (calculator minimum 50 000 rubles)";
 * §9): the indicative fee of a payment, computed with the deal flow's own commission rule (`computeCommission` of
 * deal/money.ts, the one the payment agent's offers use) from the payment agents' published terms — their indicative
 * rate of the currency (RUB per unit) and the platform's service commission — with the 0.4 % floor of the client fee.
 * The backend supplies the quotes (one per active payment agent that works with the currency) and answers with the
 * best one; the browser never computes a fee. Pure, no I/O; never throws.
 */
import { CALCULATOR_MIN_AMOUNT_RUB, MIN_FEE_PERCENT } from '../site/claims.js';
import {
  compareDecimal,
  computeCommission,
  formatDecimal,
  formatPercent,
  isDecimal,
  parseDecimal,
  SETTLEMENT_CURRENCY,
  subtractDecimal,
} from './money.js';

/** The largest payment sum the calculator takes, in the payment currency (numeric(18,2) of orders, with margin). */
export const CALCULATOR_MAX_AMOUNT = '1000000000000.00';

/** One payment agent's published terms for the currency. */
export interface FeeQuote {
  /** Indicative rate, RUB per one unit of the currency, decimal string ('1' for RUB). */
  rate: string;
  /** The platform's service commission of that agent, percent of the payment sum ('0.4' = 0.4 %). */
  serviceFeePercent: string;
}

/** What the calculator is asked: the payment sum and its ISO 4217 currency, and the quotes the server found. */
export interface FeeEstimateInput {
  /** Payment sum in `currency`, decimal string with '.' or ',' (e.g. '10000', '2500.50'). */
  amount: string;
  /** ISO 4217 code, three Latin letters (case-insensitive). */
  currency: string;
  /** The quotes of the active payment agents for `currency`; empty when nobody works with it. */
  quotes: readonly FeeQuote[];
}

/** The indicative fee; money as decimal strings with 2 decimals, the rate with 4. */
export interface FeeEstimate {
  /** ISO 4217 code of `amount` and `fee`, upper case. */
  currency: string;
  /** The payment sum, rounded to 2 decimals. */
  amount: string;
  /** The client fee used, percent of the payment sum (never below MIN_FEE_PERCENT). */
  feePercent: string;
  /** The fee in the payment currency. */
  fee: string;
  /** Rate used, RUB per unit, 4 decimals ('1.0000' for RUB). */
  rate: string;
  /** Currency of the converted values: RUB. */
  settlementCurrency: string;
  /** amount × rate, RUB. */
  amountConverted: string;
  /** fee × rate, RUB. */
  feeConverted: string;
  /** amountConverted + feeConverted, RUB (without an agent's additional expenses, which only an offer knows). */
  totalToPay: string;
  /** The calculator's minimum, RUB (CALCULATOR_MIN_AMOUNT_RUB). */
  minAmountRub: string;
}

/** Why no estimate: a stable code, the input field and the Russian message. */
export interface FeeEstimateError {
  ok: false;
  code:
    'DECIMAL_FORMAT' | 'NOT_POSITIVE' | 'TOO_LARGE' | 'CURRENCY_INVALID' | 'CURRENCY_NOT_SUPPORTED' | 'BELOW_MINIMUM';
  field: 'amount' | 'currency';
  message: string;
}

/** Russian message of the calculator minimum ('Минимальная сумма для расчёта — 50 000 ₽'). */
export const BELOW_MINIMUM_MESSAGE = 'Минимальная сумма для расчёта — 50 000 ₽';

/**
 * The lowest indicative fee over the quotes. Per quote: client fee % = max(MIN_FEE_PERCENT, service fee %), split as the
 * deal flow splits it (service fee % to the platform, the rest to the agent) and computed by computeCommission at the
 * quote's rate; the quote with the lowest totalToPay wins. Errors (as data): amount not a decimal (DECIMAL_FORMAT
 * 'Введите число'), ≤ 0 (NOT_POSITIVE), above CALCULATOR_MAX_AMOUNT (TOO_LARGE), currency not three letters
 * (CURRENCY_INVALID), no quote (CURRENCY_NOT_SUPPORTED 'Валюта пока не поддерживается'), converted sum under
 * 50 000 RUB (BELOW_MINIMUM).
 */
export function estimateFee(input: FeeEstimateInput): { ok: true; estimate: FeeEstimate } | FeeEstimateError {
  const currency = typeof input.currency === 'string' ? input.currency.trim().toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(currency))
    return { ok: false, code: 'CURRENCY_INVALID', field: 'currency', message: 'Выберите валюту' };
  const amount = typeof input.amount === 'string' ? input.amount.trim() : '';
  if (!isDecimal(amount)) return { ok: false, code: 'DECIMAL_FORMAT', field: 'amount', message: 'Введите число' };
  if (compareDecimal(amount, '0') <= 0)
    return { ok: false, code: 'NOT_POSITIVE', field: 'amount', message: 'Сумма должна быть больше нуля' };
  if (compareDecimal(amount, CALCULATOR_MAX_AMOUNT) > 0)
    return { ok: false, code: 'TOO_LARGE', field: 'amount', message: 'Слишком большая сумма' };

  let best: FeeEstimate | null = null;
  for (const quote of input.quotes) {
    if (!isDecimal(quote.serviceFeePercent)) continue; // a malformed stored percent is skipped, never shown
    const service = compareDecimal(quote.serviceFeePercent, '0') > 0 ? quote.serviceFeePercent : '0';
    const feePercent = compareDecimal(service, MIN_FEE_PERCENT) > 0 ? service : MIN_FEE_PERCENT;
    const agentFeePercent =
      compareDecimal(feePercent, service) > 0
        ? formatDecimal(subtractDecimal(parseDecimal(feePercent), parseDecimal(service)))
        : '0';
    const r = computeCommission({
      amount,
      currency,
      clientFeePercent: feePercent,
      agentFeePercent,
      serviceFeePercent: service,
      rate: quote.rate,
    });
    if (!r.ok) continue; // a malformed stored rate is skipped, never shown
    const b = r.breakdown;
    const estimate: FeeEstimate = {
      currency,
      amount: b.amount,
      feePercent: formatPercent(b.clientFeePercent),
      fee: b.totalFee,
      rate: b.rate,
      settlementCurrency: SETTLEMENT_CURRENCY,
      amountConverted: b.amountConverted,
      feeConverted: b.totalFeeConverted,
      totalToPay: b.totalToPay,
      minAmountRub: CALCULATOR_MIN_AMOUNT_RUB,
    };
    if (!best || compareDecimal(estimate.totalToPay, best.totalToPay) < 0) best = estimate;
  }
  if (!best)
    return {
      ok: false,
      code: 'CURRENCY_NOT_SUPPORTED',
      field: 'currency',
      message: 'Валюта пока не поддерживается',
    };
  if (compareDecimal(best.amountConverted, CALCULATOR_MIN_AMOUNT_RUB) < 0)
    return { ok: false, code: 'BELOW_MINIMUM', field: 'amount', message: BELOW_MINIMUM_MESSAGE };
  return { ok: true, estimate: best };
}
