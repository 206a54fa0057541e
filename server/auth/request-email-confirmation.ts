import { applicationError } from '../errors/api-error.js';
import type { AuthMail } from './auth-mail.js';
import { sendInBackground } from './auth-mail.js';
import type { AuthState } from './auth-state.js';
import { EMAIL_RULE, checkAuthBody } from './check-auth-body.js';
import { sendConfirmationEmail } from './send-confirmation-email.js';

/**
 * `POST /api/auth/send-email-confirmation` `{email}`: a new confirmation mail, answered
 * `{email, sent: true}` also for an address nobody has, as Strapi 5 does. Like Strapi, an address
 * already confirmed or blocked gets its own error (these two do say the address is known; the
 * route is rate-limited). The mail goes after the answer, so its time tells nothing.
 */
export function requestEmailConfirmation(state: AuthState, mail: AuthMail, body: unknown): { email: string; sent: true } {
  const { email } = checkAuthBody(body, [EMAIL_RULE]);
  const user = state.users?.findByEmail(email!);
  if (user === undefined) return { email: email!, sent: true };
  if (user.confirmed) throw applicationError('Already confirmed');
  if (user.blocked) throw applicationError('User blocked');
  sendInBackground(mail, () => sendConfirmationEmail(state, mail, user), 'the confirmation mail');
  return { email: user.email, sent: true };
}
