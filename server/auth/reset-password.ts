import { validationError } from '../errors/api-error.js';
import type { AuthState } from './auth-state.js';
import { PASSWORD_RULE, checkAuthBody } from './check-auth-body.js';
import { hashPassword } from '../documents/password-hash.js';
import { issueJwt } from './json-web-token.js';
import type { SignedIn } from './log-in.js';
import { isOneTimeTokenValid } from './one-time-token.js';
import type { StoredUser } from './stored-user.js';
import { toPublicUser } from './stored-user.js';
import { updateUserFields } from './user-lifecycles.js';

/**
 * `POST /api/auth/reset-password` `{code, password, passwordConfirmation}`: the user whose reset
 * code this is (unexpired) gets the new password and is signed in. The code works once.
 */
export async function resetPassword(state: AuthState, body: unknown, now: () => number): Promise<SignedIn> {
  const fields = checkAuthBody(body, [PASSWORD_RULE, { name: 'passwordConfirmation' }, { name: 'code' }], { noUnknown: true });
  if (fields['password'] !== fields['passwordConfirmation']) throw validationError('Passwords do not match');
  const { users, jwtSecret, config } = state;
  const find = (): StoredUser | undefined => users?.list().find((user) => isOneTimeTokenValid(fields['code']!, user.resetPasswordToken, now()));
  if (find() === undefined || users === undefined || jwtSecret === undefined) throw validationError('Incorrect code provided');
  const password = await hashPassword(fields['password']!);
  // Looked up again after the (asynchronous) hashing, and right before the synchronous write, after
  // the lifecycles: two requests with one code cannot both use it.
  const user = find();
  if (user === undefined) throw validationError('Incorrect code provided');
  const check = (): void => {
    if (find()?.id !== user.id) throw validationError('Incorrect code provided');
  };
  const updated = (await updateUserFields(users, user, { password, resetPasswordToken: null }, { now: new Date(now()).toISOString(), check })) ?? user;
  return { jwt: await issueJwt(jwtSecret, user.id, config.auth.jwtExpiresIn), user: toPublicUser(updated) };
}
