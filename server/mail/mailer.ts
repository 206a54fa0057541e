import type nodemailer from 'nodemailer';
import type { EmailConfig } from '../config/cms-config.js';
import { packageOnFirstUse } from '../config/package-on-first-use.js';

/** nodemailer, loaded when the first mail is sent: a start does not need its ~40 modules. */
export const loadNodemailer = packageOnFirstUse<typeof nodemailer>('nodemailer');

/** One mail as auth/ composes it; `from` and `replyTo` come from the config. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** The link the mail carries, named in the log when the mail goes to the outbox (development). */
  readonly link?: string | undefined;
}

/** Where a mail went. */
export type SentMail = { readonly kind: 'smtp'; readonly messageId: string } | { readonly kind: 'outbox'; readonly file: string };

export interface Mailer {
  /** Sends (or writes) the mail; rejects when the SMTP server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<SentMail>;
  /** Closes SMTP connections, if any. */
  close(): void;
}

export interface MailLog {
  info(message: string): void;
  warn(message: string): void;
}

/** What nodemailer is handed for a message: the configured sender, and the message itself. */
export function toMailOptions(config: EmailConfig, message: MailMessage): Record<string, string> {
  return {
    from: config.from,
    ...(config.replyTo === undefined ? {} : { replyTo: config.replyTo }),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  };
}
