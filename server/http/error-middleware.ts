import type { Context, Next } from 'koa';
import { ApiError } from '../errors/api-error.js';

export type ErrorLogger = (message: string, error: unknown) => void;

/**
 * Renders every error once, in Strapi's envelope `{data: null, error: {status, name, message, details}}`.
 * A 404 nobody answered becomes Strapi's NotFoundError; unknown errors become a bare 500 and go to the log.
 */
export function errorMiddleware(log: ErrorLogger) {
  return async function renderErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = envelope(404, 'NotFoundError', 'Not Found', {});
      }
    } catch (error) {
      ctx.set('Cache-Control', 'no-store');
      if (error instanceof ApiError) {
        ctx.status = error.status;
        ctx.body = envelope(error.status, error.errorName, error.message, error.details ?? {});
        return;
      }
      const status = (error as { status?: unknown }).status;
      const expose = (error as { expose?: unknown }).expose;
      if (typeof status === 'number' && status >= 400 && status < 500 && expose !== false) {
        // Errors of the body parser and the router (bad JSON, too large): Strapi shows name and message.
        ctx.status = status;
        const body = envelope(status, (error as Error).name, (error as Error).message, undefined);
        ctx.body = body;
        return;
      }
      log(`${ctx.method} ${ctx.url} failed`, error);
      ctx.status = 500;
      ctx.body = envelope(500, 'InternalServerError', 'Internal Server Error', undefined);
    }
  };
}

function envelope(status: number, name: string, message: string, details: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const error: Record<string, unknown> = { status, name, message };
  if (details !== undefined) error['details'] = details;
  return { data: null, error };
}
