/**
 * Filters of the payment agent's request list (spec core §2 "Payment agent": number, counterparty country,
 * payment term) turned into the variables of `Viewer.partnerOrders` / `partnerOrderTabCounts`. The number applies
 * only when numeric (spec core §5); dates are sent as API dates YYYY-MM-DD (§9) and only when valid; a term with
 * the end before the start is not applied (the form shows why).
 */
import { isApiDate } from '../../../system/formats';
import { parseOrderNumberFilter } from '../../../system/validation';

export interface PartnerFilterState {
  number: string;
  country: { countryCode: string; countryName: string } | null;
  dateFrom: string;
  dateTo: string;
}

export interface PartnerListFilter {
  number: string | null;
  countryCode: string | null;
  paymentDateFrom: string | null;
  paymentDateTo: string | null;
}

export const EMPTY_PARTNER_FILTER: PartnerFilterState = { number: '', country: null, dateFrom: '', dateTo: '' };

/** True when both dates are set and the end precedes the start. */
export function isTermInverted(f: Pick<PartnerFilterState, 'dateFrom' | 'dateTo'>): boolean {
  return isApiDate(f.dateFrom) && isApiDate(f.dateTo) && f.dateTo < f.dateFrom;
}

export function partnerListFilter(f: PartnerFilterState): PartnerListFilter {
  const n = parseOrderNumberFilter(f.number);
  const inverted = isTermInverted(f);
  return {
    number: n == null ? null : String(n),
    countryCode: f.country?.countryCode ?? null,
    paymentDateFrom: !inverted && isApiDate(f.dateFrom) ? f.dateFrom : null,
    paymentDateTo: !inverted && isApiDate(f.dateTo) ? f.dateTo : null,
  };
}

/** Whether any filter is set (to offer 'Сбросить фильтры'). */
export function hasPartnerFilter(f: PartnerFilterState): boolean {
  return f.number.trim() !== '' || f.country != null || f.dateFrom !== '' || f.dateTo !== '';
}
