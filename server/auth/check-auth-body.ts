import { isPlainObject } from '../config/is-plain-object.js';
import { type EntityError, entityValidationError } from '../errors/entity-validation-error.js';
import { typeErrorMessage } from '../documents/yup-messages.js';

/** What a users-permissions body field must be: a non-empty string, optionally with one more rule. */
export interface FieldRule {
  readonly name: string;
  /** Returns the message when the (string) value breaks the rule. */
  readonly check?: (value: string) => string | undefined;
}

// The shape yup's `string().email()` accepts, close enough for sign-up forms.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_RULE: FieldRule = { name: 'email', check: (value) => (EMAIL.test(value) ? undefined : 'email must be a valid email') };

// bcrypt reads only the first 72 bytes: a longer password would match any password sharing them.
export const PASSWORD_RULE: FieldRule = {
  name: 'password',
  check: (value) => (Buffer.byteLength(value, 'utf8') > 72 ? 'Password must be less than 73 bytes' : undefined),
};

/**
 * Checks a sign-in or sign-up body the way Strapi's yup schemas do (strict: no casting), and
 * returns the fields as strings, or throws its ValidationError (`N errors occurred` for several).
 * `noUnknown`: other keys are refused too, as the schemas with yup's `noUnknown()` do (the
 * password routes).
 */
export function checkAuthBody(body: unknown, rules: readonly FieldRule[], options: { noUnknown?: boolean } = {}): Record<string, string> {
  const data = isPlainObject(body) ? body : {};
  const errors: EntityError[] = [];
  const out: Record<string, string> = {};
  for (const rule of rules) {
    const value = data[rule.name];
    if (value === undefined || value === '') {
      errors.push({ path: [rule.name], message: `${rule.name} is a required field` });
    } else if (typeof value !== 'string') {
      errors.push({ path: [rule.name], message: typeErrorMessage(rule.name, 'string', value, undefined), value });
    } else {
      const problem = rule.check?.(value);
      if (problem === undefined) out[rule.name] = value;
      else errors.push({ path: [rule.name], message: problem, value });
    }
  }
  const unknown = options.noUnknown === true ? Object.keys(data).filter((key) => !rules.some((rule) => rule.name === key)) : [];
  if (unknown.length > 0) errors.push({ path: [], message: `this field has unspecified keys: ${unknown.join(', ')}` });
  if (errors.length > 0) throw entityValidationError(errors);
  return out;
}
