import type { Middleware } from 'koa';
import { isPlainObject } from '../config/is-plain-object.js';
import { rateLimitError } from '../errors/api-error.js';
import { authStateOf } from './authorize.js';
import type { FixedWindowCounter } from './fixed-window-counter.js';

// Longer than any email address (254); a longer value only shares a key with its own prefix.
const MAX_IDENTIFIER = 320;

/**
 * Strapi's users-permissions rate limit: at most `auth.rateLimit.max` requests per
 * `auth.rateLimit.interval` for one identifier (the body's email, or sign-in identifier,
 * lower-cased), path and IP; the next ones get its 429 `RateLimitError` until the window ends.
 * Runs after the body is parsed; the limits are read per request, so a reloaded config applies.
 */
export function rateLimit(counter: FixedWindowCounter, now: () => number): Middleware {
  return async (ctx, next) => {
    const { enabled, intervalMs, max } = authStateOf(ctx).config.auth.rateLimit;
    if (!enabled) return next();
    const body: unknown = ctx.request.body;
    const fields = isPlainObject(body) ? [body['email'], body['identifier']] : [];
    const given = fields.find((value): value is string => typeof value === 'string' && value !== '');
    const identifier = given === undefined ? 'unknownIdentifier' : given.toLowerCase().slice(0, MAX_IDENTIFIER);
    const path = ctx.path.toLowerCase().replace(/\/+$/, '');
    const at = now();
    const { count, endsAt } = counter.hit(`${identifier}:${path}:${ctx.ip}`, at, intervalMs);
    ctx.set('X-RateLimit-Limit', String(max));
    ctx.set('X-RateLimit-Remaining', String(Math.max(0, max - count)));
    ctx.set('X-RateLimit-Reset', String(Math.ceil(endsAt / 1000)));
    if (count > max) {
      ctx.set('Retry-After', String(Math.max(1, Math.ceil((endsAt - at) / 1000))));
      throw rateLimitError();
    }
    await next();
  };
}
