import type { Entry } from '../content-index/entry.js';
import { type TypeChanges, listedAfter, listedBefore, putIn, withoutChanged } from '../content-index/type-changes.js';
import type { FilterNode } from '../query/filter-node.js';
import type { SortKey } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import { isSystemField } from './field-value.js';
import { keptPlacement } from './kept-sort.js';
import { type PlainKind, ownValueReader, plainKind } from './sort-entries.js';
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
 * The matches of a query as the type's memos keep them, in the query's order: `kinds`, one per sort
 * key, when `<` orders them as sortEntries does (plainKind: none for the default order), so that
 * they can be carried over changes; undefined when not.
 */
export interface KeptMatches {
  readonly entries: readonly Entry[];
  readonly kinds: readonly PlainKind[] | undefined;
}

/**
 * Kept matches of a query carried over changes of the type: the changed documents' old versions
 * taken out, their new ones put in their places when they pass `test`, in a new array; undefined
 * when that cannot be done (the caller finds the matches again): a list whose order `<` does not
 * give, or a new version whose sort value would change that (a string with a code unit `<` orders
 * otherwise, a value of another type).
 */
export function carryMatches(matches: KeptMatches, carry: MatchCarry, changes: TypeChanges): KeptMatches | undefined {
  const { type, sort, view, test } = carry;
  if (matches.kinds === undefined) return undefined;
  const readers = sort.map((key) => ownValueReader(type, key.path));
  const placement = keptPlacement(type, sort, changes);
  if (placement === undefined || readers.some((read) => read === undefined)) return undefined;
  const added = listedAfter(changes, view.status, view.locale).filter(({ entry }) => test(entry));
  const kinds = [...matches.kinds];
  for (const { entry } of added) {
    for (let k = 0; k < readers.length; k++) {
      const kind = plainKind([readers[k]!(entry)], kinds[k]);
      if (kind === undefined) return undefined;
      kinds[k] = kind;
    }
  }
  const without = withoutChanged(matches.entries, listedBefore(changes, view.status, view.locale), true);
  const entries = without === undefined ? undefined : putIn(without, added, placement);
  return entries === undefined ? undefined : { entries, kinds };
}
