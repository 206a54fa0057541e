import type { EmailConfig, MailTemplate, SmtpConfig } from './cms-config.js';
import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';
import { DEFAULT_MAIL_TEMPLATES, findTemplateProblem } from './mail-templates.js';
import { type Json, boolOption, intOption, objectAt, optionalString, stringOption } from './read-option.js';

/** Where mails go without SMTP settings, relative to the project folder (keep `.cms/` out of git). */
export const DEFAULT_OUTBOX = '.cms/outbox';
const DEFAULT_FROM = 'cms <no-reply@localhost>';
const PASSWORD_KEYS = ['pass', 'password'];

/**
 * `email: {smtp: {host, port, secure, user}, from, replyTo, outbox, templates}`. The SMTP password
 * is never read from the file (it would end up in git): it comes from `SMTP_PASSWORD`, read where
 * the mailer is made.
 */
export function emailOption(value: unknown): EmailConfig {
  if (value !== undefined && !isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: email: expected an object, got ${describe(value)}`);
  const email = value ?? {};
  const smtp = email['smtp'] === undefined ? undefined : smtpOption(objectAt(email, 'smtp', 'email.smtp'));
  const from = optionalString(email, 'email.from');
  if (smtp !== undefined && from === undefined) {
    throw new UserError(`${CONFIG_FILE}: email.from: expected the sender, like "Site <no-reply@example.com>", when email.smtp is set, got nothing`);
  }
  const outbox = stringOption(email, 'email.outbox', DEFAULT_OUTBOX);
  if (outbox.split(/[\\/]/).includes('..') || /^([\\/]|[a-z]:)/i.test(outbox)) {
    throw new UserError(`${CONFIG_FILE}: email.outbox: expected a folder inside the project, got ${describe(outbox)}`);
  }
  const templates = objectAt(email, 'templates', 'email.templates');
  return {
    smtp,
    from: from ?? DEFAULT_FROM,
    replyTo: optionalString(email, 'email.replyTo'),
    outbox,
    templates: {
      resetPassword: templateOption(templates, 'resetPassword', DEFAULT_MAIL_TEMPLATES.resetPassword),
      emailConfirmation: templateOption(templates, 'emailConfirmation', DEFAULT_MAIL_TEMPLATES.emailConfirmation),
    },
  };
}

function smtpOption(smtp: Json): SmtpConfig {
  const leaked = PASSWORD_KEYS.find((key) => smtp[key] !== undefined);
  if (leaked !== undefined) {
    throw new UserError(`${CONFIG_FILE}: email.smtp.${leaked}: keep the SMTP password out of the file: set SMTP_PASSWORD in the environment`);
  }
  const host = optionalString(smtp, 'email.smtp.host');
  if (host === undefined) throw new UserError(`${CONFIG_FILE}: email.smtp.host: expected the SMTP server's host name, got nothing`);
  const secure = boolOption(smtp, 'email.smtp.secure', false);
  return {
    host,
    // 465 is SMTP over TLS; 587 is submission with STARTTLS.
    port: intOption(smtp, 'email.smtp.port', secure ? 465 : 587, 1),
    secure,
    user: optionalString(smtp, 'email.smtp.user'),
  };
}

function templateOption(templates: Json, key: string, fallback: MailTemplate): MailTemplate {
  const given = objectAt(templates, key, `email.templates.${key}`);
  const part = (name: keyof MailTemplate): string => {
    const option = `email.templates.${key}.${name}`;
    const text = stringOption(given, option, fallback[name]);
    const problem = findTemplateProblem(text);
    if (problem !== undefined) throw new UserError(`${CONFIG_FILE}: ${option}: ${problem}`);
    return text;
  };
  return { subject: part('subject'), text: part('text'), html: part('html') };
}
