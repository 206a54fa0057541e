import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { EmailConfig } from '../config/cms-config.js';
import type { MailLog, Mailer } from './mailer.js';

export interface OutboxOptions {
  readonly projectDir: string;
  readonly log: MailLog;
  /** In production the log names the file but not the link: links carry one-time codes. */
  readonly production: boolean;
}

/**
 * Without SMTP settings, mails are written as `.eml` files (open them in any mail program) to the
 * outbox folder, and the log names the file and the link, so a developer can finish a reset or a
 * confirmation locally. mail/ sits below store/, so it writes its files itself, atomically.
 */
export function createOutboxMailer(config: EmailConfig, options: OutboxOptions): Mailer {
  // nodemailer builds the complete RFC 5322 message without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(options.projectDir, config.outbox);
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: config.from,
        ...(config.replyTo === undefined ? {} : { replyTo: config.replyTo }),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      // `buffer: true` makes the message a Buffer; the type also allows a stream.
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer gave a stream where a buffer was asked for');
      writeAtomically(path.join(dir, name), info.message);
      const file = `${config.outbox}/${name}`;
      if (options.production) {
        options.log.warn(`email.smtp is not set: mail "${message.subject}" to ${message.to} written to ${file}, not sent`);
      } else {
        const link = message.link === undefined ? '' : `; open ${message.link}`;
        options.log.info(`mail "${message.subject}" to ${message.to} written to ${file}${link}`);
      }
      return { kind: 'outbox', file };
    },
    close: () => transport.close(),
  };
}

function writeAtomically(file: string, content: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}
