import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';

/** The query keys a named populate may hold. */
const POPULATE_KEYS = /^(populate|pLevel|pIgnore)(\[|$)/;

/**
 * `api.rest.populate`: pluralName, singularName or uid → a query string of `populate`, `pLevel`
 * and `pIgnore` (`"populate=*"`, `"pLevel=3"`, `"populate[author][fields][0]=name"`), applied to
 * reads of that type that send none of them. The schemas check it when the type is read.
 */
export function namedPopulateOption(value: unknown): Readonly<Record<string, string>> {
  const name = 'api.rest.populate';
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: ${name}: expected an object, got ${describe(value)}`);
  const out: Record<string, string> = {};
  for (const [type, text] of Object.entries(value)) {
    if (typeof text !== 'string' || text === '' || !text.split('&').every(isPopulatePair)) {
      throw new UserError(`${CONFIG_FILE}: ${name}.${type}: expected a query string of populate, pLevel or pIgnore like "populate=*", got ${describe(text)}`);
    }
    out[type] = text;
  }
  return out;
}

function isPopulatePair(pair: string): boolean {
  const key = pair.split('=', 1)[0] ?? '';
  try {
    return POPULATE_KEYS.test(decodeURIComponent(key));
  } catch {
    return false;
  }
}
