import { renderTemplate } from '../mail/render-template.js';
import type { AuthMail } from './auth-mail.js';
import { sendInBackground } from './auth-mail.js';
import type { AuthState } from './auth-state.js';
import { EMAIL_RULE, checkAuthBody } from './check-auth-body.js';
import { issueOneTimeToken } from './one-time-token.js';
import { templateUser } from './template-user.js';
import { updateUserFields } from './user-lifecycles.js';

// Strapi's reset code: 64 random bytes, hex.
const RESET_BYTES = 64;

/**
 * `POST /api/auth/forgot-password` `{email}`: Strapi 5's answer, `{ok: true}`, whether or not the
 * address belongs to a user (or a blocked one). For a user, a new reset code replaces any earlier
 * one (stored before the mail goes, so an admin can still make the link if it fails) and the mail
 * links to `auth.resetPasswordUrl?code=<code>`; it is sent after the answer, so the time taken
 * tells nothing either.
 */
export async function forgotPassword(state: AuthState, mail: AuthMail, body: unknown): Promise<{ ok: true }> {
  const { email } = checkAuthBody(body, [EMAIL_RULE], { noUnknown: true });
  const user = state.users?.findByEmail(email!);
  if (user === undefined || user.blocked || state.users === undefined) return { ok: true };
  const { config } = state;
  const now = mail.now();
  const { token, stored } = issueOneTimeToken(RESET_BYTES, config.auth.resetPasswordTokenLifetimeMs, now);
  await updateUserFields(state.users, user, { resetPasswordToken: stored }, { now: new Date(now).toISOString() });
  const url = config.auth.resetPasswordUrl;
  if (url === undefined) mail.log.warn('auth.resetPasswordUrl is not set: the reset mail cannot link to a reset page');
  const rendered = renderTemplate(config.email.templates.resetPassword, {
    URL: url ?? '',
    SERVER_URL: mail.serverUrl(),
    TOKEN: token,
    ...templateUser(user),
  });
  sendInBackground(mail, () => mail.mailer.send({ to: user.email, ...rendered, link: `${url ?? ''}?code=${token}` }), 'the reset-password mail');
  return { ok: true };
}
