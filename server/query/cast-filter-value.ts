import { validationError } from '../errors/api-error.js';
import type { ScalarType } from '../schema/attribute.js';
import { canonicalTime, isCalendarDay } from '../schema/date-time-text.js';

/**
 * The types a filter value is cast to; `string` covers every text type. `id` is a row id: Strapi
 * does not cast it, so a value that is not a number stays text and simply matches no row (SQLite
 * compares an INTEGER column with such text without error).
 */
export type FilterValueType = ScalarType | 'string' | 'id';

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
    case 'id': {
      const number = text === '' ? Number.NaN : Number(text);
      return Number.isFinite(number) ? number : String(value);
    }
    case 'integer':
      return /^-?\d+$/.test(text) ? Number(text) : fail();
    case 'biginteger':
      // Kept as canonical digits: past 2^53 a number would compare wrong.
      return /^-?\d+$/.test(text) ? BigInt(text).toString() : fail();
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
      const match = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(text);
      return match && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])) && !Number.isNaN(Date.parse(text)) ? text.slice(0, 10) : fail();
    }
    case 'time': {
      return canonicalTime(text) ?? fail();
    }
    case 'datetime': {
      const ms = parseInstant(text);
      return ms === undefined ? fail() : new Date(ms).toISOString();
    }
    case 'timestamp': {
      const ms = parseInstant(text);
      return ms === undefined ? fail() : ms;
    }
    default:
      return String(value);
  }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;
/** The range of a JavaScript Date (±100,000,000 days around 1970). */
const MAX_TIME_MS = 8.64e15;

/** Epoch milliseconds or an ISO 8601 date(-time) → epoch ms, or undefined when it is neither or out of range. */
function parseInstant(text: string): number | undefined {
  let ms: number;
  if (/^-?\d+$/.test(text)) ms = Number(text);
  else if (ISO_INSTANT.test(text)) {
    const [year = 0, month = 0, day = 0] = text.slice(0, 10).split('-').map(Number);
    if (!isCalendarDay(year, month, day)) return undefined;
    ms = Date.parse(text);
  } else return undefined;
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME_MS ? ms : undefined;
}

/** `$null` / `$notNull` take any value: t/1/true and f/0/false, then plain truthiness ('' is false). */
export function castNullFlag(value: unknown): boolean {
  if (value === true || value === 'true' || value === 't' || value === '1') return true;
  if (value === false || value === 'false' || value === 'f' || value === '0') return false;
  return Boolean(value);
}
