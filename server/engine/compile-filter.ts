import { isPlainObject } from '../config/is-plain-object.js';
import type { Entry } from '../content-index/entry.js';
import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { ComparisonOperator, FilterNode } from '../query/filter-node.js';
import { type Row, type TextAnchor, asciiCaseInsensitive, comparable, compareValues, isSystemField, readEntryField } from './field-value.js';
import { type ReadContext, localeFor } from './read-context.js';

/** SQL's three truth values: a comparison with NULL is neither true nor false (`null`). */
type Truth = boolean | null;
type Predicate = (row: Row) => Truth;
type Level = { kind: 'document'; type: ContentType } | { kind: 'component'; set: AttributeSet };
type ComparableType = Parameters<typeof comparable>[0];

/**
 * The row a LEFT JOIN yields when there is no related row: every column NULL. A relation, media or
 * component without items is tested against it, as Strapi's joins do (`filters[author][name][$null]`
 * matches documents without an author).
 */
const NULL_ENTRY = Object.freeze({ id: null, documentId: null, locale: null, data: Object.freeze({}), createdAt: null, updatedAt: null, publishedAt: null }) as unknown as Row;
const NULL_RECORD: Row = Object.freeze(Object.create(null) as Record<string, unknown>);

/**
 * Compiles a validated filter tree into one predicate over the type's entries, once per query.
 * It evaluates the tree as the SQL Strapi builds would: NULL columns make comparisons unknown
 * (`$ne`, `$notIn` and `$not` never match NULL), and a relation condition holds when some joined
 * row satisfies it, negations included (`$not` is pushed down to the joined rows).
 */
export function compileFilter(context: ReadContext, type: ContentType, node: FilterNode): (entry: Entry) => boolean {
  const test = compileNode(context, { kind: 'document', type }, node, false);
  return (entry) => test(entry) === true;
}

function compileNode(context: ReadContext, level: Level, node: FilterNode, negated: boolean): Predicate {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const children = node.children.map((child) => compileNode(context, level, child, negated));
      // De Morgan: under a negation, NOT(a AND b) is (NOT a) OR (NOT b).
      return (node.kind === 'and') !== negated ? allOf(children) : anyOf(children);
    }
    case 'not':
      return compileNode(context, level, node.child, !negated);
    case 'nested': {
      const related = relatedRows(context, level, node.field);
      const where = compileNode(context, related.level, node.where, negated);
      return (row) => {
        const rows = related.rows(row);
        if (rows.length === 0) return where(related.empty) === true;
        for (const item of rows) if (where(item) === true) return true;
        return false;
      };
    }
    case 'compare': {
      const attribute = attributeOf(level, node.field);
      if (attribute !== undefined && attribute.kind !== 'scalar') return compareLink(context, level, node.field, node.operator, node.value, negated);
      const type = attribute?.kind === 'scalar' ? attribute.type : systemType(node.field);
      const read = reader(level, node.field);
      const test = compareTest(type, node.operator, node.value);
      return negated ? (row) => not(test(read(row))) : (row) => test(read(row));
    }
  }
}

/**
 * A comparison on a relation, media or component itself: `$null`/`$notNull` test whether it has
 * items; any other operator compares the related rows' ids.
 */
function compareLink(context: ReadContext, level: Level, field: string, operator: ComparisonOperator, value: unknown, negated: boolean): Predicate {
  if (operator !== '$null' && operator !== '$notNull') {
    return compileNode(context, level, { kind: 'nested', field, where: { kind: 'compare', field: 'id', operator, value } }, negated);
  }
  const related = relatedRows(context, level, field);
  // Inline components have no id column, so existence is asked directly; the answer is never unknown.
  const wantEmpty = (operator === '$null') === Boolean(value) !== negated;
  return (row) => (related.rows(row).length === 0) === wantEmpty;
}

function allOf(tests: readonly Predicate[]): Predicate {
  return (row) => {
    let result: Truth = true;
    for (const test of tests) {
      const value = test(row);
      if (value === false) return false;
      if (value === null) result = null;
    }
    return result;
  };
}

function anyOf(tests: readonly Predicate[]): Predicate {
  return (row) => {
    let result: Truth = false;
    for (const test of tests) {
      const value = test(row);
      if (value === true) return true;
      if (value === null) result = null;
    }
    return result;
  };
}

function not(value: Truth): Truth {
  return value === null ? null : !value;
}

function attributeOf(level: Level, field: string): Attribute | undefined {
  return (level.kind === 'document' ? level.type : level.set).attributes.get(field);
}

function systemType(field: string): 'datetime' | 'integer' | 'float' | 'string' {
  if (field === 'id') return 'integer';
  if (field === 'createdAt' || field === 'updatedAt' || field === 'publishedAt') return 'datetime';
  return 'string';
}

function reader(level: Level, field: string): (row: Row) => unknown {
  if (level.kind === 'document') {
    return isSystemField(field) ? (row) => readEntryField(row as Entry, field) : (row) => (row as Entry).data[field];
  }
  return (row) => (row as Record<string, unknown>)[field];
}

interface RelatedRows {
  readonly level: Level;
  /** The row a LEFT JOIN yields when there are none. */
  readonly empty: Row;
  readonly rows: (row: Row) => Row[];
}

/** How to get from a row to the rows a relation, media or component attribute holds. */
function relatedRows(context: ReadContext, level: Level, field: string): RelatedRows {
  const attribute = attributeOf(level, field);
  const read = reader(level, field);
  switch (attribute?.kind) {
    case 'relation': {
      const target = context.index.registry.contentTypes.get(attribute.target);
      if (target === undefined) return { level, empty: NULL_RECORD, rows: () => [] };
      const locale = localeFor(context, target);
      const targetLevel: Level = { kind: 'document', type: target };
      if (attribute.mappedBy !== undefined) {
        const back = attribute.mappedBy;
        return {
          level: targetLevel,
          empty: NULL_ENTRY,
          rows: (row) => {
            const documentId = (row as Entry).documentId;
            if (typeof documentId !== 'string') return [];
            const out: Entry[] = [];
            for (const record of context.index.sourcesOf(target, back, documentId, false)) {
              if (record.locale !== locale) continue;
              const version = context.index.findEntry(target, record.documentId, context.status, locale);
              const value = version?.data[back];
              if (version && (value === documentId || (Array.isArray(value) && value.includes(documentId)))) out.push(version);
            }
            return out;
          },
        };
      }
      return {
        level: targetLevel,
        empty: NULL_ENTRY,
        rows: (row) => {
          const out: Entry[] = [];
          for (const id of asList(read(row))) {
            const version = typeof id === 'string' ? context.index.findEntry(target, id, context.status, locale) : undefined;
            if (version) out.push(version);
          }
          return out;
        },
      };
    }
    case 'media':
      // A media file is an entry of the upload type.
      return {
        level: { kind: 'document', type: context.index.registry.uploadFile },
        empty: NULL_ENTRY,
        rows: (row) => {
          const out: Row[] = [];
          for (const path of asList(read(row))) {
            const record = typeof path === 'string' ? context.index.media.findByPath(path) : undefined;
            if (record) out.push(record);
          }
          return out;
        },
      };
    case 'component': {
      const component = context.index.registry.components.get(attribute.component);
      if (component === undefined) return { level, empty: NULL_RECORD, rows: () => [] };
      return { level: { kind: 'component', set: component }, empty: NULL_RECORD, rows: (row) => asList(read(row)).filter(isPlainObject) };
    }
    default:
      return { level, empty: NULL_RECORD, rows: () => [] };
  }
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

/**
 * One comparison on a scalar column, with SQL semantics: a NULL column makes it unknown, except
 * for the NULL tests (`$null`, `$eq: null`, `$ne: null`). A list value on a single-value operator
 * is the OR of the comparisons with each item, as Strapi builds it.
 */
function compareTest(type: ComparableType, operator: ComparisonOperator, value: unknown): (stored: unknown) => Truth {
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
      return operator === '$in' ? isIn : (stored) => not(isIn(stored));
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
      const tests = value.map((item) => singleTest(type, operator, item));
      return (stored) => {
        let result: Truth = false;
        for (const test of tests) {
          const outcome = test(stored);
          if (outcome === true) return true;
          if (outcome === null) result = null;
        }
        return result;
      };
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
    operator === '$eqi' || operator === '$nei' ? 'whole' : operator === '$startsWith' || operator === '$startsWithi' ? 'start' : operator === '$endsWith' || operator === '$endsWithi' ? 'end' : 'contains';
  const match = asciiCaseInsensitive(String(value), anchor);
  const negate = operator === '$nei' || operator === '$notContains' || operator === '$notContainsi';
  return (stored) => {
    const v = comparable(type, stored);
    if (v === null) return null;
    return match(typeof v === 'string' ? v : typeof v === 'boolean' ? (v ? '1' : '0') : String(v)) !== negate;
  };
}
