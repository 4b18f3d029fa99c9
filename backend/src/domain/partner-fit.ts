/**
 * Whether an order fits a payment agent's product passport and limits (issue 10: "scoring shows, for each agent,
 * whether the request fits its countries, currencies, limits, direction and minimums"; spec core §3 "Payment agent
 * profile"). Pure: no I/O. The scoring call (routes/operator/orders/partners.ts) shows the result per agent; sending
 * an order to an agent that does not fit needs an override with a comment (…/partners/send `overrides`).
 *
 * The rule, check by check (each failed check is one reason `{ code, message }`, Russian message):
 * - PARTNER_BLOCKED: the agent's company is blocked (SUSPENDED). Never overridable (the send answers 409).
 * - COUNTRY_NOT_SUPPORTED: the agent lists supported countries and the order's counterparty country is not among
 *   them (an empty list means any country).
 * - CURRENCY_NOT_SUPPORTED: the order currency is not among the agent's currency settings.
 * - BELOW_LIMIT / ABOVE_LIMIT: the agent has a limit for the order currency and the amount is below its "from" or
 *   above its "to" (a missing bound, or no limit row for the currency, does not limit).
 * - DIRECTION_MISMATCH: the order is SENDING (the client pays abroad: import) and the agent serves EXPORT only, or
 *   RECEIVING (export) and the agent serves IMPORT only. BOTH serves either.
 * - GOODS_RULE_MISMATCH: goods import REQUIRED needs the order's goods IMPORTED; NOT_REQUIRED needs NOT_IMPORTED;
 *   UNIMPORTANT accepts any.
 * - BELOW_MIN_PAYMENT: the order amount in USD is below the agent's minimum payment (USD). USD orders are compared
 *   directly; other currencies are converted with the agent's indicative rates (RUB per unit) of the order currency
 *   and of USD when both are known; otherwise this check is not judged (no reason).
 * - BELOW_MIN_MONTHLY_VOLUME: the client's checklist monthly total (USD) is below the agent's minimum monthly
 *   volume; not judged when the client has no checklist.
 */
import {
  compareDecimal,
  divideDecimal,
  formatDecimal,
  multiplyDecimal,
  parseDecimal,
} from '@platform/domain/deal/money';

/** The codes of the reasons an order does not fit an agent. */
export const FIT_REASON_CODES = [
  'PARTNER_BLOCKED',
  'COUNTRY_NOT_SUPPORTED',
  'CURRENCY_NOT_SUPPORTED',
  'BELOW_LIMIT',
  'ABOVE_LIMIT',
  'DIRECTION_MISMATCH',
  'GOODS_RULE_MISMATCH',
  'BELOW_MIN_PAYMENT',
  'BELOW_MIN_MONTHLY_VOLUME',
] as const;
export type FitReasonCode = (typeof FIT_REASON_CODES)[number];

export interface FitReason {
  code: FitReasonCode;
  message: string;
}

export interface PartnerFit {
  fits: boolean;
  reasons: FitReason[];
}

/** The order as the fit reads it. */
export interface FitOrder {
  /** Decimal string, order currency. */
  amount: string;
  /** ISO 4217. */
  currency: string;
  /** ISO 3166-1 alpha-2 of the counterparty. */
  countryCode: string;
  paymentType: 'SENDING' | 'RECEIVING' | string;
  goodsLocation: 'IMPORTED' | 'NOT_IMPORTED' | string;
}

/** The payment agent as the fit reads it. */
export interface FitAgent {
  blocked: boolean;
  /** Empty = any country. */
  supportedCountries: readonly string[];
  /** Currency settings: code and indicative rate (RUB per unit, decimal string) when known. */
  currencies: ReadonlyArray<{ currencyCode: string; indicativeRate: string | null }>;
  limits: ReadonlyArray<{ currencyCode: string; amountFrom: string | null; amountTo: string | null }>;
  clientDirection: 'IMPORT' | 'EXPORT' | 'BOTH' | string;
  goodsImportRule: 'REQUIRED' | 'NOT_REQUIRED' | 'UNIMPORTANT' | string;
  /** Decimal string, USD. */
  minPaymentUsd: string | null;
  /** Decimal string, USD. */
  minMonthlyVolumeUsd: string | null;
}

/** The client's checklist monthly total, USD (decimal string), or null without a checklist. */
export interface FitClient {
  monthlyVolumeUsd: string | null;
}

function money(s: string): string {
  return formatDecimal(parseDecimal(s));
}

/** The order amount in USD, or null when it cannot be judged (see the module header). */
export function amountInUsd(order: FitOrder, agent: FitAgent): string | null {
  if (order.currency === 'USD') return order.amount;
  const rate = agent.currencies.find((c) => c.currencyCode === order.currency)?.indicativeRate ?? null;
  const usd = agent.currencies.find((c) => c.currencyCode === 'USD')?.indicativeRate ?? null;
  if (order.currency === 'RUB' && usd)
    return formatDecimal(divideDecimal(parseDecimal(order.amount), parseDecimal(usd), 2));
  if (!rate || !usd) return null;
  const rub = multiplyDecimal(parseDecimal(order.amount), parseDecimal(rate));
  return formatDecimal(divideDecimal(rub, parseDecimal(usd), 2));
}

/** Whether `order` (of a client with `client`'s checklist) fits `agent` (module header: the rule). */
export function partnerFit(order: FitOrder, agent: FitAgent, client: FitClient): PartnerFit {
  const reasons: FitReason[] = [];
  const add = (code: FitReasonCode, message: string) => reasons.push({ code, message });

  if (agent.blocked) add('PARTNER_BLOCKED', 'Платёжный агент заблокирован');
  if (agent.supportedCountries.length > 0 && !agent.supportedCountries.includes(order.countryCode))
    add('COUNTRY_NOT_SUPPORTED', `Страна контрагента (${order.countryCode}) не входит в список стран агента`);
  if (!agent.currencies.some((c) => c.currencyCode === order.currency))
    add('CURRENCY_NOT_SUPPORTED', `Агент не работает с валютой ${order.currency}`);
  const limit = agent.limits.find((l) => l.currencyCode === order.currency);
  if (limit?.amountFrom != null && compareDecimal(order.amount, limit.amountFrom) < 0)
    add('BELOW_LIMIT', `Сумма меньше лимита агента: от ${money(limit.amountFrom)} ${order.currency}`);
  if (limit?.amountTo != null && compareDecimal(order.amount, limit.amountTo) > 0)
    add('ABOVE_LIMIT', `Сумма больше лимита агента: до ${money(limit.amountTo)} ${order.currency}`);
  if (order.paymentType === 'SENDING' && agent.clientDirection === 'EXPORT')
    add('DIRECTION_MISMATCH', 'Агент работает только с экспортом (получение платежей)');
  if (order.paymentType === 'RECEIVING' && agent.clientDirection === 'IMPORT')
    add('DIRECTION_MISMATCH', 'Агент работает только с импортом (отправка платежей)');
  if (agent.goodsImportRule === 'REQUIRED' && order.goodsLocation !== 'IMPORTED')
    add('GOODS_RULE_MISMATCH', 'Агенту нужен ввоз товара, а товар не ввезён');
  if (agent.goodsImportRule === 'NOT_REQUIRED' && order.goodsLocation !== 'NOT_IMPORTED')
    add('GOODS_RULE_MISMATCH', 'Агент работает только без ввоза товара, а товар ввезён');
  if (agent.minPaymentUsd != null) {
    const usd = amountInUsd(order, agent);
    if (usd !== null && compareDecimal(usd, agent.minPaymentUsd) < 0)
      add('BELOW_MIN_PAYMENT', `Сумма меньше минимального платежа агента: ${money(agent.minPaymentUsd)} USD`);
  }
  if (
    agent.minMonthlyVolumeUsd != null &&
    client.monthlyVolumeUsd != null &&
    compareDecimal(client.monthlyVolumeUsd, agent.minMonthlyVolumeUsd) < 0
  )
    add(
      'BELOW_MIN_MONTHLY_VOLUME',
      `Ежемесячный объём клиента меньше минимального для агента: ${money(agent.minMonthlyVolumeUsd)} USD`,
    );
  return { fits: reasons.length === 0, reasons };
}
