import type { FilterNode } from '../query/filter-node.js';
import type { ContentType } from '../schema/content-type.js';
import { isSystemField } from './field-value.js';

/**
 * Whether a filter reads the entry alone: comparisons of system fields and scalar attributes under
 * `$and`, `$or` and `$not`, nothing through a relation, a component or media (those read other
 * documents or files). Its matches can then be carried over changes of the type.
 */
export function readsEntryAlone(type: ContentType, node: FilterNode | undefined): boolean {
  if (node === undefined) return true;
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.every((child) => readsEntryAlone(type, child));
    case 'not':
      return readsEntryAlone(type, node.child);
    case 'compare':
      return isSystemField(node.field) || type.attributes.get(node.field)?.kind === 'scalar';
    default:
      return false;
  }
}
