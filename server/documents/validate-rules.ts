import type { Attribute } from '../schema/attribute.js';
import type { EntityError } from './write-errors.js';
import { formatPath, printValue } from './yup-messages.js';

const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RuleOptions {
  /** Draft writes skip what Strapi skips for drafts: required, minLength, min, regex, formats. */
  readonly draft: boolean;
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
      if (typeof value === 'string') {
        if (attribute.type === 'enumeration' && attribute.enum && !attribute.enum.includes(value)) {
          // yup lists the allowed values with null last, printed empty: hence the trailing comma.
          fail(`${p} must be one of the following values: ${[...attribute.enum, ''].join(', ')}`);
        }
        if (attribute.maxLength !== undefined && value.length > attribute.maxLength) fail(`${p} must be at most ${attribute.maxLength} characters`);
        if (!options.draft) {
          if (attribute.minLength !== undefined && value.length < attribute.minLength) fail(`${p} must be at least ${attribute.minLength} characters`);
          if (attribute.type === 'uid' && !UID_PATTERN.test(value)) fail(`${p} must match the following: "${String(UID_PATTERN)}"`);
          if (attribute.type === 'email' && !EMAIL_PATTERN.test(value)) fail(`${p} must be a valid email`);
          if (attribute.regex !== undefined && value !== '' && !new RegExp(attribute.regex).test(value)) {
            fail(`${p} must match the following: "${String(new RegExp(attribute.regex))}"`);
          }
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

/** yup's name for the type a required attribute should have held. */
export function requiredTypeName(attribute: Attribute): string {
  if (attribute.kind !== 'scalar') return attribute.kind === 'component' || attribute.kind === 'dynamiczone' ? 'array' : 'object';
  switch (attribute.type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'datetime':
    case 'time':
    case 'timestamp':
      return 'date';
    case 'json':
    case 'blocks':
      return 'mixed';
    default:
      return 'string';
  }
}

/** The message for a required attribute that is missing or null. */
export function requiredMessage(attribute: Attribute, path: readonly string[], how: 'defined' | 'null' | 'published'): string {
  const p = formatPath(path);
  if (how === 'defined') return `${p} must be defined.`;
  if (how === 'null') return `${p} cannot be null.`;
  return `${p} must be a \`${requiredTypeName(attribute)}\` type, but the final value was: \`${printValue(null)}\`.`;
}
