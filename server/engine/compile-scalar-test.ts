import type { ComparisonOperator } from '../query/filter-node.js';
import { type TextAnchor, asciiCaseInsensitive, comparable, compareValues } from './field-value.js';
import { type Truth, anyOf, negateTruth } from './truth.js';

type ComparableType = Parameters<typeof comparable>[0];

/**
 * One comparison on a scalar column, with SQL semantics: a NULL column makes it unknown, except
 * for the NULL tests (`$null`, `$eq: null`, `$ne: null`). A list value on a single-value operator
 * is the OR of the comparisons with each item, as Strapi builds it.
 */
export function compileScalarTest(type: ComparableType, operator: ComparisonOperator, value: unknown): (stored: unknown) => Truth {
  switch (operator) {
    case '$null':
    case '$notNull': {
      const wantNull = (operator === '$null') === Boolean(value);
      return (stored) => (comparable(type, stored) === null) === wantNull;
    }
    case '$in':
    case '$notIn': {
      const list = (Array.isArray(value) ? value : [value]).map((v) => operand(type, v));
      const values = new Set(list.filter((v) => v !== null));
      // `x IN (1, NULL)` is true for 1 and unknown otherwise; NOT IN is its negation.
      const otherwise: Truth = list.includes(null) ? null : false;
      const isIn = (stored: unknown): Truth => {
        const v = comparable(type, stored);
        if (v === null) return null;
        return values.has(v) ? true : otherwise;
      };
      return operator === '$in' ? isIn : (stored) => negateTruth(isIn(stored));
    }
    case '$between': {
      const [low = null, high = null] = Array.isArray(value) ? value.map((v) => operand(type, v)) : [];
      return (stored) => {
        const v = comparable(type, stored);
        if (v === null || low === null || high === null) return null;
        return compareValues(v, low) >= 0 && compareValues(v, high) <= 0;
      };
    }
    default: {
      if (!Array.isArray(value)) return singleTest(type, operator, value);
      return anyOf(value.map((item) => singleTest(type, operator, item)));
    }
  }
}

/** A filter value in comparable form; for json and blocks the value already is the JSON text to compare with. */
function operand(type: ComparableType, value: unknown): ReturnType<typeof comparable> {
  return (type === 'json' || type === 'blocks') && typeof value === 'string' ? value : comparable(type, value);
}

function singleTest(type: ComparableType, operator: ComparisonOperator, value: unknown): (stored: unknown) => Truth {
  // `$eq: null` is IS NULL, `$ne: null` IS NOT NULL; so are their case-insensitive forms.
  if (value === null && (operator === '$eq' || operator === '$eqi')) return (stored) => comparable(type, stored) === null;
  if (value === null && (operator === '$ne' || operator === '$nei')) return (stored) => comparable(type, stored) !== null;
  const expected = operand(type, value);
  switch (operator) {
    case '$eq':
      return (stored) => {
        const v = comparable(type, stored);
        return v === null ? null : v === expected;
      };
    case '$ne':
      return (stored) => {
        const v = comparable(type, stored);
        return v === null ? null : v !== expected;
      };
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte': {
      const accept = { $lt: (c: number) => c < 0, $lte: (c: number) => c <= 0, $gt: (c: number) => c > 0, $gte: (c: number) => c >= 0 }[operator];
      return (stored) => {
        const v = comparable(type, stored);
        return v === null || expected === null ? null : accept(compareValues(v, expected));
      };
    }
    default:
      return likeTest(type, operator, value);
  }
}

/**
 * The LIKE family and `$eqi`/`$nei` (`LOWER(col) = LOWER(?)`). SQLite folds ASCII case only, for
 * all of them; the value is literal text (Strapi escapes `%` and `_`); a boolean column holds 1 or 0.
 */
function likeTest(type: ComparableType, operator: ComparisonOperator, value: unknown): (stored: unknown) => Truth {
  const anchor: TextAnchor =
    operator === '$eqi' || operator === '$nei'
      ? 'whole'
      : operator === '$startsWith' || operator === '$startsWithi'
        ? 'start'
        : operator === '$endsWith' || operator === '$endsWithi'
          ? 'end'
          : 'contains';
  const match = asciiCaseInsensitive(String(value), anchor);
  const negate = operator === '$nei' || operator === '$notContains' || operator === '$notContainsi';
  return (stored) => {
    const v = comparable(type, stored);
    if (v === null) return null;
    return match(typeof v === 'string' ? v : typeof v === 'boolean' ? (v ? '1' : '0') : String(v)) !== negate;
  };
}
