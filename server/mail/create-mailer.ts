import type { EmailConfig } from '../config/cms-config.js';
import type { MailLog, Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export interface MailerOptions {
  readonly projectDir: string;
  /** `SMTP_PASSWORD`, read by the caller from the environment. */
  readonly password: string | undefined;
  readonly log: MailLog;
  readonly production: boolean;
}

/** SMTP when `email.smtp` is set; otherwise the outbox folder (each mail a warning in production). */
export function createMailer(config: EmailConfig, options: MailerOptions): Mailer {
  if (config.smtp !== undefined) return createSmtpMailer(config, config.smtp, options.password);
  return createOutboxMailer(config, options);
}
