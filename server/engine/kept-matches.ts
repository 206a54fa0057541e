import type { Entry } from '../content-index/entry.js';
import { type TypeChanges, listedAfter, listedBefore, putIn, withoutChanged } from '../content-index/type-changes.js';
import type { FilterNode } from '../query/filter-node.js';
import type { SortKey } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import { isSystemField } from './field-value.js';
import { keptPlacement } from './kept-sort.js';
import type { ListView } from './list-view.js';

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

/** What a list's matches are carried with: the list's sort, the view and the test each entry passes. */
export interface MatchCarry {
  readonly type: ContentType;
  readonly sort: readonly SortKey[];
  readonly view: ListView;
  readonly test: (entry: Entry) => boolean;
}

/**
 * A kept list of the matches of a query (in its list's order) carried over changes of the type: the
 * changed documents' old versions taken out, their new ones put in their places when they pass
 * `test`, in a new array; undefined when that cannot be done (the caller filters the list again).
 */
export function carryMatches(matches: readonly Entry[], carry: MatchCarry, changes: TypeChanges): Entry[] | undefined {
  const { type, sort, view, test } = carry;
  const placement = keptPlacement(type, sort, changes);
  const without = placement === undefined ? undefined : withoutChanged(matches, listedBefore(changes, view.status, view.locale), true);
  if (without === undefined) return undefined;
  return putIn(
    without,
    listedAfter(changes, view.status, view.locale).filter(({ entry }) => test(entry)),
    placement!,
  );
}
