/**
 * The payment agent's offer (spec core §3 "Offer", "Exchange rate info"; §7 partner "offer/send", "offer/commission",
 * "commission/calculate"): input checks and the server-side commission breakdown (domain/deal/money.ts
 * computeCommission), plus reading the stored offer back as the API shows it.
 *
 * Fee decision (the spec lists "client fee %, total fee, agent fee, service fee"): the agent enters only the CLIENT
 * fee %; the SERVICE fee % is the platform's, from the agent's license contract (partner_profiles
 * .service_commission_percent, spec core §3 "license contract … service commission %"); the AGENT fee % is the
 * remainder (client − service). A client fee below the service fee is refused (FEE_BELOW_SERVICE). The caller may
 * echo agentFeePercent / serviceFeePercent; when they differ from the server's values the input is refused
 * (FEE_PERCENT_MISMATCH) — totals computed by a browser are never stored. All amounts are decimal strings.
 */
import { asc, eq, and } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { partnerOrderOfferExpenses, partnerOrderOffers, type PartnerOrderOfferRow } from '../db/schema/deal.js';
import { partnerCurrencySettings, partnerProfiles } from '../db/schema/partner.js';
import {
  compareDecimal,
  computeCommission,
  formatDecimal,
  formatPercent,
  isDecimal,
  parseDecimal,
  subtractDecimal,
  type CommissionBreakdown,
} from '@platform/domain/deal/money';
import { businessToday, isIsoDate } from '../domain/orders.js';
import type { FieldError } from '../errors.js';
import { findCurrency } from '../reference/currencies.js';

/** Deal methods (spec core §3: PROTECTED = risk-free 'безрисковая', UNPROTECTED = standard deal). */
export const DEAL_METHODS = ['PROTECTED', 'UNPROTECTED'] as const;
export type DealMethodInput = (typeof DEAL_METHODS)[number];

/** An additional expense as received. */
export interface ExpenseBody {
  amount: string;
  currency: string;
  rate: string;
  description?: string | null;
}

/** Fee part shared by offer/send and commission/calculate. */
export interface FeeBody {
  paymentSum?: string;
  clientFeePercent: string;
  agentFeePercent?: string;
  serviceFeePercent?: string;
  additionalExpenses?: ExpenseBody[];
  /** RUB per unit of the order currency; default: the agent's indicative rate of that currency. */
  course?: string;
}

/** Body of POST offer/send. */
export interface OfferBody extends FeeBody {
  dealMethod: DealMethodInput;
  paymentDateFrom: string;
  paymentDateTo: string;
  exchangeRate: {
    course: string;
    source?: string | null;
    courseDeterminationRules?: string | null;
    expensesCurrencyCode?: string | null;
    expensesCourse?: string | null;
    expensesCourseDeterminationRules?: string | null;
  };
  transactionType?: string | null;
  sampleContractFileId?: string | null;
}

const PERCENT_RE = /^\d{1,2}(\.\d{1,4})?$/;
const MONEY_RE = /^\d{1,16}(\.\d{1,2})?$/;
const RATE_RE = /^\d{1,14}(\.\d{1,4})?$/;
const TEXT_MAX = 2000;

/** What the server knows of the agent: its service commission % and per-currency settings. */
export interface PartnerTerms {
  serviceFeePercent: string;
  currencies: Map<
    string,
    {
      rateSource: string;
      rateRules: string;
      rateTime: string | null;
      comment: string | null;
      indicativeRate: string | null;
    }
  >;
}

export async function loadPartnerTerms(db: DbOrTx, partnerCompanyId: number): Promise<PartnerTerms> {
  const [profile] = await db
    .select({ pct: partnerProfiles.serviceCommissionPercent })
    .from(partnerProfiles)
    .where(eq(partnerProfiles.partnerCompanyId, partnerCompanyId));
  const rows = await db
    .select()
    .from(partnerCurrencySettings)
    .where(eq(partnerCurrencySettings.partnerCompanyId, partnerCompanyId))
    .orderBy(asc(partnerCurrencySettings.currencyCode));
  return {
    serviceFeePercent: normPercent(profile?.pct ?? '0'),
    currencies: new Map(
      rows.map((r) => [
        r.currencyCode,
        {
          rateSource: r.rateSource,
          rateRules: r.rateRules,
          rateTime: r.rateTime,
          comment: r.comment,
          indicativeRate: r.indicativeRate,
        },
      ]),
    ),
  };
}

/** '0.4000' → '0.4', '1.0000' → '1', '0' → '0': percents as typed (trailing zeros dropped; money.ts formatPercent). */
export function normPercent(s: string): string {
  return formatPercent(s);
}

const err = (field: string, code: string, message: string): FieldError => ({ field, code, message });

/** Result of the fee checks: the percents the server uses and the breakdown. */
export interface FeeResult {
  clientFeePercent: string;
  agentFeePercent: string;
  serviceFeePercent: string;
  course: string;
  breakdown: CommissionBreakdown;
}

/**
 * Checks the fee part and computes the breakdown (module header). `order`: the order amount and currency (the
 * payment sum defaults to the amount). `course` falls back to the agent's indicative rate; RUB orders use '1'.
 * Returns the field errors (empty when valid) and, when valid, the result.
 */
export function checkFees(
  body: FeeBody,
  order: { amount: string; currency: string },
  terms: PartnerTerms,
  courseOverride?: string,
): { errors: FieldError[]; value?: FeeResult } {
  const errors: FieldError[] = [];
  const paymentSum = body.paymentSum?.trim() || order.amount;
  if (!MONEY_RE.test(paymentSum))
    errors.push(err('paymentSum', 'AMOUNT_FORMAT', 'Сумма — число, не более двух знаков после запятой'));
  else if (compareDecimal(paymentSum, '0') <= 0)
    errors.push(err('paymentSum', 'AMOUNT_NOT_POSITIVE', 'Сумма должна быть больше нуля'));

  const client = body.clientFeePercent?.trim() ?? '';
  if (!PERCENT_RE.test(client))
    errors.push(
      err('clientFeePercent', 'PERCENT_FORMAT', 'Процент — число от 0 до 99,9999, не более 4 знаков после запятой'),
    );
  const service = terms.serviceFeePercent;
  let agent: string | undefined;
  if (PERCENT_RE.test(client)) {
    const rest = subtractDecimal(parseDecimal(client), parseDecimal(service));
    if (rest.units < 0n) {
      errors.push(
        err(
          'clientFeePercent',
          'FEE_BELOW_SERVICE',
          `Комиссия клиента не может быть меньше комиссии сервиса (${service.replace('.', ',')} %)`,
        ),
      );
    } else {
      agent = normPercent(formatDecimal(rest));
    }
  }
  if (
    body.serviceFeePercent !== undefined &&
    (!isDecimal(body.serviceFeePercent) || compareDecimal(body.serviceFeePercent, service) !== 0)
  ) {
    errors.push(
      err(
        'serviceFeePercent',
        'FEE_PERCENT_MISMATCH',
        `Комиссия сервиса по лицензионному договору — ${service.replace('.', ',')} %`,
      ),
    );
  }
  if (
    agent !== undefined &&
    body.agentFeePercent !== undefined &&
    (!isDecimal(body.agentFeePercent) || compareDecimal(body.agentFeePercent, agent) !== 0)
  ) {
    errors.push(
      err(
        'agentFeePercent',
        'FEE_PERCENT_MISMATCH',
        'Комиссия агента должна равняться комиссии клиента за вычетом комиссии сервиса',
      ),
    );
  }

  const currency = order.currency;
  const course =
    (courseOverride ?? body.course)?.trim() ||
    (currency === 'RUB' ? '1' : (terms.currencies.get(currency)?.indicativeRate ?? ''));
  const courseField = courseOverride !== undefined ? 'exchangeRate.course' : 'course';
  if (!course) errors.push(err(courseField, 'REQUIRED', 'Укажите курс'));
  else if (!RATE_RE.test(course))
    errors.push(err(courseField, 'RATE_FORMAT', 'Курс — число, не более 4 знаков после запятой'));
  else if (compareDecimal(course, '0') <= 0)
    errors.push(err(courseField, 'NOT_POSITIVE', 'Курс должен быть больше нуля'));
  else if (currency === 'RUB' && compareDecimal(course, '1') !== 0)
    errors.push(err(courseField, 'RATE_RUB', 'Для рублей курс равен 1'));

  const expenses = body.additionalExpenses ?? [];
  if (expenses.length > 20) errors.push(err('additionalExpenses', 'MAX_ITEMS', 'Слишком много значений'));
  expenses.forEach((e, i) => {
    const f = `additionalExpenses.${i}`;
    if (!MONEY_RE.test(e.amount?.trim() ?? ''))
      errors.push(err(`${f}.amount`, 'AMOUNT_FORMAT', 'Сумма — число, не более двух знаков после запятой'));
    if (!findCurrency((e.currency ?? '').trim().toUpperCase()))
      errors.push(err(`${f}.currency`, 'CURRENCY_UNKNOWN', 'Неизвестная валюта'));
    if (!RATE_RE.test(e.rate?.trim() ?? ''))
      errors.push(err(`${f}.rate`, 'RATE_FORMAT', 'Курс — число, не более 4 знаков после запятой'));
    else if (compareDecimal(e.rate.trim(), '0') <= 0)
      errors.push(err(`${f}.rate`, 'NOT_POSITIVE', 'Курс должен быть больше нуля'));
    if ((e.description ?? '').length > TEXT_MAX)
      errors.push(err(`${f}.description`, 'MAX_LENGTH', 'Превышен лимит символов'));
  });
  if (errors.length || agent === undefined) return { errors };

  const r = computeCommission({
    amount: paymentSum,
    currency,
    clientFeePercent: client,
    agentFeePercent: agent,
    serviceFeePercent: service,
    rate: course,
    additionalExpenses: expenses.map((e) => ({
      amount: e.amount.trim(),
      currency: e.currency.trim().toUpperCase(),
      rate: e.rate.trim(),
      description: e.description ?? null,
    })),
  });
  if (!r.ok) return { errors: [err(r.field, r.code, r.message)] };
  return {
    errors: [],
    value: {
      clientFeePercent: normPercent(client),
      agentFeePercent: agent,
      serviceFeePercent: service,
      course: r.breakdown.rate,
      breakdown: r.breakdown,
    },
  };
}

/** Checks the non-fee fields of offer/send (deal method, term, rate info texts). `today`: Moscow business day. */
export function checkOfferFields(body: OfferBody, today: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!(DEAL_METHODS as readonly string[]).includes(body.dealMethod))
    errors.push(err('dealMethod', 'INVALID_VALUE', 'Выберите способ сделки'));
  const from = body.paymentDateFrom?.trim() ?? '';
  const to = body.paymentDateTo?.trim() ?? '';
  for (const [field, v] of [
    ['paymentDateFrom', from],
    ['paymentDateTo', to],
  ] as const) {
    if (!isIsoDate(v)) errors.push(err(field, 'DATE_FORMAT', 'Дата в формате ГГГГ-ММ-ДД'));
    else if (v < today) errors.push(err(field, 'DATE_IN_PAST', 'Дата не может быть в прошлом'));
  }
  if (isIsoDate(from) && isIsoDate(to) && from > to)
    errors.push(err('paymentDateTo', 'DATE_RANGE', 'Дата окончания срока не может быть раньше даты начала'));
  const x = body.exchangeRate;
  if ((x?.source ?? '').length > 200) errors.push(err('exchangeRate.source', 'MAX_LENGTH', 'Превышен лимит символов'));
  for (const k of ['courseDeterminationRules', 'expensesCourseDeterminationRules'] as const) {
    if ((x?.[k] ?? '').length > TEXT_MAX)
      errors.push(err(`exchangeRate.${k}`, 'MAX_LENGTH', 'Превышен лимит символов'));
  }
  if (x?.expensesCurrencyCode && !findCurrency(x.expensesCurrencyCode.trim().toUpperCase())) {
    errors.push(err('exchangeRate.expensesCurrencyCode', 'CURRENCY_UNKNOWN', 'Неизвестная валюта'));
  }
  if (
    x?.expensesCourse &&
    (!RATE_RE.test(x.expensesCourse.trim()) || compareDecimal(x.expensesCourse.trim(), '0') <= 0)
  ) {
    errors.push(
      err('exchangeRate.expensesCourse', 'RATE_FORMAT', 'Курс — положительное число, не более 4 знаков после запятой'),
    );
  }
  if ((body.transactionType ?? '').length > 100)
    errors.push(err('transactionType', 'MAX_LENGTH', 'Превышен лимит символов'));
  return errors;
}

/** An additional expense as stored (decimal strings). */
export type StoredExpense = { amount: string; currency: string; rate: string; description: string | null };

/** Reads the stored offer of a partner order (null when none was sent yet). */
export async function loadOffer(
  db: DbOrTx,
  partnerOrderId: number,
): Promise<{ row: PartnerOrderOfferRow; expenses: StoredExpense[] } | null> {
  const [row] = await db.select().from(partnerOrderOffers).where(eq(partnerOrderOffers.partnerOrderId, partnerOrderId));
  if (!row) return null;
  const ex = await db
    .select()
    .from(partnerOrderOfferExpenses)
    .where(and(eq(partnerOrderOfferExpenses.offerId, row.id)))
    .orderBy(asc(partnerOrderOfferExpenses.position));
  return {
    row,
    expenses: ex.map((e) => ({ amount: e.amount, currency: e.currency, rate: e.rate, description: e.description })),
  };
}

/** The breakdown of a stored offer, recomputed from its stored inputs (same function as at send time). */
export function storedBreakdown(row: PartnerOrderOfferRow, expenses: StoredExpense[]): CommissionBreakdown | null {
  const r = computeCommission({
    amount: row.paymentSum,
    currency: row.paymentCurrency,
    clientFeePercent: row.clientFeePercent,
    agentFeePercent: row.agentFeePercent ?? '0',
    serviceFeePercent: row.serviceFeePercent ?? '0',
    rate: row.course,
    additionalExpenses: expenses,
  });
  return r.ok ? r.breakdown : null;
}

/** A breakdown as the API answers it: percents trimmed of trailing zeros (money.ts formatPercent), money and rates as computed. */
export function breakdownForApi(b: CommissionBreakdown, agentFeePercent: string, serviceFeePercent: string) {
  return {
    ...b,
    clientFeePercent: formatPercent(b.clientFeePercent),
    agentFeePercent: formatPercent(agentFeePercent),
    serviceFeePercent: formatPercent(serviceFeePercent),
    totalCommission: { ...b.totalCommission, percent: formatPercent(b.totalCommission.percent) },
  };
}

export { businessToday };
