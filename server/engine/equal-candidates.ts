import type { Entry } from '../content-index/entry.js';
import type { FilterNode } from '../query/filter-node.js';
import type { ContentType } from '../schema/content-type.js';
import { readEntryField } from './field-value.js';
import type { ReadContext } from './read-context.js';
import type { ListView } from './list-view.js';
import { type TypeChanges, listedAfter, listedBefore } from '../content-index/type-changes.js';
import { finishSteps } from './sort-steps.js';

/**
 * The entries of a list that can pass a filter asking a text attribute to equal a string
 * (`filters[slug][$eq]=…`, alone or among the children of a top-level `$and`: how a front end
 * finds a page by its slug), looked up in a table of the list by that attribute's values instead
 * of testing every entry: a superset of the matches, in the list's order, which the filter still
 * tests one by one. The table is made on the first such query and kept with the list's other memos,
 * carried over the type's changes (the changed documents' entries moved). Undefined when the
 * filter has no such comparison, or when an entry of the list holds something else than a string
 * there (then equality is not string equality alone: every entry is tested as before).
 */
export function equalCandidates(
  context: ReadContext,
  type: ContentType,
  list: readonly Entry[],
  view: ListView,
  filters: FilterNode | undefined,
): readonly Entry[] | undefined {
  const equality = equalityOf(type, filters);
  if (equality === undefined) return undefined;
  const work = tableWork(list, view, equality.field);
  const table = context.index.memo(type, work.key, () => finishSteps(work.steps()), work.carry);
  if (table === null) return undefined;
  const found = table.get(equality.value);
  return found === undefined ? [] : Array.isArray(found) ? found : [found];
}

/** Attribute types whose `$eq` on a string value is the string's equality (comparable() keeps strings as they are). */
const TEXT_TYPES: ReadonlySet<string> = new Set(['string', 'uid', 'email', 'enumeration']);

/** The `$eq` on a text attribute with a string value that every match must meet, if the filter has one. */
function equalityOf(type: ContentType, node: FilterNode | undefined): { readonly field: string; readonly value: string } | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'compare') {
    const attribute = type.attributes.get(node.field);
    const text = attribute?.kind === 'scalar' && TEXT_TYPES.has(attribute.type);
    return text && node.operator === '$eq' && typeof node.value === 'string' ? { field: node.field, value: node.value } : undefined;
  }
  if (node.kind !== 'and') return undefined;
  for (const child of node.children) {
    const found = equalityOf(type, child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Entries by a value: one, or several in list order. */
type Table = Map<string, Entry | Entry[]>;

/**
 * What makes, a step at a time, the table equalCandidates would make at once for `filters` on
 * `list` (at 1,000,000 articles, the table of slugs took 4 s): its memo key, steps and carry, for a
 * run between requests (select-entries.ts sortedListMade). Undefined when the filter has no such
 * comparison.
 */
export function equalTableWork(type: ContentType, list: readonly Entry[], view: ListView, filters: FilterNode | undefined): TableWork | undefined {
  const equality = equalityOf(type, filters);
  return equality === undefined ? undefined : tableWork(list, view, equality.field);
}

/** A list's table by `field`: its memo key, the steps that make it, how it is carried over the type's changes. */
function tableWork(list: readonly Entry[], view: ListView, field: string): TableWork {
  return {
    key: `equal|${view.status}|${view.locale ?? ''}|${field}`,
    steps: () => tableSteps(list, field),
    carry: (held, changes) => carryTable(held, field, view, changes),
  };
}

interface TableWork {
  readonly key: string;
  readonly steps: () => Generator<void, Table | null>;
  readonly carry: (held: Table | null, changes: TypeChanges) => Table | null | undefined;
}

/** Entries put in a table between two steps of tableSteps. */
const TABLE_STEP = 16_384;

/** The list's entries by their value of `field` (one entry, or several in list order), a step at a time; null when a value is not a string. */
function* tableSteps(list: readonly Entry[], field: string): Generator<void, Table | null> {
  const table: Table = new Map();
  for (let from = 0; from < list.length; from += TABLE_STEP) {
    const to = Math.min(from + TABLE_STEP, list.length);
    for (let i = from; i < to; i++) {
      const entry = list[i]!;
      const value = readEntryField(entry, field);
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string') return null;
      const held = table.get(value);
      if (held === undefined) table.set(value, entry);
      else if (Array.isArray(held)) held.push(entry);
      else table.set(value, [held, entry]);
    }
    if (to < list.length) yield;
  }
  return table;
}

/**
 * A table carried over changes of its type, in place: each changed document's old entry taken out
 * of its value's list, its new one put in its value's list at its place in default order.
 * Undefined when it cannot be (then it is made again); null when a new value is not a string.
 */
function carryTable(table: Table | null, field: string, view: ListView, changes: TypeChanges): Table | null | undefined {
  if (table === null) return undefined;
  for (const old of listedBefore(changes, view.status, view.locale)) {
    const value = readEntryField(old, field);
    if (value === undefined || value === null) continue;
    const held = typeof value === 'string' ? table.get(value) : undefined;
    if (held === old) table.delete(value as string);
    else if (Array.isArray(held) && held.includes(old)) {
      const rest = held.filter((entry) => entry !== old);
      table.set(value as string, rest.length === 1 ? rest[0]! : rest);
    } else return undefined;
  }
  for (const { entry, record } of listedAfter(changes, view.status, view.locale)) {
    const value = readEntryField(entry, field);
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return null;
    const held = table.get(value);
    const list = held === undefined ? [] : Array.isArray(held) ? held.slice() : [held];
    const at = changes.defaultPosition(list, record);
    if (at === undefined) return undefined;
    list.splice(at, 0, entry);
    table.set(value, list.length === 1 ? list[0]! : list);
  }
  return table;
}
