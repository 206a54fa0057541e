import type { ContentIndex } from '../content-index/content-index.js';
import type { Entry } from '../content-index/entry.js';
import type { TypeChanges } from '../content-index/type-changes.js';
import type { ContentType } from '../schema/content-type.js';
import type { SortKey } from '../query/document-query.js';
import { parseSort } from '../query/parse-sort.js';
import type { SortOrderNote } from '../store/sort-orders-file.js';
import { type KeptSort, ownReaders, ownSortSteps, sortOrderCarry } from './kept-sort.js';
import type { ListView } from './list-view.js';
import { prepareSortOrder } from './list-columns.js';

/** A sort as a query writes it and a memo key holds it: `title:asc,author.name:desc`. */
export function sortText(sort: readonly SortKey[]): string {
  return sort.map((key) => `${key.path.join('.')}:${key.order}`).join(',');
}

/** The key a list's kept sort order is held under (`dependencies`: the related types' versions a sort through a relation reads). */
export function sortOrderKey(view: ListView, sort: readonly SortKey[], dependencies: string): string {
  return `sort|${view.status}|${view.locale ?? ''}|${sortText(sort)}|${dependencies}`;
}

/**
 * The sort orders the index keeps of its lists by values of the entry's own (what a restart can
 * make again before they are asked), most recently used first. A sort through a relation is left
 * out: it depends on other types' documents as they are now.
 */
export function heldSortOrders(index: ContentIndex): SortOrderNote[] {
  const notes: SortOrderNote[] = [];
  for (const type of index.registry.contentTypes.values()) {
    for (const key of index.memoKeys(type).reverse()) {
      const [kind, status, locale, sort, dependencies, ...rest] = key.split('|');
      if (kind !== 'sort' || dependencies !== '' || rest.length > 0 || (status !== 'published' && status !== 'draft') || locale === '*') continue;
      notes.push({ type: type.uid, status, locale: locale === '' ? null : locale!, sort: sort! });
    }
  }
  return notes;
}

/**
 * The steps that make the sort orders of `notes` (read from the project's .cms/, so each is checked
 * against the schemas: a note of a type, locale or field that is no longer there, or of a sort
 * through a relation, is passed over), for a start's warm-up: the first list sorted so is then
 * answered from its order.
 */
export function* sortOrderSteps(index: ContentIndex, notes: readonly SortOrderNote[]): Generator<void, void> {
  for (const note of notes) {
    const type = index.registry.contentTypes.get(note.type);
    if (type === undefined || type.kind !== 'collectionType') continue;
    if (type.localized ? note.locale === null || !index.locales.has(note.locale) : note.locale !== null) continue;
    let sort: SortKey[];
    try {
      sort = parseSort(note.sort, index.registry, type);
    } catch {
      continue;
    }
    const readers = ownReaders(type, sort);
    if (sort.length === 0 || readers === undefined || sort.some((key) => key.path.length > 1)) continue;
    const view: ListView = { status: note.status, locale: note.locale };
    yield* index.viewSteps(type, note.status, note.locale);
    const rows = index.entries(type, note.status, note.locale);
    const key = sortOrderKey(view, sort, '');
    const version = index.typeVersion(type);
    yield* prepareSortOrder(rows, key, () => heldSortSteps(index, type, { rows, version, view, sort, readers }, key));
  }
}

/**
 * A list to sort whole by values of the entry's own: its rows (of `view`, in default order), the
 * type's version they are of (taken with them: a run that begins later must not hold its order as
 * of a later version), the sort, and its readers (ownReaders').
 */
export interface OwnSort {
  readonly rows: readonly Entry[];
  readonly version: number;
  readonly view: ListView;
  readonly sort: readonly SortKey[];
  readonly readers: readonly ((entry: Entry) => unknown)[];
}

/**
 * The steps of a whole list's sort between requests (ownSortSteps), its order held once made as
 * the type's memo of `key`, as of the list's version (heldWhenMade): a start's kept orders, a
 * filter past its budget and a request waiting for its list's order all make it so.
 */
export function heldSortSteps(index: ContentIndex, type: ContentType, list: OwnSort, key: string): Generator<void, KeptSort> {
  const { rows, version, view, sort, readers } = list;
  return heldWhenMade(index, type, key, version, sortOrderCarry(type, sort, view), ownSortSteps(rows, readers, sort));
}

/**
 * A sort of a list between requests whose order, once made, the index holds as the type's memo of
 * `key` as of `version` (the list's: taken with it, before the first step), so that a sort begun
 * before an edit runs to the end and is carried over the edits since when next asked (a steady
 * stream of edits would otherwise stop every such sort). A filter's matches, and the other lists
 * and tables made between requests for a waiting read, are held the same way (select-entries.ts
 * heldBetween).
 */
export function* heldWhenMade<T>(
  index: ContentIndex,
  type: ContentType,
  key: string,
  version: number,
  carry: ((held: T, changes: TypeChanges) => T | undefined) | undefined,
  steps: Generator<void, T>,
): Generator<void, T> {
  const kept = yield* steps;
  index.holdMemo(type, key, kept, version, carry);
  return kept;
}
