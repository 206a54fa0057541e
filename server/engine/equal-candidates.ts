import type { Entry } from '../content-index/entry.js';
import type { FilterNode } from '../query/filter-node.js';
import type { ContentType } from '../schema/content-type.js';
import { readEntryField } from './field-value.js';
import type { ReadContext } from './read-context.js';

/**
 * The entries of a list that can pass a filter asking a text attribute to equal a string
 * (`filters[slug][$eq]=…`, alone or among the children of a top-level `$and`: how a front end
 * finds a page by its slug), looked up in a table of the list by that attribute's values instead
 * of testing every entry: a superset of the matches, in the list's order, which the filter still
 * tests one by one. The table is made on the first such query and kept with the list's other memos
 * (until the type changes). Undefined when the filter has no such comparison, or when an entry of
 * the list holds something else than a string there (then equality is not string equality alone:
 * every entry is tested as before).
 */
export function equalCandidates(
  context: ReadContext,
  type: ContentType,
  list: readonly Entry[],
  view: string,
  filters: FilterNode | undefined,
): readonly Entry[] | undefined {
  const equality = equalityOf(type, filters);
  if (equality === undefined) return undefined;
  const table = context.index.memo(type, `equal|${view}|${equality.field}`, () => tableOf(list, equality.field));
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

/** The list's entries by their value of `field` (one entry, or several in list order); null when a value is not a string. */
function tableOf(list: readonly Entry[], field: string): Map<string, Entry | Entry[]> | null {
  const table = new Map<string, Entry | Entry[]>();
  for (const entry of list) {
    const value = readEntryField(entry, field);
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return null;
    const held = table.get(value);
    if (held === undefined) table.set(value, entry);
    else if (Array.isArray(held)) held.push(entry);
    else table.set(value, [held, entry]);
  }
  return table;
}
