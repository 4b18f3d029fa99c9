/**
 * Mail transports (DESIGN "backend/plugins ... mail"; config SMTP_URL):
 * - {@link SmtpMailer}: SMTP through nodemailer when `config.smtpUrl` is set (e.g. `smtp://user:pass@host:587`).
 * - {@link OutboxMailer}: otherwise every mail is stored in the `mail_outbox` table and its links are logged;
 *   developers read them at GET /api/dev/outbox (src/mail/outbox-routes.ts; never in production).
 * The sender address is MAIL_FROM, default `Платформа ВЭД <no-reply@<host of PUBLIC_URL>>`.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/accounts.js';
import type { Mail, Mailer } from './mailer.js';

/** The From header: MAIL_FROM, else `Платформа ВЭД <no-reply@host>` with the host of `publicUrl`. */
export function senderAddress(publicUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    /* keep localhost */
  }
  return `Платформа ВЭД <no-reply@${host}>`;
}

/** Every http(s) link in a text, in order (for logs and the outbox page). */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
}

/** Sends mail over SMTP. `send` rejects when the server refuses or cannot be reached. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }
}

/** Stores mail in the `mail_outbox` table and logs its links (development without SMTP). */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = (l) => console.info(l),
  ) {}
  async send(mail: Mail): Promise<void> {
    await this.db
      .insert(mailOutbox)
      .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
    const links = linksIn(mail.text);
    this.log(`[mail] to ${mail.to}: ${mail.subject}${links.length ? ` — ${links.join(' ')}` : ''}`);
  }
}

/** Picks the mail transport: SMTP when `config.smtpUrl` is set, else the developer outbox in `db`. */
export function createMailer(config: Config, db: Db, log?: (line: string) => void): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, senderAddress(config.publicUrl));
  return new OutboxMailer(db, log);
}
