import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';

/** `permissions: {<role>: [<action id>, …]}`. */
export function permissionsOption(value: unknown): Record<string, readonly string[]> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: permissions: expected an object of role → actions, got ${describe(value)}`);
  const out: Record<string, readonly string[]> = {};
  for (const [role, actions] of Object.entries(value)) {
    if (!Array.isArray(actions) || !actions.every((a): a is string => typeof a === 'string')) {
      throw new UserError(`${CONFIG_FILE}: permissions.${role}: expected an array of action ids, got ${describe(actions)}`);
    }
    out[role] = [...actions];
  }
  return out;
}
