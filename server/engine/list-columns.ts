import { CompactEntry, readStoredField } from '../content-index/compact-entry.js';
import type { ContentIndex } from '../content-index/content-index.js';
import type { Entry } from '../content-index/entry.js';
import { LongColumn, type ValueSpan, valueSpan } from '../content-index/long-column.js';
import { runSlowly } from '../content-index/run-slowly.js';
import { forgetCarried } from '../content-index/carried-lists.js';
import { SearchCorpus } from '../content-index/search-corpus.js';
import type { LongKind } from '../content-index/text-arena.js';
import type { ContentType } from '../schema/content-type.js';
import { longKind } from './compile-long-contains.js';
import { searchedFields } from './compile-search.js';
import { readEntryField } from './field-value.js';
import { readColumn } from './sort-steps.js';

/** A column being built (its remaining steps) or built. */
interface Slot<T> {
  steps: Generator<void, T> | undefined;
  value: T | undefined;
  /** Whether its steps are taken between requests (ready()). */
  driven: boolean;
  /** Requests waiting for it to be made (sortOrderMade), woken when its run between requests ends. */
  waiters?: (() => void)[] | undefined;
  /** Whether a waiting request has it queued for its turn to be made (sortOrderMade). */
  queued?: boolean | undefined;
}

/**
 * The columns of a list of entries (a view of the index: one status and locale of a type, in its
 * default order), by what they hold: `_q` for the type's searched text (search-corpus.ts), the
 * attribute's name and kind for a long attribute (long-column.ts), the attribute's name for a short
 * one's stored values (storedColumn), `sort` and a key for a whole sort order (sortOrder). They
 * follow the list: the index makes a new list when the type changes, and the columns of the old one
 * go with it.
 */
const columns = new WeakMap<readonly Entry[], Map<string, Slot<unknown>>>();

/**
 * How a column not made yet is had: made now (`wait`), or a slice at a time between requests, until
 * `stale` says its list was replaced (an edit of the type: a list's search then makes the new list's).
 */
export interface ColumnMaking {
  readonly wait: boolean;
  readonly stale?: (() => boolean) | undefined;
  /** Only a column made already is had: none is started (a list's search reading an older list's columns). */
  readonly madeOnly?: boolean | undefined;
}

/**
 * The `_q` corpus of `rows` (the searched text attributes of each row, as `_q` compares them). When
 * it is not made yet: made now with `wait`, else undefined while it is made between requests.
 */
export function searchCorpus(type: ContentType, rows: readonly Entry[], making: ColumnMaking): SearchCorpus | undefined {
  if (making.madeOnly === true) return madeColumn(rows, '_q');
  return ready(
    slotOf(rows, '_q', () => buildCorpus(type, rows)),
    making,
  );
}

/** The column of a long attribute of `rows`, stored as `kind` (made now with `wait`, as searchCorpus). */
export function longColumn(rows: readonly Entry[], field: string, kind: LongKind, making: ColumnMaking): LongColumn | undefined {
  if (making.madeOnly === true) return madeColumn(rows, `${field}\u0000${kind}`);
  return ready(
    slotOf(rows, `${field}\u0000${kind}`, () => buildLongColumn(rows, field, kind)),
    making,
  );
}

/**
 * The stored value of short scalar attribute `field` of each row of `rows`, in row order
 * (`readStoredField`'s: the value is on the heap already, the column only points at it). A filter on
 * the attribute then reads one array instead of every entry: reading them was most of a new
 * filter's time (at 1,000,000 articles, 2.3–2.6 s for two attributes). Made at once on the second
 * ask for a list and attribute (with `wait`, on the first), unless a run between requests made it
 * before asking (storedColumnSteps): a list asked once (the pages of one filter are one ask) is
 * tested entry by entry, as cheaply as before. Undefined when not made.
 */
export function storedColumn(rows: readonly Entry[], field: string, making: ColumnMaking): readonly unknown[] | undefined {
  if (making.madeOnly === true) return madeColumn(rows, field);
  const asked = columns.get(rows)?.has(field) === true;
  const slot = slotOf(rows, field, () => storedValues(rows, field));
  return asked || making.wait ? finish(slot) : undefined;
}

/**
 * The steps that make the stored column of `field` for `rows` when it was asked before and is not
 * made: what storedColumn would make at once on the next ask, for a run between requests to take
 * before it asks (at 1,000,000 entries, about a second at once).
 */
export function* storedColumnSteps(rows: readonly Entry[], field: string): Generator<void, void> {
  if (columns.get(rows)?.has(field) === true) yield* stepsOf(slotOf(rows, field, () => storedValues(rows, field)));
}

function storedValues(rows: readonly Entry[], field: string): Generator<void, readonly unknown[]> {
  return readColumn(rows, (entry) => readStoredField(entry, field));
}

/**
 * A whole sort order of `rows` named by `key`, made by `build`'s steps: at once with `wait` (the
 * steps a run between requests has not taken yet), else a slice at a time between requests,
 * undefined until made (as searchCorpus).
 */
export function sortOrder<T>(rows: readonly Entry[], key: string, build: () => Generator<void, T>, making: ColumnMaking): T | undefined {
  return ready(slotOf(rows, sortSlot(key), build), making);
}

/** The steps that make the sort order of `rows` named by `key` (a start's warm-up takes them between requests). */
export function* prepareSortOrder<T>(rows: readonly Entry[], key: string, build: () => Generator<void, T>): Generator<void, void> {
  yield* stepsOf(slotOf(rows, sortSlot(key), build));
}

/**
 * Resolves once the sort order of `rows` named by `key` is made by `build`'s steps between requests
 * (started when it is not), or once that run is given up (`stale`): a request that needs it waits
 * without holding other requests up, then finds it made (or makes the rest at once).
 */
export function sortOrderMade<T>(rows: readonly Entry[], key: string, build: () => Generator<void, T>, stale?: () => boolean): Promise<void> {
  const slot = slotOf(rows, sortSlot(key), build);
  if (slot.value !== undefined) return Promise.resolve();
  const made = new Promise<void>((resolve) => (slot.waiters ??= []).push(resolve));
  if (!slot.driven && !slot.queued) {
    slot.queued = true;
    void turnFor(() => {
      slot.queued = false;
      // Made meanwhile (a request made it at once): its waiters were woken then.
      if (slot.value !== undefined) return Promise.resolve();
      const run = new Promise<void>((resolve) => (slot.waiters ??= []).push(resolve));
      ready(slot, { wait: false, stale });
      return run;
    });
  }
  return made;
}

/**
 * At most this many sort orders (or filters' matches: select-entries.ts matchesMade) are made
 * between requests for waiting requests at once: each holds its list's values and rows until done
 * (tens of MB at a million entries), and requests asking for many at once must not make them all
 * at the same time. The others wait their turn.
 */
const SORTS_AT_ONCE = 2;
let sorting = 0;
const turns: (() => void)[] = [];

/** Runs `run` when its turn comes (SORTS_AT_ONCE); resolves once it is done. */
export async function turnFor(run: () => Promise<void>): Promise<void> {
  while (sorting >= SORTS_AT_ONCE) await new Promise<void>((resolve) => turns.push(resolve));
  sorting++;
  try {
    await run();
  } finally {
    sorting--;
    turns.shift()?.();
  }
}

/** The sort order of `rows` named by `key` when it is made, else undefined (none is started). */
export function madeSortOrder<T>(rows: readonly Entry[], key: string): T | undefined {
  return madeColumn(rows, sortSlot(key));
}

/** A sort order's key among a list's columns. */
function sortSlot(key: string): string {
  return `sort\u0000${key}`;
}

/** A column of `rows` made already, if it is. */
function madeColumn<T>(rows: readonly Entry[], key: string): T | undefined {
  return columns.get(rows)?.get(key)?.value as T | undefined;
}

function ready<T>(slot: Slot<T>, making: ColumnMaking): T | undefined {
  if (slot.value !== undefined || making.wait) return finish(slot);
  if (!slot.driven) {
    // Made a slice at a time between requests; searches meanwhile test entry by entry, as before.
    slot.driven = true;
    const stale = (): boolean => {
      if (making.stale?.() !== true) return false;
      slot.driven = false;
      return true;
    };
    runSlowly(stepsOf(slot), { cancelled: stale, done: () => wake(slot) });
  }
  return undefined;
}

/** Wakes what waits for a slot: made (between requests, or at once by a request), or its run given up (the waiter then makes it at once). */
function wake(slot: Slot<unknown>): void {
  const { waiters } = slot;
  slot.waiters = undefined;
  for (const waiter of waiters ?? []) waiter();
}

/**
 * The steps that build the columns a type's published list (in the default locale) is searched
 * with, for a server to take between requests once it listens: the first search then finds them made.
 */
export function* prepareSearchColumns(index: ContentIndex): Generator<void, void> {
  for (const type of index.registry.contentTypes.values()) {
    if (type.kind !== 'collectionType') continue;
    const locale = type.localized ? index.defaultLocale : null;
    yield* index.viewSteps(type, 'published', locale);
    const rows = index.entries(type, 'published', locale);
    if (rows.length === 0) continue;
    if (searchedFields(type, false).length > 0) yield* stepsOf(slotOf(rows, '_q', () => buildCorpus(type, rows)));
    for (const [field, attribute] of type.attributes) {
      const kind = attribute.kind === 'scalar' ? longKind(attribute.type) : undefined;
      if (kind !== undefined) yield* stepsOf(slotOf(rows, `${field}\u0000${kind}`, () => buildLongColumn(rows, field, kind)));
    }
  }
}

function slotOf<T>(rows: readonly Entry[], key: string, build: () => Generator<void, T>): Slot<T> {
  let byKey = columns.get(rows);
  if (byKey === undefined) {
    byKey = new Map();
    columns.set(rows, byKey);
  }
  let slot = byKey.get(key) as Slot<T> | undefined;
  if (slot === undefined) {
    slot = { steps: ownMade(rows, key, build()), value: undefined, driven: false };
    byKey.set(key, slot as Slot<unknown>);
  }
  return slot;
}

/**
 * A list's column built: once every column asked of the list is made, the lists it was carried
 * from are no longer read for it (their columns answered its searches meanwhile: column-answer.ts)
 * and may go.
 */
function* ownMade<T>(rows: readonly Entry[], key: string, steps: Generator<void, T>): Generator<void, T> {
  const value = yield* steps;
  let pending = false;
  for (const [other, slot] of columns.get(rows) ?? []) if (other !== key && slot.value === undefined) pending = true;
  if (!pending) forgetCarried(rows);
  return value;
}

/** Takes a slot's remaining steps one at a time (a search may finish them meanwhile). */
function* stepsOf<T>(slot: Slot<T>): Generator<void, void> {
  while (slot.steps !== undefined) {
    const next = slot.steps.next();
    if (next.done === true) {
      slot.value = next.value;
      slot.steps = undefined;
      // Made, by a run between requests or at once by a request: whoever waits for it may go on.
      wake(slot as Slot<unknown>);
    } else yield;
  }
}

function finish<T>(slot: Slot<T>): T {
  const steps = stepsOf(slot);
  while (steps.next().done !== true);
  return slot.value!;
}

function buildCorpus(type: ContentType, rows: readonly Entry[]): Generator<void, SearchCorpus> {
  const fields = searchedFields(type, false);
  return SearchCorpus.build(rows.length, (row) => {
    const entry = rows[row]!;
    let text = '';
    for (let i = 0; i < fields.length; i++) {
      const value = readEntryField(entry, fields[i]!);
      // Values are joined by a NUL byte: a needle without one never spans two.
      if (i > 0) text += '\u0000';
      if (value !== null && value !== undefined) text += typeof value === 'string' ? value : String(value);
    }
    return text;
  });
}

function buildLongColumn(rows: readonly Entry[], field: string, kind: LongKind): Generator<void, LongColumn> {
  let span: ValueSpan | undefined;
  const locate = (slab: Buffer, at: number, index: number): undefined => {
    span = valueSpan(slab, at, index, kind);
    return undefined;
  };
  return LongColumn.build(rows.length, (row) => {
    const entry = rows[row]!;
    span = undefined;
    if (entry instanceof CompactEntry) entry.testLongValue(field, locate);
    return span;
  });
}
