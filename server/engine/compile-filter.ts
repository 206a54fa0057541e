import { isPlainObject } from '../config/is-plain-object.js';
import type { Entry } from '../content-index/entry.js';
import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { ComparisonOperator, FilterNode } from '../query/filter-node.js';
import { type Row, comparable, compareValues, foldAscii, isSystemField, readEntryField } from './field-value.js';
import { type ReadContext, localeFor } from './read-context.js';

type Predicate = (row: Row) => boolean;
type Level = { kind: 'document'; type: ContentType } | { kind: 'component'; set: AttributeSet } | { kind: 'media' };

/** Compiles a validated filter tree into one predicate over the type's entries. */
export function compileFilter(context: ReadContext, type: ContentType, node: FilterNode): (entry: Entry) => boolean {
  return compileNode(context, { kind: 'document', type }, node) as (entry: Entry) => boolean;
}

function compileNode(context: ReadContext, level: Level, node: FilterNode): Predicate {
  switch (node.kind) {
    case 'and': {
      const children = node.children.map((child) => compileNode(context, level, child));
      return (row) => children.every((test) => test(row));
    }
    case 'or': {
      const children = node.children.map((child) => compileNode(context, level, child));
      return (row) => children.some((test) => test(row));
    }
    case 'not': {
      const child = compileNode(context, level, node.child);
      return (row) => !child(row);
    }
    case 'nested': {
      const related = relatedRows(context, level, node.field);
      const where = compileNode(context, related.level, node.where);
      return (row) => related.rows(row).some(where);
    }
    case 'compare': {
      const attribute = attributeOf(level, node.field);
      if (attribute !== undefined && attribute.kind !== 'scalar') {
        // A compare on a relation, media or component itself: its existence ($null) or the related ids.
        const related = relatedRows(context, level, node.field);
        if (node.operator === '$null' || node.operator === '$notNull') {
          const wantEmpty = (node.operator === '$null') === Boolean(node.value);
          return (row) => (related.rows(row).length === 0) === wantEmpty;
        }
        const test = compareTest('integer', node.operator, node.value);
        return (row) => related.rows(row).some((item) => test((item as { id?: unknown }).id));
      }
      const type = attribute?.kind === 'scalar' ? attribute.type : systemType(node.field);
      const read = reader(level, node.field);
      const test = compareTest(type, node.operator, node.value);
      return (row) => test(read(row));
    }
  }
}

function attributeOf(level: Level, field: string): Attribute | undefined {
  if (level.kind === 'media') return undefined;
  return (level.kind === 'document' ? level.type : level.set).attributes.get(field);
}

function systemType(field: string): 'datetime' | 'integer' | 'string' {
  if (field === 'id' || field === 'width' || field === 'height' || field === 'size') return 'integer';
  if (field === 'createdAt' || field === 'updatedAt' || field === 'publishedAt') return 'datetime';
  return 'string';
}

function reader(level: Level, field: string): (row: Row) => unknown {
  if (level.kind === 'document') {
    return isSystemField(field) ? (row) => readEntryField(row as Entry, field) : (row) => (row as Entry).data[field];
  }
  return (row) => (row as Record<string, unknown>)[field];
}

/** How to get from a row to the rows a relation, media or component attribute holds. */
function relatedRows(context: ReadContext, level: Level, field: string): { level: Level; rows: (row: Row) => Row[] } {
  const attribute = attributeOf(level, field);
  const read = reader(level, field);
  switch (attribute?.kind) {
    case 'relation': {
      const target = context.index.registry.contentTypes.get(attribute.target);
      if (target === undefined) return { level, rows: () => [] };
      const locale = localeFor(context, target);
      if (attribute.mappedBy !== undefined) {
        const back = attribute.mappedBy;
        return {
          level: { kind: 'document', type: target },
          rows: (row) => {
            const out: Entry[] = [];
            for (const record of context.index.sourcesOf(target, back, (row as Entry).documentId)) {
              if (record.locale !== locale) continue;
              const version = context.index.findEntry(target, record.documentId, context.status, locale);
              const value = version?.data[back];
              if (version && (value === (row as Entry).documentId || (Array.isArray(value) && value.includes((row as Entry).documentId)))) out.push(version);
            }
            return out;
          },
        };
      }
      return {
        level: { kind: 'document', type: target },
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
      return {
        level: { kind: 'media' },
        rows: (row) => {
          const out: Row[] = [];
          for (const path of asList(read(row))) {
            const record = typeof path === 'string' ? context.index.media.findByPath(path) : undefined;
            if (record) out.push(record as unknown as Row);
          }
          return out;
        },
      };
    case 'component': {
      const component = context.index.registry.components.get(attribute.component);
      if (component === undefined) return { level, rows: () => [] };
      return { level: { kind: 'component', set: component }, rows: (row) => asList(read(row)).filter(isPlainObject) };
    }
    default:
      return { level, rows: () => [] };
  }
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

/** One scalar comparison with SQL semantics: a NULL column matches only $null (and $eq null). */
function compareTest(type: Parameters<typeof comparable>[0], operator: ComparisonOperator, value: unknown): (stored: unknown) => boolean {
  const list = Array.isArray(value) ? value.map((v) => comparable(type, v)) : [comparable(type, value)];
  const first = list[0] ?? null;
  const text = (v: unknown): string => foldAscii(typeof v === 'string' ? v : String(v));
  const patterns = list.map((v) => text(v));
  switch (operator) {
    case '$eq':
      if (first === null && list.length === 1) return (stored) => comparable(type, stored) === null;
      return (stored) => {
        const v = comparable(type, stored);
        return v !== null && list.some((x) => x === v);
      };
    case '$ne':
      if (first === null && list.length === 1) return (stored) => comparable(type, stored) !== null;
      return (stored) => {
        const v = comparable(type, stored);
        return v !== null && list.some((x) => x !== v);
      };
    case '$in':
      return (stored) => {
        const v = comparable(type, stored);
        return v !== null && list.some((x) => x === v);
      };
    case '$notIn':
      return (stored) => {
        const v = comparable(type, stored);
        return v !== null && !list.some((x) => x === v);
      };
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte': {
      const accept = { $lt: (c: number) => c < 0, $lte: (c: number) => c <= 0, $gt: (c: number) => c > 0, $gte: (c: number) => c >= 0 }[operator];
      return (stored) => {
        const v = comparable(type, stored);
        return v !== null && list.some((x) => x !== null && accept(compareValues(v, x)));
      };
    }
    case '$between': {
      const [low, high] = list;
      return (stored) => {
        const v = comparable(type, stored);
        return v !== null && low !== undefined && high !== undefined && compareValues(v, low) >= 0 && compareValues(v, high) <= 0;
      };
    }
    case '$null':
    case '$notNull': {
      const wantNull = (operator === '$null') === Boolean(value);
      return (stored) => (comparable(type, stored) === null) === wantNull;
    }
    default:
      return likeTest(operator, patterns, (stored) => {
        const v = comparable(type, stored);
        return v === null ? null : text(v);
      });
  }
}

/** The LIKE family: SQLite folds ASCII case for all of them. A NULL column never matches. */
function likeTest(operator: ComparisonOperator, patterns: string[], read: (stored: unknown) => string | null): (stored: unknown) => boolean {
  const negate = operator === '$nei' || operator === '$notContains' || operator === '$notContainsi';
  let match: (v: string, p: string) => boolean;
  switch (operator) {
    case '$eqi':
    case '$nei':
      match = (v, p) => v === p;
      break;
    case '$contains':
    case '$containsi':
    case '$notContains':
    case '$notContainsi':
      match = (v, p) => v.includes(p);
      break;
    case '$startsWith':
    case '$startsWithi':
      match = (v, p) => v.startsWith(p);
      break;
    default:
      match = (v, p) => v.endsWith(p);
      break;
  }
  return (stored) => {
    const v = read(stored);
    if (v === null) return false;
    // An array is an OR of the single comparisons, negated ones included (as Strapi builds it).
    return negate ? patterns.some((p) => !match(v, p)) : patterns.some((p) => match(v, p));
  };
}
