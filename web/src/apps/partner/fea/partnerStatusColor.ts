import type { PartnerDisplayStatus } from '@platform/domain/deal/display';

/** Badge colour of the agent's display status (spec core §4 "In display terms"): by group, results by outcome. */
const COLORS: Record<PartnerDisplayStatus, string> = {
  NEW: 'blue',
  CHECK: 'gray',
  OFFER_PREPARED: 'gray',
  OFFER: 'teal',
  OFFER_ACCEPTED: 'green',
  DOCUMENTS_SENT: 'purple',
  BILLING: 'orange',
  PAYMENT: 'orange',
  PAYMENT_CHECKING: 'yellow',
  EXECUTING: 'cyan',
  REQUIRES_CONFIRMATION: 'purple',
  EXECUTED: 'green',
  ANOTHER_OFFER_ACCEPTED: 'gray',
  AGENT_REFUSAL: 'red',
  CLIENT_REFUSAL: 'red',
  REJECTED_BY_SERVICE: 'red',
};

/** The badge colour of a PartnerDisplayStatusCode; gray for a code this app does not know yet. */
export function partnerStatusColor(code: string): string {
  return COLORS[code as PartnerDisplayStatus] ?? 'gray';
}
