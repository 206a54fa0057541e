import type { Entry } from '../content-index/entry.js';
import type { ContentType } from '../schema/content-type.js';
import type { SortKey } from '../query/document-query.js';
import { comparable, compareValues, isSystemField, readEntryField } from './field-value.js';
import { localizationEntries } from './localization-entries.js';
import { type ReadContext, localeFor } from './read-context.js';
import { findRelationTarget } from '../schema/schema-registry.js';
import { SORT_CHUNK, finishSteps, readColumn, sortRowSteps } from './sort-steps.js';

/**
 * Sorts entries by the keys, stably: ties keep the input order (the default order). Each key is
 * read once per entry, so a sort costs one pass of reads plus the comparisons.
 */
export function sortEntries<E extends Entry>(context: ReadContext, type: ContentType, entries: readonly E[], keys: readonly SortKey[]): E[] {
  return finishSteps(sortEntriesSteps(context, type, entries, keys));
}

/**
 * sortEntries' sort a step at a time: each key's values read a slice a step (readColumn) (through
 * relations too), then sorted (sortColumnsSteps), so a whole list can be sorted between requests.
 */
export function* sortEntriesSteps<E extends Entry>(
  context: ReadContext,
  type: ContentType,
  entries: readonly E[],
  keys: readonly SortKey[],
): Generator<void, E[]> {
  const columns: unknown[][] = [];
  for (const key of keys) columns.push(yield* readColumn(entries, sortValueReader(context, type, key.path)));
  return yield* sortColumnsSteps(entries, columns, keys, columns.length === 1 && (yield* plainKindSteps(columns[0]!)) !== undefined);
}

/**
 * Sorts entries by their values of each key (`columns`, one per key), stably; `plain` when there is
 * one key and `<` orders its column (plainKind): then sorted by `<` (sortPlainly), several times faster.
 */
export function sortColumns<E>(entries: readonly E[], columns: readonly (readonly unknown[])[], keys: readonly SortKey[], plain: boolean): E[] {
  return finishSteps(sortColumnsSteps(entries, columns, keys, plain));
}

/** sortColumns' sort, a step at a time (sort-steps.ts). */
export function* sortColumnsSteps<E>(
  entries: readonly E[],
  columns: readonly (readonly unknown[])[],
  keys: readonly SortKey[],
  plain: boolean,
): Generator<void, E[]> {
  const directions = keys.map((key) => (key.order === 'desc' ? -1 : 1));
  if (plain) return yield* sortPlainly(entries, columns[0]!, directions[0]!);
  const order = yield* sortRowSteps(entries.length, (a, b) => {
    for (let k = 0; k < columns.length; k++) {
      const column = columns[k]!;
      const c = compareValues(column[a], column[b]);
      if (c !== 0) return c * directions[k]!;
    }
    return 0;
  });
  return inOrder(entries, order);
}

function inOrder<E>(entries: readonly E[], order: Int32Array): E[] {
  const out = new Array<E>(order.length);
  for (let i = 0; i < order.length; i++) out[i] = entries[order[i]!]!;
  return out;
}

/** What a column `<` orders as compareValues does holds besides nulls: numbers, strings, booleans, or nothing else (`none`). */
export type PlainKind = 'number' | 'string' | 'boolean' | 'none';

/**
 * Whether JavaScript's `<` orders a column's values as compareValues does, and what they are:
 * nulls, and numbers only (none NaN), booleans only, or strings only, none of them with a UTF-16 code unit from
 * U+D800 up (where `<` and code point order part); undefined when not. A sort by `<` is several
 * times faster (8 s → about 1 s for a million titles). `kind` is what the column held before these values.
 */
export function plainKind(column: readonly unknown[], kind: PlainKind = 'none', from = 0, to = column.length): PlainKind | undefined {
  for (let i = from; i < to; i++) {
    const value = column[i];
    if (value === null) continue;
    const type = typeof value;
    if (type !== 'number' && type !== 'string' && type !== 'boolean') return undefined;
    if (kind === 'none') kind = type;
    else if (type !== kind) return undefined;
    if (type === 'string' ? HIGH_UNITS.test(value as string) : Number.isNaN(value)) return undefined;
  }
  return kind;
}

const HIGH_UNITS = /[\uD800-\uFFFF]/;

/** Values looked at between two steps of plainKindSteps. */
const KIND_STEP = 65_536;

/** plainKind of a whole column a step at a time (at 1,000,000 titles, half a second in all). */
export function* plainKindSteps(column: readonly unknown[]): Generator<void, PlainKind | undefined> {
  let kind: PlainKind | undefined = 'none';
  for (let from = 0; from < column.length && kind !== undefined; from += KIND_STEP) {
    kind = plainKind(column, kind, from, Math.min(from + KIND_STEP, column.length));
    yield;
  }
  return kind;
}

/** A value of a column plainKind accepts. */
export type PlainValue = number | string | boolean | null;

/** Below this many entries, a sort comparing each pair is as quick as ranking the values. */
const RANK_FROM = 1_024;

/** Values ranked between two steps of rankedOrder. */
const RANK_STEP = 65_536;

/**
 * The same sort as sortEntries' (nulls first, ties in input order), comparing with `<`
 * (comparePlainly), ranked when that pays (rankedOrder), a step at a time.
 */
function* sortPlainly<E>(entries: readonly E[], column: readonly unknown[], direction: number): Generator<void, E[]> {
  const plainValues = column as readonly PlainValue[];
  const ranked = entries.length < RANK_FROM ? undefined : yield* rankedOrder(entries, plainValues, direction);
  if (ranked !== undefined) return ranked;
  const { values, copy } = freshStrings(plainValues);
  const order = yield* sortRowSteps(entries.length, (a, b) => comparePlainly(values[a]!, values[b]!, direction), copy);
  return inOrder(entries, order);
}

/**
 * A column's values, its strings copied afresh a chunk at a time before the chunk is sorted (`copy`,
 * sortRowSteps' prepare). A large list's strings lie scattered over the heap, and comparing them
 * pair by pair was mostly waiting for memory: at 1,000,000 articles, sorting the titles took
 * 6.2–7.1 s, and 1.4 s to copy them (one JSON round trip, which lays the copies out one after
 * another) plus 2.3–2.9 s to sort the copies. Below two chunks the strings are compared as they are.
 */
function freshStrings(column: readonly PlainValue[]): { values: readonly PlainValue[]; copy?: (from: number, to: number) => void } {
  if (column.length < 2 * SORT_CHUNK || !column.some((value) => typeof value === 'string')) return { values: column };
  const values = column.slice();
  const copy = (from: number, to: number): void => {
    const fresh = JSON.parse(JSON.stringify(values.slice(from, to))) as PlainValue[];
    for (let i = from; i < to; i++) values[i] = fresh[i - from]!;
  };
  return { values, copy };
}

/**
 * sortPlainly's order made without comparing the entries' values pair by pair: the column's
 * distinct values ranked by a sort that compares them natively (numbers as a Float64Array, strings
 * by the default sort, which compares code units as `<` does; false before true), then the entries
 * placed by rank, each rank's in input order (a counting sort). Undefined for values that are
 * mostly distinct (over an eighth of the entries): their sort compares as many pairs, and the table
 * of ranks costs more than it saves (a million slugs: 3.3 s either way, where a million views take
 * 0.37 s against 0.87 s, and a few categories no comparison at all; a million distinct times,
 * numbers since they are read as held: 2.9–3.5 s ranked, 0.8–1.3 s sorted in chunks).
 */
function* rankedOrder<E>(entries: readonly E[], values: readonly PlainValue[], direction: number): Generator<void, E[] | undefined> {
  const ranks = new Map<PlainValue, number>();
  const distinct: (string | number | boolean)[] = [];
  const most = entries.length / 8;
  for (let i = 0; i < values.length; i++) {
    if (i % RANK_STEP === RANK_STEP - 1) yield;
    const value = values[i]!;
    if (value === null || ranks.has(value)) continue;
    if (distinct.length >= most) return undefined;
    ranks.set(value, 0);
    distinct.push(value);
  }
  const ordered = inPlainOrder(distinct);
  if (direction < 0) ordered.reverse();
  yield;
  // Rank 0 is null's going up, the last rank going down.
  for (let rank = 0; rank < ordered.length; rank++) ranks.set(ordered[rank]!, rank + 1);
  const nullRank = direction < 0 ? ordered.length + 1 : 0;
  const rankOf = new Int32Array(values.length);
  const starts = new Int32Array(ordered.length + 3);
  for (let i = 0; i < values.length; i++) {
    if (i % RANK_STEP === RANK_STEP - 1) yield;
    const value = values[i]!;
    const rank = value === null ? nullRank : ranks.get(value)!;
    rankOf[i] = rank;
    starts[rank + 1]!++;
  }
  for (let rank = 1; rank < starts.length; rank++) starts[rank]! += starts[rank - 1]!;
  const out = new Array<E>(entries.length);
  for (let i = 0; i < entries.length; i++) out[starts[rankOf[i]!]!++] = entries[i]!;
  return out;
}

/** Distinct values of one plain kind in `<` order (strings sorted in place). */
function inPlainOrder(distinct: (string | number | boolean)[]): (string | number | boolean)[] {
  const first = distinct[0];
  if (typeof first === 'number') return Array.from(Float64Array.from(distinct as number[]).sort());
  if (typeof first === 'boolean') return [false, true].filter((value) => distinct.includes(value));
  return (distinct as string[]).sort();
}

/** Two values of a plain column in a sort's direction (1 or -1): nulls first, then by `<`; 0 for a tie. */
export function comparePlainly(x: PlainValue, y: PlainValue, direction: number): number {
  if (x === y) return 0;
  if (x === null) return -direction;
  if (y === null) return direction;
  return x < y ? -direction : x > y ? direction : 0;
}

/**
 * Reads the comparable value of a sort path that reads the entry alone (a system field, a scalar
 * attribute: what follows its name is not read), as sortValueReader does; undefined for another
 * path (through a relation, a component).
 */
export function ownValueReader(type: ContentType, path: readonly string[]): ((entry: Entry) => unknown) | undefined {
  const head = path[0];
  if (head === undefined) return undefined;
  const attribute = type.queryAttributes.get(head);
  if (attribute === undefined || isSystemField(head)) {
    return (entry) => comparable(head === 'id' ? 'integer' : 'system', readEntryField(entry, head));
  }
  return attribute.kind === 'scalar' ? (entry) => comparable(attribute.type, readEntryField(entry, head)) : undefined;
}

/** Reads the comparable value of a sort path (`title`, `author.name`) from an entry. */
function sortValueReader(context: ReadContext, type: ContentType, path: readonly string[]): (entry: Entry) => unknown {
  const [head, ...rest] = path;
  if (head === undefined) return () => null;
  const own = ownValueReader(type, path);
  if (own !== undefined) return own;
  const attribute = type.queryAttributes.get(head)!;
  switch (attribute.kind) {
    case 'relation': {
      const target = findRelationTarget(context.index.registry, attribute.target);
      if (target === undefined || rest.length === 0) return () => null;
      const locale = localeFor(context, target);
      const inner = sortValueReader(context, target, rest);
      // To-many relations sort by their first related value, as a SQL join picks one row.
      return (entry) => {
        if (attribute.virtual === 'localizations') {
          const first = localizationEntries(context, target, entry)[0];
          return first ? inner(first) : null;
        }
        const value = attribute.mappedBy === undefined ? readEntryField(entry, head) : undefined;
        const ids = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
        if (attribute.mappedBy !== undefined) {
          const sources = context.index.sourcesOf(target, attribute.mappedBy, entry.documentId);
          const first = sources.map((r) => context.index.findEntry(target, r.documentId, context.status, locale)).find((e) => e !== undefined);
          return first ? inner(first) : null;
        }
        for (const id of ids) {
          const related = typeof id === 'string' ? context.index.findEntry(target, id, context.status, locale) : undefined;
          if (related) return inner(related);
        }
        return null;
      };
    }
    case 'component': {
      const component = context.index.registry.components.get(attribute.component);
      const field = rest[0];
      const inner = field === undefined ? undefined : component?.attributes.get(field);
      if (inner?.kind !== 'scalar' || field === undefined) return () => null;
      return (entry) => {
        const value = readEntryField(entry, head);
        const item = Array.isArray(value) ? value[0] : value;
        return item && typeof item === 'object' ? comparable(inner.type, (item as Record<string, unknown>)[field]) : null;
      };
    }
    default:
      return () => null;
  }
}
