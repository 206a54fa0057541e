import type { StoredUser } from './stored-user.js';
import type { AuthState } from './auth-state.js';
import type { AuthMail } from './auth-mail.js';
import { issueOneTimeToken } from './one-time-token.js';
import { templateUser } from './template-user.js';
import { updateUserFields } from './user-lifecycles.js';
import { renderTemplate } from '../mail/render-template.js';

// Strapi's confirmation code: 20 random bytes, hex.
const CONFIRMATION_BYTES = 20;

/**
 * Strapi's sendConfirmationEmail: a new confirmation code replaces any earlier one, and the mail
 * links to `GET <server>/api/auth/email-confirmation?confirmation=<code>`.
 */
export async function sendConfirmationEmail(state: AuthState, mail: AuthMail, user: StoredUser): Promise<void> {
  const { config, users } = state;
  if (users === undefined) throw new Error('sendConfirmationEmail: no user store');
  const now = mail.now();
  const { token, stored } = issueOneTimeToken(CONFIRMATION_BYTES, config.auth.emailConfirmationTokenLifetimeMs, now);
  await updateUserFields(users, user, { confirmationToken: stored }, { now: new Date(now).toISOString() });
  const url = `${mail.serverUrl()}${config.rest.prefix}/auth/email-confirmation`;
  const rendered = renderTemplate(config.email.templates.emailConfirmation, {
    URL: url,
    SERVER_URL: mail.serverUrl(),
    CODE: token,
    ...templateUser(user),
  });
  await mail.mailer.send({ to: user.email, ...rendered, link: `${url}?confirmation=${token}` });
}
