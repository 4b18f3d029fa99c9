/**
 * The payment agent's offer form (spec core §3 Offer, Exchange rate info): its values, their defaults from the
 * request and the agent's terms, the rules of each field, and the inputs built from them — `CommissionInput` for
 * the live `calculateCommission` query and `SendOfferInput` for `sendOffer`. Pure (offerForm.test.ts).
 *
 * Money, percents and rates stay decimal strings from the input to the API (DESIGN "Money is never a float"):
 * '12 500,5' is sent as '12500.5', never through Number. Dates are API dates YYYY-MM-DD (spec core §9); the
 * commission itself is computed by the server only.
 */
import { MESSAGES, type ValidationResult, validateDateRange } from '../../../system/validation';

export type DealMethodValue = 'PROTECTED' | 'UNPROTECTED';

/** Deal methods in display order: 'Безрисковая' (protected), 'Стандартная' (unprotected). */
export const DEAL_METHODS: ReadonlyArray<DealMethodValue> = ['PROTECTED', 'UNPROTECTED'];

export interface OfferExpenseValues {
  amount: string;
  currency: string;
  /** RUB per one unit of `currency`. */
  rate: string;
  description: string;
}

export interface SampleContractValue {
  documentId: number;
  /** Stored file id (UUID) that `sampleContractFileId` takes; null when only the document is known. */
  fileId: string | null;
  name: string;
  size: number;
}

export interface OfferFormValues {
  dealMethod: DealMethodValue;
  paymentSum: string;
  paymentDateFrom: string;
  paymentDateTo: string;
  clientFeePercent: string;
  /** RUB per one unit of the order currency. */
  course: string;
  courseRules: string;
  transactionType: string;
  expenses: OfferExpenseValues[];
  sampleContract: SampleContractValue | null;
}

/** What the defaults are made of: the request and the agent's terms and currency settings. */
export interface OfferDefaultsSource {
  amount: string;
  currency: string;
  paymentDateFrom: string;
  paymentDateTo: string;
  /** `OfferTerms.indicativeRate` or the currency setting's rate. */
  indicativeRate?: string | null;
  /** Source and rules of the agent's currency setting, e.g. 'ЦБ РФ: курс на день оплаты'. */
  rateRules?: string | null;
}

/** A decimal as typed in a Russian form: '12500.00' → '12500,00'. */
export function toInputDecimal(value: string | null | undefined): string {
  return (value ?? '').replace('.', ',');
}

export function offerFormDefaults(src: OfferDefaultsSource): OfferFormValues {
  const rub = src.currency.toUpperCase() === 'RUB';
  return {
    dealMethod: 'UNPROTECTED',
    paymentSum: toInputDecimal(src.amount),
    paymentDateFrom: src.paymentDateFrom,
    paymentDateTo: src.paymentDateTo,
    clientFeePercent: '',
    course: rub ? '1' : toInputDecimal(src.indicativeRate ?? ''),
    courseRules: src.rateRules ?? '',
    transactionType: 'SWIFT',
    expenses: [],
    sampleContract: null,
  };
}

export const EMPTY_EXPENSE: OfferExpenseValues = { amount: '', currency: 'USD', rate: '', description: '' };

/**
 * A decimal typed by a user as an API decimal string: spaces (also no-break) dropped, a comma read as the
 * decimal point, at most `maxScale` decimals, leading zeros trimmed. Null when it is not such a number, or zero
 * unless `allowZero`. '1 234,50' → '1234.50'; '0,5' → '0.5'; '1e3', '-1', '1,234' (maxScale 2) → null.
 */
export function normalizeDecimal(
  value: string | null | undefined,
  maxScale: number,
  opts: { allowZero?: boolean } = {},
): string | null {
  const v = (value ?? '').replace(/[\s\u00A0\u202F]/g, '').replace(',', '.');
  const re = maxScale > 0 ? new RegExp(`^\\d+(\\.\\d{1,${maxScale}})?$`) : /^\d+$/;
  if (!re.test(v)) return null;
  if (!opts.allowZero && /^0+(\.0+)?$/.test(v)) return null;
  return v.replace(/^0+(?=\d)/, '');
}

export const OFFER_MESSAGES = {
  percent: 'Введите процент, например 1,5',
  percentMax: 'Не более 100%',
  rate: 'Введите курс, не более 4 знаков после запятой',
  sum: 'Введите сумму, например 12500,00',
  expenseAmount: 'Введите сумму расхода, например 150,00',
} as const;

/** Client fee %: required, > 0, at most 2 decimals, at most 100. (That it is not below the service fee is the server's rule.) */
export function validatePercent(value: string | null | undefined): ValidationResult {
  if (!(value ?? '').trim()) return MESSAGES.required;
  const d = normalizeDecimal(value, 2);
  if (!d) return OFFER_MESSAGES.percent;
  const [int, frac = ''] = d.split('.');
  if (int.length > 3 || (int.length === 3 && (int !== '100' || /[1-9]/.test(frac)))) return OFFER_MESSAGES.percentMax;
  return true;
}

/** A rate (RUB per unit): required, > 0, at most 4 decimals (spec core §9). */
export function validateRate(value: string | null | undefined): ValidationResult {
  if (!(value ?? '').trim()) return MESSAGES.required;
  return normalizeDecimal(value, 4) ? true : OFFER_MESSAGES.rate;
}

/** The payment sum: required, > 0, at most 2 decimals. */
export function validateSum(value: string | null | undefined): ValidationResult {
  if (!(value ?? '').trim()) return MESSAGES.required;
  return normalizeDecimal(value, 2) ? true : OFFER_MESSAGES.sum;
}

/** An expense amount: required, ≥ 0, at most 2 decimals. */
export function validateExpenseAmount(value: string | null | undefined): ValidationResult {
  if (!(value ?? '').trim()) return MESSAGES.required;
  return normalizeDecimal(value, 2, { allowZero: true }) ? true : OFFER_MESSAGES.expenseAmount;
}

/** The payment term: both dates, the end not before the start. */
export function validateOfferTerm(from: string, to: string): ValidationResult {
  return validateDateRange(from, to);
}

function isBlankExpense(e: OfferExpenseValues): boolean {
  return !e.amount.trim() && !e.rate.trim() && !e.description.trim();
}

interface ExpenseInput {
  amount: { amount: string; currency: string };
  rate: string;
  description: string | null;
}

/** The expenses as input, blank rows dropped; null when a non-blank row is incomplete or malformed. */
function expensesInput(rows: ReadonlyArray<OfferExpenseValues>): ExpenseInput[] | null {
  const out: ExpenseInput[] = [];
  for (const e of rows) {
    if (isBlankExpense(e)) continue;
    const amount = normalizeDecimal(e.amount, 2, { allowZero: true });
    const rate = normalizeDecimal(e.rate, 4);
    if (!amount || !rate || !e.currency) return null;
    out.push({
      amount: { amount, currency: e.currency.toUpperCase() },
      rate,
      description: e.description.trim() || null,
    });
  }
  return out;
}

export interface CommissionInputValue {
  clientFeePercent: string;
  paymentSum?: string;
  course?: string;
  additionalExpenses?: ExpenseInput[];
}

/**
 * The `calculateCommission` input of the current form values, or null while they cannot be computed yet
 * (no valid client fee %, malformed sum, rate or expense): the panel then asks for them instead of calling.
 */
export function commissionInput(v: OfferFormValues): CommissionInputValue | null {
  if (validatePercent(v.clientFeePercent) !== true) return null;
  const clientFeePercent = normalizeDecimal(v.clientFeePercent, 2) as string;
  const paymentSum = normalizeDecimal(v.paymentSum, 2);
  if (!paymentSum) return null;
  const course = v.course.trim() ? normalizeDecimal(v.course, 4) : undefined;
  if (course === null) return null;
  const additionalExpenses = expensesInput(v.expenses);
  if (!additionalExpenses) return null;
  return {
    clientFeePercent,
    paymentSum,
    ...(course ? { course } : {}),
    additionalExpenses,
  };
}

/** A stable key of a commission input (to skip a recomputation of what is already shown). */
export function commissionKey(input: CommissionInputValue | null): string {
  return input ? JSON.stringify(input) : '';
}

export interface SendOfferInputValue {
  partnerOrderId: string;
  dealMethod: DealMethodValue;
  paymentDateFrom: string;
  paymentDateTo: string;
  fees: { clientFeePercent: string; paymentSum: string; additionalExpenses: ExpenseInput[] };
  exchangeRate: {
    course: string;
    courseDeterminationRules: string | null;
    expensesCurrencyCode: string | null;
    expensesCourse: string | null;
  };
  transactionType: string | null;
  sampleContractFileId: string | null;
}

/**
 * The `sendOffer` input (spec core §3 Offer). Call after the form validated; a value that is still malformed
 * is sent as typed so that the server's field error names it. The rate goes in `exchangeRate.course` only
 * (the server takes the fee rate from there); when every expense is in one currency, that currency and its
 * rate are the exchange rate's expenses currency and rate (spec core §3 Exchange rate info).
 */
export function sendOfferInput(partnerOrderId: string, v: OfferFormValues): SendOfferInputValue {
  const expenses = expensesInput(v.expenses) ?? [];
  const currencies = [...new Set(expenses.map((e) => e.amount.currency))];
  const single = currencies.length === 1 ? expenses[0] : null;
  return {
    partnerOrderId,
    dealMethod: v.dealMethod,
    paymentDateFrom: v.paymentDateFrom,
    paymentDateTo: v.paymentDateTo,
    fees: {
      clientFeePercent: normalizeDecimal(v.clientFeePercent, 2) ?? v.clientFeePercent.trim(),
      paymentSum: normalizeDecimal(v.paymentSum, 2) ?? v.paymentSum.trim(),
      additionalExpenses: expenses,
    },
    exchangeRate: {
      course: normalizeDecimal(v.course, 4) ?? v.course.trim(),
      courseDeterminationRules: v.courseRules.trim() || null,
      expensesCurrencyCode: single ? single.amount.currency : null,
      expensesCourse: single ? single.rate : null,
    },
    transactionType: v.transactionType.trim() || null,
    sampleContractFileId: v.sampleContract?.fileId ?? null,
  };
}

/** Form field names a server error can be put next to. */
export type OfferFieldName =
  | 'dealMethod'
  | 'paymentSum'
  | 'paymentDateFrom'
  | 'paymentDateTo'
  | 'clientFeePercent'
  | 'course'
  | 'courseRules'
  | 'transactionType'
  | 'sampleContract'
  | `expenses.${number}.${'amount' | 'currency' | 'rate' | 'description'}`;

/**
 * A server field path (of `SendOfferInput` or `CommissionInput`, dotted or bracketed, with or without the
 * `fees.` prefix) → the form field; null when the error belongs to no field (shown above the form).
 * 'fees.clientFeePercent' → 'clientFeePercent'; 'additionalExpenses[1].rate' → 'expenses.1.rate'.
 */
export function offerFieldOf(path: string | null | undefined): OfferFieldName | null {
  if (!path) return null;
  const p = path.replace(/\[(\d+)\]/g, '.$1').replace(/^(input\.)?(fees\.)?/, '');
  const expense =
    /^additionalExpenses\.(\d+)\.(amount(?:\.amount|\.cost)?|amount\.currency|currency|rate|description)$/.exec(p);
  if (expense) {
    const leaf =
      expense[2] === 'amount.currency'
        ? 'currency'
        : expense[2].startsWith('amount')
          ? 'amount'
          : (expense[2] as 'currency' | 'rate' | 'description');
    return `expenses.${Number(expense[1])}.${leaf}`;
  }
  switch (p) {
    case 'dealMethod':
      return 'dealMethod';
    case 'paymentSum':
      return 'paymentSum';
    case 'paymentDateFrom':
    case 'paymentFrom':
      return 'paymentDateFrom';
    case 'paymentDateTo':
    case 'paymentTo':
      return 'paymentDateTo';
    case 'clientFeePercent':
      return 'clientFeePercent';
    case 'course':
    case 'exchangeRate.course':
      return 'course';
    case 'exchangeRate.courseDeterminationRules':
      return 'courseRules';
    case 'transactionType':
      return 'transactionType';
    case 'sampleContractFileId':
      return 'sampleContract';
    default:
      return null;
  }
}
