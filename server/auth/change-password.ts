import { applicationError, validationError } from '../errors/api-error.js';
import type { AuthState } from './auth-state.js';
import type { Caller } from './caller.js';
import { PASSWORD_RULE, checkAuthBody } from './check-auth-body.js';
import { hashPassword } from '../documents/password-hash.js';
import { checkPassword } from './hash-password.js';
import { issueJwt } from './json-web-token.js';
import type { SignedIn } from './log-in.js';
import { toPublicUser } from './stored-user.js';
import { updateUserFields } from './user-lifecycles.js';

/**
 * `POST /api/auth/change-password` `{currentPassword, password, passwordConfirmation}`: a signed-in
 * user changes their password, with Strapi's messages, and gets a fresh JWT.
 */
export async function changePassword(state: AuthState, caller: Caller | undefined, body: unknown, now: () => number): Promise<SignedIn> {
  if (caller?.kind !== 'user') throw applicationError('You must be authenticated to reset your password');
  const fields = checkAuthBody(body, [PASSWORD_RULE, { name: 'passwordConfirmation' }, { name: 'currentPassword' }], { noUnknown: true });
  if (fields['password'] !== fields['passwordConfirmation']) throw validationError('Passwords do not match');
  const { users, jwtSecret, config } = state;
  const user = users?.findById(caller.user.id);
  if (users === undefined || jwtSecret === undefined || user === undefined) throw applicationError('You must be authenticated to reset your password');
  if (!(await checkPassword(fields['currentPassword']!, user.password))) throw validationError('The provided current password is invalid');
  if (fields['currentPassword'] === fields['password']) throw validationError('Your new password must be different than your current password');
  const password = await hashPassword(fields['password']!);
  const updated = (await updateUserFields(users, user, { password }, { now: new Date(now()).toISOString() })) ?? user;
  return { jwt: await issueJwt(jwtSecret, user.id, config.auth.jwtExpiresIn), user: toPublicUser(updated) };
}
