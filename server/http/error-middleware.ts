import type { Context, Next } from 'koa';
import { notFoundError } from '../errors/api-error.js';
import { toEnvelope } from '../errors/to-envelope.js';

export type ErrorLogger = (message: string, error: unknown) => void;

/**
 * Renders every error once, in Strapi's envelope (toEnvelope). A 404 nobody answered becomes
 * Strapi's NotFoundError; a 500 is a bug or a broken disk, so its cause goes to the log.
 */
export function errorMiddleware(log: ErrorLogger) {
  return async function renderErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = toEnvelope(notFoundError()).body;
      }
    } catch (error) {
      ctx.set('Cache-Control', 'no-store');
      const { status, body } = toEnvelope(error);
      if (status === 500) log(`${ctx.method} ${ctx.url} failed`, error);
      ctx.status = status;
      ctx.body = body;
    }
  };
}
