/**
 * GraphQL deal inputs → the backend's bodies (spec core §3 Offer; backend routes/partner/schemas.ts). Money,
 * percents and rates stay decimal strings end to end (the backend refuses JSON numbers).
 */
import type { CommissionInput, SendOfferInput } from '../../generated/resolvers-types.js';
import type { CalculateDto, SendOfferDto } from '../../rest/contract.js';

/** CommissionInput → body of POST commission/calculate (and the fee part of offer/send). */
export function toCommissionBody(input: CommissionInput): CalculateDto {
  return {
    clientFeePercent: input.clientFeePercent,
    ...(input.paymentSum ? { paymentSum: input.paymentSum } : {}),
    ...(input.course ? { course: input.course } : {}),
    ...(input.additionalExpenses
      ? {
          additionalExpenses: input.additionalExpenses.map((e) => ({
            amount: e.amount.amount,
            currency: e.amount.currency,
            rate: e.rate,
            description: e.description ?? null,
          })),
        }
      : {}),
  };
}

/** SendOfferInput → body of POST order/exch/{id}/offer/send (the rate comes from `exchangeRate.course`). */
export function toSendOfferBody(input: SendOfferInput): SendOfferDto {
  const { course: _course, ...fees } = toCommissionBody(input.fees);
  const x = input.exchangeRate;
  return {
    dealMethod: input.dealMethod,
    paymentDateFrom: input.paymentDateFrom,
    paymentDateTo: input.paymentDateTo,
    ...fees,
    exchangeRate: {
      course: x.course,
      ...(x.source != null ? { source: x.source } : {}),
      courseDeterminationRules: x.courseDeterminationRules ?? null,
      expensesCurrencyCode: x.expensesCurrencyCode ?? null,
      expensesCourse: x.expensesCourse ?? null,
      expensesCourseDeterminationRules: x.expensesCourseDeterminationRules ?? null,
    },
    transactionType: input.transactionType ?? null,
    sampleContractFileId: input.sampleContractFileId ?? null,
  };
}

/** Backend field paths of offer errors → SendOfferInput paths. */
export const OFFER_FIELD_RENAMES: Record<string, string> = {
  clientFeePercent: 'fees.clientFeePercent',
  paymentSum: 'fees.paymentSum',
  'exchangeRate.course': 'exchangeRate.course',
};
