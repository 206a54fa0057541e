import type { Entry } from '../content-index/entry.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { FilterNode } from '../query/filter-node.js';
import { compileLongContains } from './compile-long-contains.js';
import { compileScalarTest } from './compile-scalar-test.js';
import type { Row } from './field-value.js';
import type { ReadContext } from './read-context.js';
import { type Level, createFieldReader, findAttribute, findRelatedRows } from './related-rows.js';
import { type Truth, type TruthTest, allOf, anyOf, negateTruth } from './truth.js';
import type { ScalarType } from '../schema/attribute.js';

type Predicate = TruthTest<Row>;
type CompareNode = Extract<FilterNode, { kind: 'compare' }>;

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

/** The same, over the items of a component (a populate filter on a component or a dynamic-zone fragment). */
export function compileComponentFilter(context: ReadContext, component: AttributeSet, node: FilterNode): (item: Readonly<Record<string, unknown>>) => boolean {
  const test = compileNode(context, { kind: 'component', set: component }, node, false);
  return (item) => test(item) === true;
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
      const related = findRelatedRows(context, level, node.field);
      const where = compileNode(context, related.level, node.where, negated);
      return (row) => {
        const rows = related.rows(row);
        if (rows.length === 0) return where(related.empty) === true;
        for (const item of rows) if (where(item) === true) return true;
        return false;
      };
    }
    case 'compare': {
      const attribute = findAttribute(level, node.field);
      if (attribute !== undefined && attribute.kind !== 'scalar') return compareLink(context, level, node, negated);
      const type = attribute?.kind === 'scalar' ? attribute.type : systemType(node.field);
      const read = createFieldReader(level, node.field);
      const scalar = compileScalarTest(type, node.operator, node.value);
      const test = level.kind === 'document' ? withLongContains(type, node, scalar, read) : (row: Row) => scalar(read(row));
      return negated ? (row) => negateTruth(test(row)) : test;
    }
  }
}

/**
 * A comparison on a relation, media or component itself: `$null`/`$notNull` test whether it has
 * items; any other operator compares the related rows' ids.
 */
function compareLink(context: ReadContext, level: Level, node: CompareNode, negated: boolean): Predicate {
  const { field, operator, value } = node;
  if (operator !== '$null' && operator !== '$notNull') {
    return compileNode(context, level, { kind: 'nested', field, where: { kind: 'compare', field: 'id', operator, value } }, negated);
  }
  const related = findRelatedRows(context, level, field);
  // Inline components have no id column, so existence is asked directly; the answer is never unknown.
  const wantEmpty = ((operator === '$null') === Boolean(value)) !== negated;
  return (row) => (related.rows(row).length === 0) === wantEmpty;
}

const CONTAINS = new Set(['$contains', '$containsi', '$notContains', '$notContainsi']);

/** The comparison, with `$contains` and its kin on a long value answered from its stored bytes where it can be. */
function withLongContains(type: ScalarType | 'system', node: CompareNode, scalar: (stored: unknown) => Truth, read: (row: Row) => unknown): Predicate {
  const fast = CONTAINS.has(node.operator) && typeof node.value === 'string' ? compileLongContains(type, node.field, node.value) : undefined;
  if (fast === undefined) return (row) => scalar(read(row));
  const negate = node.operator === '$notContains' || node.operator === '$notContainsi';
  return (row) => {
    const found = fast(row as Entry);
    return found === undefined ? scalar(read(row)) : found !== negate;
  };
}

function systemType(field: string): 'datetime' | 'integer' | 'float' | 'string' {
  if (field === 'id') return 'integer';
  if (field === 'createdAt' || field === 'updatedAt' || field === 'publishedAt') return 'datetime';
  return 'string';
}
