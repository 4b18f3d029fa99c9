/**
 * Russian labels of the deal flow (spec core §3 Offer, Documents; §4 statuses) for the client's and the
 * operator's request modals, and the payment agent's screens that want them. The display statuses of the two
 * §4 tables are resolved by the gateway (`clientDisplayStatus`, `operatorDisplayStatus`, `displayStatus`) and
 * shown as they come; these labels are for raw statuses (offers in a comparison, history rows, bills, documents).
 * Pure: tested in labels.test.ts.
 */
import { HIDDEN_DETAILS_OFFER_STATUSES } from '@platform/domain/deal/display';
import {
  OFFER_STATUS_LABELS_FOR_CLIENT,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@platform/domain/deal/statuses';

/**
 * Order, offer and bill statuses (spec core §4): the one set of labels of @platform/domain, shared with the backend's
 * answers and the gateway (issue 9). Offers are labelled as the client and the operator read them.
 */
export const ORDER_STATUS_LABEL: Readonly<Record<string, string>> = ORDER_STATUS_LABELS;
export const OFFER_STATUS_LABEL: Readonly<Record<string, string>> = OFFER_STATUS_LABELS_FOR_CLIENT;
export const PAYMENT_STATUS_LABEL: Readonly<Record<string, string>> = PAYMENT_STATUS_LABELS;

/** Deal method (spec core §3 Offer): protected 'risk-free' or unprotected standard deal. */
export const DEAL_METHOD_LABEL: Readonly<Record<string, string>> = {
  PROTECTED: 'Безрисковая',
  UNPROTECTED: 'Стандартная',
};

/** Document statuses (spec core §3 Documents: uploaded, signed, sent, confirmed). */
export const DOCUMENT_STATUS_LABEL: Readonly<Record<string, string>> = {
  UPLOADED: 'Загружен',
  SIGNED: 'Подписан агентом',
  SENT: 'Отправлен',
  CONFIRMED: 'Подтверждён',
};

/** Who acted, in a history row. */
export const ACTOR_ROLE_LABEL: Readonly<Record<string, string>> = {
  CLIENT: 'Клиент',
  PARTNER: 'Платёжный агент',
  OPER: 'Оператор',
  AGENT: 'Партнёр',
  SYSTEM: 'Система',
};

/** What a history row is about. */
export const HISTORY_ENTITY_LABEL: Readonly<Record<string, string>> = {
  ORDER: 'Заявка',
  OFFER: 'Предложение',
  PAYMENT: 'Счёт',
};

/** Label of a status name of a history row of `entity` (ORDER, OFFER, PAYMENT); the raw name when unknown. */
export function statusLabel(entity: string, status: string | null | undefined): string {
  if (!status) return '';
  const table =
    entity === 'OFFER' ? OFFER_STATUS_LABEL : entity === 'PAYMENT' ? PAYMENT_STATUS_LABEL : ORDER_STATUS_LABEL;
  return table[status] ?? status;
}

/**
 * Offer statuses whose details (fee, percent, dates, protection type) are not displayed (spec core §4). The
 * gateway already returns `offer: null` for them (`offerDetailsHidden`); the UI uses this set to say why.
 */
export const OFFER_DETAILS_HIDDEN_STATUSES: ReadonlySet<string> = new Set<string>(HIDDEN_DETAILS_OFFER_STATUSES);

/** Badge colour of a display-status code or raw status (client, operator, payment agent codes alike). */
export function statusColor(code: string): string {
  switch (code) {
    case 'EXECUTED':
    case 'HAS_OFFERS':
    case 'OFFER':
    case 'SEND_OFFER':
      return 'green';
    case 'REJECTED':
    case 'REJECTED_BY_SERVICE':
    case 'AGENT_REFUSAL':
    case 'CLIENT_REFUSAL':
    case 'REFUSE_OPER':
      return 'red';
    case 'CANCELED':
    case 'SIGNED_ANOTHER_OFFER':
    case 'ANOTHER_OFFER_ACCEPTED':
    case 'ARCHIVED':
      return 'gray';
    case 'PAYMENT':
    case 'SEND_PAYCHECK':
    case 'WAITING_FOR_PAYMENT_ORDER':
    case 'ACCEPTED_OFFER_DOCS':
    case 'BILLING':
      return 'orange';
    case 'PAYMENT_CHECKING':
    case 'CHECK_PAYMENT':
      return 'yellow';
    case 'REQUIRES_SIGNATURE':
    case 'REQUIRES_CONFIRMATION':
    case 'SEND_EXECUTING_DOCS':
      return 'purple';
    case 'EXECUTING':
      return 'cyan';
    case 'ON_REVIEW':
    case 'WAITING_FOR_OFFERS':
    case 'ACTIVE':
      return 'blue';
    case 'OFFER_ACCEPTED':
    case 'ACCEPTED':
      return 'teal';
    default:
      return 'gray';
  }
}
