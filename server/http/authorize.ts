import type { Middleware } from 'koa';
import type { CmsConfig } from '../config/cms-config.js';
import { ApiError } from '../errors/api-error.js';

/**
 * Private by default: a route runs only when the caller's role may use its action
 * (`api::article.article.find`, `plugin::upload.content-api.upload` …). Callers without credentials
 * get the public role; when that role may do nothing at all, Strapi answers 401, otherwise 403.
 * Credentials (API tokens, users) are not accepted yet, so a request that sends any is 401.
 */
export function authorize(config: CmsConfig, action: string): Middleware {
  const publicActions = new Set(config.permissions['public'] ?? []);
  return async (ctx, next) => {
    if (ctx.get('Authorization') !== '' || publicActions.size === 0) {
      throw new ApiError(401, 'UnauthorizedError', 'Missing or invalid credentials', {});
    }
    if (!publicActions.has(action)) throw new ApiError(403, 'ForbiddenError', 'Forbidden', {});
    await next();
  };
}
