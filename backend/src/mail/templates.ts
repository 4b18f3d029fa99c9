/**
 * Texts of the mails the accounts flows send (spec core §2 auth screens, §4 registration, §7 Public e-mail
 * and password calls). Russian, with a plain-text and an HTML part; every value put into HTML is escaped.
 * Links use `PUBLIC_URL` (docs/rest-api.md "Public").
 */
import type { AccountType } from '../plugins/auth.js';
import type { Mail } from './mailer.js';

/** Escapes the five HTML special characters. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** URL area of an account type: client, partner (payment agent), agent (referral partner), operator. */
export function areaOf(type: AccountType): 'client' | 'partner' | 'agent' | 'operator' {
  return ({ CLIENT: 'client', PARTNER: 'partner', AGENT: 'agent', OPER: 'operator' } as const)[type];
}

const trim = (url: string) => url.replace(/\/+$/, '');

/** Registration link (valid 24 h): `${publicUrl}/client/auth/registration?token=…`. */
export function registrationLink(publicUrl: string, token: string): string {
  return `${trim(publicUrl)}/client/auth/registration?token=${encodeURIComponent(token)}`;
}

/** Password reset link (valid 1 h): `${publicUrl}/<area>/auth/forgot/pass?token=…`. */
export function passwordResetLink(publicUrl: string, type: AccountType, token: string): string {
  return `${trim(publicUrl)}/${areaOf(type)}/auth/forgot/pass?token=${encodeURIComponent(token)}`;
}

/** Login e-mail change link (valid 24 h): `${publicUrl}/<area>/auth/email/confirm?token=…` (designed). */
export function emailChangeLink(publicUrl: string, type: AccountType, token: string): string {
  return `${trim(publicUrl)}/${areaOf(type)}/auth/email/confirm?token=${encodeURIComponent(token)}`;
}

/**
 * Invitation link of an account created by an operator (valid 7 days, issue 10): the set-password page of its area,
 * `${publicUrl}/<area>/auth/forgot/pass?token=…&invitation=1` (operators: `/operator/auth/invitation?token=…`).
 */
export function invitationLink(publicUrl: string, type: AccountType, token: string): string {
  if (type === 'OPER') return `${trim(publicUrl)}/operator/auth/invitation?token=${encodeURIComponent(token)}`;
  return `${passwordResetLink(publicUrl, type, token)}&invitation=1`;
}

function build(to: string, subject: string, lines: string[], link: string, linkText: string): Mail {
  const text = [
    ...lines,
    '',
    link,
    '',
    'Если вы не запрашивали это письмо, просто проигнорируйте его.',
    '',
    'Платформа валютных платежей',
  ].join('\n');
  const html =
    `<!doctype html><html lang="ru"><body style="font-family:sans-serif">` +
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>` +
    `<p style="color:#666">Если вы не запрашивали это письмо, просто проигнорируйте его.</p>` +
    `<p>Платформа валютных платежей</p></body></html>`;
  return { to, subject, text, html };
}

/** The registration confirmation mail to `to` with its link. */
export function registrationMail(publicUrl: string, to: string, token: string): Mail {
  return build(
    to,
    'Подтверждение адреса электронной почты',
    [
      'Здравствуйте!',
      'Чтобы продолжить регистрацию на платформе валютных платежей, подтвердите адрес электронной почты по ссылке ниже.',
      'Ссылка действует 24 часа.',
    ],
    registrationLink(publicUrl, token),
    'Подтвердить почту и продолжить регистрацию',
  );
}

/** The password reset mail to `to` for an account of `type`. */
export function passwordResetMail(publicUrl: string, to: string, type: AccountType, token: string): Mail {
  return build(
    to,
    'Восстановление пароля',
    [
      'Здравствуйте!',
      'Мы получили запрос на смену пароля. Чтобы задать новый пароль, перейдите по ссылке ниже.',
      'Ссылка действует 1 час.',
    ],
    passwordResetLink(publicUrl, type, token),
    'Задать новый пароль',
  );
}

/** The mail to a new login address `to` of an account of `type`, confirming the change. */
export function emailChangeMail(publicUrl: string, to: string, type: AccountType, token: string): Mail {
  return build(
    to,
    'Подтверждение нового адреса электронной почты',
    [
      'Здравствуйте!',
      'Чтобы входить на платформу с этим адресом электронной почты, подтвердите его по ссылке ниже.',
      'Ссылка действует 24 часа.',
    ],
    emailChangeLink(publicUrl, type, token),
    'Подтвердить новый адрес',
  );
}

/** Russian name of the account kind in the invitation mail. */
const INVITED_AS: Record<AccountType, string> = {
  CLIENT: 'клиента',
  PARTNER: 'платёжного агента',
  AGENT: 'партнёра',
  OPER: 'сотрудника',
};

/** The invitation to `to`, whose account of `type` an operator created (issue 10): set the password by the link. */
export function invitationMail(publicUrl: string, to: string, type: AccountType, token: string): Mail {
  return build(
    to,
    'Приглашение на платформу валютных платежей',
    [
      'Здравствуйте!',
      `Оператор платформы валютных платежей создал для вас учётную запись ${INVITED_AS[type]}. Логин — ${to}.`,
      'Чтобы войти, задайте пароль по ссылке ниже. Ссылка действует 7 дней.',
    ],
    invitationLink(publicUrl, type, token),
    'Задать пароль',
  );
}
