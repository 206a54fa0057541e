import type { Entry } from '../content-index/entry.js';
import { foldNeedle } from '../content-index/text-arena.js';
import type { FilterNode } from '../query/filter-node.js';
import type { ContentType } from '../schema/content-type.js';
import { isNumericTerm } from './compile-search.js';
import { longKind } from './compile-long-contains.js';
import { type ColumnMaking, longColumn, searchCorpus } from './search-columns.js';
import { type CarriedList, carriedFrom } from '../content-index/carried-lists.js';

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

/** One condition a column answers: how its column of a list is had, the needle, and whether it is negated. */
interface ColumnCondition {
  readonly columnOf: (rows: readonly Entry[], making: ColumnMaking) => Column | undefined;
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
 * surrogate), so that the query is tested entry by entry as before. A list carried over edits from
 * one whose columns are made (content-index/carried-lists.ts) is answered from those by their
 * differences (its rows that list holds as they were there, the versions carried in tested whole)
 * instead of having its own made after every edit; its own are made between requests once the
 * differences are many (OWN_COLUMNS_FROM). Otherwise undefined while a column it needs is being
 * made between requests, unless `making.wait` (then it is made now).
 */
export function answerByColumns(
  type: ContentType,
  rows: readonly Entry[],
  query: SearchQuery,
  making: ColumnMaking = { wait: false },
): ColumnAnswer | undefined {
  const plan = planOf(type, query);
  if (plan === undefined) return undefined;
  const { conditions, rest } = plan;
  const made = conditions.map((condition) => condition.columnOf(rows, MADE_ONLY));
  if (made.every((column) => column !== undefined)) return { flags: flagsOf(rows.length, conditions, made as Column[]), rest };
  const carried = making.wait ? undefined : carriedFrom(rows);
  const flags = carried === undefined ? undefined : flagsFromCarried(rows, carried, conditions);
  if (flags !== undefined && carried!.removed.size + carried!.added.size <= OWN_COLUMNS_FROM) return { flags, rest };
  const columns = conditions.map((condition) => condition.columnOf(rows, making));
  if (columns.every((column) => column !== undefined)) return { flags: flagsOf(rows.length, conditions, columns as Column[]), rest };
  return flags === undefined ? undefined : { flags, rest };
}

const MADE_ONLY: ColumnMaking = { wait: false, madeOnly: true };

/**
 * Versions changed since the list whose columns answer for a carried one, past which the carried
 * list's own columns are made (between requests): each changed version is tested whole by every
 * search meanwhile.
 */
const OWN_COLUMNS_FROM = 5_000;

/** The conditions the columns answer and the filter left, or undefined when the columns answer nothing of the query. */
function planOf(type: ContentType, query: SearchQuery): { conditions: ColumnCondition[]; rest: FilterNode | undefined } | undefined {
  const { search, filters } = query;
  const conditions: ColumnCondition[] = [];
  if (search !== undefined && search !== '') {
    const needle = isNumericTerm(search) ? undefined : foldNeedle(search);
    if (needle === undefined || needle.bytes.includes(0)) return undefined;
    conditions.push({ columnOf: (rows, making) => searchCorpus(type, rows, making), needle: needle.bytes, negate: false });
  }
  const rest: FilterNode[] = [];
  const children = filters === undefined ? [] : filters.kind === 'and' ? filters.children : [filters];
  for (const child of children) {
    const condition = child.kind === 'compare' ? longCondition(type, child) : undefined;
    if (condition === undefined) rest.push(child);
    else conditions.push(condition);
  }
  if (conditions.length === 0) return undefined;
  return { conditions, rest: rest.length === 0 ? undefined : rest.length === 1 ? rest[0] : { kind: 'and', children: rest } };
}

/** Each row's flag from the columns of a list of `count` rows. */
function flagsOf(count: number, conditions: readonly ColumnCondition[], columns: readonly Column[]): Uint8Array {
  const flags = new Uint8Array(count).fill(PASSES);
  const marks = new Uint8Array(count);
  for (let c = 0; c < conditions.length; c++) {
    const { needle, negate } = conditions[c]!;
    const column = columns[c]!;
    marks.fill(0);
    for (const row of column.search(needle)) marks[row] = 1;
    for (const row of column.uncovered) marks[row] = 2;
    for (let row = 0; row < marks.length; row++) {
      const mark = marks[row]!;
      if (flags[row] === FAILS) continue;
      if (mark === 2) flags[row] = TEST_WHOLE;
      else if ((mark === 1) === negate) flags[row] = FAILS;
    }
  }
  return flags;
}

/**
 * Flags for `rows` from the made columns of the list it was carried from: the versions it shares
 * with `rows` keep their flags there, the versions carried in since are tested whole. Undefined when
 * that list's columns are not all made, or the lists do not line up as noted.
 */
function flagsFromCarried(rows: readonly Entry[], carried: CarriedList, conditions: readonly ColumnCondition[]): Uint8Array | undefined {
  const { from: older, removed, added } = carried;
  const columns = conditions.map((condition) => condition.columnOf(older, MADE_ONLY));
  if (columns.some((column) => column === undefined)) return undefined;
  const olderFlags = flagsOf(older.length, conditions, columns as Column[]);
  const flags = new Uint8Array(rows.length);
  let i = 0;
  for (let row = 0; row < rows.length; row++) {
    const entry = rows[row]!;
    if (older[i] === entry) {
      flags[row] = olderFlags[i++]!;
      continue;
    }
    if (added.has(entry)) {
      flags[row] = TEST_WHOLE;
      continue;
    }
    while (i < older.length && older[i] !== entry) if (!removed.has(older[i++]!)) return undefined;
    if (i === older.length) return undefined;
    flags[row] = olderFlags[i++]!;
  }
  return flags;
}

function longCondition(type: ContentType, node: Extract<FilterNode, { kind: 'compare' }>): ColumnCondition | undefined {
  if (!CONTAINS.has(node.operator) || typeof node.value !== 'string') return undefined;
  const attribute = type.attributes.get(node.field);
  const kind = attribute?.kind === 'scalar' ? longKind(attribute.type) : undefined;
  const needle = kind === undefined ? undefined : foldNeedle(node.value);
  if (kind === undefined || needle === undefined) return undefined;
  const negate = node.operator === '$notContains' || node.operator === '$notContainsi';
  return { columnOf: (rows, making) => longColumn(rows, node.field, kind, making), needle: needle.bytes, negate };
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
