import { applicationError, validationError } from '../errors/api-error.js';
import type { AuthMail } from './auth-mail.js';
import type { AuthState } from './auth-state.js';
import { EMAIL_RULE, PASSWORD_RULE, checkAuthBody } from './check-auth-body.js';
import { hashPassword } from '../documents/password-hash.js';
import { issueJwt } from './json-web-token.js';
import type { SignedIn } from './log-in.js';
import { sendConfirmationEmail } from './send-confirmation-email.js';
import { toPublicUser } from './stored-user.js';
import { runUserWrite } from './user-lifecycles.js';
import type { NewUser } from './user-store.js';

const ALLOWED_KEYS = ['username', 'password', 'email'];

/** The answer to a sign-up: signed in, or (`auth.emailConfirmation`) the user alone, to confirm first. */
export type Registered = SignedIn | { readonly user: Record<string, unknown> };

/**
 * `POST /api/auth/local/register` `{username, email, password}`: a new local user with the default
 * role, signed in at once; with `auth.emailConfirmation`, unconfirmed, sent a confirmation mail and
 * answered `{user}` without a JWT, as Strapi does. Off unless `auth.register` is true.
 */
export async function registerUser(state: AuthState, body: unknown, mail: AuthMail): Promise<Registered> {
  const { config, users, jwtSecret } = state;
  if (!config.auth.register || users === undefined || jwtSecret === undefined) {
    throw applicationError('Register action is currently disabled');
  }
  const invalid = body !== null && typeof body === 'object' ? Object.keys(body).filter((key) => !ALLOWED_KEYS.includes(key)) : [];
  if (invalid.length > 0) throw validationError(`Invalid parameters: ${invalid.join(', ')}`);
  const fields = checkAuthBody(body, [EMAIL_RULE, { name: 'username' }, PASSWORD_RULE]);
  const role = config.auth.defaultRole;
  if (role !== 'authenticated' && config.permissions[role] === undefined) {
    throw applicationError('Impossible to find the default role');
  }
  const taken = (): boolean => users.isTaken(fields['username']!, fields['email']!);
  if (taken()) throw applicationError('Email or Username are already taken');
  const password = await hashPassword(fields['password']!);
  // Checked again after the (asynchronous) hashing, right before the synchronous write: two
  // sign-ups with the same name cannot both pass.
  if (taken()) throw applicationError('Email or Username are already taken');
  const confirm = config.auth.emailConfirmation;
  const now = new Date(mail.now()).toISOString();
  const user = await runUserWrite(users, {
    action: 'create',
    data: { username: fields['username']!, email: fields['email']!, password, role, confirmed: !confirm },
    write: (data) => {
      // Hooks may have taken time (and changed the name): checked again right before the synchronous write.
      if (users.isTaken(String(data['username']), String(data['email']))) throw applicationError('Email or Username are already taken');
      return users.add(data as unknown as NewUser, now);
    },
  });
  if (confirm) {
    try {
      await sendConfirmationEmail(state, mail, user);
    } catch (error) {
      mail.log.error('the confirmation mail could not be sent', error);
      throw applicationError('Error sending confirmation email');
    }
    return { user: toPublicUser(user) };
  }
  return { jwt: await issueJwt(jwtSecret, user.id, config.auth.jwtExpiresIn), user: toPublicUser(user) };
}
