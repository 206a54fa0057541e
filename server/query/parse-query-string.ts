import qs from 'qs';
import type { CmsConfig } from '../config/cms-config.js';
import { validationError } from '../errors/api-error.js';

/**
 * The one place query strings are parsed: qs with Strapi's options (`?a` is null, arrays up to the
 * configured length, nesting up to the configured depth), after a size check.
 */
export function parseQueryString(querystring: string, limits: CmsConfig['limits']): Record<string, unknown> {
  if (Buffer.byteLength(querystring) > limits.queryBytes) {
    throw validationError(`Query string too long: at most ${limits.queryBytes} bytes`, {});
  }
  return qs.parse(querystring, {
    strictNullHandling: true,
    arrayLimit: limits.queryArrayLimit,
    depth: limits.queryDepth,
    parameterLimit: 1000,
    allowPrototypes: false,
  }) as Record<string, unknown>;
}
