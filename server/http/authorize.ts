import type { Context, Middleware } from 'koa';
import type { AuthState } from '../auth/auth-state.js';
import { authenticate } from '../auth/authenticate.js';
import { type Caller, canFind, isAllowed } from '../auth/caller.js';
import type { CmsConfig } from '../config/cms-config.js';
import { forbiddenError, unauthorizedError } from '../errors/api-error.js';

const AUTH_STATE = 'cmsAuth';
const CALLER = 'cmsCaller';

/**
 * Makes the project's auth state (API tokens, users, secrets) available to every `authorize`: the
 * current one per request, so a reloaded cms.config.json applies from the next request on.
 */
export function provideAuth(current: () => AuthState): Middleware {
  return async (ctx, next) => {
    ctx.state[AUTH_STATE] = current();
    await next();
  };
}

/** The auth state `provideAuth` gave this request. */
export function authStateOf(ctx: Context): AuthState {
  const state = ctx.state[AUTH_STATE] as AuthState | undefined;
  if (state === undefined) throw new Error('authStateOf: the app has no provideAuth');
  return state;
}

/**
 * Private by default: a route runs only when the caller may use its action
 * (`api::article.article.find`, `plugin::upload.content-api.upload` …), as Strapi decides it.
 * Credentials that don't check out are a 401 (`Missing or invalid credentials`, `Token expired`);
 * a caller without an Authorization header gets the public role, and when that role may do
 * nothing at all that is a 401 too; otherwise an action the caller may not use is a 403.
 * Without `provideAuth` (an app wired without auth) only the public role exists.
 */
export function authorize(config: CmsConfig, action: string): Middleware {
  const publicOnly: AuthState = { config, apiTokenSalt: undefined, jwtSecret: undefined, users: undefined };
  return async (ctx, next) => {
    const state = (ctx.state[AUTH_STATE] as AuthState | undefined) ?? publicOnly;
    const result = await authenticate(ctx.get('Authorization'), state);
    if (!result.ok) throw unauthorizedError(result.message);
    const { caller } = result;
    if (!isAllowed(caller, action)) {
      if (caller.kind === 'public' && caller.locked) throw unauthorizedError('Missing or invalid credentials');
      throw forbiddenError();
    }
    ctx.state[CALLER] = caller;
    await next();
  };
}

/** The caller `authorize` let through, if any. */
export function callerOf(ctx: Context): Caller | undefined {
  return ctx.state[CALLER] as Caller | undefined;
}

/** Which content types the caller may reach through populate, filters and sort (`<uid>.find`). */
export function findPermission(ctx: Context): (uid: string) => boolean {
  const caller = callerOf(ctx);
  return caller === undefined ? () => true : (uid) => canFind(caller, uid);
}
