import { validationError } from '../errors/api-error.js';
import type { ScalarType } from '../schema/attribute.js';

/** The types a filter value is cast to; `string` covers every text type. */
export type FilterValueType = ScalarType | 'string';

const EXPECTED: Partial<Record<FilterValueType, string>> = {
  integer: 'an integer',
  biginteger: 'an integer',
  float: 'a number',
  decimal: 'a number',
  boolean: 'a boolean',
  date: 'a date',
  time: 'a time',
  datetime: 'a date-time',
  timestamp: 'a timestamp',
};

/**
 * Casts one filter value to its attribute's type, as Strapi does before the query runs. A value
 * that cannot be cast is a client error naming the attribute (Strapi lets it reach the database
 * and answers 500; see deviations).
 */
export function castFilterValue(type: FilterValueType, value: unknown, key: string, path: string): unknown {
  if (value === null) return null;
  const fail = (): never => {
    throw validationError(`Invalid value ${typeof value === 'string' ? value : JSON.stringify(value)} for ${path}: expected ${EXPECTED[type] ?? 'a string'}`, {
      key,
      path,
      source: 'query',
      param: 'filters',
    });
  };
  if (typeof value === 'object') return fail();
  const text = String(value).trim();
  switch (type) {
    case 'integer':
    case 'biginteger':
      return /^-?\d+$/.test(text) ? Number(text) : fail();
    case 'float':
    case 'decimal': {
      const number = text === '' ? Number.NaN : Number(text);
      return Number.isFinite(number) ? number : fail();
    }
    case 'boolean':
      if (['true', 't', '1'].includes(text)) return true;
      if (['false', 'f', '0'].includes(text)) return false;
      return fail();
    case 'date': {
      const match = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(text);
      return match && !Number.isNaN(Date.parse(text)) ? match[1] : fail();
    }
    case 'time': {
      const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(text);
      return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}.${(match[4] ?? '').padEnd(3, '0')}` : fail();
    }
    case 'datetime': {
      const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
      return Number.isNaN(ms) ? fail() : new Date(ms).toISOString();
    }
    case 'timestamp': {
      const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
      return Number.isNaN(ms) ? fail() : ms;
    }
    default:
      return String(value);
  }
}

/** `$null` / `$notNull` take any value: t/1/true and f/0/false, then plain truthiness ('' is false). */
export function castNullFlag(value: unknown): boolean {
  if (value === true || value === 'true' || value === 't' || value === '1') return true;
  if (value === false || value === 'false' || value === 'f' || value === '0') return false;
  return Boolean(value);
}
