import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';

/** `api.rest.cacheControl`: the `Cache-Control` of GET answers, per type with a default. */
export interface CacheControlConfig {
  /** For answers of types without their own value, and of the other API routes; undefined: no header. */
  readonly default: string | undefined;
  /** pluralName, singularName or uid → the header value. */
  readonly types: Readonly<Record<string, string>>;
}

/** Longest accepted header value: a Cache-Control is a handful of directives. */
const MAX_VALUE = 256;

/** `{"default": "no-cache", "articles": "public, max-age=60"}`: header values, checked to be one printable line. */
export function cacheControlOption(value: unknown): CacheControlConfig {
  const name = 'api.rest.cacheControl';
  if (value === undefined) return { default: undefined, types: {} };
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: ${name}: expected an object, got ${describe(value)}`);
  const types: Record<string, string> = {};
  let fallback: string | undefined;
  for (const [key, text] of Object.entries(value)) {
    if (typeof text !== 'string' || !/^[\x20-\x7e]+$/.test(text) || text.length > MAX_VALUE) {
      throw new UserError(
        `${CONFIG_FILE}: ${name}.${key}: expected a header value like "public, max-age=60" (printable ASCII, at most ${MAX_VALUE} characters), got ${describe(text)}`,
      );
    }
    if (key === 'default') fallback = text;
    else types[key] = text;
  }
  return { default: fallback, types };
}
