/**
 * The payment agent's tabs (spec core §4 "Payment agent tabs"), in display order, with the API value of each
 * and its query-string value (`?tab=working`). The statuses behind each tab are the server's business
 * (`PartnerOrder.tab`, `Viewer.partnerOrders(tab:)`); the tabs and their labels are @platform/domain's (PARTNER_TAB_LABELS).
 */
import { PARTNER_TAB_LABELS, type PartnerTab } from '@platform/domain/deal/display';

export type { PartnerTab };
export type PartnerTabApi = 'NEW' | 'WORKING' | 'DEALS' | 'RESULTS' | 'ALL';

export const PARTNER_TABS: ReadonlyArray<{ value: PartnerTab; label: string; api: PartnerTabApi }> = [
  { value: 'new', label: PARTNER_TAB_LABELS.new, api: 'NEW' },
  { value: 'working', label: PARTNER_TAB_LABELS.working, api: 'WORKING' },
  { value: 'deals', label: PARTNER_TAB_LABELS.deals, api: 'DEALS' },
  { value: 'results', label: PARTNER_TAB_LABELS.results, api: 'RESULTS' },
  { value: 'all', label: PARTNER_TAB_LABELS.all, api: 'ALL' },
];

/** The tab shown when the query string names none. */
export const DEFAULT_PARTNER_TAB: PartnerTab = 'new';

export function isPartnerTab(value: string | null | undefined): value is PartnerTab {
  return PARTNER_TABS.some((t) => t.value === value);
}

/** '?tab=deals' → 'deals'; anything unknown → the default tab. */
export function partnerTabOf(value: string | null | undefined): PartnerTab {
  return isPartnerTab(value) ? value : DEFAULT_PARTNER_TAB;
}

export function partnerTabApi(tab: PartnerTab): PartnerTabApi {
  return PARTNER_TABS.find((t) => t.value === tab)?.api ?? 'ALL';
}
