import { ApiError, validationError } from '../errors/api-error.js';

export type QueryParam = 'filters' | 'sort' | 'fields' | 'populate';

/**
 * Strapi's `Invalid key <k>` error. `path` is the dotted path of the level the key sits at (null at
 * the root); the message adds `at <path>` when it differs from the key.
 */
export function invalidKey(key: string, path: string | null, param: QueryParam | 'query'): ApiError {
  const message = path !== null && path !== key ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`;
  return validationError(message, param === 'query' ? { key, path, source: 'query' } : { key, path, source: 'query', param });
}

export function invalidParameter(message: string): ApiError {
  return validationError(message, {});
}

export function paginationError(message: string): ApiError {
  return new ApiError(400, 'PaginationError', message, {});
}
