import { validationError } from '../errors/api-error.js';
import { entityValidationError } from '../errors/entity-validation-error.js';
import type { AuthState } from './auth-state.js';
import { isOneTimeTokenValid } from './one-time-token.js';
import { updateUserFields } from './user-lifecycles.js';

/**
 * `GET /api/auth/email-confirmation?confirmation=<code>`: confirms the user whose (unexpired) code
 * this is, once, and returns where to redirect: `auth.emailConfirmationRedirection`, else `/`.
 */
export async function confirmEmail(state: AuthState, confirmation: unknown, now: () => number): Promise<string> {
  if (typeof confirmation !== 'string' || confirmation === '') {
    throw entityValidationError([{ path: ['confirmation'], message: 'confirmation is a required field' }]);
  }
  const find = () => state.users?.list().find((candidate) => isOneTimeTokenValid(confirmation, candidate.confirmationToken, now()));
  const user = find();
  if (user === undefined || state.users === undefined) throw validationError('Invalid token');
  // Again right before the write, after the lifecycles: a code works once.
  const check = (): void => {
    if (find()?.id !== user.id) throw validationError('Invalid token');
  };
  await updateUserFields(state.users, user, { confirmed: true, confirmationToken: null }, { now: new Date(now()).toISOString(), check });
  return state.config.auth.emailConfirmationRedirection ?? '/';
}
