import { isPlainObject } from '../config/is-plain-object.js';
import { type SchemaRegistry, findRelationTarget } from '../schema/schema-registry.js';
import type { AttributeSet } from '../schema/content-type.js';
import { isHiddenScalar } from '../schema/content-type.js';
import type { SortKey, SortOrder } from './document-query.js';
import { validationError } from '../errors/api-error.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

const SORTABLE_SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'];

/**
 * Every form Strapi accepts: `title`, `title:desc`, `a:asc,b:desc`, `sort[0]=a:desc`,
 * `sort[title]=desc`, `sort[0][title]=desc`, nested `author.name` / `sort[author][name]=asc`.
 */
export function parseSort(value: unknown, registry: SchemaRegistry, owner: AttributeSet, canFind: (uid: string) => boolean = () => true): SortKey[] {
  if (value === undefined || value === null) return [];
  const keys: SortKey[] = [];
  collect(value, keys);
  for (const key of keys) checkPath(registry, owner, key.path, canFind);
  return keys;
}

function collect(value: unknown, out: SortKey[]): void {
  if (typeof value === 'string') {
    for (const part of value.split(',')) {
      if (part.trim() === '') continue;
      out.push(parseSortString(part));
    }
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, out);
  } else if (isPlainObject(value)) {
    for (const [field, inner] of Object.entries(value)) collectObject([field], inner, out);
  } else {
    throw validationError('Invalid sort parameter. Expected a string, an array of strings, a sort object or an array of sort objects');
  }
}

function collectObject(path: string[], value: unknown, out: SortKey[]): void {
  if (typeof value === 'string') {
    // `sort[title]=` names no order: Strapi drops it.
    if (value.trim() !== '') out.push({ path, order: parseOrder(value.trim()) });
  } else if (isPlainObject(value)) {
    for (const [field, inner] of Object.entries(value)) collectObject([...path, field], inner, out);
  } else {
    throw validationError(`Invalid sort type expected object or string got ${typeof value}`);
  }
}

function parseSortString(text: string): SortKey {
  // Like Strapi, `title:asc:extra` reads the field and the order and ignores the rest.
  const [field = '', order] = text.split(':');
  if (field.trim() === '') throw validationError('Field cannot be empty');
  return { path: field.trim().split('.'), order: order === undefined ? 'asc' : parseOrder(order.trim()) };
}

function parseOrder(value: string): SortOrder {
  const lower = value.toLowerCase();
  if (lower === 'asc' || lower === 'desc') return lower;
  throw validationError('Invalid order. order can only be one of asc|desc|ASC|DESC');
}

/** Each step must be a sortable field: scalars, through relations (to types the caller may find) and components. */
function checkPath(registry: SchemaRegistry, owner: AttributeSet, path: readonly string[], canFind: (uid: string) => boolean): void {
  let level: AttributeSet = owner;
  let isDocument = true;
  for (let i = 0; i < path.length; i++) {
    const name = path[i]!;
    const where = i === 0 ? null : path.slice(0, i).join('.');
    // An attribute that may not be sorted on is named with its own path, as Strapi does.
    const own = path.slice(0, i + 1).join('.');
    const last = i === path.length - 1;
    const attribute = level.queryAttributes.get(name);
    if (attribute === undefined) {
      const system = isDocument ? SORTABLE_SYSTEM_FIELDS.includes(name) : name === 'id';
      if (!system || !last) throw invalidKeyError(name, where, 'sort');
      return;
    }
    switch (attribute.kind) {
      case 'scalar':
        if (isHiddenScalar(attribute) || !last) throw invalidKeyError(name, own, 'sort');
        return;
      case 'relation': {
        const target = findRelationTarget(registry, attribute.target);
        if (last || target === undefined || attribute.private || !canFind(attribute.target)) throw invalidKeyError(name, own, 'sort');
        level = target;
        isDocument = true;
        break;
      }
      case 'component': {
        const component = registry.components.get(attribute.component);
        if (last || component === undefined || attribute.private) throw invalidKeyError(name, own, 'sort');
        level = component;
        isDocument = false;
        break;
      }
      default:
        throw invalidKeyError(name, own, 'sort');
    }
  }
}
