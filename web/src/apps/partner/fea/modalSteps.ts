/**
 * Steps of the payment agent's request modal (spec core §2 "Payment agent": data, offer, documents, payment,
 * closure, order info) and which of them open for each status of the agent's side (spec core §4 Offer statuses,
 * Deal flow 3–8). Steps that are not reached yet, or whose details are hidden (spec core §4: no offer details for
 * ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER) are shown disabled.
 *
 *   data, info     always
 *   offer          IN_PROGRESS, CREATED_OFFER (the form) and SEND_OFFER onwards (the sent offer)
 *   documents      ACCEPTED onwards (offer documents, step 5)
 *   payment        ACCEPTED_OFFER_DOCS onwards (the bill, steps 6–8)
 *   closure        EXECUTING onwards (closing documents, step 8)
 * What the agent may DO on a step is decided by the server's `viewerCan*` flags, not here.
 */

export type ModalStep = 'data' | 'offer' | 'documents' | 'payment' | 'closure' | 'info';

export const MODAL_STEPS: ReadonlyArray<ModalStep> = ['data', 'offer', 'documents', 'payment', 'closure', 'info'];

/** The deal flow of an accepted offer, in order (spec core §4 Deal flow 4–9). */
const DEAL_FLOW = [
  'ACCEPTED',
  'SEND_OFFER_DOCS',
  'ACCEPTED_OFFER_DOCS',
  'SEND_PAYCHECK',
  'PAYMENT_CHECKING',
  'EXECUTING',
  'SEND_EXECUTING_DOCS',
  'EXECUTED',
] as const;

function reached(status: string, from: (typeof DEAL_FLOW)[number]): boolean {
  const i = (DEAL_FLOW as readonly string[]).indexOf(status);
  return i >= 0 && i >= DEAL_FLOW.indexOf(from);
}

/** The steps that open for a status of the agent's side; unknown statuses open data and info only. */
export function availableSteps(status: string): ReadonlySet<ModalStep> {
  const steps = new Set<ModalStep>(['data', 'info']);
  if (status === 'IN_PROGRESS' || status === 'CREATED_OFFER' || status === 'SEND_OFFER' || reached(status, 'ACCEPTED'))
    steps.add('offer');
  if (reached(status, 'ACCEPTED')) steps.add('documents');
  if (reached(status, 'ACCEPTED_OFFER_DOCS')) steps.add('payment');
  if (reached(status, 'EXECUTING')) steps.add('closure');
  return steps;
}

/** The step a modal opens on: where the agent has something to do next. */
export function defaultStep(status: string): ModalStep {
  switch (status) {
    case 'IN_PROGRESS':
    case 'CREATED_OFFER':
    case 'SEND_OFFER':
      return 'offer';
    case 'ACCEPTED':
    case 'SEND_OFFER_DOCS':
      return 'documents';
    case 'ACCEPTED_OFFER_DOCS':
    case 'SEND_PAYCHECK':
    case 'PAYMENT_CHECKING':
      return 'payment';
    case 'EXECUTING':
    case 'SEND_EXECUTING_DOCS':
    case 'EXECUTED':
      return 'closure';
    default:
      return 'data';
  }
}

/** `requested` when it is open for the status, else the default step (a step closes when the status moves back or out). */
export function stepFor(status: string, requested: ModalStep | null | undefined): ModalStep {
  return requested && availableSteps(status).has(requested) ? requested : defaultStep(status);
}

export function isModalStep(value: string | null | undefined): value is ModalStep {
  return (MODAL_STEPS as readonly (string | null | undefined)[]).includes(value);
}

/** Refusal reason (spec core §5: a refusal reason is required). */
export const REFUSE_REASON_REQUIRED = 'Укажите причину отказа';

export function validateRefuseReason(value: string | null | undefined): true | string {
  return (value ?? '').trim() ? true : REFUSE_REASON_REQUIRED;
}
