/**
 * Decimal money without floating point (DESIGN "Decisions already taken: Money is never a float"; spec core §3
 * "Offer", "Exchange rate info"; §9 "exchange rate shown with 4 decimals in RUB, amounts with 2 decimals").
 *
 * Values travel as decimal strings ('12500.00'); inside they are BigInt-scaled fixed point: `units × 10^-scale`.
 * Addition, subtraction and multiplication are exact; rounding happens only where named, half-up (half away from
 * zero: 2.675 → 2.68, −2.675 → −2.68; Java BigDecimal ROUND_HALF_UP, PostgreSQL numeric round()). Money is rounded to
 * 2 decimals, exchange rates to 4, percents are used exactly as given. No I/O.
 */

/** Decimals kept for money amounts (spec core §9). */
export const MONEY_SCALE = 2;
/** Decimals kept for exchange rates (spec core §9; DESIGN "Exchange rates keep 4+ decimals"). */
export const RATE_SCALE = 4;
/** Currency the rates are quoted in: rubles per one unit of the foreign currency (spec core §9 "rate … in RUB"). */
export const SETTLEMENT_CURRENCY = 'RUB';

/** An exact decimal: `units × 10^-scale`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_RE = /^([+-]?)(\d+)(?:[.,](\d+))?$/;

/** Thrown by the low-level helpers for a string that is not a plain decimal (routes validate input before). */
export class DecimalFormatError extends Error {
  readonly code = 'DECIMAL_FORMAT';
  constructor(readonly input: string) {
    super(`Не число: «${input}»`);
    this.name = 'DecimalFormatError';
  }
}

/** True when `s` is a plain decimal: optional sign, digits, optional '.' or ',' and digits (no exponent, no spaces). */
export function isDecimal(s: string): boolean {
  return typeof s === 'string' && DECIMAL_RE.test(s.trim());
}

/** Parses a decimal string exactly ('0.1' → {units: 1n, scale: 1}). Throws DecimalFormatError on anything else. */
export function parseDecimal(s: string): Decimal {
  const m = typeof s === 'string' ? DECIMAL_RE.exec(s.trim()) : null;
  if (!m) throw new DecimalFormatError(String(s));
  const frac = m[3] ?? '';
  const units = BigInt(m[2] + frac);
  return { units: m[1] === '-' ? -units : units, scale: frac.length };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** `d` at a larger scale, exactly. */
function rescaleUp(d: Decimal, scale: number): Decimal {
  return { units: d.units * pow10(scale - d.scale), scale };
}

/** Integer division of `n` by positive `d`, rounded half-up (away from zero). */
function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const neg = n < 0n;
  const a = neg ? -n : n;
  let q = a / d;
  if ((a % d) * 2n >= d) q += 1n;
  return neg ? -q : q;
}

/** `d` rounded half-up to `scale` decimals (or padded, exactly, when it has fewer). */
export function roundDecimal(d: Decimal, scale: number): Decimal {
  if (d.scale <= scale) return rescaleUp(d, scale);
  return { units: divRoundHalfUp(d.units, pow10(d.scale - scale)), scale };
}

/** Formats with exactly `d.scale` decimals, '.' as separator, no grouping ('-0.50', '12500.00'). */
export function formatDecimal(d: Decimal): string {
  const neg = d.units < 0n;
  const digits = (neg ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const int = d.scale ? digits.slice(0, -d.scale) : digits;
  const frac = d.scale ? `.${digits.slice(-d.scale)}` : '';
  return `${neg && d.units !== 0n ? '-' : ''}${int}${frac}`;
}

/**
 * The API format of a PERCENT (client, agent, service fee %, and the total commission %): the decimal with trailing
 * zeros trimmed, '.' as separator — '1.5' (not '1.5000'), '0.4', '2', '0'. Money keeps exactly 2 decimals
 * ('187.50') and rates exactly 4 ('92.4512'); percents are the only trimmed values (they are typed by people and
 * stored as numeric(9,4)). Accepts a decimal string or a Decimal; a string that is not a decimal is returned as is.
 */
export function formatPercent(p: string | Decimal): string {
  const s = typeof p === 'string' ? p.trim() : formatDecimal(p);
  if (!/^-?\d+(\.\d+)?$/.test(s)) return s;
  const t = s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  return t === '-0' ? '0' : t;
}

/** Exact sum. */
export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescaleUp(a, scale).units + rescaleUp(b, scale).units, scale };
}

/** Exact difference a − b. */
export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
  return addDecimal(a, { units: -b.units, scale: b.scale });
}

/** Exact product. */
export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** a / b rounded half-up to `scale` decimals. Throws RangeError when b is zero. */
export function divideDecimal(a: Decimal, b: Decimal, scale: number): Decimal {
  if (b.units === 0n) throw new RangeError('division by zero');
  // a/b = (a.units / 10^a.s) / (b.units / 10^b.s); scaled by 10^scale: a.units × 10^(scale + b.s) / (b.units × 10^a.s)
  let n = a.units * pow10(scale + b.scale);
  let d = b.units * pow10(a.scale);
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  return { units: divRoundHalfUp(n, d), scale };
}

/** −1, 0 or 1 as a <, =, > b (values compared, not strings: '0.3' equals '0.30'). */
export function compareDecimal(a: string | Decimal, b: string | Decimal): -1 | 0 | 1 {
  const x = typeof a === 'string' ? parseDecimal(a) : a;
  const y = typeof b === 'string' ? parseDecimal(b) : b;
  const diff = subtractDecimal(x, y).units;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** A decimal string rounded half-up to 2 decimals: '2.675' → '2.68', '7' → '7.00'. Throws DecimalFormatError. */
export function roundMoney(s: string): string {
  return formatDecimal(roundDecimal(parseDecimal(s), MONEY_SCALE));
}

/** An exchange rate rounded half-up to 4 decimals: '92.123456' → '92.1235', '90' → '90.0000'. Throws DecimalFormatError. */
export function roundRate(s: string): string {
  return formatDecimal(roundDecimal(parseDecimal(s), RATE_SCALE));
}

/** Exact sum of money strings, formatted with 2 decimals ('0.1' + '0.2' → '0.30'). Throws DecimalFormatError. */
export function addMoney(...values: string[]): string {
  const sum = values.map(parseDecimal).reduce(addDecimal, { units: 0n, scale: 0 });
  return formatDecimal(roundDecimal(sum, MONEY_SCALE));
}

/** a − b for money strings, 2 decimals. Throws DecimalFormatError. */
export function subtractMoney(a: string, b: string): string {
  return formatDecimal(roundDecimal(subtractDecimal(parseDecimal(a), parseDecimal(b)), MONEY_SCALE));
}

/** `percent`% of `amount`, rounded half-up to 2 decimals: ('12500.00', '0.4') → '50.00'. Throws DecimalFormatError. */
export function percentOf(amount: string, percent: string): string {
  const p = multiplyDecimal(parseDecimal(amount), parseDecimal(percent));
  return formatDecimal(roundDecimal({ units: p.units, scale: p.scale + 2 }, MONEY_SCALE));
}

/**
 * Converts `amount` with `rate` (units of the target currency per one unit of the source, e.g. RUB per USD): the
 * rate is first kept at 4 decimals, the product rounded half-up to 2 ('100.00' × '92.12345' → 100 × 92.1235 =
 * '9212.35'). Throws DecimalFormatError.
 */
export function convert(amount: string, rate: string): string {
  const r = roundDecimal(parseDecimal(rate), RATE_SCALE);
  return formatDecimal(roundDecimal(multiplyDecimal(parseDecimal(amount), r), MONEY_SCALE));
}

// ---------------------------------------------------------------------------------------------------------
// The Offer's commission breakdown (spec core §3 "Offer", "partnerOrders item", "Exchange rate info")
// ---------------------------------------------------------------------------------------------------------

/** One additional expense of an offer: `amount` in `currency` (ISO 4217), `rate` = RUB per one unit of it. */
export interface ExpenseInput {
  amount: string;
  currency: string;
  rate: string;
  description?: string | null;
}

/** Input of computeCommission: decimal strings; percents of the payment sum ('0.4' means 0.4 %). */
export interface CommissionInput {
  /** Payment sum in the order currency (spec core §3 order amount). */
  amount: string;
  /** ISO 4217 code of `amount`, e.g. 'USD'. */
  currency: string;
  /** Fee the client pays, percent of the payment sum (Offer "client fee %"). */
  clientFeePercent: string;
  /** The payment agent's share, percent of the payment sum. */
  agentFeePercent: string;
  /** The platform's share, percent of the payment sum (payment agent license contract "service commission %"). */
  serviceFeePercent: string;
  additionalExpenses?: readonly ExpenseInput[];
  /** Exchange rate of the order currency: RUB per one unit (Exchange rate info "course"); '1' for RUB. */
  rate: string;
}

/** The Offer's breakdown; every money value a decimal string with 2 decimals, rates with 4. */
export interface CommissionBreakdown {
  /** Order currency (ISO 4217) of amount, totalFee, agentFee, serviceFee. */
  currency: string;
  amount: string;
  clientFeePercent: string;
  /** Total fee = agentFee + serviceFee, in the order currency. */
  totalFee: string;
  agentFee: string;
  serviceFee: string;
  /** The order-currency rate kept at 4 decimals (RUB per unit). */
  rate: string;
  /** Currency of everything below: RUB. */
  settlementCurrency: string;
  /** amount × rate. */
  amountConverted: string;
  /** totalFee × rate (partnerOrders paycheck "convertedCommissionAmount"). */
  totalFeeConverted: string;
  /** Each expense with its rate kept at 4 decimals and its amount converted to RUB. */
  expenses: { amount: string; currency: string; rate: string; converted: string; description: string | null }[];
  /** Sum of the converted expenses. */
  expensesConverted: string;
  /** partnerOrders offer "totalCommission": fee + expenses in RUB, and that as a percent of amountConverted (2 decimals). */
  totalCommission: { amount: string; percent: string };
  /** amountConverted + totalFeeConverted + expensesConverted. */
  totalToPay: string;
}

/** Why a breakdown could not be computed (an expected failure as data; `field` is the input path). */
export interface CommissionError {
  ok: false;
  code: 'DECIMAL_FORMAT' | 'NOT_POSITIVE' | 'NEGATIVE' | 'FEE_PERCENT_MISMATCH';
  field: string;
  message: string;
}

/**
 * The Offer's commission breakdown, computed on the server (issue "the commission breakdown of the Offer is
 * computed on the server"; spec core §3 "Offer"). Formula, A = amount rounded to 2 decimals, r = rate rounded to 4:
 *
 *   totalFee          = round2(A × clientFee% / 100)                       order currency
 *   serviceFee        = round2(A × serviceFee% / 100)                      order currency
 *   agentFee          = totalFee − serviceFee                              (the remainder, so the parts add up exactly)
 *   expense_i.converted = round2(expense_i.amount × round4(expense_i.rate))  RUB
 *   expensesConverted = Σ expense_i.converted                              RUB
 *   amountConverted   = round2(A × r);  totalFeeConverted = round2(totalFee × r)   RUB
 *   totalCommission   = totalFeeConverted + expensesConverted; percent = round2(100 × it / amountConverted)
 *   totalToPay        = amountConverted + totalFeeConverted + expensesConverted   RUB
 *
 * Rules: amount and rates > 0; percents and expense amounts ≥ 0; clientFee% = agentFee% + serviceFee% (the client's
 * fee is exactly what the agent and the platform share). Returns `{ ok: true, breakdown }` or a CommissionError with
 * Russian text; never throws.
 */
export function computeCommission(
  input: CommissionInput,
): { ok: true; breakdown: CommissionBreakdown } | CommissionError {
  const fail = (code: CommissionError['code'], field: string, message: string): CommissionError => ({
    ok: false,
    code,
    field,
    message,
  });
  const num = (field: string, v: string): Decimal | CommissionError =>
    isDecimal(v) ? parseDecimal(v) : fail('DECIMAL_FORMAT', field, 'Введите число');
  const isErr = (v: Decimal | CommissionError): v is CommissionError => 'ok' in v;

  const amount = num('amount', input.amount);
  if (isErr(amount)) return amount;
  const rate = num('rate', input.rate);
  if (isErr(rate)) return rate;
  const pc = num('clientFeePercent', input.clientFeePercent);
  if (isErr(pc)) return pc;
  const pa = num('agentFeePercent', input.agentFeePercent);
  if (isErr(pa)) return pa;
  const ps = num('serviceFeePercent', input.serviceFeePercent);
  if (isErr(ps)) return ps;

  const A = roundDecimal(amount, MONEY_SCALE);
  const r = roundDecimal(rate, RATE_SCALE);
  if (A.units <= 0n) return fail('NOT_POSITIVE', 'amount', 'Сумма должна быть больше нуля');
  if (r.units <= 0n) return fail('NOT_POSITIVE', 'rate', 'Курс должен быть больше нуля');
  for (const [field, p] of [
    ['clientFeePercent', pc],
    ['agentFeePercent', pa],
    ['serviceFeePercent', ps],
  ] as const) {
    if (p.units < 0n) return fail('NEGATIVE', field, 'Комиссия не может быть отрицательной');
  }
  if (compareDecimal(pc, addDecimal(pa, ps)) !== 0) {
    return fail(
      'FEE_PERCENT_MISMATCH',
      'clientFeePercent',
      'Комиссия клиента должна равняться сумме комиссий агента и сервиса',
    );
  }

  const expenses: CommissionBreakdown['expenses'] = [];
  let expensesTotal: Decimal = { units: 0n, scale: MONEY_SCALE };
  for (const [i, e] of (input.additionalExpenses ?? []).entries()) {
    const ea = num(`additionalExpenses.${i}.amount`, e.amount);
    if (isErr(ea)) return ea;
    const er = num(`additionalExpenses.${i}.rate`, e.rate);
    if (isErr(er)) return er;
    if (ea.units < 0n)
      return fail('NEGATIVE', `additionalExpenses.${i}.amount`, 'Сумма расходов не может быть отрицательной');
    const er4 = roundDecimal(er, RATE_SCALE);
    if (er4.units <= 0n) return fail('NOT_POSITIVE', `additionalExpenses.${i}.rate`, 'Курс должен быть больше нуля');
    const converted = roundDecimal(multiplyDecimal(roundDecimal(ea, MONEY_SCALE), er4), MONEY_SCALE);
    expensesTotal = addDecimal(expensesTotal, converted);
    expenses.push({
      amount: formatDecimal(roundDecimal(ea, MONEY_SCALE)),
      currency: e.currency.trim().toUpperCase(),
      rate: formatDecimal(er4),
      converted: formatDecimal(converted),
      description: e.description?.trim() || null,
    });
  }

  const pct = (p: Decimal): Decimal => {
    const m = multiplyDecimal(A, p);
    return roundDecimal({ units: m.units, scale: m.scale + 2 }, MONEY_SCALE);
  };
  const totalFee = pct(pc);
  const serviceFee = pct(ps);
  const agentFee = subtractDecimal(totalFee, serviceFee);
  const amountConverted = roundDecimal(multiplyDecimal(A, r), MONEY_SCALE);
  const totalFeeConverted = roundDecimal(multiplyDecimal(totalFee, r), MONEY_SCALE);
  const commission = addDecimal(totalFeeConverted, expensesTotal);
  const percent = divideDecimal(multiplyDecimal(commission, { units: 100n, scale: 0 }), amountConverted, 2);

  return {
    ok: true,
    breakdown: {
      currency: input.currency.trim().toUpperCase(),
      amount: formatDecimal(A),
      clientFeePercent: formatDecimal(pc),
      totalFee: formatDecimal(totalFee),
      agentFee: formatDecimal(agentFee),
      serviceFee: formatDecimal(serviceFee),
      rate: formatDecimal(r),
      settlementCurrency: SETTLEMENT_CURRENCY,
      amountConverted: formatDecimal(amountConverted),
      totalFeeConverted: formatDecimal(totalFeeConverted),
      expenses,
      expensesConverted: formatDecimal(expensesTotal),
      totalCommission: { amount: formatDecimal(commission), percent: formatDecimal(percent) },
      totalToPay: formatDecimal(addDecimal(amountConverted, commission)),
    },
  };
}

/** What offerTotalToPay needs of an offer and its order (decimal strings; null or absent when unknown). */
export interface OfferTotalInput {
  /** The order's payment type (spec core §3 Request): 'SENDING' or 'RECEIVING'. */
  paymentType: string;
  /** Payment sum in the order currency. */
  paymentSum?: string | null;
  /** Exchange rate, RUB per unit of the order currency. */
  course?: string | null;
  /** Total commission, RUB. */
  totalCommission?: string | null;
}

/**
 * What the client pays for an offer, RUB, as the bill of the payment agent is computed (computeCommission's
 * `totalToPay`; spec core §3 "Offer", §9 amounts 2 decimals, rates 4): SENDING round2(round2(paymentSum) ×
 * round4(course)) + round2(totalCommission); RECEIVING (the money comes from abroad) round2(totalCommission) only.
 * Rounding half-up. Returns a 2-decimal string, or null when a needed value is missing or not a decimal.
 */
export function offerTotalToPay(input: OfferTotalInput): string | null {
  const dec = (v: string | null | undefined) => (v != null && isDecimal(v) ? parseDecimal(v) : null);
  const commission = dec(input.totalCommission);
  if (!commission) return null;
  const c2 = roundDecimal(commission, MONEY_SCALE);
  if (input.paymentType === 'RECEIVING') return formatDecimal(c2);
  const sum = dec(input.paymentSum);
  const course = dec(input.course);
  if (!sum || !course) return null;
  const converted = roundDecimal(
    multiplyDecimal(roundDecimal(sum, MONEY_SCALE), roundDecimal(course, RATE_SCALE)),
    MONEY_SCALE,
  );
  return formatDecimal(addDecimal(converted, c2));
}
