/**
 * Documents and acts between a referral partner and the operator (issue 11; spec core §3 "Referral partner:
 * documents/acts (type ACT or DOCUMENT, …, agent signature, operator signature, created)"): both sides sign each one
 * with a qualified electronic signature, in either order. The status shown to both sides follows from the two
 * signatures; the backend answers it, the gateway and the web app show its label.
 */

/** AWAITING_PARTNER: the partner has not signed; AWAITING_OPERATOR: only the partner signed; SIGNED: both signed. */
export const REFERRAL_DOCUMENT_STATUSES = ['AWAITING_PARTNER', 'AWAITING_OPERATOR', 'SIGNED'] as const;
export type ReferralDocumentStatus = (typeof REFERRAL_DOCUMENT_STATUSES)[number];

/** Russian label of each status, as both sides see it. */
export const REFERRAL_DOCUMENT_STATUS_LABELS: Record<ReferralDocumentStatus, string> = {
  AWAITING_PARTNER: 'Ожидает подписи партнёра',
  AWAITING_OPERATOR: 'Ожидает подписи оператора',
  SIGNED: 'Подписан обеими сторонами',
};

/**
 * The status of a document from its signatures: the partner's missing → AWAITING_PARTNER (even when the operator has
 * signed first), only the operator's missing → AWAITING_OPERATOR, both → SIGNED.
 */
export function referralDocumentStatus(signed: { agent: boolean; operator: boolean }): ReferralDocumentStatus {
  if (!signed.agent) return 'AWAITING_PARTNER';
  return signed.operator ? 'SIGNED' : 'AWAITING_OPERATOR';
}

/** A signed document (by either side) can no longer be deleted (spec core §3; docs/rest-api.md). */
export function referralDocumentDeletable(signed: { agent: boolean; operator: boolean }): boolean {
  return !signed.agent && !signed.operator;
}
