import type { Entry } from '../content-index/entry.js';
import { foldNeedle } from '../content-index/text-arena.js';
import type { FilterNode } from '../query/filter-node.js';
import type { ContentType } from '../schema/content-type.js';
import { isNumericTerm } from './compile-search.js';
import { longKind } from './compile-long-contains.js';
import { type ColumnMaking, longColumn, searchCorpus } from './search-columns.js';

/** A row passes none / all of the conditions the columns answered / is to be tested whole. */
export const FAILS = 0;
export const PASSES = 1;
export const TEST_WHOLE = 2;

/**
 * What a list's search columns (search-columns.ts) answer of a query: a flag per row (FAILS,
 * PASSES, TEST_WHOLE: a row a column could not answer, tested with the query's own predicates)
 * and the filter left for the rows that pass (the conditions no column answers).
 */
export interface ColumnAnswer {
  readonly flags: Uint8Array;
  readonly rest: FilterNode | undefined;
}

const CONTAINS = new Set(['$contains', '$containsi', '$notContains', '$notContainsi']);

/** A column of a list: the rows holding a needle, and the rows it cannot tell. */
interface Column {
  search(needle: Buffer): number[];
  readonly uncovered: readonly number[];
}

/** One condition a column answers: its column (undefined while it is made), the needle, and whether it is negated. */
interface ColumnCondition {
  readonly column: Column | undefined;
  readonly needle: Buffer;
  readonly negate: boolean;
}

/** The query parts the columns may answer. */
export interface SearchQuery {
  readonly search?: string | undefined;
  readonly filters?: FilterNode | undefined;
}

/**
 * Answers `_q` and the top-level `$contains` family on long attributes (alone or in a top-level
 * `$and`) from the columns of `rows`; undefined when the query has neither, or a `_q` the columns
 * cannot answer (a numeric term, which also searches numbers and ids; a needle holding NUL or a lone
 * surrogate), so that the query is tested entry by entry as before. Also undefined while a column
 * it needs is being made between requests, unless `making.wait` (then it is made now).
 */
export function answerByColumns(
  type: ContentType,
  rows: readonly Entry[],
  query: SearchQuery,
  making: ColumnMaking = { wait: false },
): ColumnAnswer | undefined {
  const { search, filters } = query;
  const conditions: ColumnCondition[] = [];
  if (search !== undefined && search !== '') {
    const needle = isNumericTerm(search) ? undefined : foldNeedle(search);
    if (needle === undefined || needle.bytes.includes(0)) return undefined;
    conditions.push({ column: searchCorpus(type, rows, making), needle: needle.bytes, negate: false });
  }
  const rest: FilterNode[] = [];
  const children = filters === undefined ? [] : filters.kind === 'and' ? filters.children : [filters];
  for (const child of children) {
    const condition = child.kind === 'compare' ? longCondition(type, rows, child, making) : undefined;
    if (condition === undefined) rest.push(child);
    else conditions.push(condition);
  }
  if (conditions.length === 0 || conditions.some((condition) => condition.column === undefined)) return undefined;
  const flags = new Uint8Array(rows.length).fill(PASSES);
  const marks = new Uint8Array(rows.length);
  for (const { column, needle, negate } of conditions) {
    marks.fill(0);
    for (const row of column!.search(needle)) marks[row] = 1;
    for (const row of column!.uncovered) marks[row] = 2;
    for (let row = 0; row < marks.length; row++) {
      const mark = marks[row]!;
      if (flags[row] === FAILS) continue;
      if (mark === 2) flags[row] = TEST_WHOLE;
      else if ((mark === 1) === negate) flags[row] = FAILS;
    }
  }
  return { flags, rest: rest.length === 0 ? undefined : rest.length === 1 ? rest[0] : { kind: 'and', children: rest } };
}

function longCondition(
  type: ContentType,
  rows: readonly Entry[],
  node: Extract<FilterNode, { kind: 'compare' }>,
  making: ColumnMaking,
): ColumnCondition | undefined {
  if (!CONTAINS.has(node.operator) || typeof node.value !== 'string') return undefined;
  const attribute = type.attributes.get(node.field);
  const kind = attribute?.kind === 'scalar' ? longKind(attribute.type) : undefined;
  const needle = kind === undefined ? undefined : foldNeedle(node.value);
  if (kind === undefined || needle === undefined) return undefined;
  const negate = node.operator === '$notContains' || node.operator === '$notContainsi';
  return { column: longColumn(rows, node.field, kind, making), needle: needle.bytes, negate };
}

/**
 * The entries of `ordered` (the rows, or the rows in another order) that pass: those the columns
 * passed and `rest` passes, and those to be tested whole that `whole` passes.
 */
export function filterByColumns(
  rows: readonly Entry[],
  ordered: readonly Entry[],
  answer: ColumnAnswer,
  tests: { rest: ((entry: Entry) => boolean) | undefined; whole: (entry: Entry) => boolean },
): Entry[] {
  const { flags } = answer;
  const { rest, whole } = tests;
  const passes = (entry: Entry, flag: number): boolean => (flag === PASSES ? rest === undefined || rest(entry) : flag === TEST_WHOLE && whole(entry));
  if (ordered === rows) return rows.filter((entry, row) => flags[row] !== FAILS && passes(entry, flags[row]!));
  const candidates = new Map<Entry, number>();
  for (let row = 0; row < flags.length; row++) if (flags[row] !== FAILS) candidates.set(rows[row]!, flags[row]!);
  return ordered.filter((entry) => {
    const flag = candidates.get(entry);
    return flag !== undefined && passes(entry, flag);
  });
}
