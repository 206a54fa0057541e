import { applicationError, validationError } from '../errors/api-error.js';
import type { AuthState } from './auth-state.js';
import { EMAIL_RULE, PASSWORD_RULE, checkAuthBody } from './check-auth-body.js';
import { hashPassword } from '../documents/password-hash.js';
import { issueJwt } from './json-web-token.js';
import type { SignedIn } from './log-in.js';
import { toPublicUser } from './stored-user.js';

const ALLOWED_KEYS = ['username', 'password', 'email'];

/**
 * `POST /api/auth/local/register` `{username, email, password}`: a new local user with the default
 * role, signed in at once (no email confirmation). Off unless `auth.register` is true.
 */
export async function registerUser(state: AuthState, body: unknown, now: () => string): Promise<SignedIn> {
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
  const user = users.add({ username: fields['username']!, email: fields['email']!, password, role }, now());
  return { jwt: await issueJwt(jwtSecret, user.id, config.auth.jwtExpiresIn), user: toPublicUser(user) };
}
