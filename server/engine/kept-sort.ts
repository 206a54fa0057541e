import type { DocumentRecord, Entry } from '../content-index/entry.js';
import type { ListView } from './list-view.js';
import { type TypeChanges, listedVersion, withoutChanged } from '../content-index/type-changes.js';
import type { SortKey } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import type { ReadContext } from './read-context.js';
import { type PlainKind, comparePlainly, ownValueReader, plainKind, sortEntries, sortPlainly } from './sort-entries.js';

/**
 * A view's sort order as the type's memos keep it. `kind` is set when it can be carried over the
 * type's changes: one key of the entry's own (a system field, a scalar attribute) whose values `<`
 * orders (sortPlainly), so an entry's place depends on its value and the default order alone.
 */
export interface KeptSort {
  readonly entries: readonly Entry[];
  readonly kind: PlainKind | undefined;
}

/** The view `entries` (one status and locale, in default order) in the order of `keys`: sortEntries' order. */
export function keptSort(context: ReadContext, type: ContentType, entries: readonly Entry[], keys: readonly SortKey[]): KeptSort {
  const read = keys.length === 1 ? ownValueReader(type, keys[0]!.path) : undefined;
  if (read !== undefined) {
    const column = entries.map(read);
    const kind = plainKind(column);
    if (kind !== undefined) return { entries: sortPlainly(entries, column, directionOf(keys[0]!)), kind };
  }
  return { entries: sortEntries(context, type, entries, keys), kind: undefined };
}

/**
 * A kept sort order of the view of `status` in `locale` carried over changes of its type: the
 * changed documents' old versions taken out, their new ones put where their values (then the
 * default order) place them, in a new array. Undefined when it cannot be carried (a sort that
 * `<` does not order, a new value that would change that): the caller sorts again.
 */
export function carryKeptSort(type: ContentType, kept: KeptSort, keys: readonly SortKey[], view: ListView, changes: TypeChanges): KeptSort | undefined {
  let kind = kept.kind;
  const read = keys.length === 1 ? ownValueReader(type, keys[0]!.path) : undefined;
  if (kind === undefined || read === undefined) return undefined;
  const direction = directionOf(keys[0]!);
  const out = withoutChanged(kept.entries, view.status, view.locale, changes);
  if (out === undefined) return undefined;
  for (const { after } of changes.changed) {
    const entry = listedVersion(after, view.status, view.locale);
    if (entry === undefined) continue;
    kind = plainKind([read(entry)], kind);
    const at = kind === undefined ? undefined : sortedPosition(read, direction, out, entry, after!, changes);
    if (at === undefined) return undefined;
    out.splice(at, 0, entry);
  }
  return { entries: out, kind };
}

/**
 * Where `entry` (the version of `record`) goes in `list`, a list in a kept sort's order (a plain
 * one: `kind` set) or in default order (no sort); undefined when that cannot be told.
 */
export function keptPosition(
  type: ContentType,
  keys: readonly SortKey[],
  list: readonly Entry[],
  entry: Entry,
  record: DocumentRecord,
  changes: TypeChanges,
): number | undefined {
  if (keys.length === 0) return changes.defaultPosition(list, record);
  const read = keys.length === 1 ? ownValueReader(type, keys[0]!.path) : undefined;
  return read === undefined ? undefined : sortedPosition(read, directionOf(keys[0]!), list, entry, record, changes);
}

/** Where `entry` goes in a list sorted plainly by `read`'s values, ties in default order. */
function sortedPosition(
  read: (entry: Entry) => unknown,
  direction: number,
  list: readonly Entry[],
  entry: Entry,
  record: DocumentRecord,
  changes: TypeChanges,
): number | undefined {
  const value = read(entry) as number | string | null;
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const order = comparePlainly(read(list[mid]!) as number | string | null, value, direction) || changes.compareDefault(list[mid]!, record);
    if (order === undefined) return undefined;
    if (order < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

function directionOf(key: SortKey): number {
  return key.order === 'desc' ? -1 : 1;
}
