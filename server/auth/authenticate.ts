import { findApiToken, isTokenExpired } from './api-token.js';
import type { AuthState } from './auth-state.js';
import { type Caller, publicCaller, userCaller } from './caller.js';
import { readJwt } from './json-web-token.js';

/** Who is calling, or why the credentials were refused (the 401's message). */
export type Authentication = { readonly ok: true; readonly caller: Caller } | { readonly ok: false; readonly message: string };

const MISSING = 'Missing or invalid credentials';

/**
 * Strapi's content-API authentication: without an Authorization header the caller is the public
 * role; with one, it must be `Bearer <token>` naming an API token (tried first) or a signed-in
 * user's JWT. Anything else is refused, even where the public role could have read.
 */
export async function authenticate(authorization: string, state: AuthState, now: Date = new Date()): Promise<Authentication> {
  if (authorization === '') return { ok: true, caller: publicCaller(state.config) };
  const parts = authorization.trim().split(/\s+/);
  const token = parts.length === 2 && parts[0]!.toLowerCase() === 'bearer' ? parts[1]! : undefined;
  if (token === undefined) return { ok: false, message: MISSING };

  const apiToken = state.apiTokenSalt === undefined ? undefined : findApiToken(state.config.auth.apiTokens, token, state.apiTokenSalt);
  if (apiToken !== undefined) {
    if (isTokenExpired(apiToken, now)) return { ok: false, message: 'Token expired' };
    return { ok: true, caller: { kind: 'api-token', token: apiToken } };
  }

  const userId = state.jwtSecret === undefined ? undefined : await readJwt(state.jwtSecret, token);
  if (userId === undefined) return { ok: false, message: MISSING };
  const user = state.users?.findById(userId);
  // A deleted or blocked user's token no longer works (Strapi's wording).
  if (user === undefined || user.blocked) return { ok: false, message: 'Invalid credentials' };
  return { ok: true, caller: userCaller(state.config, user) };
}
