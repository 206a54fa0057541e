import { isPlainObject } from '../config/is-plain-object.js';
import type { ScalarAttribute } from '../schema/attribute.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';

/** Components nest no deeper than this in any schema we accept; a deeper value is not walked (bodies are not yet depth-checked). */
const MAX_DEPTH = 64;

/** One password value, where it is and the attribute that holds it. */
export interface PasswordValue {
  readonly value: string;
  /** Attribute path as in validation errors: `['login', 'pw']`, `['blocks', '1', 'pw']`. */
  readonly path: readonly string[];
  readonly attribute: ScalarAttribute;
}

/**
 * The document (or write body's `data`) with every string of a `password` attribute replaced by
 * what `replace` makes of it, at any depth of components and dynamic zones. What is not a password
 * is kept as it is (the same objects where nothing below them changed).
 */
export function mapPasswords(
  registry: SchemaRegistry,
  set: AttributeSet,
  data: Readonly<Record<string, unknown>>,
  replace: (password: PasswordValue) => string,
): Record<string, unknown> {
  return mapObject({ registry, replace }, set, data, { path: [], depth: 0 });
}

/** Every password string in a document or write body, in schema order. */
export function listPasswords(registry: SchemaRegistry, set: AttributeSet, data: Readonly<Record<string, unknown>>): PasswordValue[] {
  const found: PasswordValue[] = [];
  mapPasswords(registry, set, data, (password) => {
    found.push(password);
    return password.value;
  });
  return found;
}

interface Walk {
  readonly registry: SchemaRegistry;
  readonly replace: (password: PasswordValue) => string;
}

/** Where a walk stands: the attribute path so far, and how many components deep. */
interface Place {
  readonly path: readonly string[];
  readonly depth: number;
}

function mapObject(walk: Walk, set: AttributeSet, data: Readonly<Record<string, unknown>>, place: Place): Record<string, unknown> {
  const { path, depth } = place;
  let out: Record<string, unknown> | undefined;
  for (const [name, attribute] of set.attributes) {
    if (!(name in data)) continue;
    const value = data[name];
    const at = [...path, name];
    let next = value;
    if (attribute.kind === 'scalar') {
      if (attribute.type === 'password' && typeof value === 'string') next = walk.replace({ value, path: at, attribute });
    } else if (depth < MAX_DEPTH && attribute.kind === 'component') {
      const component = walk.registry.components.get(attribute.component);
      if (component !== undefined) {
        if (isPlainObject(value)) next = mapObject(walk, component, value, { path: at, depth: depth + 1 });
        else if (Array.isArray(value)) next = mapItems(value, at, (item, itemPath) => mapObject(walk, component, item, { path: itemPath, depth: depth + 1 }));
      }
    } else if (depth < MAX_DEPTH && attribute.kind === 'dynamiczone' && Array.isArray(value)) {
      next = mapItems(value, at, (item, itemPath) => {
        const uid = item['__component'];
        const component = typeof uid === 'string' && attribute.components.includes(uid) ? walk.registry.components.get(uid) : undefined;
        return component === undefined ? item : mapObject(walk, component, item, { path: itemPath, depth: depth + 1 });
      });
    }
    if (next !== value) (out ??= { ...data })[name] = next;
  }
  return out ?? (data as Record<string, unknown>);
}

function mapItems(
  items: readonly unknown[],
  path: readonly string[],
  map: (item: Readonly<Record<string, unknown>>, path: readonly string[]) => Record<string, unknown>,
): unknown[] {
  let out: unknown[] | undefined;
  items.forEach((item, i) => {
    if (!isPlainObject(item)) return;
    const next = map(item, [...path, String(i)]);
    if (next !== item) (out ??= [...items])[i] = next;
  });
  return out ?? (items as unknown[]);
}
