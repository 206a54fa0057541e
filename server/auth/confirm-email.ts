import { validationError } from '../errors/api-error.js';
import { entityValidationError } from '../errors/entity-validation-error.js';
import type { AuthState } from './auth-state.js';
import { isOneTimeTokenValid } from './one-time-token.js';

/**
 * `GET /api/auth/email-confirmation?confirmation=<code>`: confirms the user whose (unexpired) code
 * this is, once, and returns where to redirect: `auth.emailConfirmationRedirection`, else `/`.
 */
export function confirmEmail(state: AuthState, confirmation: unknown, now: () => number): string {
  if (typeof confirmation !== 'string' || confirmation === '') {
    throw entityValidationError([{ path: ['confirmation'], message: 'confirmation is a required field' }]);
  }
  const user = state.users?.list().find((candidate) => isOneTimeTokenValid(confirmation, candidate.confirmationToken, now()));
  if (user === undefined || state.users === undefined) throw validationError('Invalid token');
  state.users.update(user.documentId, { confirmed: true, confirmationToken: null }, new Date(now()).toISOString());
  return state.config.auth.emailConfirmationRedirection ?? '/';
}
