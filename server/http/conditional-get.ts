import type { Middleware } from 'koa';
import type { CmsConfig } from '../config/cms-config.js';
import { answerEtag } from '../documents/answer-headers.js';
import { callerOf } from './authorize.js';
import { matchesIfNoneMatch } from './if-none-match.js';

/**
 * HTTP caching for the API's GET answers: an `ETag` on every 200 (the content routes set it from
 * their cache; others are tagged here), a 304 when `If-None-Match` matches, `Cache-Control` from
 * `api.rest.cacheControl`, and `Vary: Authorization` on routes whose answer depends on the caller.
 */
export function conditionalGet(config: CmsConfig): Middleware {
  const prefix = `${config.rest.prefix}/`;
  return async (ctx, next) => {
    await next();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(prefix)) return;
    // Who asks decides what the answer holds (or whether there is one) behind `authorize`.
    if (callerOf(ctx) !== undefined) ctx.vary('Authorization');
    if (ctx.status !== 200 || ctx.body === null || ctx.body === undefined) return;
    let etag = ctx.response.get('ETag');
    if (typeof etag !== 'string') {
      if (typeof ctx.body !== 'string' && (Buffer.isBuffer(ctx.body) || typeof (ctx.body as { pipe?: unknown }).pipe === 'function')) return;
      const text = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
      ctx.body = text;
      ctx.type = 'application/json; charset=utf-8';
      etag = answerEtag(text);
      ctx.set('ETag', etag);
    }
    if (ctx.response.headers['cache-control'] === undefined && config.rest.cacheControl.default !== undefined) {
      ctx.set('Cache-Control', config.rest.cacheControl.default);
    }
    if (matchesIfNoneMatch(ctx.get('If-None-Match') || undefined, etag)) ctx.status = 304;
  };
}
