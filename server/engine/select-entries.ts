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
import { madeSortOrder, sortOrder, sortOrderMade } from './list-columns.js';
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
  const { base, view } = list;
  const { locale } = view;
  const tests: ((entry: Entry) => boolean)[] = [];
  if (query.filters) tests.push(compileFilter(context, type, query.filters));
  if (query.search !== undefined && query.search !== '') tests.push(compileSearch(type, query.search));
  const { start, limit } = query.pagination;
  const end = start + limit;

  if (tests.length === 0) {
    const ordered = query.sort.length === 0 ? base : sortedView(context, list).entries;
    return { page: ordered.slice(start, end), total: ordered.length };
  }
  const test = tests.length === 1 ? tests[0]! : (entry: Entry) => tests.every((t) => t(entry));
  // A page found by a text attribute's value (a slug) tests the few entries that hold it, in the
  // list's order (no sort), and keeps no memo of its own: each value asked would take one.
  const candidates = query.sort.length === 0 ? equalCandidates(context, type, base, view, query.filters) : undefined;
  if (candidates !== undefined) {
    const matches = candidates.filter(test);
    return { page: matches.slice(start, end), total: matches.length };
  }
  // The matches of a filter are kept, so paging through a filtered list (or the same query from many
  // clients) costs one scan, not one per request. A filter of the entry's own values, sorted by
  // values of the entry's own (or not sorted), is carried over an edit (kept-sort.ts); others are
  // made again after any change: filters and sorts through relations read other types, hence the
  // index-wide version in their key.
  const own = readsEntryAlone(type, query.filters) && ownReaders(type, query.sort) !== undefined;
  const key = `match|${query.status}|${locale ?? ''}|${sortText(query.sort)}|${own ? 'own' : context.index.version}|${query.search ?? ''}|${JSON.stringify(query.filters ?? null)}`;
  const carry = own ? (held: KeptSort, changes: TypeChanges) => carryKeptSort(type, held, query.sort, view, changes, test) : undefined;
  const matches = context.index.memo<KeptSort>(type, key, () => findMatches(context, list, query, test), carry);
  return { page: matches.entries.slice(start, end), total: matches.entries.length };
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
 * For a list that selectEntries would sort whole before answering (no filter, a sort by the entry's
 * own values not kept yet, more than SORTED_AT_ONCE entries): resolves once that sort is made
 * between requests (sort-steps.ts), so the request waits for it without holding any other up (at
 * 1,000,000 articles, sorting by title at once stopped the server for 5 s). Undefined when the
 * list can be answered now. The sort is kept as a filter past its budget keeps it (findMatches).
 */
export function wholeSortMade(context: ReadContext, type: ContentType, query: DocumentQuery): Promise<void> | undefined {
  if (query.sort.length === 0 || query.filters !== undefined || (query.search !== undefined && query.search !== '')) return undefined;
  const list = listRequest(context, type, query);
  const { base, sort } = list;
  if (base.length <= SORTED_AT_ONCE) return undefined;
  const readers = ownReaders(type, sort);
  if (readers === undefined) return undefined;
  const key = sortedViewKey(context, list);
  if (holdsSortedView(context, list, key)) return undefined;
  return sortOrderMade(base, key, () => heldSortSteps(context.index, type, { rows: base, view: list.view, sort, readers }, key));
}

/** At most this share of a list's entries (one in FEW) match a filter that has them sorted alone. */
const FEW = 4;

/**
 * The entries of a list that pass `test`, in the query's order. Sorted, they are found in the
 * list's kept sort order when there is one; without it, in default order first, and when they are
 * few, sorted alone: a new sort of a whole list waits until a query needs most of it (at 1,000,000
 * articles, the first page filtered to a tenth and sorted by title took 3.3 s, most of it sorting
 * all of them). Once the matches sorted alone for a list and sort add up to the list's size, the
 * whole list is sorted for the next filters: between requests when the sort reads the entry's own
 * values (sort-steps.ts; the matches are sorted alone meanwhile: at 1,000,000 that sort kept every
 * request waiting for 13 s), else at once. Many filters in one order cost at most about one sort
 * more than sorting the list at once would. The same order either way: the sort is stable, ties
 * in default order.
 */
function findMatches(context: ReadContext, list: ListRequest, query: DocumentQuery, test: (entry: Entry) => boolean): KeptSort {
  const { type, base, sort } = list;
  if (sort.length === 0) return { entries: filterList(context, list, base, query, test), kinds: [] };
  const sortedKey = sortedViewKey(context, list);
  const kept = heldSortedView(context, list, sortedKey);
  if (kept !== undefined) return { entries: filterList(context, list, kept.entries, query, test), kinds: kept.kinds };
  const inDefault = filterList(context, list, base, query, test);
  // Kept over the type's changes as it is: a count of work done, not a value of the documents.
  const alone = context.index.memo(
    type,
    `alone|${sortedKey}`,
    () => ({ sorted: 0 }),
    (held) => held,
  );
  if (inDefault.length * FEW <= base.length && alone.sorted + inDefault.length <= base.length) {
    alone.sorted += inDefault.length;
    return keptSort(context, type, inDefault, sort);
  }
  const readers = ownReaders(type, sort);
  if (readers !== undefined) {
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
  const { type, base } = list;
  const version = context.index.typeVersion(type);
  const answer = answerByColumns(type, base, query, { wait: false, stale: () => context.index.typeVersion(type) !== version });
  if (answer === undefined) return ordered.filter(test);
  const rest = answer.rest === undefined ? undefined : compileFilter(context, type, answer.rest);
  return filterByColumns(base, ordered, answer, { rest, whole: test });
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
