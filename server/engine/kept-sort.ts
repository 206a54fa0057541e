import { CompactEntry } from '../content-index/compact-entry.js';
import type { Entry } from '../content-index/entry.js';
import { type Placement, type TypeChanges, firstAfter, listedAfter, listedBefore, putIn, withoutChanged } from '../content-index/type-changes.js';
import type { SortKey } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import type { ListView } from './list-view.js';
import type { ReadContext } from './read-context.js';
import {
  type PlainKind,
  type PlainValue,
  comparePlainly,
  ownValueReader,
  plainKind,
  plainKindSteps,
  sortColumnsSteps,
  sortEntriesSteps,
} from './sort-entries.js';
import { finishSteps, readColumn } from './sort-steps.js';

/**
 * A list in a sort's order as the type's memos keep it (a view's sort order, a filter's matches).
 * `kinds`, one per key, is set when it can be carried over the type's changes: keys of the entry's
 * own (system fields, scalar attributes) whose values `<` orders (plainKind; no keys: default
 * order), so an entry's place depends on its values and the default order alone.
 */
export interface KeptSort {
  readonly entries: readonly Entry[];
  readonly kinds: readonly PlainKind[] | undefined;
}

/** The view `entries` (one status and locale, in default order) in the order of `keys`: sortEntries' order. */
export function keptSort(context: ReadContext, type: ContentType, entries: readonly Entry[], keys: readonly SortKey[]): KeptSort {
  return finishSteps(keptSortSteps(context, type, entries, keys));
}

/** keptSort a step at a time: by the entry's own values (ownSortSteps), or through relations and components (sortEntriesSteps). */
export function* keptSortSteps(context: ReadContext, type: ContentType, entries: readonly Entry[], keys: readonly SortKey[]): Generator<void, KeptSort> {
  const readers = ownReaders(type, keys);
  if (readers !== undefined) return yield* ownSortSteps(entries, readers, keys);
  return { entries: yield* sortEntriesSteps(context, type, entries, keys), kinds: undefined };
}

/**
 * keptSort's order by keys of the entry's own (`readers`: ownReaders'), a step at a time: the
 * values read, then sorted (sort-steps.ts), so that a whole list can be sorted between requests.
 * A timestamp (createdAt, updatedAt, publishedAt) is read as the entry holds it (heldTimeReader):
 * where every one is a number, they order as their texts would, and no text is written out.
 */
export function* ownSortSteps(entries: readonly Entry[], readers: readonly ((entry: Entry) => unknown)[], keys: readonly SortKey[]): Generator<void, KeptSort> {
  const columns: unknown[][] = [];
  const kinds: (PlainKind | undefined)[] = [];
  for (let k = 0; k < readers.length; k++) {
    const held = heldTimeReader(keys[k]!);
    let column = held === undefined ? undefined : yield* readColumn(entries, held);
    let kind = column === undefined ? undefined : yield* plainKindSteps(column);
    if (kind === 'number') kind = 'string';
    else if (kind !== 'none') {
      column = yield* readColumn(entries, readers[k]!);
      kind = yield* plainKindSteps(column);
    }
    columns.push(column!);
    kinds.push(kind);
  }
  const plain = kinds.every((kind) => kind !== undefined);
  const sorted = yield* sortColumnsSteps(entries, columns, keys, plain && columns.length === 1);
  return { entries: sorted, kinds: plain ? (kinds as PlainKind[]) : undefined };
}

/**
 * Reads a timestamp system field as a compact entry holds it: ms when its text is toISOString's
 * (such texts, all of one width, order as their ms do), else the text (a column holding one is
 * read again as text). Writing a million texts out was most of a sort by createdAt or publishedAt.
 */
function heldTimeReader(key: SortKey): ((entry: Entry) => unknown) | undefined {
  const field = key.path[0];
  if (field !== 'createdAt' && field !== 'updatedAt' && field !== 'publishedAt') return undefined;
  return (entry) => (entry instanceof CompactEntry ? entry.heldTime(field) : entry[field]);
}

/** How a list's whole sort order (no filter) is carried over its type's changes: carryKeptSort of it. */
export function sortOrderCarry(type: ContentType, keys: readonly SortKey[], view: ListView): (held: KeptSort, changes: TypeChanges) => KeptSort | undefined {
  return (held, changes) => carryKeptSort(type, held, keys, view, changes);
}

/**
 * A list kept in the order of `keys` (a view's sort order, or, with `only`, the matches of a filter
 * in that order; no keys: default order) carried over changes of its type: the changed documents'
 * old versions taken out, their new ones (those `only` passes) put where their values, then the
 * default order, place them, in a new array. Undefined when it cannot be carried (a sort that `<`
 * does not order, a new value that would change that: a string with a code unit `<` orders
 * otherwise, a value of another type): the caller makes the list again.
 */
export function carryKeptSort(
  type: ContentType,
  kept: KeptSort,
  keys: readonly SortKey[],
  view: ListView,
  changes: TypeChanges,
  only?: (entry: Entry) => boolean,
): KeptSort | undefined {
  const readers = ownReaders(type, keys);
  if (kept.kinds === undefined || readers === undefined) return undefined;
  const kinds = [...kept.kinds];
  const listed = listedAfter(changes, view.status, view.locale);
  const added = only === undefined ? listed : listed.filter(({ entry }) => only(entry));
  for (const { entry } of added) {
    for (let k = 0; k < readers.length; k++) {
      const kind = plainKind([readers[k]!(entry)], kinds[k]);
      if (kind === undefined) return undefined;
      kinds[k] = kind;
    }
  }
  // A filter's matches hold only some of the old versions.
  const without = withoutChanged(kept.entries, listedBefore(changes, view.status, view.locale), only !== undefined);
  const out = without === undefined ? undefined : putIn(without, added, sortedPlacement(readers, keys, changes));
  return out === undefined ? undefined : { entries: out, kinds };
}

/** Each key's reader when every key reads the entry alone (a system field, a scalar attribute), else undefined. */
export function ownReaders(type: ContentType, keys: readonly SortKey[]): ((entry: Entry) => unknown)[] | undefined {
  const readers = keys.map((key) => ownValueReader(type, key.path));
  return readers.every((read) => read !== undefined) ? (readers as ((entry: Entry) => unknown)[]) : undefined;
}

/** Versions put in a list sorted plainly by the readers' values key by key, ties in default order (no keys: default order). */
function sortedPlacement(readers: readonly ((entry: Entry) => unknown)[], keys: readonly SortKey[], changes: TypeChanges): Placement {
  const directions = keys.map((key) => (key.order === 'desc' ? -1 : 1));
  const byValues = (a: Entry, b: Entry): number => {
    for (let k = 0; k < readers.length; k++) {
      const order = comparePlainly(readers[k]!(a) as PlainValue, readers[k]!(b) as PlainValue, directions[k]!);
      if (order !== 0) return order;
    }
    return 0;
  };
  return {
    place: (list, { entry, record }) => firstAfter(list, (listed) => byValues(listed, entry) || changes.compareDefault(listed, record)),
    order: (a, b) => byValues(a.entry, b.entry) || changes.defaultPlacement.order(a, b),
  };
}
