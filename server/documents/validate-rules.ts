import type { Attribute } from '../schema/attribute.js';
import type { EntityError } from '../errors/entity-validation-error.js';
import { isPasswordHash } from '../schema/stored-password.js';
import { formatPath, printValue } from './yup-messages.js';

const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RuleOptions {
  /** Draft writes skip what Strapi skips for drafts: required, minLength, min, regex, email and uid formats, list min. */
  readonly draft: boolean;
  /** The value is as stored, not as sent: a password holding a bcrypt hash has no checkable length. */
  readonly stored?: boolean;
}

/**
 * The rules of one attribute on its (cast, stored) value, with yup's wording. `required` is
 * checked by the caller, which knows whether the write creates, updates or publishes.
 */
export function checkAttributeRules(attribute: Attribute, value: unknown, path: readonly string[], options: RuleOptions): EntityError[] {
  const p = formatPath(path);
  const errors: EntityError[] = [];
  const fail = (message: string): void => {
    errors.push({ path, message, value });
  };
  if (value === null || value === undefined) return errors;
  switch (attribute.kind) {
    case 'scalar': {
      if (attribute.type === 'password' && options.stored === true && isPasswordHash(value)) return errors;
      if (typeof value === 'string') {
        if (attribute.type === 'enumeration' && attribute.enum && !attribute.enum.includes(value)) {
          // yup lists the allowed values with null last, printed empty: hence the trailing comma.
          fail(`${p} must be one of the following values: ${[...attribute.enum, ''].join(', ')}`);
        }
        // Strapi's order: minLength, maxLength, regex, then the uid or email format.
        if (!options.draft && attribute.minLength !== undefined && value.length < attribute.minLength)
          fail(`${p} must be at least ${attribute.minLength} characters`);
        if (attribute.maxLength !== undefined && value.length > attribute.maxLength) fail(`${p} must be at most ${attribute.maxLength} characters`);
        if (!options.draft) {
          // yup's matches() with excludeEmptyString: !required.
          if (attribute.regex !== undefined && (value !== '' || attribute.required) && !new RegExp(attribute.regex).test(value)) {
            fail(`${p} must match the following: "${String(new RegExp(attribute.regex))}"`);
          }
          if (attribute.type === 'uid' && !UID_PATTERN.test(value)) fail(`${p} must match the following: "${String(UID_PATTERN)}"`);
          // yup's email() skips empty strings; Strapi adds min(1) for them.
          if (attribute.type === 'email' && value !== '' && !EMAIL_PATTERN.test(value)) fail(`${p} must be a valid email`);
          if (attribute.type === 'email' && value === '') fail(`${p} cannot be empty`);
        }
      }
      if (typeof value === 'number') {
        if (attribute.max !== undefined && value > attribute.max) fail(`${p} must be less than or equal to ${attribute.max}`);
        if (!options.draft && attribute.min !== undefined && value < attribute.min) fail(`${p} must be greater than or equal to ${attribute.min}`);
      }
      return errors;
    }
    case 'component':
    case 'dynamiczone': {
      if (!Array.isArray(value) || (attribute.kind === 'component' && !attribute.repeatable)) return errors;
      if (attribute.max !== undefined && value.length > attribute.max) fail(`${p} field must have at most ${attribute.max} items`);
      const enforceMin = !options.draft && (attribute.required || value.length > 0);
      if (enforceMin && attribute.min !== undefined && value.length < attribute.min) fail(`${p} field must have at least ${attribute.min} items`);
      return errors;
    }
    default:
      return errors;
  }
}

/**
 * yup's name for the type an attribute's schema checks, or undefined for Strapi's untyped
 * (`yup.mixed`) schemas: json, biginteger and the date types.
 */
export function requiredTypeName(attribute: Attribute): string | undefined {
  switch (attribute.kind) {
    case 'component':
      return attribute.repeatable ? 'array' : 'object';
    case 'dynamiczone':
      return 'array';
    case 'relation':
    case 'media':
      return 'object';
    case 'morph':
      return attribute.toMany ? 'array' : 'object';
    case 'scalar':
      break;
  }
  switch (attribute.type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'blocks':
      return 'array';
    case 'date':
    case 'datetime':
    case 'time':
    case 'timestamp':
    case 'json':
    case 'biginteger':
      return undefined;
    default:
      return 'string';
  }
}

/**
 * The message for a required attribute that is missing (undefined on create) or null. yup checks
 * the type first, so a typed schema reports null as a type error; untyped ones reach Strapi's
 * notNil (create, publish) or notNull (update) test.
 */
export function requiredMessage(attribute: Attribute, path: readonly string[], how: 'missing' | 'null-create' | 'null-update'): string {
  const p = formatPath(path);
  if (how === 'missing') return `${p} must be defined.`;
  const typeName = requiredTypeName(attribute);
  if (typeName !== undefined) return `${p} must be a \`${typeName}\` type, but the final value was: \`${printValue(null)}\`.`;
  return how === 'null-update' ? `${p} cannot be null.` : `${p} must be defined.`;
}
