import { isPlainObject } from '../config/is-plain-object.js';
import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

/** Keys Strapi refuses in a document body, without a path in the error details. */
const SYSTEM_KEYS = new Set(['id', 'documentId', 'createdAt', 'updatedAt']);
/** Keys accepted and ignored (publication and locale come from the query). */
const IGNORED_KEYS = new Set(['publishedAt', 'locale']);
const RELATION_OBJECT_KEYS = new Set(['connect', 'disconnect', 'set', 'options']);
const RELATION_ITEM_KEYS = new Set(['id', 'documentId', 'locale', 'status', 'position', '__type']);

/** What a body's keys are checked against, the same at every depth. */
export interface KeyCheck {
  readonly registry: SchemaRegistry;
  /** Whether the caller may `find` a content type: relations to others are refused keys. */
  readonly canFind: (uid: string) => boolean;
}

/**
 * Refuses, before anything else, keys the schema does not know: unknown attributes, system fields,
 * non-writable attributes, unknown keys inside components, zones and relation values; and, at any
 * depth, a relation to a content type the caller may not `find` (as Strapi: `Invalid key <name>`).
 */
export function checkInputKeys(check: KeyCheck, set: AttributeSet, data: Record<string, unknown>, parentPath: string | null = null): void {
  for (const [key, value] of Object.entries(data)) {
    if (parentPath === null && SYSTEM_KEYS.has(key)) throw invalidKeyError(key, undefined, 'body');
    if (parentPath === null && IGNORED_KEYS.has(key)) continue;
    if (parentPath !== null && key === '__component') continue;
    const attribute = set.attributes.get(key);
    if (attribute === undefined || !attribute.writable) {
      throw invalidKeyError(key, parentPath, 'body');
    }
    const path = parentPath === null ? key : `${parentPath}.${key}`;
    if (attribute.kind === 'relation' && !check.canFind(attribute.target)) throw invalidKeyError(key, undefined, 'body');
    // The derived side of a morph relation is written on its morphTo side.
    if (attribute.kind === 'morph' && attribute.target !== undefined) throw invalidKeyError(key, parentPath, 'body');
    checkValueKeys(check, attribute, value, path);
  }
}

function checkValueKeys(check: KeyCheck, attribute: Attribute, value: unknown, path: string): void {
  const { registry } = check;
  switch (attribute.kind) {
    case 'component': {
      const component = registry.components.get(attribute.component);
      if (component === undefined) return;
      for (const item of Array.isArray(value) ? value : [value]) {
        if (isPlainObject(item)) checkInputKeys(check, component, withoutId(item), path);
      }
      return;
    }
    case 'dynamiczone': {
      if (!Array.isArray(value)) return;
      for (const item of value) {
        if (!isPlainObject(item)) continue;
        const uid = item['__component'];
        const component = typeof uid === 'string' && attribute.components.includes(uid) ? registry.components.get(uid) : undefined;
        if (component) checkInputKeys(check, component, withoutId(item), path);
      }
      return;
    }
    case 'relation':
    case 'media':
      checkRelationKeys(value, path);
      return;
    case 'morph':
    case 'scalar':
      return;
  }
}

function checkRelationKeys(value: unknown, path: string): void {
  const checkItem = (item: unknown): void => {
    if (!isPlainObject(item)) return;
    for (const key of Object.keys(item)) if (!RELATION_ITEM_KEYS.has(key)) throw invalidKeyError(key, path, 'body');
  };
  if (Array.isArray(value)) {
    value.forEach(checkItem);
    return;
  }
  if (!isPlainObject(value)) return;
  const isOperation = Object.keys(value).some((key) => RELATION_OBJECT_KEYS.has(key));
  if (!isOperation) {
    checkItem(value);
    return;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (!RELATION_OBJECT_KEYS.has(key)) throw invalidKeyError(key, path, 'body');
    if (key === 'options') {
      if (!isPlainObject(inner)) continue;
      for (const option of Object.keys(inner)) if (option !== 'strict') throw invalidKeyError(option, path, 'body');
      continue;
    }
    for (const item of Array.isArray(inner) ? inner : [inner]) checkItem(item);
  }
}

/** Components in a body may carry the ids we answered with; they are not attributes. */
function withoutId(item: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = item;
  return rest;
}
