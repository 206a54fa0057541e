import type { Entry } from '../content-index/entry.js';
import type { ListView } from './list-view.js';
import type { ContentType } from '../schema/content-type.js';
import type { DocumentQuery, SortKey } from '../query/document-query.js';
import { answerByColumns, filterByColumns } from './column-answer.js';
import { compileFilter } from './compile-filter.js';
import { compileSearch } from './compile-search.js';
import { equalCandidates } from './equal-candidates.js';
import { type ReadContext, localeFor } from './read-context.js';
import { type KeptSort, carryKeptSort, keptSort, ownReaders, ownSortSteps, sortOrderCarry } from './kept-sort.js';
import { finishSteps } from './sort-steps.js';
import { runSlowly } from '../content-index/run-slowly.js';
import { madeSortOrder, prepareSortOrder, sortOrder, sortOrderMade } from './list-columns.js';
import { heldSortSteps, sortOrderKey, sortText } from './kept-sort-orders.js';
import { readsEntryAlone } from './reads-entry-alone.js';
import type { TypeChanges } from '../content-index/type-changes.js';
import { findRelationTarget } from '../schema/schema-registry.js';

export interface Selection {
  readonly page: readonly Entry[];
  readonly total: number;
}

/**
 * One page of a list: the entries in the requested order (a sort order is computed once per change
 * of the type and reused), tested by the compiled filter in one pass that also counts the total.
 */
export function selectEntries(context: ReadContext, type: ContentType, query: DocumentQuery): Selection {
  const list = listRequest(context, type, query);
  const { base } = list;
  const test = queryTest(context, type, query);
  const { start, limit } = query.pagination;
  const end = start + limit;

  if (test === undefined) {
    const ordered = query.sort.length === 0 ? base : sortedView(context, list).entries;
    return { page: ordered.slice(start, end), total: ordered.length };
  }
  // A page found by a text attribute's value (a slug) tests the few entries that hold it, in the
  // list's order (no sort), and keeps no memo of its own: each value asked would take one.
  const candidates = query.sort.length === 0 ? equalCandidates(context, type, base, list.view, query.filters) : undefined;
  if (candidates !== undefined) {
    const matches = candidates.filter(test);
    return { page: matches.slice(start, end), total: matches.length };
  }
  const matches = keptMatches(context, list, query, test);
  return { page: matches.entries.slice(start, end), total: matches.entries.length };
}

/** The query's filters and `_q` as one test; undefined when it has neither. */
function queryTest(context: ReadContext, type: ContentType, query: DocumentQuery): ((entry: Entry) => boolean) | undefined {
  const tests: ((entry: Entry) => boolean)[] = [];
  if (query.filters) tests.push(compileFilter(context, type, query.filters));
  if (query.search !== undefined && query.search !== '') tests.push(compileSearch(type, query.search));
  if (tests.length === 0) return undefined;
  return tests.length === 1 ? tests[0]! : (entry: Entry) => tests.every((t) => t(entry));
}

/**
 * The matches of a filter are kept, so paging through a filtered list (or the same query from many
 * clients) costs one scan, not one per request. A filter of the entry's own values, sorted by
 * values of the entry's own (or not sorted), is carried over an edit (kept-sort.ts); others are
 * made again after any change: filters and sorts through relations read other types, hence the
 * index-wide version in their key.
 */
function keptMatches(context: ReadContext, list: ListRequest, query: DocumentQuery, test: (entry: Entry) => boolean): KeptSort {
  return context.index.memo<KeptSort>(
    list.type,
    matchesKey(context, list, query),
    () => findMatches(context, list, query, test),
    matchesCarry(list, query, test),
  );
}

/** How a filter's kept matches are carried over their type's changes (undefined: made again). */
function matchesCarry(
  list: ListRequest,
  query: DocumentQuery,
  test: (entry: Entry) => boolean,
): ((held: KeptSort, changes: TypeChanges) => KeptSort | undefined) | undefined {
  const { type, view } = list;
  return matchesOwn(type, query) ? (held, changes) => carryKeptSort(type, held, query.sort, view, changes, test) : undefined;
}

function matchesOwn(type: ContentType, query: DocumentQuery): boolean {
  return readsEntryAlone(type, query.filters) && ownReaders(type, query.sort) !== undefined;
}

function matchesKey(context: ReadContext, list: ListRequest, query: DocumentQuery): string {
  const own = matchesOwn(list.type, query);
  return `match|${query.status}|${list.view.locale ?? ''}|${sortText(query.sort)}|${own ? 'own' : context.index.version}|${query.search ?? ''}|${JSON.stringify(query.filters ?? null)}`;
}

/** A type's entries of one status and locale (`view`, in default order: `base`), to be put in a query's sort order. */
interface ListRequest {
  readonly type: ContentType;
  readonly base: readonly Entry[];
  readonly sort: readonly SortKey[];
  readonly view: ListView;
}

function listRequest(context: ReadContext, type: ContentType, query: DocumentQuery): ListRequest {
  const locale = query.locale === '*' && type.localized ? '*' : localeFor(context, type);
  return { type, base: context.index.entries(type, query.status, locale), sort: query.sort, view: { status: query.status, locale } };
}

/** A list up to this size is sorted at once when a request needs it (a few milliseconds at most). */
const SORTED_AT_ONCE = 4_096;

/**
 * For a list that selectEntries would sort or filter at length before answering (more than
 * SORTED_AT_ONCE entries, a sort by the entry's own values, and no kept sort order when unfiltered,
 * no kept matches when filtered): resolves once that work is done between requests, so the request
 * waits for it without holding any other up (at 1,000,000 articles, sorting by title at once
 * stopped the server for 5 s; a filter matching most of them, sorted by title, 5.3 s; one matching
 * a tenth, 2.2 s). An unfiltered list's sort (sort-steps.ts) is kept as a filter past its budget
 * keeps it; a filter's matches are found and sorted as findMatches would (matchesSteps) and kept as
 * the read keeps them (keptMatches). Undefined when the list can be answered now.
 */
export function sortedListMade(context: ReadContext, type: ContentType, query: DocumentQuery): Promise<void> | undefined {
  if (query.sort.length === 0) return undefined;
  const list = listRequest(context, type, query);
  const { base, sort } = list;
  if (base.length <= SORTED_AT_ONCE) return undefined;
  const readers = ownReaders(type, sort);
  if (readers === undefined) return undefined;
  const test = queryTest(context, type, query);
  if (test !== undefined) return matchesMade(context, list, query, test, readers);
  const key = sortedViewKey(context, list);
  if (holdsSortedView(context, list, key)) return undefined;
  return sortOrderMade(base, key, () => heldSortSteps(context.index, type, { rows: base, view: list.view, sort, readers }, key));
}

/** Filters' matches being found between requests, by list and memo key: requests asking meanwhile wait for the same run. */
const finding = new WeakMap<readonly Entry[], Map<string, Promise<void>>>();

/**
 * Resolves once a filter's matches, in the query's order, are found between requests and held as
 * the type's memo the read takes them from (as of the type's version when the run began: an edit
 * meanwhile is carried over when the read asks, as for a whole sort). Undefined when they are held.
 */
function matchesMade(
  context: ReadContext,
  list: ListRequest,
  query: DocumentQuery,
  test: (entry: Entry) => boolean,
  readers: readonly ((entry: Entry) => unknown)[],
): Promise<void> | undefined {
  const { type, base } = list;
  const key = matchesKey(context, list, query);
  const { index } = context;
  if (index.holdsMemo(type, key)) return undefined;
  let runs = finding.get(base);
  if (runs === undefined) finding.set(base, (runs = new Map()));
  const running = runs.get(key);
  if (running !== undefined) return running;
  const version = index.typeVersion(type);
  const carry = matchesCarry(list, query, test) ?? (() => undefined);
  const made = new Promise<void>((resolve) => {
    let matches: KeptSort | undefined;
    const steps = (function* (): Generator<void, void> {
      matches = yield* matchesSteps(context, list, query, test, readers);
    })();
    runSlowly(steps, {
      done: () => {
        runs.delete(key);
        if (matches !== undefined) index.holdMemo(type, key, matches, version, carry);
        resolve();
      },
    });
  });
  runs.set(key, made);
  return made;
}

/** findMatches' work for a sort by the entry's own values, a step at a time. */
function* matchesSteps(
  context: ReadContext,
  list: ListRequest,
  query: DocumentQuery,
  test: (entry: Entry) => boolean,
  readers: readonly ((entry: Entry) => unknown)[],
): Generator<void, KeptSort> {
  const { type, base, sort } = list;
  const sortedKey = sortedViewKey(context, list);
  const kept = heldSortedView(context, list, sortedKey);
  if (kept !== undefined) return { entries: yield* filterSteps(context, list, kept.entries, query, test), kinds: kept.kinds };
  const inDefault = yield* filterSteps(context, list, base, query, test);
  if (sortsAlone(context, list, inDefault.length)) {
    aloneSorted(context, list).sorted += inDefault.length;
    return yield* ownSortSteps(inDefault, readers, sort);
  }
  yield* prepareSortOrder(base, sortedKey, () => heldSortSteps(context.index, type, { rows: base, view: list.view, sort, readers }, sortedKey));
  const whole = madeSortOrder<KeptSort>(base, sortedKey)!;
  // The second pass of this run: the column its first pass asked for is not made at once now.
  return { entries: yield* filterSteps(context, list, whole.entries, query, test, true), kinds: whole.kinds };
}

/** At most this share of a list's entries (one in FEW) match a filter that has them sorted alone. */
const FEW = 4;

/**
 * Whether a filter's matches (in default order) are sorted alone (findMatches): they are few, and
 * the matches sorted alone for the list and sort so far do not add up to the list's size.
 */
function sortsAlone(context: ReadContext, list: ListRequest, matches: number): boolean {
  return matches * FEW <= list.base.length && aloneSorted(context, list).sorted + matches <= list.base.length;
}

/** How many matches were sorted alone for a list and sort (kept over the type's changes as it is: a count of work done, not a value of the documents). */
function aloneSorted(context: ReadContext, list: ListRequest): { sorted: number } {
  return context.index.memo(
    list.type,
    `alone|${sortedViewKey(context, list)}`,
    () => ({ sorted: 0 }),
    (held) => held,
  );
}

/**
 * The entries of a list that pass `test`, in the query's order. Sorted, they are found in the
 * list's kept sort order when there is one; without it, in default order first, and when they are
 * few, sorted alone: a new sort of a whole list waits until a query needs most of it (at 1,000,000
 * articles, the first page filtered to a tenth and sorted by title took 3.3 s, most of it sorting
 * all of them). Once the matches sorted alone for a list and sort add up to the list's size, the
 * whole list is sorted for the next filters: between requests when the sort reads the entry's own
 * values (sort-steps.ts; a read from a route has all of this done between requests first,
 * sortedListMade; one that did not has the matches sorted alone meanwhile), else at once. Many
 * filters in one order cost at most about one sort more than sorting the list at once would. The
 * same order either way: the sort is stable, ties in default order.
 */
function findMatches(context: ReadContext, list: ListRequest, query: DocumentQuery, test: (entry: Entry) => boolean): KeptSort {
  const { type, base, sort } = list;
  if (sort.length === 0) return { entries: filterList(context, list, base, query, test), kinds: [] };
  const sortedKey = sortedViewKey(context, list);
  const kept = heldSortedView(context, list, sortedKey);
  if (kept !== undefined) return { entries: filterList(context, list, kept.entries, query, test), kinds: kept.kinds };
  const inDefault = filterList(context, list, base, query, test);
  if (sortsAlone(context, list, inDefault.length)) {
    aloneSorted(context, list).sorted += inDefault.length;
    return keptSort(context, type, inDefault, sort);
  }
  const readers = ownReaders(type, sort);
  if (readers !== undefined) {
    // A read that did not wait for the whole sort (sortedListMade): started for the next ones.
    sortOrder(base, sortedKey, () => heldSortSteps(context.index, type, { rows: base, view: list.view, sort, readers }, sortedKey), { wait: false });
    return keptSort(context, type, inDefault, sort);
  }
  // The matches are found: the whole list sorted, they are taken from it in its order (not tested again).
  const whole = sortedView(context, list, sortedKey);
  const matched = new Set(inDefault);
  return { entries: whole.entries.filter((entry) => matched.has(entry)), kinds: whole.kinds };
}

/**
 * The entries of `ordered` (the list `base` in some order) that pass `test`. `_q` and `$containsi`
 * on long text are answered from the list's search columns where they can be (once made:
 * list-columns.ts); a column made between requests is given up once the type changes (its list
 * is then replaced).
 */
function filterList(context: ReadContext, list: ListRequest, ordered: readonly Entry[], query: DocumentQuery, test: (entry: Entry) => boolean): Entry[] {
  return finishSteps(filterSteps(context, list, ordered, query, test));
}

/** Entries tested between two steps of filterSteps. */
const FILTER_STEP = 8_192;

/**
 * filterList's work, a step at a time (an answer from the columns in one, a column asked before
 * made at once, as for a read). `madeOnly`: only columns made already answer.
 */
function* filterSteps(
  context: ReadContext,
  list: ListRequest,
  ordered: readonly Entry[],
  query: DocumentQuery,
  test: (entry: Entry) => boolean,
  madeOnly = false,
): Generator<void, Entry[]> {
  const { type, base } = list;
  const version = context.index.typeVersion(type);
  const answer = answerByColumns(type, base, query, { wait: false, madeOnly, stale: () => context.index.typeVersion(type) !== version });
  if (answer !== undefined) {
    const rest = answer.rest === undefined ? undefined : compileFilter(context, type, answer.rest);
    return filterByColumns(base, ordered, answer, { rest, whole: test });
  }
  const out: Entry[] = [];
  for (let from = 0; from < ordered.length; from += FILTER_STEP) {
    const to = Math.min(from + FILTER_STEP, ordered.length);
    for (let i = from; i < to; i++) if (test(ordered[i]!)) out.push(ordered[i]!);
    if (to < ordered.length) yield;
  }
  return out;
}

/** Whether one entry passes the query's filters (get-one with `filters`). */
export function matchesQuery(context: ReadContext, type: ContentType, query: DocumentQuery, entry: Entry): boolean {
  return query.filters === undefined || compileFilter(context, type, query.filters)(entry);
}

/** The key of a list's kept sort order (sortedView). */
function sortedViewKey(context: ReadContext, list: ListRequest): string {
  const { type, sort, view } = list;
  // A sort through a relation also depends on the related type's documents.
  const dependencies = sort
    .filter((key) => key.path.length > 1)
    .map((key) => {
      const attribute = type.queryAttributes.get(key.path[0]!);
      const target = attribute?.kind === 'relation' ? findRelationTarget(context.index.registry, attribute.target) : undefined;
      return target ? `${target.uid}@${context.index.typeVersion(target)}` : '';
    })
    .join(',');
  return sortOrderKey(view, sort, dependencies);
}

function sortedView(context: ReadContext, list: ListRequest, key = sortedViewKey(context, list)): KeptSort {
  const { type, base, sort } = list;
  // A sort by the entry's own values is a column of the list (list-columns.ts): what a sort between
  // requests has done of it is not done again. An edit of the type carries it over (kept-sort.ts).
  const compute = (): KeptSort => {
    const readers = ownReaders(type, sort);
    return readers === undefined ? keptSort(context, type, base, sort) : sortOrder(base, key, () => ownSortSteps(base, readers, sort), { wait: true })!;
  };
  return context.index.memo(type, key, compute, sortOrderCarry(type, sort, list.view));
}

/** The list's kept sort order, if the type holds it or a sort between requests has made it. */
function heldSortedView(context: ReadContext, list: ListRequest, key: string): KeptSort | undefined {
  return holdsSortedView(context, list, key) ? sortedView(context, list, key) : undefined;
}

function holdsSortedView(context: ReadContext, list: ListRequest, key: string): boolean {
  return context.index.holdsMemo(list.type, key) || madeSortOrder(list.base, key) !== undefined;
}
