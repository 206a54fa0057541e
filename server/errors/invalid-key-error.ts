import { type ApiError, validationError } from './api-error.js';

/** The query parameters whose unknown keys Strapi names in `details.param`. */
export type QueryParam = 'filters' | 'sort' | 'fields' | 'populate';

/** Where an unknown key was met: inside a query parameter, at the query string's top level, or in a request body. */
export type KeyPlace = QueryParam | 'query' | 'body';

/**
 * Strapi's `Invalid key <k>`. `path` is the dotted path of the level the key sits at, null at the
 * root; `undefined` leaves `path` out of the details, as Strapi does for a body's system keys and
 * relations to types the caller may not find. In a query the message adds `at <path>` only when
 * the path is more than the key; in a body, whenever there is a path.
 */
export function invalidKeyError(key: string, path: string | null | undefined, place: KeyPlace): ApiError {
  const named = path !== null && path !== undefined && (place === 'body' || path !== key);
  const message = named ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`;
  if (place === 'body') return validationError(message, path === undefined ? { key, source: 'body' } : { key, path, source: 'body' });
  return validationError(
    message,
    place === 'query' ? { key, path: path ?? null, source: 'query' } : { key, path: path ?? null, source: 'query', param: place },
  );
}
