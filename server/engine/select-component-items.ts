import type { PopulateNode, PopulateWindow, SortKey } from '../query/document-query.js';
import type { ComponentSchema } from '../schema/content-type.js';
import { compileComponentFilter } from './compile-filter.js';
import { comparable, compareValues } from './field-value.js';
import { type ReadContext, compiledOnce } from './read-context.js';

/** A stored component item and the id it answers with (its position among the stored items). */
export interface ComponentItem {
  readonly value: Readonly<Record<string, unknown>>;
  readonly id: number;
}

/** Whether a populate node asks anything of a component's items beyond showing them. */
export function hasItemOptions(node: PopulateNode): boolean {
  return node.filters !== undefined || node.sort.length > 0 || node.window !== undefined || node.count;
}

/**
 * The items of a component attribute a populate node keeps, as Strapi's populate query over the
 * component's join table yields them: those matching `filters`, ordered by `sort` (the stored
 * order otherwise, and for ties), then cut to `start`/`limit`.
 */
export function selectComponentItems(context: ReadContext, component: ComponentSchema, items: readonly ComponentItem[], node: PopulateNode): ComponentItem[] {
  let selected = items;
  const filters = node.filters;
  if (filters !== undefined) {
    const test = compiledOnce(context, filters, () => compileComponentFilter(context, component, filters));
    selected = selected.filter((item) => test(asRow(item)));
  }
  if (node.sort.length > 0) selected = sortItems(component, selected, node.sort);
  return node.window === undefined ? [...selected] : cutWindow(selected, node.window);
}

/** The stored items of a component value (an object, or an array for a repeatable one), with their ids. */
export function listComponentItems(value: unknown, repeatable: boolean): ComponentItem[] {
  const items = repeatable ? (Array.isArray(value) ? value : []) : [value];
  const out: ComponentItem[] = [];
  items.forEach((item: unknown, index) => {
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) out.push({ value: item as Record<string, unknown>, id: index + 1 });
  });
  return out;
}

/** An item as a filter reads it: its stored values and the id it answers with (`filters[id]` names that id). */
function asRow(item: ComponentItem): Readonly<Record<string, unknown>> {
  return { ...item.value, id: item.id };
}

/** `start`/`limit` of one populated attribute, per parent. */
export function cutWindow<T>(items: readonly T[], window: PopulateWindow): T[] {
  return items.slice(window.start, window.limit === undefined ? undefined : window.start + window.limit);
}

/** Items sorted by their own scalars (and `id`), stably; a key through a relation or component compares as NULL. */
function sortItems(component: ComponentSchema, items: readonly ComponentItem[], keys: readonly SortKey[]): ComponentItem[] {
  const readers = keys.map((key) => itemReader(component, key.path));
  const values = items.map((item) => readers.map((read) => read(item)));
  const order = items.map((_, i) => i);
  order.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const c = compareValues(values[a]![k], values[b]![k]);
      if (c !== 0) return keys[k]!.order === 'desc' ? -c : c;
    }
    return a - b;
  });
  return order.map((i) => items[i]!);
}

function itemReader(component: ComponentSchema, path: readonly string[]): (item: ComponentItem) => unknown {
  const [head, ...rest] = path;
  if (head === 'id' && rest.length === 0) return (item) => item.id;
  const attribute = head === undefined ? undefined : component.attributes.get(head);
  if (attribute?.kind !== 'scalar' || rest.length > 0 || head === undefined) return () => null;
  return (item) => comparable(attribute.type, item.value[head]);
}

/** Whether a dynamic-zone item of a component passes that component's fragment. */
export type ZoneItemTest = (component: ComponentSchema, fragment: PopulateNode, item: ComponentItem) => boolean;

/**
 * The test of one zone value's items against their fragments' `filters` and `start`/`limit`: the
 * window counts, per component, the items that passed the filters (Strapi queries each component
 * of a zone on its own).
 */
export function createZoneItemTest(context: ReadContext): ZoneItemTest {
  const seen = new Map<string, number>();
  return (component, fragment, item) => {
    const filters = fragment.filters;
    if (filters !== undefined && !compiledOnce(context, filters, () => compileComponentFilter(context, component, filters))(asRow(item))) return false;
    const window = fragment.window;
    if (window === undefined) return true;
    const index = seen.get(component.uid) ?? 0;
    seen.set(component.uid, index + 1);
    return index >= window.start && (window.limit === undefined || index < window.start + window.limit);
  };
}
