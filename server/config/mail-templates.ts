import type { MailTemplate } from './cms-config.js';

/** `<%= NAME %>`: the one placeholder form of Strapi's email templates (lodash's interpolate). */
export const PLACEHOLDER = /<%=\s*([\w.]+)\s*%>/g;

/** The names a template may use; USER is the user as answers show it. */
export const PLACEHOLDER_NAMES = ['URL', 'SERVER_URL', 'TOKEN', 'CODE', 'USER.id', 'USER.documentId', 'USER.username', 'USER.email'] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

export function isPlaceholderName(value: string): value is PlaceholderName {
  return (PLACEHOLDER_NAMES as readonly string[]).includes(value);
}

/** The names a template uses that are not placeholders, and whether it has `<%` code other than `<%= NAME %>`. */
export function findTemplateProblem(text: string): string | undefined {
  const unknown = [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !isPlaceholderName(name));
  if (unknown.length > 0) return `unknown placeholder ${unknown[0]} (known: ${PLACEHOLDER_NAMES.join(', ')})`;
  if (text.replace(PLACEHOLDER, '').includes('<%')) return 'only <%= NAME %> placeholders are allowed';
  return undefined;
}

// Strapi's users-permissions defaults (subject and html); the text parts say the same in plain text.
export const DEFAULT_MAIL_TEMPLATES: { readonly resetPassword: MailTemplate; readonly emailConfirmation: MailTemplate } = {
  resetPassword: {
    subject: 'Reset password',
    text: `We heard that you lost your password. Sorry about that!

But don’t worry! You can use the following link to reset your password:
<%= URL %>?code=<%= TOKEN %>

Thanks.
`,
    html: `<p>We heard that you lost your password. Sorry about that!</p>

<p>But don’t worry! You can use the following link to reset your password:</p>
<p><%= URL %>?code=<%= TOKEN %></p>

<p>Thanks.</p>`,
  },
  emailConfirmation: {
    subject: 'Account confirmation',
    text: `Thank you for registering!

You have to confirm your email address. Please click on the link below.

<%= URL %>?confirmation=<%= CODE %>

Thanks.
`,
    html: `<p>Thank you for registering!</p>

<p>You have to confirm your email address. Please click on the link below.</p>

<p><%= URL %>?confirmation=<%= CODE %></p>

<p>Thanks.</p>`,
  },
};
