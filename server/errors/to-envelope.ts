import { ApiError } from './api-error.js';

/** Strapi's error answer. `details` is absent where Strapi sends none (errors it did not raise itself). */
export interface ErrorEnvelope {
  readonly data: null;
  readonly error: {
    readonly status: number;
    readonly name: string;
    readonly message: string;
    readonly details?: Readonly<Record<string, unknown>>;
  };
}

/**
 * The one rendering of an error as Strapi answers it. An ApiError keeps its status, name, message
 * and details. An http-errors error of 4xx that may be shown (koa-body's bad JSON or too large, the
 * router's 405) keeps its name and message, without details, as Strapi shows them. Anything else is
 * a bare 500 that says nothing of its cause: the cause is for the log, not the caller.
 */
export function toEnvelope(error: unknown): { status: number; body: ErrorEnvelope } {
  if (error instanceof ApiError) return answer(error.status, error.name, error.message, error.details);
  if (isExposedClientError(error)) return answer(error.status, error.name, error.message, undefined);
  return answer(500, 'InternalServerError', 'Internal Server Error', undefined);
}

function answer(
  status: number,
  name: string,
  message: string,
  details: Readonly<Record<string, unknown>> | undefined,
): { status: number; body: ErrorEnvelope } {
  return { status, body: { data: null, error: details === undefined ? { status, name, message } : { status, name, message, details } } };
}

function isExposedClientError(error: unknown): error is { status: number; name: string; message: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && expose !== false;
}
