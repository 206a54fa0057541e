import { ApiError, validationError } from '../errors/api-error.js';

/** One entity validation problem, in Strapi's `details.errors[]` form. */
export interface EntityError {
  readonly path: readonly string[];
  readonly message: string;
  readonly value?: unknown;
}

/** `Invalid key <k>` for a request body (details: key, path of the parent or null, source: body). */
export function invalidBodyKey(key: string, parentPath: string | null, withPath = true): ApiError {
  const message = parentPath !== null ? `Invalid key ${key} at ${parentPath}` : `Invalid key ${key}`;
  return validationError(message, withPath ? { key, path: parentPath, source: 'body' } : { key, source: 'body' });
}

/** Strapi's yup error envelope: one error's message, or `N errors occurred`. */
export function entityValidationError(errors: readonly EntityError[]): ApiError {
  const message = errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`;
  return new ApiError(400, 'ValidationError', message, {
    errors: errors.map((error) => ({
      path: [...error.path],
      message: error.message,
      name: 'ValidationError',
      ...('value' in error ? { value: error.value === undefined ? null : error.value } : {}),
    })),
  });
}
