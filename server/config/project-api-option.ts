import { UserError } from '../errors/user-error.js';
import { describe } from './config-file.js';
import { isPlainObject } from './is-plain-object.js';

/** A Strapi project's `config/api.*`, as its code exported it (a function already called with `{ env }`). */
export interface ProjectApiConfig {
  /** Project-relative, for messages (`config/api.ts`). */
  readonly file: string;
  readonly value: unknown;
}

/** The REST settings a `config/api.*` file may set. */
export interface ProjectRestSettings {
  readonly defaultLimit: number;
  readonly maxLimit: number;
  readonly withCount: boolean;
  readonly strictParams: boolean;
}

/**
 * Strapi's own defaults for what `config/api.*` leaves out: no `maxLimit` (no upper bound), and
 * without `strictParams` unknown top-level query keys are ignored.
 */
export const STRAPI_REST_DEFAULTS: ProjectRestSettings = { defaultLimit: 25, maxLimit: Number.POSITIVE_INFINITY, withCount: true, strictParams: false };

/**
 * The REST settings of a project's `config/api.*`: its `rest.defaultLimit`, `rest.maxLimit`,
 * `rest.withCount`, `rest.strictParams`, and Strapi's defaults where it is silent. A bad value
 * fails here, naming the file and the key.
 */
export function projectRestOption(source: ProjectApiConfig): ProjectRestSettings {
  const { file, value } = source;
  if (!isPlainObject(value)) throw new UserError(`${file}: expected an object (or a function returning one), got ${describe(value)}`);
  const rest = value['rest'];
  if (rest === undefined || rest === null) return STRAPI_REST_DEFAULTS;
  if (!isPlainObject(rest)) throw new UserError(`${file}: rest: expected an object, got ${describe(rest)}`);
  const int = (key: 'defaultLimit' | 'maxLimit'): number => {
    const given = rest[key];
    if (given === undefined || given === null) return STRAPI_REST_DEFAULTS[key];
    if (typeof given !== 'number' || !Number.isInteger(given) || given < 1)
      throw new UserError(`${file}: rest.${key}: expected an integer >= 1, got ${describe(given)}`);
    return given;
  };
  const bool = (key: 'withCount' | 'strictParams'): boolean => {
    const given = rest[key];
    if (given === undefined || given === null) return STRAPI_REST_DEFAULTS[key];
    if (typeof given !== 'boolean') throw new UserError(`${file}: rest.${key}: expected true or false, got ${describe(given)}`);
    return given;
  };
  return { defaultLimit: int('defaultLimit'), maxLimit: int('maxLimit'), withCount: bool('withCount'), strictParams: bool('strictParams') };
}
