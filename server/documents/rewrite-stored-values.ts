import { isPlainObject } from '../config/is-plain-object.js';
import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';

/**
 * Rewrites the values of a stored document at every depth (top level, inside components and
 * dynamic-zone entries): `rewrite` gets each non-component attribute and its value and returns the
 * value to keep. Returns the new data, or undefined when nothing changed.
 */
export function rewriteStoredValues(
  registry: SchemaRegistry,
  set: AttributeSet,
  data: Readonly<Record<string, unknown>>,
  rewrite: (attribute: Attribute, value: unknown) => unknown,
): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const [name, attribute] of set.attributes) {
    const value = data[name];
    let next: unknown = value;
    if (attribute.kind === 'component' || attribute.kind === 'dynamiczone') {
      const items = Array.isArray(value) ? value : isPlainObject(value) ? [value] : [];
      let changed = false;
      const mapped = items.map((item) => {
        if (!isPlainObject(item)) return item;
        const uid = attribute.kind === 'component' ? attribute.component : item['__component'];
        const component = typeof uid === 'string' ? registry.components.get(uid) : undefined;
        const inner = component && rewriteStoredValues(registry, component, item, rewrite);
        if (inner === undefined) return item;
        changed = true;
        return inner;
      });
      if (changed) next = Array.isArray(value) ? mapped : mapped[0];
    } else if (name in data) {
      next = rewrite(attribute, value);
    }
    if (next !== value) {
      out ??= { ...data };
      out[name] = next;
    }
  }
  return out;
}

/** Whether a component the set holds (at any depth) has an attribute that passes `test`. */
export function componentsHold(registry: SchemaRegistry, set: AttributeSet, test: (attribute: Attribute) => boolean, seen: Set<string> = new Set()): boolean {
  for (const attribute of set.attributes.values()) {
    const uids = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : [];
    for (const uid of uids) {
      if (seen.has(uid)) continue;
      seen.add(uid);
      const component = registry.components.get(uid);
      if (!component) continue;
      for (const inner of component.attributes.values()) if (test(inner)) return true;
      if (componentsHold(registry, component, test, seen)) return true;
    }
  }
  return false;
}

/** What to take out of stored data: a documentId or media path, from the attributes that may hold it. */
export interface Reference {
  readonly item: string;
  readonly heldBy: (attribute: Attribute) => boolean;
}

/**
 * The data without the reference at any depth (a list loses the item, a single value equal to it
 * becomes null); undefined when nothing changed.
 */
export function removeReference(
  registry: SchemaRegistry,
  set: AttributeSet,
  data: Readonly<Record<string, unknown>>,
  reference: Reference,
): Record<string, unknown> | undefined {
  const { item, heldBy } = reference;
  return rewriteStoredValues(registry, set, data, (attribute, value) => {
    if (!heldBy(attribute)) return value;
    if (Array.isArray(value)) return value.includes(item) ? value.filter((held) => held !== item) : value;
    return value === item ? null : value;
  });
}
