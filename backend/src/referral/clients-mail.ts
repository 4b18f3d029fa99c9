/**
 * Mails of the referral partner's clients (issue 11; spec core §3 "Client added by a partner"): the invitation of a
 * client's contact whom a partner registered (set the password by the link, like an operator's invitation), and the
 * consent request to the users of a company already on the platform. Russian, plain text and HTML (values escaped).
 */
import type { Mail } from '../mail/mailer.js';
import { escapeHtml, invitationLink } from '../mail/templates.js';

function build(to: string, subject: string, lines: string[], link: string, linkText: string): Mail {
  const footer = ['Если вы не ожидали это письмо, просто проигнорируйте его.', 'Платформа валютных платежей'];
  return {
    to,
    subject,
    text: [...lines, '', link, '', ...footer].join('\n'),
    html:
      `<!doctype html><html lang="ru"><body style="font-family:sans-serif">` +
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>` +
      footer.map((l) => `<p style="color:#666">${escapeHtml(l)}</p>`).join('') +
      `</body></html>`,
  };
}

const trim = (url: string) => url.replace(/\/+$/, '');

/**
 * The invitation of `to`, the contact of `companyName` whom the partner `partnerName` registered: set the password at
 * `${publicUrl}/client/auth/forgot/pass?token=…&invitation=1` (7 days).
 */
export function referralInvitationMail(
  publicUrl: string,
  to: string,
  token: string,
  names: { partnerName: string; companyName: string },
): Mail {
  return build(
    to,
    'Приглашение на платформу валютных платежей',
    [
      'Здравствуйте!',
      `Партнёр платформы ${names.partnerName} зарегистрировал компанию ${names.companyName} на платформе валютных платежей с вашего согласия. Ваш логин — ${to}.`,
      'Чтобы завершить регистрацию, задайте пароль по ссылке ниже. Ссылка действует 7 дней.',
    ],
    invitationLink(publicUrl, 'CLIENT', token),
    'Задать пароль',
  );
}

/** The mail to `to`, a user of `companyName`, that the partner `partnerName` asks to serve the company (consent). */
export function referralConsentMail(
  publicUrl: string,
  to: string,
  names: { partnerName: string; companyName: string },
): Mail {
  return build(
    to,
    'Партнёр просит согласия на обслуживание компании',
    [
      'Здравствуйте!',
      `Партнёр платформы ${names.partnerName} просит вашего согласия обслуживать компанию ${names.companyName}: создавать заявки от её имени и видеть их документы.`,
      'Принять или отклонить запрос можно в разделе «Моя компания». Без вашего согласия партнёр не получит доступа к компании.',
    ],
    `${trim(publicUrl)}/client/company`,
    'Открыть «Моя компания»',
  );
}
