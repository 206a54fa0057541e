import Router from '@koa/router';
import { AUTH_ACTIONS } from '../auth/caller.js';
import { logIn } from '../auth/log-in.js';
import { registerUser } from '../auth/register-user.js';
import { toPublicUser } from '../auth/stored-user.js';
import type { CmsConfig } from '../config/cms-config.js';
import { unauthorizedError } from '../errors/api-error.js';
import { authStateOf, authorize, callerOf } from './authorize.js';
import { lazyBody } from './lazy-body.js';

/**
 * The users-permissions routes Strapi clients use: sign in, sign up, who am I. Their answers are
 * bare objects (`{jwt, user}`, the user), not the `{data, meta}` envelope.
 */
export function createAuthRouter(config: CmsConfig): Router {
  const router = new Router({ prefix: config.rest.prefix });
  const body = lazyBody({ jsonLimit: config.limits.bodyBytes, urlencoded: false, multipart: false, text: false });
  router.post('/auth/local', authorize(config, AUTH_ACTIONS.logIn), body, async (ctx) => {
    ctx.body = await logIn(authStateOf(ctx), ctx.request.body);
  });
  router.post('/auth/local/register', authorize(config, AUTH_ACTIONS.register), body, async (ctx) => {
    ctx.body = await registerUser(authStateOf(ctx), ctx.request.body, () => new Date().toISOString());
  });
  router.get('/users/me', authorize(config, AUTH_ACTIONS.me), (ctx) => {
    const caller = callerOf(ctx);
    // An API token or the public role may hold the action, but only a signed-in user is someone.
    if (caller?.kind !== 'user') throw unauthorizedError();
    ctx.body = toPublicUser(caller.user);
  });
  return router;
}
