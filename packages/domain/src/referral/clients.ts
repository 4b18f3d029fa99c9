/**
 * Rules of the referral partner's clients (issue 11; spec core §3 "Client added by a partner", §5, §6 "Referral
 * partner … sees verification share"), once for every tier: which link statuses count as the partner's live
 * clients, the verification share, the extra contacts the partner edits and the OGRN of the client card route.
 */
import { checkEmail, checkPhone, normalizeEmail, type FieldIssue } from '../validation/rules.js';

/** Link statuses of a live client: the company is the partner's (or on its way to be); at most one per company. */
export const LIVE_REFERRAL_STATUSES = ['INVITED', 'CONSENT_REQUESTED', 'ACTIVE'] as const;
export type LiveReferralStatus = (typeof LIVE_REFERRAL_STATUSES)[number];
/** Every link status: live ones, then DECLINED (the company refused) and REMOVED (the partner removed it). */
export const REFERRAL_CLIENT_STATUSES = [...LIVE_REFERRAL_STATUSES, 'DECLINED', 'REMOVED'] as const;
export type ReferralClientStatus = (typeof REFERRAL_CLIENT_STATUSES)[number];

/** Russian labels of the link statuses (the partner's list and card). */
export const REFERRAL_CLIENT_STATUS_LABELS: Record<ReferralClientStatus, string> = {
  INVITED: 'Приглашён',
  CONSENT_REQUESTED: 'Ожидает согласия',
  ACTIVE: 'Активен',
  DECLINED: 'Отказался',
  REMOVED: 'Удалён',
};

/** True for a live link status (INVITED, CONSENT_REQUESTED, ACTIVE). */
export function isLiveReferralStatus(status: string): boolean {
  return (LIVE_REFERRAL_STATUSES as readonly string[]).includes(status);
}

/** The partner's verification share (spec core §6): verified of all live clients, percent 0..100. */
export interface VerificationShare {
  total: number;
  verified: number;
  /** Whole percent, rounded down (never 100 before every client is verified); 0 when there are no clients. */
  percent: number;
}

/**
 * The verification share of `verified` verified clients among `total` live clients: percent = floor(100 × verified /
 * total), 0 when total is 0. Counts below 0 or verified above total are clamped.
 */
export function verificationShare(total: number, verified: number): VerificationShare {
  const t = Math.max(0, Math.floor(total));
  const v = Math.min(t, Math.max(0, Math.floor(verified)));
  return { total: t, verified: v, percent: t === 0 ? 0 : Math.floor((v * 100) / t) };
}

/** The share as the partner's list shows it: 'Верифицировано N из M (P %)'. */
export function verificationShareLabel(s: VerificationShare): string {
  return `Верифицировано ${s.verified} из ${s.total} (${s.percent} %)`;
}

/** At most this many extra phones and this many extra e-mails per client. */
export const MAX_EXTRA_CONTACTS = 5;

/** Russian text when more than {@link MAX_EXTRA_CONTACTS} extra phones or e-mails are given. */
export const TOO_MANY_EXTRA_CONTACTS = `Не более ${MAX_EXTRA_CONTACTS} дополнительных контактов`;

/**
 * The partner's extra contacts of a client, checked and normalised: phones 10 digits (spec core §5 'Номер телефона —
 * 10 цифр'), e-mails valid ('Проверьте корректность данных') and lower-cased, blanks dropped, duplicates removed
 * (first kept), at most {@link MAX_EXTRA_CONTACTS} each after that. Issues name `extraPhones.<i>` / `extraEmails.<i>`
 * (or the list itself, code TOO_MANY).
 */
export function normalizeExtraContacts(input: { extraPhones: readonly string[]; extraEmails: readonly string[] }): {
  value: { extraPhones: string[]; extraEmails: string[] };
  issues: FieldIssue[];
} {
  const issues: FieldIssue[] = [];
  const phones: string[] = [];
  input.extraPhones.forEach((raw, i) => {
    const p = raw.trim();
    if (!p) return;
    const bad = checkPhone(p);
    if (bad) issues.push({ field: `extraPhones.${i}`, ...bad });
    else if (!phones.includes(p)) phones.push(p);
  });
  const emails: string[] = [];
  input.extraEmails.forEach((raw, i) => {
    const e = normalizeEmail(raw);
    if (!e) return;
    const bad = checkEmail(e);
    if (bad) issues.push({ field: `extraEmails.${i}`, ...bad });
    else if (!emails.includes(e)) emails.push(e);
  });
  if (phones.length > MAX_EXTRA_CONTACTS)
    issues.push({ field: 'extraPhones', code: 'TOO_MANY', message: TOO_MANY_EXTRA_CONTACTS });
  if (emails.length > MAX_EXTRA_CONTACTS)
    issues.push({ field: 'extraEmails', code: 'TOO_MANY', message: TOO_MANY_EXTRA_CONTACTS });
  return { value: { extraPhones: phones, extraEmails: emails }, issues };
}

/** The OGRN of the client card route /agent/clients/{ogrn} (spec core §2, §5): exactly 13 or 15 digits. */
export function isClientCardOgrn(value: string | undefined | null): value is string {
  return typeof value === 'string' && /^(\d{13}|\d{15})$/.test(value);
}

/** Russian text of the confirmation the partner must give (spec core §5 "needs confirmation that the client approved"). */
export const CLIENT_APPROVAL_REQUIRED = 'Подтвердите, что клиент согласен на регистрацию';
