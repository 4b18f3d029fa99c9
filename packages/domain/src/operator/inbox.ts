/**
 * The operators' inbox (issue 11): callback requests from the public site (`callback_requests`) and clients'
 * recommendations of other companies (`client_recommendations`; spec core §2 Shared "recommend-a-client form", §7
 * Client), each NEW until an operator marks it HANDLED. One copy of the kinds, statuses, labels, the form's character
 * limits and its validation (spec core §5 messages) for the backend, the gateway and the web app.
 */
import { checkEmail, checkInn, checkPhone, issue, normalizeEmail, type FieldIssue } from '../validation/rules.js';

/**
 * Kinds of inbox items: a callback request, a client's recommendation, or a lead of the public site's card forms
 * (`card_leads`, POST /api/public/lead/card/debit; issue 13).
 */
export const INBOX_KINDS = ['CALLBACK', 'RECOMMENDATION', 'LEAD'] as const;
/** A kind of inbox item. */
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Statuses of an inbox item: NEW until an operator handles it. */
export const INBOX_STATUSES = ['NEW', 'HANDLED'] as const;
/** A status of an inbox item. */
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** Russian names of the kinds (the inbox filter and rows). */
export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  CALLBACK: 'Обратный звонок',
  RECOMMENDATION: 'Рекомендация клиента',
  LEAD: 'Заявка на карту',
};

/** Russian names of the statuses. */
export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  NEW: 'Новое',
  HANDLED: 'Обработано',
};

/**
 * Russian names of the known callback types (`callback_requests.type`: GENERAL for /user/callback, AGENT for
 * /callback/agent, else the upper-cased `{type}` of /callback/{type}); an unknown type is shown as itself.
 */
export const CALLBACK_TYPE_LABELS: Record<string, string> = {
  GENERAL: 'Обратный звонок',
  AGENT: 'Стать партнёром',
  PARTNER: 'Стать платёжным агентом',
  CARDS: 'Зарубежные карты',
  CARD_DEBIT: 'Дебетовая карта',
};

/** The Russian label of a callback type; an unknown type as itself. */
export function callbackTypeLabel(type: string): string {
  return CALLBACK_TYPE_LABELS[type] ?? type;
}

/** Russian names of the lead types (`card_leads.type`; CARD_DEBIT for POST /api/public/lead/card/debit). */
export const LEAD_TYPE_LABELS: Record<string, string> = {
  CARD_DEBIT: 'Заявка на дебетовую карту',
};

/**
 * The Russian label of an inbox item's type: 'Рекомендация клиента' for a recommendation, the lead type's label for a
 * lead, the callback type's label for a callback; an unknown type as itself.
 */
export function inboxTypeLabel(kind: InboxKind, type: string): string {
  if (kind === 'RECOMMENDATION') return INBOX_KIND_LABELS.RECOMMENDATION;
  if (kind === 'LEAD') return LEAD_TYPE_LABELS[type] ?? type;
  return callbackTypeLabel(type);
}

/** Character limits of the recommend-a-client form (spec core §5: "character limits … are not shown"; ours). */
export const RECOMMENDATION_LIMITS = {
  companyName: 200,
  contactName: 100,
  /** RFC 5321 (checked by `checkEmail`). */
  email: 254,
  comment: 1000,
} as const;

/** Recommendations one client company may send in a rolling 24 hours (more: 429 RECOMMENDATION_LIMIT). */
export const RECOMMENDATIONS_PER_DAY = 20;

/** The recommend-a-client form as typed (optional fields empty or absent). */
export interface RecommendationInput {
  companyName: string;
  inn?: string | null;
  contactName: string;
  phone: string;
  email?: string | null;
  comment?: string | null;
}

/** The form as stored: trimmed, the e-mail lower-cased, empty optional fields null. */
export interface NormalizedRecommendation {
  companyName: string;
  inn: string | null;
  contactName: string;
  phone: string;
  email: string | null;
  comment: string | null;
}

const blankToNull = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

/** Trims the fields, lower-cases the e-mail and turns empty optional fields into null. */
export function normalizeRecommendation(input: RecommendationInput): NormalizedRecommendation {
  const email = blankToNull(input.email);
  return {
    companyName: input.companyName.trim(),
    inn: blankToNull(input.inn),
    contactName: input.contactName.trim(),
    phone: input.phone.trim(),
    email: email === null ? null : normalizeEmail(email),
    comment: blankToNull(input.comment),
  };
}

const TOO_LONG = { code: 'MAX_LENGTH', message: 'Превышен лимит символов' } as const;

/**
 * Field issues of the recommend-a-client form (spec core §5): companyName, contactName, phone required (REQUIRED
 * 'Обязательное поле'); phone 10 digits (PHONE_INVALID 'Номер телефона — 10 цифр'); e-mail (EMAIL_INVALID 'Проверьте
 * корректность данных'); INN of 10 or 12 digits with its check digits (INN_INVALID); texts over
 * {@link RECOMMENDATION_LIMITS} (MAX_LENGTH 'Превышен лимит символов'). One issue per field, [] when valid.
 */
export function recommendationIssues(input: RecommendationInput): FieldIssue[] {
  const v = normalizeRecommendation(input);
  const out: FieldIssue[] = [];
  const text = (field: 'companyName' | 'contactName', value: string) => {
    if (!value) out.push({ field, ...issue('REQUIRED') });
    else if (value.length > RECOMMENDATION_LIMITS[field]) out.push({ field, ...TOO_LONG });
  };
  text('companyName', v.companyName);
  if (v.inn !== null) {
    const bad = checkInn(v.inn);
    if (bad) out.push({ field: 'inn', ...bad });
  }
  text('contactName', v.contactName);
  if (!v.phone) out.push({ field: 'phone', ...issue('REQUIRED') });
  else {
    const bad = checkPhone(v.phone);
    if (bad) out.push({ field: 'phone', ...bad });
  }
  if (v.email !== null) {
    const bad = checkEmail(v.email);
    if (bad) out.push({ field: 'email', ...bad });
  }
  if (v.comment !== null && v.comment.length > RECOMMENDATION_LIMITS.comment)
    out.push({ field: 'comment', ...TOO_LONG });
  return out;
}
