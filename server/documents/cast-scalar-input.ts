import type { ScalarAttribute } from '../schema/attribute.js';
import { validationError } from '../errors/api-error.js';
import { typeErrorMessage } from './yup-messages.js';
import { canonicalTime } from '../schema/date-time-text.js';

/** A cast value, or the yup-style problem with it. */
export type CastResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string; readonly value: unknown };

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration', 'password']);

/**
 * Casts a scalar from a write body to its stored form, as yup and Strapi's field types do:
 * numeric strings to numbers (but no numbers to strings), `"true"`/`"0"` to booleans, dates and times to canonical strings.
 * Date and time values that cannot be read throw Strapi's own format errors.
 */
export function castScalarInput(attribute: ScalarAttribute, value: unknown, path: string): CastResult {
  if (value === null || value === undefined) return { ok: true, value: null };
  const type = attribute.type;
  if (TEXT_TYPES.has(type)) {
    if (typeof value === 'string') return { ok: true, value };
    // Strapi's string schemas keep the original value (no cast), so 1234 is not a string; the
    // enumeration schema is a plain yup string that casts, and the enum rule judges the result.
    if (type === 'enumeration' && (typeof value === 'number' || typeof value === 'boolean')) return { ok: true, value: String(value) };
    return { ok: false, message: typeErrorMessage(path, 'string', value, undefined), value };
  }
  switch (type) {
    case 'integer':
    case 'float':
    case 'decimal': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      if (Number.isNaN(number) || typeof value === 'boolean' || typeof value === 'object') {
        return { ok: false, message: typeErrorMessage(path, 'number', Number.NaN, value), value: null };
      }
      if (type === 'integer' && !Number.isInteger(number)) return { ok: false, message: `${path} must be an integer`, value: number };
      return { ok: true, value: number };
    }
    case 'biginteger': {
      const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!/^-?\d+$/.test(text)) return { ok: false, message: typeErrorMessage(path, 'string', value, undefined), value };
      return { ok: true, value: text };
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { ok: true, value };
      const text = String(value).toLowerCase();
      if (typeof value !== 'object' && (text === 'true' || text === '1')) return { ok: true, value: true };
      if (typeof value !== 'object' && (text === 'false' || text === '0')) return { ok: true, value: false };
      return { ok: false, message: typeErrorMessage(path, 'boolean', value, undefined), value };
    }
    case 'date': {
      const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value) : null;
      if (!match || Number.isNaN(Date.parse(match[1]!))) throw validationError('Invalid format, expected yyyy-MM-dd', {});
      return { ok: true, value: match[1] };
    }
    case 'time': {
      const time = typeof value === 'string' ? canonicalTime(value) : undefined;
      if (time === undefined) throw validationError('Invalid time format, expected HH:mm:ss.SSS', {});
      return { ok: true, value: time };
    }
    case 'datetime': {
      const ms = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN;
      if (Number.isNaN(ms)) throw validationError('Invalid format, expected an ISO compatible datetime', {});
      return { ok: true, value: new Date(ms).toISOString() };
    }
    case 'timestamp': {
      const ms = typeof value === 'number' ? value : typeof value === 'string' ? (/^\d+$/.test(value) ? Number(value) : Date.parse(value)) : Number.NaN;
      if (!Number.isFinite(ms)) throw validationError('Invalid format, expected a timestamp', {});
      return { ok: true, value: String(Math.trunc(ms)) };
    }
    case 'blocks':
      if (Array.isArray(value)) return { ok: true, value };
      return { ok: false, message: typeErrorMessage(path, 'array', value, undefined), value };
    case 'json':
      return { ok: true, value };
    default:
      return { ok: true, value };
  }
}
