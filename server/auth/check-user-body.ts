import { isPlainObject } from '../config/is-plain-object.js';
import type { CmsConfig } from '../config/cms-config.js';
import { typeErrorMessage } from '../documents/yup-messages.js';
import { applicationError } from '../errors/api-error.js';
import { type EntityError, entityValidationError } from '../errors/entity-validation-error.js';
import { EMAIL_RULE, type FieldRule, PASSWORD_RULE } from './check-auth-body.js';
import { findRoleById, findRoleByType } from './roles.js';

/** The fields of a `POST`/`PUT /api/users` body cms keeps; `password` still in clear. */
export interface UserInput {
  username?: string;
  email?: string;
  password?: string;
  /** A role key (`authenticated`, `editor` …), resolved from the id the body gave. */
  role?: string;
  confirmed?: boolean;
  blocked?: boolean;
}

type TextField = 'email' | 'username' | 'password';
const TEXT_RULES: ReadonlyArray<FieldRule & { readonly name: TextField }> = [
  { ...EMAIL_RULE, name: 'email' },
  { name: 'username' },
  { ...PASSWORD_RULE, name: 'password' },
];

/**
 * Checks a user body as Strapi's yup schemas do (strict): on create `email`, `username` and
 * `password` are required, on update each may be left out but not emptied. `confirmed` and
 * `blocked` are booleans; `role` is a role id (or `{connect: [{id}]}`, or a role's type). Other
 * keys are ignored, as Strapi's query layer ignores keys that are not user columns; so are the
 * private token fields, which only the auth flows set.
 */
export function checkUserBody(body: unknown, mode: 'create' | 'update', config: CmsConfig): UserInput {
  const data = isPlainObject(body) ? body : {};
  const errors: EntityError[] = [];
  const input: UserInput = {};
  for (const rule of TEXT_RULES) {
    const value = data[rule.name];
    if (value === undefined && mode === 'update') continue;
    if (value === undefined || (value === '' && mode === 'create')) {
      errors.push({ path: [rule.name], message: `${rule.name} is a required field` });
    } else if (typeof value !== 'string') {
      errors.push({ path: [rule.name], message: typeErrorMessage(rule.name, 'string', value, undefined), value });
    } else if (value === '') {
      errors.push({ path: [rule.name], message: `${rule.name} must be at least 1 characters`, value });
    } else {
      const problem = rule.check?.(value);
      if (problem === undefined) input[rule.name] = value;
      else errors.push({ path: [rule.name], message: problem, value });
    }
  }
  for (const name of ['confirmed', 'blocked'] as const) {
    const value = data[name];
    if (value === undefined) continue;
    if (typeof value === 'boolean') input[name] = value;
    else errors.push({ path: [name], message: typeErrorMessage(name, 'boolean', value, undefined), value });
  }
  if (errors.length > 0) throw entityValidationError(errors);
  if (data['role'] !== undefined && data['role'] !== null) input.role = resolveRole(config, data['role']);
  return input;
}

/** A role as a body names it: its id, `{connect: [{id}]}` (the last one wins), or its type. */
function resolveRole(config: CmsConfig, value: unknown): string {
  let ref = value;
  if (isPlainObject(value) && Array.isArray(value['connect'])) {
    const last: unknown = value['connect'].at(-1);
    ref = isPlainObject(last) ? last['id'] : undefined;
  }
  const id = typeof ref === 'number' ? ref : typeof ref === 'string' && /^\d+$/.test(ref) ? Number(ref) : undefined;
  const role = id !== undefined ? findRoleById(config, id) : typeof ref === 'string' ? findRoleByType(config, ref) : undefined;
  if (role === undefined) throw applicationError(`Role not found: ${JSON.stringify(ref) ?? 'nothing'}`);
  return role.type;
}
