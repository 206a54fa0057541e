import { applicationError, validationError } from '../errors/api-error.js';
import type { AuthState } from './auth-state.js';
import { checkAuthBody } from './check-auth-body.js';
import { checkPassword } from './hash-password.js';
import { issueJwt } from './json-web-token.js';
import { toPublicUser } from './stored-user.js';

export interface SignedIn {
  readonly jwt: string;
  readonly user: Record<string, unknown>;
}

/** `POST /api/auth/local` `{identifier, password}`: identifier is the email (any case) or the username. */
export async function logIn(state: AuthState, body: unknown): Promise<SignedIn> {
  const { identifier = '', password = '' } = checkAuthBody(body, [{ name: 'identifier' }, { name: 'password' }]);
  const user = state.users?.findByIdentifier(identifier);
  // The same answer, after the same work, whether the user is unknown or the password wrong.
  const valid = await checkPassword(password, user?.password ?? null);
  if (user === undefined || !valid || state.jwtSecret === undefined) throw validationError('Invalid identifier or password');
  // Strapi's order: the password first, so these two answers only go to whoever knows it.
  if (state.config.auth.emailConfirmation && !user.confirmed) throw applicationError('Your account email is not confirmed');
  if (user.blocked) throw applicationError('Your account has been blocked by an administrator');
  return { jwt: await issueJwt(state.jwtSecret, user.id, state.config.auth.jwtExpiresIn), user: toPublicUser(user) };
}
