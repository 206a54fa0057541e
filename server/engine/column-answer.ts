import type { Entry } from '../content-index/entry.js';
import { foldNeedle } from '../content-index/text-arena.js';
import type { FilterNode } from '../query/filter-node.js';
import type { ContentType } from '../schema/content-type.js';
import { isNumericTerm } from './compile-search.js';
import { longKind } from './compile-long-contains.js';
import { type ColumnMaking, longColumn, searchCorpus, storedColumn, storedColumnSteps } from './list-columns.js';
import { type CarriedList, carriedFrom } from '../content-index/carried-lists.js';
import { compileScalarTest } from './compile-scalar-test.js';
import { isSystemField } from './field-value.js';
import { rowPositions } from './row-positions.js';
import { StepClock } from './sort-steps.js';

/** A row passes none / all of the conditions the columns answered / is to be tested whole. */
export const FAILS = 0;
export const PASSES = 1;
export const TEST_WHOLE = 2;

/**
 * What a list's search columns (list-columns.ts) answer of a query: a flag per row (FAILS,
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

/**
 * One condition the columns answer: its verdict on each row of a list (FAILS, PASSES, TEST_WHOLE),
 * or undefined when a column it needs is not made (`making` says whether it may be made now).
 */
interface ColumnCondition {
  verdicts(rows: readonly Entry[], making: ColumnMaking): Uint8Array | undefined;
  /** The steps that make what `verdicts` would make at once when asked (a stored column asked before). */
  prepare?(rows: readonly Entry[]): Generator<void, void>;
}

/** The query parts the columns may answer. */
export interface SearchQuery {
  readonly search?: string | undefined;
  readonly filters?: FilterNode | undefined;
}

/**
 * Answers `_q`, the top-level `$contains` family on long attributes and the top-level comparisons
 * of short scalar attributes (alone or in a top-level `$and`) from the columns of `rows`
 * (list-columns.ts); undefined when the query has none of them, or a `_q` the columns
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
  const made = flagsOf(rows, conditions, MADE_ONLY);
  if (made !== undefined) return { flags: made, rest };
  const carried = making.wait ? undefined : carriedFrom(rows);
  const flags = carried === undefined ? undefined : flagsFromCarried(rows, carried, conditions);
  if (flags !== undefined && carried!.removed.size + carried!.added.size <= OWN_COLUMNS_FROM) return { flags, rest };
  const own = flagsOf(rows, conditions, making);
  if (own !== undefined) return { flags: own, rest };
  return flags === undefined ? undefined : { flags, rest };
}

const MADE_ONLY: ColumnMaking = { wait: false, madeOnly: true };

/**
 * The steps that make the columns of `rows` which answerByColumns would make at once when asked
 * about `query` (stored columns asked before): a run between requests takes them before it asks.
 */
export function* columnsMadeSteps(type: ContentType, rows: readonly Entry[], query: SearchQuery): Generator<void, void> {
  for (const condition of planOf(type, query)?.conditions ?? []) if (condition.prepare !== undefined) yield* condition.prepare(rows);
}

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
    conditions.push(searchCondition((rows, making) => searchCorpus(type, rows, making), needle.bytes, false));
  }
  const rest: FilterNode[] = [];
  const children = filters === undefined ? [] : filters.kind === 'and' ? filters.children : [filters];
  for (const child of children) {
    const condition = child.kind === 'compare' ? (longCondition(type, child) ?? storedCondition(type, child)) : undefined;
    if (condition === undefined) rest.push(child);
    else conditions.push(condition);
  }
  if (conditions.length === 0) return undefined;
  return { conditions, rest: rest.length === 0 ? undefined : rest.length === 1 ? rest[0] : { kind: 'and', children: rest } };
}

/** Each row's flag: FAILS when a condition fails it, else TEST_WHOLE when one cannot tell, else PASSES; undefined when a column is not made. */
function flagsOf(rows: readonly Entry[], conditions: readonly ColumnCondition[], making: ColumnMaking): Uint8Array | undefined {
  const all: (Uint8Array | undefined)[] = [];
  for (const condition of conditions) {
    all.push(condition.verdicts(rows, making));
    // A look at what is made stops at the first column that is not; an ask goes on, so that each is begun.
    if (all.at(-1) === undefined && making.madeOnly === true) return undefined;
  }
  if (all.some((verdicts) => verdicts === undefined)) return undefined;
  const flags = new Uint8Array(rows.length).fill(PASSES);
  for (const verdicts of all as Uint8Array[]) {
    for (let row = 0; row < flags.length; row++) {
      const verdict = verdicts[row]!;
      if (verdict === FAILS || (verdict === TEST_WHOLE && flags[row] === PASSES)) flags[row] = verdict;
    }
  }
  return flags;
}

/** A condition a search column answers: the rows holding `needle` pass (fail, when `negate`); those it cannot tell are tested whole. */
function searchCondition(columnOf: (rows: readonly Entry[], making: ColumnMaking) => Column | undefined, needle: Buffer, negate: boolean): ColumnCondition {
  return {
    verdicts(rows, making) {
      const column = columnOf(rows, making);
      if (column === undefined) return undefined;
      const verdicts = new Uint8Array(rows.length).fill(negate ? PASSES : FAILS);
      for (const row of column.search(needle)) verdicts[row] = negate ? FAILS : PASSES;
      for (const row of column.uncovered) verdicts[row] = TEST_WHOLE;
      return verdicts;
    },
  };
}

/**
 * Flags for `rows` from the made columns of the list it was carried from: the versions it shares
 * with `rows` keep their flags there, the versions carried in since are tested whole. Undefined when
 * that list's columns are not all made, or the lists do not line up as noted.
 */
function flagsFromCarried(rows: readonly Entry[], carried: CarriedList, conditions: readonly ColumnCondition[]): Uint8Array | undefined {
  const { from: older, removed, added } = carried;
  const olderFlags = flagsOf(older, conditions, MADE_ONLY);
  if (olderFlags === undefined) return undefined;
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
  return searchCondition((rows, making) => longColumn(rows, node.field, kind, making), needle.bytes, negate);
}

/**
 * A comparison of a short scalar attribute (a value on the heap, not a long one), answered from the
 * list's column of stored values (`storedColumn`) with the very test the filter runs on each entry
 * (compile-scalar-test.ts): the same verdict for every row.
 */
function storedCondition(type: ContentType, node: Extract<FilterNode, { kind: 'compare' }>): ColumnCondition | undefined {
  const attribute = type.queryAttributes.get(node.field);
  if (attribute?.kind !== 'scalar' || isSystemField(node.field) || longKind(attribute.type) !== undefined) return undefined;
  const test = compileScalarTest(attribute.type, node.operator, node.value);
  return {
    prepare: (rows) => storedColumnSteps(rows, node.field),
    verdicts(rows, making) {
      const column = storedColumn(rows, node.field, making);
      if (column === undefined) return undefined;
      const verdicts = new Uint8Array(rows.length);
      for (let row = 0; row < column.length; row++) if (test(column[row]) === true) verdicts[row] = PASSES;
      return verdicts;
    },
  };
}

/**
 * The entries of `ordered` (the rows, or the rows in another order) that pass: those the columns
 * passed and `rest` passes, and those to be tested whole that `whole` passes; a step at a time
 * (StepClock).
 */
export function* filterByColumns(
  rows: readonly Entry[],
  ordered: readonly Entry[],
  answer: ColumnAnswer,
  tests: { rest: ((entry: Entry) => boolean) | undefined; whole: (entry: Entry) => boolean },
): Generator<void, Entry[]> {
  const { flags } = answer;
  const { rest, whole } = tests;
  const positions = ordered === rows ? undefined : yield* rowPositions(rows, ordered);
  const out: Entry[] = [];
  const clock = new StepClock();
  for (let i = 0; i < ordered.length; i++) {
    const row = positions === undefined ? i : positions[i]!;
    const flag = row === -1 ? FAILS : flags[row]!;
    const entry = ordered[i]!;
    if (flag === PASSES ? rest === undefined || rest(entry) : flag === TEST_WHOLE && whole(entry)) out.push(entry);
    if (clock.due(i)) {
      yield;
      clock.restart();
    }
  }
  return out;
}
