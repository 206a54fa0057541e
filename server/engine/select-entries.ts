import type { Entry } from '../content-index/entry.js';
import type { ListView } from './list-view.js';
import type { ContentType } from '../schema/content-type.js';
import type { DocumentQuery, SortKey } from '../query/document-query.js';
import { answerByColumns, filterByColumns } from './column-answer.js';
import { compileFilter } from './compile-filter.js';
import { compileSearch } from './compile-search.js';
import { equalCandidates } from './equal-candidates.js';
import { type ReadContext, localeFor } from './read-context.js';
import { type KeptSort, carryKeptSort, keptSort } from './kept-sort.js';
import { carryMatches, readsEntryAlone } from './kept-matches.js';
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
  const locale = query.locale === '*' && type.localized ? '*' : localeFor(context, type);
  const base = context.index.entries(type, query.status, locale);
  const view = { status: query.status, locale };
  const kept = query.sort.length === 0 ? undefined : sortedView(context, { type, base, sort: query.sort, view });
  const ordered = kept === undefined ? base : kept.entries;
  const tests: ((entry: Entry) => boolean)[] = [];
  if (query.filters) tests.push(compileFilter(context, type, query.filters));
  if (query.search !== undefined && query.search !== '') tests.push(compileSearch(type, query.search));
  const { start, limit } = query.pagination;
  const end = start + limit;

  if (tests.length === 0) return { page: ordered.slice(start, end), total: ordered.length };
  const test = tests.length === 1 ? tests[0]! : (entry: Entry) => tests.every((t) => t(entry));
  // A page found by a text attribute's value (a slug) tests the few entries that hold it, in the
  // list's order (no sort), and keeps no memo of its own: each value asked would take one.
  const candidates = query.sort.length === 0 ? equalCandidates(context, type, base, view, query.filters) : undefined;
  if (candidates !== undefined) {
    const matches = candidates.filter(test);
    return { page: matches.slice(start, end), total: matches.length };
  }
  // The matches of a filter are kept, so paging through a filtered list (or the same query from many
  // clients) costs one scan, not one per request. A filter of the entry's own values in a list that
  // can be carried over an edit (default order, a plain sort) is carried over it (kept-matches.ts);
  // others are made again after any change: filters through relations read other types, hence the
  // index-wide version in their key.
  const own = readsEntryAlone(type, query.filters) && (kept === undefined || kept.kinds !== undefined);
  const key = `match|${query.status}|${locale ?? ''}|${sortKey(query.sort)}|${own ? 'own' : context.index.version}|${query.search ?? ''}|${JSON.stringify(query.filters ?? null)}`;
  const carry = own ? (held: readonly Entry[], changes: TypeChanges) => carryMatches(held, { type, sort: query.sort, view, test }, changes) : undefined;
  const matches = context.index.memo<readonly Entry[]>(
    type,
    key,
    () => {
      // `_q` and `$containsi` on long text are answered from the list's search columns where they can be
      // (once made: search-columns.ts).
      // A column made between requests is given up once the type changes: its list is then replaced.
      const version = context.index.typeVersion(type);
      const answer = answerByColumns(type, base, query, { wait: false, stale: () => context.index.typeVersion(type) !== version });
      if (answer === undefined) return ordered.filter(test);
      const rest = answer.rest === undefined ? undefined : compileFilter(context, type, answer.rest);
      return filterByColumns(base, ordered, answer, { rest, whole: test });
    },
    carry,
  );
  return { page: matches.slice(start, end), total: matches.length };
}

function sortKey(sort: readonly SortKey[]): string {
  return sort.map((k) => `${k.path.join('.')}:${k.order}`).join(',');
}

/** Whether one entry passes the query's filters (get-one with `filters`). */
export function matchesQuery(context: ReadContext, type: ContentType, query: DocumentQuery, entry: Entry): boolean {
  return query.filters === undefined || compileFilter(context, type, query.filters)(entry);
}

/** A type's entries of one status and locale (`view`), to be put in a query's sort order. */
interface SortRequest {
  readonly type: ContentType;
  readonly base: readonly Entry[];
  readonly sort: readonly SortKey[];
  readonly view: ListView;
}

function sortedView(context: ReadContext, request: SortRequest): KeptSort {
  const { type, base, sort, view } = request;
  // A sort through a relation also depends on the related type's documents.
  const dependencies = sort
    .filter((key) => key.path.length > 1)
    .map((key) => {
      const attribute = type.queryAttributes.get(key.path[0]!);
      const target = attribute?.kind === 'relation' ? findRelationTarget(context.index.registry, attribute.target) : undefined;
      return target ? `${target.uid}@${context.index.typeVersion(target)}` : '';
    })
    .join(',');
  const key = `sort|${view.status}|${view.locale ?? ''}|${sortKey(sort)}|${dependencies}`;
  // An edit of the type carries a sort by a value of the entry's own over it (kept-sort.ts).
  const kept = context.index.memo(
    type,
    key,
    () => keptSort(context, type, base, sort),
    (held, changes) => carryKeptSort(type, held, sort, view, changes),
  );
  return kept;
}
