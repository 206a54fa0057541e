import { type DocumentRecord, type Entry, type Status, compareRecords, versionOf } from './entry.js';
import { noteCarried } from './carried-lists.js';

/** One document of a type changed since a list was made: its record then and now (undefined: none). */
export interface RecordChange {
  readonly before: DocumentRecord | undefined;
  readonly after: DocumentRecord | undefined;
}

/**
 * The documents of a type changed since a list of its entries was made (a view, a sort order, a
 * table of values), each once, for carrying the list over them instead of making it again from
 * every entry: an edit at 1,000,000 documents then costs the next listing a few splices, not a
 * sort of the whole type.
 */
export class TypeChanges {
  constructor(
    readonly changed: readonly RecordChange[],
    /** The current record of an entry of the type (by its documentId and locale). */
    private readonly recordOf: (entry: Entry) => DocumentRecord | undefined,
  ) {}

  /** Where the version of `record` goes in `list`, a list in default order of current records' versions; undefined when that cannot be told. */
  defaultPosition(list: readonly Entry[], record: DocumentRecord): number | undefined {
    return firstAfter(list, (listed) => this.compareDefault(listed, record));
  }

  /**
   * The default order (createdAt, documentId, locale: compareRecords) of a listed entry against a
   * record; undefined when the entry's record is not the current one or a time is not a number
   * (no order to trust: the list is made again).
   */
  compareDefault(entry: Entry, record: DocumentRecord): number | undefined {
    const other = this.recordOf(entry);
    return other === undefined ? undefined : compareRecordsSafely(other, record);
  }

  /** Versions put in a list in default order. */
  readonly defaultPlacement: Placement = {
    place: (list, { record }) => this.defaultPosition(list, record),
    order: (a, b) => compareRecordsSafely(a.record, b.record),
  };
}

/** compareRecords, undefined for one record against itself or a time that is not a number (no order to trust). */
function compareRecordsSafely(a: DocumentRecord, b: DocumentRecord): number | undefined {
  if (a === b || Number.isNaN(a.createdMs) || Number.isNaN(b.createdMs)) return undefined;
  const order = compareRecords(a, b);
  return order === 0 ? undefined : order;
}

/** A version to put in a kept list, and its (current) record. */
export interface Placed {
  readonly entry: Entry;
  readonly record: DocumentRecord;
}

/** How versions are put in a kept list: where one goes among its entries, and the order of two put in (undefined: cannot be told). */
export interface Placement {
  place(list: readonly Entry[], placed: Placed): number | undefined;
  order(a: Placed, b: Placed): number | undefined;
}

/** Versions put in a list one splice at a time up to this many; past them in one pass. */
const SPLICES = 8;

/**
 * `list` (a new array: the caller's own) with `items` put in where `placement` places them;
 * undefined when a place or an order cannot be told. A few are spliced in one by one; more are
 * placed among the list's entries first, ordered among themselves, then written in with the list
 * in one pass (a pull of thousands of documents costs one pass, not one splice each).
 */
export function putIn(list: Entry[], items: readonly Placed[], placement: Placement): Entry[] | undefined {
  if (items.length <= SPLICES) {
    for (const item of items) {
      const at = placement.place(list, item);
      if (at === undefined) return undefined;
      list.splice(at, 0, item.entry);
    }
    return list;
  }
  const placed: { item: Placed; at: number }[] = [];
  for (const item of items) {
    const at = placement.place(list, item);
    if (at === undefined) return undefined;
    placed.push({ item, at });
  }
  let untold = false;
  placed.sort((a, b) => {
    if (a.at !== b.at) return a.at - b.at;
    const order = placement.order(a.item, b.item);
    if (order === undefined) untold = true;
    return order ?? 0;
  });
  if (untold) return undefined;
  const out = new Array<Entry>(list.length + placed.length);
  let next = 0;
  let written = 0;
  for (let i = 0; i <= list.length; i++) {
    while (next < placed.length && placed[next]!.at === i) out[written++] = placed[next++]!.item.entry;
    if (i < list.length) out[written++] = list[i]!;
  }
  return out;
}

/** The old versions a list of `status` in `locale` held of the changed documents. */
export function listedBefore(changes: TypeChanges, status: Status, locale: string | null): Entry[] {
  const olds: Entry[] = [];
  for (const { before } of changes.changed) {
    const old = listedVersion(before, status, locale);
    if (old !== undefined) olds.push(old);
  }
  return olds;
}

/** The new versions a list of `status` in `locale` holds of the changed documents, with their records. */
export function listedAfter(changes: TypeChanges, status: Status, locale: string | null): Placed[] {
  const items: Placed[] = [];
  for (const { after } of changes.changed) {
    const entry = listedVersion(after, status, locale);
    if (entry !== undefined) items.push({ entry, record: after! });
  }
  return items;
}

/**
 * The first place in `list` whose entry `compare` puts after the one placed (compare < 0: before it),
 * by binary search; undefined when `compare` cannot tell.
 */
export function firstAfter(list: readonly Entry[], compare: (listed: Entry) => number | undefined): number | undefined {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const order = compare(list[mid]!);
    if (order === undefined) return undefined;
    if (order < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The version a list of `status` in `locale` (`*`: every locale) holds of a record, if any. */
function listedVersion(record: DocumentRecord | undefined, status: Status, locale: string | null): Entry | undefined {
  if (record === undefined || (locale !== '*' && record.locale !== locale)) return undefined;
  return versionOf(record, status);
}

/**
 * A list of a type's versions of `status` in `locale`, in default order, carried over changes: a
 * new array (the old one may be held: search columns follow a list), the changed documents' old
 * versions taken out and their new ones put in their places. Undefined when an old version is not
 * in the list or an order cannot be told: the caller makes the list again.
 */
export function carryDefaultOrder(list: readonly Entry[], status: Status, locale: string | null, changes: TypeChanges): Entry[] | undefined {
  const removed = listedBefore(changes, status, locale);
  const added = listedAfter(changes, status, locale);
  const without = withoutChanged(list, removed);
  const out = without === undefined ? undefined : putIn(without, added, changes.defaultPlacement);
  if (out === undefined) return undefined;
  noteCarried(
    list,
    out,
    removed,
    added.map((item) => item.entry),
  );
  return out;
}

/**
 * A copy of a list without `olds` (the changed documents' old versions: listedBefore); undefined
 * when one is not in it, unless the list holds only some of the versions (`some`: a filter's matches).
 */
export function withoutChanged(list: readonly Entry[], olds: readonly Entry[], some = false): Entry[] | undefined {
  if (olds.length > SPLICES) {
    const gone = new Set(olds);
    const out = list.filter((entry) => !gone.has(entry));
    return some || out.length === list.length - gone.size ? out : undefined;
  }
  const out = list.slice();
  for (const old of olds) {
    const at = out.indexOf(old);
    if (at < 0 && some) continue;
    if (at < 0) return undefined;
    out.splice(at, 1);
  }
  return out;
}
