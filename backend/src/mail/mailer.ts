/** Outgoing mail (confirmation and password reset links). Implementations: SMTP (SMTP_URL) and the developer outbox. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends or stores one mail; rejects when the transport fails. */
  send(mail: Mail): Promise<void>;
}
