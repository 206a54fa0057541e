import type { SchemaRegistry } from '../schema/schema-registry.js';

/** TypeScript names of every content type and component, by uid. */
export interface TypeNames {
  readonly contentTypes: ReadonlyMap<string, string>;
  readonly components: ReadonlyMap<string, string>;
}

/**
 * PascalCase names: `article` → Article, `shared.rich-text` → SharedRichText. A name already taken
 * (by the envelope types or an earlier type) gets `Type` or `Component` appended, then a number.
 */
export function assignTypeNames(registry: SchemaRegistry, reserved: ReadonlySet<string>): TypeNames {
  const taken = new Set(reserved);
  const take = (base: string, suffix: string): string => {
    let name = base;
    if (taken.has(name)) name = `${base}${suffix}`;
    for (let n = 2; taken.has(name); n++) name = `${base}${suffix}${n}`;
    taken.add(name);
    return name;
  };
  const contentTypes = new Map<string, string>();
  for (const type of [...registry.contentTypes.values()].sort((a, b) => compare(a.singularName, b.singularName))) {
    contentTypes.set(type.uid, take(pascalCase(type.singularName), 'Type'));
  }
  const components = new Map<string, string>();
  for (const uid of [...registry.components.keys()].sort(compare)) {
    components.set(uid, take(pascalCase(uid), 'Component'));
  }
  return { contentTypes, components };
}

/** `shared.rich-text` → `SharedRichText`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
