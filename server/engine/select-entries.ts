import type { Entry } from '../content-index/entry.js';
import type { ListView } from './list-view.js';
import type { ContentType } from '../schema/content-type.js';
import type { DocumentQuery, SortKey } from '../query/document-query.js';
import { answerByColumns, columnsMadeSteps, filterByColumns } from './column-answer.js';
import { compileFilter } from './compile-filter.js';
import { compileSearch } from './compile-search.js';
import { equalCandidates, equalTableWork } from './equal-candidates.js';
import { reversedTypes } from './reversed-types.js';
import { type ReadContext, localeFor } from './read-context.js';
import { type KeptSort, carryKeptSort, keptSort, keptSortSteps, ownReaders, ownSortSteps, sortOrderCarry } from './kept-sort.js';
import { StepClock, finishSteps } from './sort-steps.js';
import { runSlowly } from '../content-index/run-slowly.js';
import { madeSortOrder, prepareSortOrder, sortOrder, sortOrderMade, turnFor } from './list-columns.js';
import { type OwnSort, heldSortSteps, heldWhenMade, sortOrderKey, sortText } from './kept-sort-orders.js';
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

/**
 * A type's entries of one status and locale (`view`, in default order: `base`, of the type's
 * `version`), to be put in a query's sort order.
 */
interface ListRequest {
  readonly type: ContentType;
  readonly base: readonly Entry[];
  readonly version: number;
  readonly sort: readonly SortKey[];
  readonly view: ListView;
}

function listRequest(context: ReadContext, type: ContentType, query: DocumentQuery): ListRequest {
  const locale = listLocale(context, type, query);
  const { index } = context;
  return { type, base: index.entries(type, query.status, locale), version: index.typeVersion(type), sort: query.sort, view: { status: query.status, locale } };
}

/** The locale of a query's list ('*': every locale). */
function listLocale(context: ReadContext, type: ContentType, query: DocumentQuery): string | null {
  return query.locale === '*' && type.localized ? '*' : localeFor(context, type);
}

/** A list up to this size is sorted at once when a request needs it (a few milliseconds at most). */
const SORTED_AT_ONCE = 4_096;

/**
 * For a list that selectEntries would make, sort or filter at length before answering (a view of
 * its status and locale not held: ContentIndex.viewSteps; more than SORTED_AT_ONCE entries, and no
 * kept sort order when unfiltered, no kept matches when filtered): resolves once that work is done
 * between requests, so the request waits for it without holding any other up (at 1,000,000
 * articles, the first list of drafts stopped the server for 2.2 s; sorting by title at once 5 s; by
 * author.name 3 s; a filter matching most of them, sorted by title, 5.3 s; one matching a tenth,
 * 2.2 s; unsorted filters 1.2–3.6 s; the first page found by its slug, 4 s). An unfiltered
 * list's sort by the entry's own values (sort-steps.ts) is kept as a filter past its budget keeps
 * it, one through relations or components as the read keeps it (sortedView); a filter's matches
 * are found and sorted as findMatches would (matchesSteps) and kept as the read keeps them
 * (keptMatches); a table of a text attribute's values as equalCandidates keeps it. Undefined when
 * the list can be answered now.
 */
export function sortedListMade(context: ReadContext, type: ContentType, query: DocumentQuery): Promise<void> | undefined {
  // Once each (a view or reverse side the type's changes kept from being held is made at once by what follows).
  const viewed = viewMade(context, type, query);
  if (viewed !== undefined) return viewed.then(() => afterView(context, type, query));
  return afterView(context, type, query);
}

function afterView(context: ReadContext, type: ContentType, query: DocumentQuery): Promise<void> | undefined {
  const reversed = reverseSidesMade(context, type, query);
  return reversed === undefined ? listWorkMade(context, type, query) : reversed.then(() => listWorkMade(context, type, query));
}

/** Reverse sides of relations being built between requests, by index and type. */
const reversing = new WeakMap<ReadContext['index'], Map<string, Promise<void>>>();

/**
 * Resolves once the reverse sides of relations a query of `type` reads (reversedTypes) are built
 * between requests (a list's wait, and a get-one's populate); undefined when they are.
 */
export function reverseSidesMade(context: ReadContext, type: ContentType, query: DocumentQuery): Promise<void> | undefined {
  const { index } = context;
  const runs: Promise<void>[] = [];
  for (const target of reversedTypes(index.registry, type, query)) {
    if (!index.holdsReverse(target)) runs.push(joinedRun(runsOf(reversing, index), target.uid, () => stepsTaken(index.reverseSteps(target))));
  }
  return runs.length === 0 ? undefined : Promise.all(runs).then(() => undefined);
}

/** sortedListMade's wait once the list's view is held: its sort, filter or table of values. */
function listWorkMade(context: ReadContext, type: ContentType, query: DocumentQuery): Promise<void> | undefined {
  const filtered = query.filters !== undefined || (query.search !== undefined && query.search !== '');
  if (query.sort.length === 0 && !filtered) return undefined;
  const list = listRequest(context, type, query);
  const { base, sort, view } = list;
  if (base.length <= SORTED_AT_ONCE) return undefined;
  if (filtered) {
    // A page found by a text attribute's value (a slug) tests only the entries that hold it, found
    // in a table of the list by that value (selectEntries): the table is what is made.
    const equal = sort.length === 0 ? equalTableWork(type, base, view, query.filters) : undefined;
    if (equal !== undefined) return heldBetween(context, list, equal.key, () => ({ steps: equal.steps(), carry: equal.carry }));
    return matchesMade(context, list, query);
  }
  const key = sortedViewKey(context, list);
  if (holdsSortedView(context, list, key)) return undefined;
  const readers = ownReaders(type, sort);
  if (readers === undefined) return heldBetween(context, list, key, () => ({ steps: keptSortSteps(context, type, base, sort), carry: undefined }));
  return sortOrderMade(base, key, () => heldSortSteps(context.index, type, ownSort(list, readers), key));
}

/** Views being made between requests, by index and view: requests asking meanwhile wait for the same run. */
const viewing = new WeakMap<ReadContext['index'], Map<string, Promise<void>>>();

/**
 * Resolves once the list of a query's status and locale (the drafts, say, never asked before) is
 * made between requests (ContentIndex.viewSteps); undefined when it is held.
 */
function viewMade(context: ReadContext, type: ContentType, query: DocumentQuery): Promise<void> | undefined {
  const { index } = context;
  const { status } = query;
  const locale = listLocale(context, type, query);
  if (index.holdsView(type, status, locale)) return undefined;
  return joinedRun(runsOf(viewing, index), `${type.uid}\u0000${status}\u0000${locale ?? ''}`, () => stepsTaken(index.viewSteps(type, status, locale)));
}

/** The runs of `by`'s `owner`, by key. */
function runsOf<K extends object>(by: WeakMap<K, Map<string, Promise<void>>>, owner: K): Map<string, Promise<void>> {
  let runs = by.get(owner);
  if (runs === undefined) by.set(owner, (runs = new Map()));
  return runs;
}

/** The run of `key` among `runs`: the one going on (a request asking meanwhile joins it), or the one `start` starts, let go of once done. */
function joinedRun(runs: Map<string, Promise<void>>, key: string, start: () => Promise<void>): Promise<void> {
  const joined = runs.get(key);
  if (joined !== undefined) return joined;
  const made = start().then(() => {
    runs.delete(key);
  });
  runs.set(key, made);
  return made;
}

/** Resolves once `steps` are taken between requests (or their run stops). */
function stepsTaken(steps: Iterator<unknown>): Promise<void> {
  return new Promise<void>((resolve) => runSlowly(steps, { done: () => resolve() }));
}

/** Lists' orders and filters' matches being made between requests, by list and memo key: requests asking meanwhile wait for the same run. */
const running = new WeakMap<readonly Entry[], Map<string, Promise<void>>>();

/** A run's steps and how their result is carried over the type's changes (undefined: made again after any). */
interface HeldWork<T> {
  readonly steps: Generator<void, T>;
  readonly carry: ((held: T, changes: TypeChanges) => T | undefined) | undefined;
}

/**
 * Resolves once `work`'s steps have run between requests, in their turn among the sorts made for
 * waiting requests (turnFor), and their result is held as the type's memo of `key` the read takes
 * it from, as of the list's version (heldWhenMade: an edit meanwhile is carried over when the
 * read asks, as for a whole sort). Undefined when the memo is held: `work` is asked for only for
 * a run (a filter is compiled only then).
 */
function heldBetween<T>(context: ReadContext, list: ListRequest, key: string, work: () => HeldWork<T>): Promise<void> | undefined {
  const { type, base } = list;
  const { index } = context;
  if (index.holdsMemo(type, key)) return undefined;
  return joinedRun(runsOf(running, base), key, () => {
    const { steps, carry } = work();
    const held = heldWhenMade(index, type, key, list.version, carry, steps);
    return turnFor(() => stepsTaken(held));
  });
}

/** Resolves once a filter's matches, in the query's order, are found between requests (matchesSteps) and held as keptMatches holds them. */
function matchesMade(context: ReadContext, list: ListRequest, query: DocumentQuery): Promise<void> | undefined {
  return heldBetween(context, list, matchesKey(context, list, query), () => {
    const test = queryTest(context, list.type, query)!;
    return { steps: matchesSteps(context, list, query, test, true), carry: matchesCarry(list, query, test) };
  });
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
 * values (sort-steps.ts), else at once. Many filters in one order cost at most about one sort more
 * than sorting the list at once would. The same order either way: the sort is stable, ties in
 * default order.
 */
function findMatches(context: ReadContext, list: ListRequest, query: DocumentQuery, test: (entry: Entry) => boolean): KeptSort {
  return finishSteps(matchesSteps(context, list, query, test, false));
}

/**
 * findMatches' work a step at a time. `between`: the steps are taken between requests (a read from
 * a route waits for them: sortedListMade), so a whole sort a filter needs is made in them and its
 * order filtered; a read that did not wait starts that sort for the next ones and has its matches
 * sorted alone meanwhile.
 */
function* matchesSteps(
  context: ReadContext,
  list: ListRequest,
  query: DocumentQuery,
  test: (entry: Entry) => boolean,
  between: boolean,
): Generator<void, KeptSort> {
  const { type, base, sort } = list;
  if (sort.length === 0) return { entries: yield* filterSteps(context, list, base, query, test), kinds: [] };
  const sortedKey = sortedViewKey(context, list);
  const kept = heldSortedView(context, list, sortedKey);
  if (kept !== undefined) return { entries: yield* filterSteps(context, list, kept.entries, query, test), kinds: kept.kinds };
  const inDefault = yield* filterSteps(context, list, base, query, test);
  const readers = ownReaders(type, sort);
  if (sortsAlone(context, list, inDefault.length)) {
    aloneSorted(context, list).sorted += inDefault.length;
    return yield* keptSortSteps(context, type, inDefault, sort);
  }
  if (between) {
    const whole = yield* wholeSortSteps(context, list, sortedKey, readers);
    // The second pass of this run: the column its first pass asked for is not made at once now.
    return { entries: yield* filterSteps(context, list, whole.entries, query, test, true), kinds: whole.kinds };
  }
  if (readers === undefined) {
    // The matches are found: the whole list sorted, they are taken from it in its order (not tested again).
    const whole = sortedView(context, list, sortedKey);
    const matched = new Set(inDefault);
    return { entries: whole.entries.filter((entry) => matched.has(entry)), kinds: whole.kinds };
  }
  sortOrder(base, sortedKey, () => heldSortSteps(context.index, type, ownSort(list, readers), sortedKey), { wait: false });
  return keptSort(context, type, inDefault, sort);
}

/**
 * A list's whole sort made a step at a time and held as sortedView keeps it: by the entry's own
 * values as a column of the list (prepareSortOrder), through relations or components as the
 * type's memo, made again after any change.
 */
function* wholeSortSteps(context: ReadContext, list: ListRequest, key: string, readers: ((entry: Entry) => unknown)[] | undefined): Generator<void, KeptSort> {
  const { type, base, sort } = list;
  if (readers === undefined) return yield* heldWhenMade(context.index, type, key, list.version, undefined, keptSortSteps(context, type, base, sort));
  yield* prepareSortOrder(base, key, () => heldSortSteps(context.index, type, ownSort(list, readers), key));
  return madeSortOrder<KeptSort>(base, key)!;
}

function ownSort(list: ListRequest, readers: ((entry: Entry) => unknown)[]): OwnSort {
  return { rows: list.base, version: list.version, view: list.view, sort: list.sort, readers };
}

/**
 * The entries of `ordered` (the list `base` in some order) that pass `test`, a step at a time.
 * `_q` and `$containsi` on long text, and short attributes asked before, are answered from the
 * list's columns where they can be (list-columns.ts: a stored column asked before is made first,
 * a step at a time; a column made between requests is given up once the type changes, its list
 * then replaced).
 * `madeOnly`: only columns made already answer.
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
  if (!madeOnly) yield* columnsMadeSteps(type, base, query);
  const answer = answerByColumns(type, base, query, { wait: false, madeOnly, stale: () => context.index.typeVersion(type) !== list.version });
  if (answer !== undefined) {
    const rest = answer.rest === undefined ? undefined : compileFilter(context, type, answer.rest);
    return yield* filterByColumns(base, ordered, answer, { rest, whole: test });
  }
  const out: Entry[] = [];
  const clock = new StepClock();
  for (let i = 0; i < ordered.length; i++) {
    if (test(ordered[i]!)) out.push(ordered[i]!);
    if (clock.due(i)) {
      yield;
      clock.restart();
    }
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
  const readers = ownReaders(type, sort);
  // Through relations or components: made again after any change of the type (such a sort is not
  // carried over one: kept-sort.ts), so the memo goes at the change and the next one is made between requests.
  if (readers === undefined) return context.index.memo(type, key, () => keptSort(context, type, base, sort));
  // A sort by the entry's own values is a column of the list (list-columns.ts): what a sort between
  // requests has done of it is not done again. An edit of the type carries it over (kept-sort.ts).
  const compute = (): KeptSort => sortOrder(base, key, () => ownSortSteps(base, readers, sort), { wait: true })!;
  return context.index.memo(type, key, compute, sortOrderCarry(type, sort, list.view));
}

/** The list's kept sort order, if the type holds it or a sort between requests has made it. */
function heldSortedView(context: ReadContext, list: ListRequest, key: string): KeptSort | undefined {
  return holdsSortedView(context, list, key) ? sortedView(context, list, key) : undefined;
}

function holdsSortedView(context: ReadContext, list: ListRequest, key: string): boolean {
  return context.index.holdsMemo(list.type, key) || madeSortOrder(list.base, key) !== undefined;
}
