/**
 * The referral partner's commission of an executed deal (issue 11; docs/rest-api.md "Referral partner commission").
 *
 * Rule: when an order becomes EXECUTED and its client company has a live referral link, the partner earns
 *   base    = the executed offer's service fee (partner_order_offers.service_fee: the platform's share of the client
 *             fee, in the offer's payment currency — the order currency)
 *   percent = the partner's license-contract rate (referral_partner_profiles.commission_percent) at that moment, 0
 *             when the partner has no profile
 *   amount  = round_half_up(base × percent / 100, 2 decimals), in the base currency.
 * Decimal arithmetic of `@platform/domain/deal/money` (never floats). Stored once per order (unique order id).
 */
import { addMoney, compareDecimal, formatPercent, isDecimal, percentOf, roundMoney } from '../deal/money.js';

/** Input: decimal strings and an ISO 4217 code. */
export interface ReferralCommissionInput {
  /** The executed offer's service fee, decimal (≥ 0). */
  serviceFee: string;
  /** Its currency, ISO 4217. */
  currency: string;
  /** The partner's rate, percent ('10' = 10 %), 0 ≤ percent < 100; null when the partner has no profile. */
  percent: string | null;
}

/** The stored commission: money with 2 decimals, the percent as the API writes percents ('12.5'). */
export interface ReferralCommission {
  baseAmount: string;
  baseCurrency: string;
  percent: string;
  amount: string;
  currency: string;
}

/**
 * The partner's commission (module header). Returns null when a value is not a decimal or out of range (negative
 * base, percent outside [0, 100)) — the backend then records nothing rather than a wrong amount.
 */
export function referralCommission(input: ReferralCommissionInput): ReferralCommission | null {
  const percent = input.percent ?? '0';
  if (!isDecimal(input.serviceFee) || !isDecimal(percent)) return null;
  if (compareDecimal(input.serviceFee, '0') < 0) return null;
  if (compareDecimal(percent, '0') < 0 || compareDecimal(percent, '100') >= 0) return null;
  const base = roundMoney(input.serviceFee);
  const currency = input.currency.trim().toUpperCase();
  return {
    baseAmount: base,
    baseCurrency: currency,
    percent: formatPercent(percent),
    amount: percentOf(base, percent),
    currency,
  };
}

/** Sums of commissions per currency, currencies in alphabetical order ('USD' → '12.50'). */
export function commissionTotals(rows: readonly { amount: string; currency: string }[]): {
  amount: string;
  currency: string;
}[] {
  const byCurrency = new Map<string, string[]>();
  for (const r of rows) byCurrency.set(r.currency, [...(byCurrency.get(r.currency) ?? []), r.amount]);
  return [...byCurrency.keys()]
    .sort()
    .map((currency) => ({ currency, amount: addMoney(...byCurrency.get(currency)!) }));
}
