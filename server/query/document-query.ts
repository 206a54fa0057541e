import type { Status } from '../content-index/entry.js';
import type { FilterNode } from './filter-node.js';

export type SortOrder = 'asc' | 'desc';

/** One sort key: an attribute path (`['title']`, `['author', 'name']`) and its order. */
export interface SortKey {
  readonly path: readonly string[];
  readonly order: SortOrder;
}

/** Always resolved to offset form; `mode` says which meta shape to answer with. */
export interface Pagination {
  readonly mode: 'page' | 'offset';
  readonly start: number;
  readonly limit: number;
  readonly withCount: boolean;
}

/** What to do with one populated attribute. */
export interface PopulateNode {
  /** Scalar fields of the target; undefined = all. */
  readonly fields: readonly string[] | undefined;
  readonly filters: FilterNode | undefined;
  readonly sort: readonly SortKey[];
  /** Nested population of the target's own attributes. */
  readonly populate: PopulateMap;
  /** `count: true`: answer `{count}` instead of the items. */
  readonly count: boolean;
  /** Dynamic zones: per-component options; when set, entries of other components are dropped. */
  readonly on: ReadonlyMap<string, PopulateNode> | undefined;
  /** `start`/`limit` of the populated items; absent when every item is kept. */
  readonly window?: PopulateWindow | undefined;
}

/** A slice of populated items: skip `start`, keep `limit` (all when undefined). */
export interface PopulateWindow {
  readonly start: number;
  readonly limit: number | undefined;
}

/** Attribute name → how to populate it, in request order. */
export type PopulateMap = ReadonlyMap<string, PopulateNode>;

/** A validated Content API query: everything the document service needs, nothing HTTP-specific. */
export interface DocumentQuery {
  /** Scalar fields to return; undefined = all of them. */
  readonly fields: readonly string[] | undefined;
  readonly filters: FilterNode | undefined;
  /** `_q`: search every searchable text attribute. */
  readonly search: string | undefined;
  readonly sort: readonly SortKey[];
  readonly pagination: Pagination;
  readonly populate: PopulateMap;
  readonly status: Status;
  /** A locale code, `*` for all, or undefined for the default locale. */
  readonly locale: string | undefined;
}

export const EMPTY_POPULATE: PopulateMap = new Map();

export function emptyPopulateNode(): PopulateNode {
  return { fields: undefined, filters: undefined, sort: [], populate: EMPTY_POPULATE, count: false, on: undefined };
}
