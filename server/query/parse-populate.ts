import { isPlainObject } from '../config/is-plain-object.js';
import { validationError } from '../errors/api-error.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { EMPTY_POPULATE, type PopulateMap, type PopulateNode, emptyPopulateNode } from './document-query.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parseSort } from './parse-sort.js';
import { invalidKey, invalidParameter } from './query-errors.js';

interface Level {
  readonly set: AttributeSet;
  /** The level's uid and name for messages (`api::article.article`, `article`). */
  readonly uid: string;
  readonly name: string;
  readonly path: readonly string[];
  readonly depth: number;
}

const NODE_KEYS = new Set(['fields', 'filters', 'sort', 'populate', 'count', 'on', 'page', 'pageSize', 'start', 'limit']);

/**
 * Every form of Strapi's `populate`: `*`, `a,b`, arrays, dotted paths, `populate[a]=true`, nested
 * objects with fields/filters/sort/populate/count, and dynamic-zone fragments (`on`).
 */
export function parsePopulate(value: unknown, registry: SchemaRegistry, set: AttributeSet, uid: string, name: string, maxDepth: number): PopulateMap {
  return parseValue(value, registry, { set, uid, name, path: [], depth: 1 }, maxDepth);
}

function parseValue(value: unknown, registry: SchemaRegistry, level: Level, maxDepth: number): PopulateMap {
  if (value === undefined || value === null) return EMPTY_POPULATE;
  if (level.depth > maxDepth) throw validationError(`Invalid populate: nesting deeper than ${maxDepth} levels`, {});
  if (typeof value === 'string') return parseList(value.split(','), registry, level, maxDepth);
  if (Array.isArray(value)) {
    if (!value.every((v) => typeof v === 'string')) {
      throw invalidParameter('Invalid populate parameter. Expected a string, an array of strings, a populate object');
    }
    return parseList(value.flatMap((v: string) => v.split(',')), registry, level, maxDepth);
  }
  if (!isPlainObject(value)) throw invalidParameter('Invalid populate parameter. Expected a string, an array of strings, a populate object');
  // qs turns long arrays into objects with numeric keys.
  if (Object.keys(value).length > 0 && Object.keys(value).every((k) => /^\d+$/.test(k))) return parseValue(Object.values(value), registry, level, maxDepth);
  const out = new Map<string, PopulateNode>();
  for (const [key, inner] of Object.entries(value)) {
    const node = parseEntry(key, inner, registry, level, maxDepth);
    if (node) out.set(key, node);
  }
  return out;
}

/** `a,b` and `seo.shareImage`: each name (and each dotted step) populated with defaults. */
function parseList(names: string[], registry: SchemaRegistry, level: Level, maxDepth: number): PopulateMap {
  const out = new Map<string, PopulateNode>();
  for (const raw of names.map((n) => n.trim()).filter((n) => n !== '')) {
    if (raw === '*') {
      for (const [key, attribute] of level.set.attributes) {
        if (attribute.kind !== 'scalar' && !attribute.private && !out.has(key)) out.set(key, emptyPopulateNode());
      }
      continue;
    }
    const [head = '', ...rest] = raw.split('.');
    const existing = out.get(head);
    const node = parseEntry(head, rest.length > 0 ? { populate: rest.join('.') } : true, registry, level, maxDepth);
    if (!node) continue;
    out.set(head, existing ? mergeNodes(existing, node) : node);
  }
  return out;
}

function mergeNodes(a: PopulateNode, b: PopulateNode): PopulateNode {
  const populate = new Map(a.populate);
  for (const [key, node] of b.populate) populate.set(key, populate.has(key) ? mergeNodes(populate.get(key)!, node) : node);
  return { ...a, populate };
}

/** One attribute of a populate object: `true`/`false`, `*`, or an options object. */
function parseEntry(key: string, value: unknown, registry: SchemaRegistry, level: Level, maxDepth: number): PopulateNode | undefined {
  const path = [...level.path, key].join('.');
  const attribute = level.set.attributes.get(key);
  if (attribute === undefined || attribute.kind === 'scalar' || attribute.private) throw invalidKey(key, path, 'populate');
  if (value === null || value === false || value === 'false' || value === 'f' || value === '0') return undefined;
  if (value === true || value === 'true' || value === 't' || value === '1' || value === '*') return emptyPopulateNode();
  if (!isPlainObject(value)) throw invalidParameter('Invalid populate parameter. Expected a string, an array of strings, a populate object');

  if (attribute.kind === 'dynamiczone') {
    const extra = Object.keys(value).filter((k) => k !== 'on' && k !== 'populate' && k !== 'count');
    if (extra.length > 0) {
      throw validationError(
        `Invalid nested populate for ${level.name}.${key} (${level.uid}). Expected a fragment ("on") or "count" but found ${JSON.stringify(value)}`,
        {},
      );
    }
    if (value['populate'] !== undefined && value['populate'] !== '*') {
      throw validationError(`Invalid nested population query detected. When using 'populate' within polymorphic structures, its value must be '*' to indicate all relations.`, {});
    }
    const components = attribute.components.flatMap((uid) => {
      const component = registry.components.get(uid);
      return component ? [component] : [];
    });
    let on: Map<string, PopulateNode> | undefined;
    if (value['on'] !== undefined) {
      if (!isPlainObject(value['on'])) throw invalidParameter('Invalid populate parameter. Expected a string, an array of strings, a populate object');
      on = new Map();
      for (const [uid, fragment] of Object.entries(value['on'])) {
        const component = attribute.components.includes(uid) ? registry.components.get(uid) : undefined;
        if (component === undefined) throw invalidKey(uid, `${path}.on`, 'populate');
        const componentLevel = { set: component, uid: component.uid, name: component.name, path: [...level.path, key], depth: level.depth + 1 };
        const node = parseNodeOptions(fragment, registry, componentLevel, maxDepth, `${path}.on.${uid}`);
        if (node) on.set(uid, node);
      }
    }
    // `populate: '*'` on a zone: every component's own first-level attributes.
    const shared = new Map<string, PopulateNode>();
    if (value['populate'] === '*') {
      for (const component of components) {
        for (const [name, inner] of component.attributes) if (inner.kind !== 'scalar' && !inner.private) shared.set(name, emptyPopulateNode());
      }
    }
    return { ...emptyPopulateNode(), populate: shared, count: isTrue(value['count']), on };
  }

  if (value['on'] !== undefined) {
    throw validationError(`Using fragments is not permitted to populate "${key}" in "${level.uid}"`, {});
  }
  const next = nextLevel(registry, attribute, key, level);
  return parseNodeOptions(value, registry, next, maxDepth, path);
}

function nextLevel(registry: SchemaRegistry, attribute: NonNullable<ReturnType<AttributeSet['attributes']['get']>>, key: string, level: Level): Level | undefined {
  const path = [...level.path, key];
  const depth = level.depth + 1;
  switch (attribute.kind) {
    case 'relation': {
      const target = registry.contentTypes.get(attribute.target);
      return target && { set: target, uid: target.uid, name: target.singularName, path, depth };
    }
    case 'component': {
      const component = registry.components.get(attribute.component);
      return component && { set: component, uid: component.uid, name: component.name, path, depth };
    }
    default:
      return undefined;
  }
}

/** `{fields, filters, sort, populate, count}` for the level a populated attribute leads to. */
function parseNodeOptions(value: unknown, registry: SchemaRegistry, level: Level | undefined, maxDepth: number, path: string): PopulateNode | undefined {
  if (value === null || value === false || value === 'false' || value === 'f' || value === '0') return undefined;
  if (value === true || value === 'true' || value === 't' || value === '1' || value === '*') return emptyPopulateNode();
  if (!isPlainObject(value)) throw invalidParameter('Invalid populate parameter. Expected a string, an array of strings, a populate object');
  for (const key of Object.keys(value)) if (!NODE_KEYS.has(key)) throw invalidKey(key, path, 'populate');
  if (level === undefined) {
    // Media: only fields make sense; nested population of a file is not offered.
    return { ...emptyPopulateNode(), fields: mediaFields(value['fields']) };
  }
  const isDocument = level.uid.startsWith('api::');
  return {
    fields: parseFields(value['fields'], level.set, isDocument),
    filters: parseFilters(value['filters'], registry, { kind: isDocument ? 'document' : 'component', set: level.set }),
    sort: parseSort(value['sort'], registry, level.set),
    populate: parseValue(value['populate'], registry, level, maxDepth),
    count: isTrue(value['count']),
    on: undefined,
  };
}

const MEDIA_OUTPUT_FIELDS = ['name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt'];

function mediaFields(value: unknown): readonly string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const names = (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : []).map(String).map((n) => n.trim()).filter((n) => n !== '');
  if (names.includes('*') || names.length === 0) return undefined;
  for (const name of names) if (!MEDIA_OUTPUT_FIELDS.includes(name) && name !== 'id' && name !== 'documentId') throw invalidKey(name, null, 'fields');
  return names.filter((n) => n !== 'id' && n !== 'documentId');
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 't' || value === '1';
}
