import type { Entry } from '../content-index/entry.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { FilterNode } from '../query/filter-node.js';
import { compileScalarTest } from './compile-scalar-test.js';
import type { Row } from './field-value.js';
import type { ReadContext } from './read-context.js';
import { type Level, createFieldReader, findAttribute, findRelatedRows } from './related-rows.js';
import { type TruthTest, allOf, anyOf, negateTruth } from './truth.js';

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
      const test = compileScalarTest(type, node.operator, node.value);
      return negated ? (row) => negateTruth(test(read(row))) : (row) => test(read(row));
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

function systemType(field: string): 'datetime' | 'integer' | 'float' | 'string' {
  if (field === 'id') return 'integer';
  if (field === 'createdAt' || field === 'updatedAt' || field === 'publishedAt') return 'datetime';
  return 'string';
}
