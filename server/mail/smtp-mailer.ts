import type { Transporter } from 'nodemailer';
import type { EmailConfig, SmtpConfig } from '../config/cms-config.js';
import { type Mailer, loadNodemailer, toMailOptions } from './mailer.js';

// Bounded waits, so a dead SMTP server fails a request instead of holding it.
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** Sends through the configured SMTP server; the password is given here, never kept in the config. */
export function createSmtpMailer(config: EmailConfig, smtp: SmtpConfig, password: string | undefined): Mailer {
  let transport: Transporter | undefined;
  const open = (): Transporter =>
    (transport ??= loadNodemailer().createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user === undefined ? {} : { auth: { user: smtp.user, pass: password ?? '' } }),
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: CONNECTION_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    }));
  return {
    async send(message) {
      const info = await open().sendMail(toMailOptions(config, message));
      return { kind: 'smtp', messageId: info.messageId };
    },
    close: () => transport?.close(),
  };
}
