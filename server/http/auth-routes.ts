import Router from '@koa/router';
import type { AuthMail } from '../auth/auth-mail.js';
import { AUTH_ACTIONS } from '../auth/caller.js';
import { changePassword } from '../auth/change-password.js';
import { confirmEmail } from '../auth/confirm-email.js';
import { forgotPassword } from '../auth/forgot-password.js';
import { logIn } from '../auth/log-in.js';
import { registerUser } from '../auth/register-user.js';
import { requestEmailConfirmation } from '../auth/request-email-confirmation.js';
import { resetPassword } from '../auth/reset-password.js';
import { toPublicUser } from '../auth/stored-user.js';
import type { CmsConfig } from '../config/cms-config.js';
import { unauthorizedError } from '../errors/api-error.js';
import { authStateOf, authorize, callerOf } from './authorize.js';
import { FixedWindowCounter } from './fixed-window-counter.js';
import { lazyBody } from './lazy-body.js';
import { rateLimit } from './rate-limit.js';

/**
 * The users-permissions routes Strapi clients use: sign in, sign up, who am I, the password and
 * email-confirmation flows. Their answers are bare objects (`{jwt, user}`, the user), not the
 * `{data, meta}` envelope. The routes Strapi rate-limits are, with one counter for this app.
 */
export function createAuthRouter(config: CmsConfig, mail: AuthMail): Router {
  const router = new Router({ prefix: config.rest.prefix });
  const body = lazyBody({ jsonLimit: config.limits.bodyBytes, urlencoded: false, multipart: false, text: false });
  const limit = rateLimit(new FixedWindowCounter(), mail.now);
  const now = mail.now;
  router.post('/auth/local', authorize(config, AUTH_ACTIONS.logIn), body, limit, async (ctx) => {
    ctx.body = await logIn(authStateOf(ctx), ctx.request.body);
  });
  router.post('/auth/local/register', authorize(config, AUTH_ACTIONS.register), body, limit, async (ctx) => {
    ctx.body = await registerUser(authStateOf(ctx), ctx.request.body, mail);
  });
  router.post('/auth/forgot-password', authorize(config, AUTH_ACTIONS.forgotPassword), body, limit, async (ctx) => {
    ctx.body = await forgotPassword(authStateOf(ctx), mail, ctx.request.body);
  });
  router.post('/auth/reset-password', authorize(config, AUTH_ACTIONS.resetPassword), body, limit, async (ctx) => {
    ctx.body = await resetPassword(authStateOf(ctx), ctx.request.body, now);
  });
  router.post('/auth/change-password', authorize(config, AUTH_ACTIONS.changePassword), body, limit, async (ctx) => {
    ctx.body = await changePassword(authStateOf(ctx), callerOf(ctx), ctx.request.body, now);
  });
  router.get('/auth/email-confirmation', authorize(config, AUTH_ACTIONS.emailConfirmation), async (ctx) => {
    ctx.redirect(await confirmEmail(authStateOf(ctx), ctx.query['confirmation'], now));
  });
  router.post('/auth/send-email-confirmation', authorize(config, AUTH_ACTIONS.sendEmailConfirmation), body, limit, (ctx) => {
    ctx.body = requestEmailConfirmation(authStateOf(ctx), mail, ctx.request.body);
  });
  router.get('/users/me', authorize(config, AUTH_ACTIONS.me), (ctx) => {
    const caller = callerOf(ctx);
    // An API token or the public role may hold the action, but only a signed-in user is someone.
    if (caller?.kind !== 'user') throw unauthorizedError();
    ctx.body = toPublicUser(caller.user);
  });
  return router;
}
