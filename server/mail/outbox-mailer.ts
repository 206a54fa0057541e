import crypto from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { EmailConfig } from '../config/cms-config.js';
import { writeProjectText } from '../store/project-files.js';
import { type MailLog, type Mailer, loadNodemailer, toMailOptions } from './mailer.js';

export interface OutboxOptions {
  readonly projectDir: string;
  readonly log: MailLog;
  /** In production the log names the file but not the link: links carry one-time codes. */
  readonly production: boolean;
}

/**
 * Without SMTP settings, mails are written as `.eml` files (open them in any mail program) to the
 * outbox folder, and the log names the file and the link, so a developer can finish a reset or a
 * confirmation locally. The files are written through store/, atomically, inside the project.
 */
export function createOutboxMailer(config: EmailConfig, options: OutboxOptions): Mailer {
  // nodemailer builds the complete RFC 5322 message without sending it.
  let transport: Transporter | undefined;
  return {
    async send(message) {
      transport ??= loadNodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail(toMailOptions(config, message));
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      // `buffer: true` makes the message a Buffer; the type also allows a stream.
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer gave a stream where a buffer was asked for');
      const file = `${config.outbox}/${name}`;
      writeProjectText(options.projectDir, file, info.message);
      if (options.production) {
        options.log.warn(`email.smtp is not set: mail "${message.subject}" to ${message.to} written to ${file}, not sent`);
      } else {
        const link = message.link === undefined ? '' : `; open ${message.link}`;
        options.log.info(`mail "${message.subject}" to ${message.to} written to ${file}${link}`);
      }
      return { kind: 'outbox', file };
    },
    close: () => transport?.close(),
  };
}
