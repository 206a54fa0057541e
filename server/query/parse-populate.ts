import { isPlainObject } from '../config/is-plain-object.js';
import { ApiError, validationError } from '../errors/api-error.js';
import type { Attribute, DynamicZoneAttribute, ScalarAttribute, ScalarType } from '../schema/attribute.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { EMPTY_POPULATE, type PopulateMap, type PopulateNode, emptyPopulateNode } from './document-query.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parseSort } from './parse-sort.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

interface Parser {
  readonly registry: SchemaRegistry;
  readonly maxDepth: number;
}

/** A schema level of the populate tree, with the two paths Strapi's messages name. */
interface Level {
  readonly set: AttributeSet;
  /** The level's uid and name for messages (`api::article.article`, `article`). */
  readonly uid: string;
  readonly name: string;
  readonly depth: number;
  /** Attribute names from the root (`author.avatar`): where an unknown key is said to be. */
  readonly attributePath: string | null;
  /** Every query key from the root (`author.populate.avatar`): where a scalar attribute is said to be. */
  readonly rawPath: string | null;
}

const NODE_KEYS = new Set(['fields', 'filters', 'sort', 'populate', 'count', 'on', 'page', 'pageSize', 'start', 'limit']);
const INVALID_POPULATE = 'Invalid populate parameter. Expected a string, an array of strings, a populate object';
const INVALID_ZONE_POPULATE =
  "Invalid nested population query detected. When using 'populate' within polymorphic structures, its value must be '*' to indicate all second level links. " +
  'Specific field targeting is not supported here. Consider using the fragment API for more granular population control.';

/**
 * Every form of Strapi's `populate`: `*`, `a,b`, arrays, dotted paths, `populate[a]=true`, nested
 * objects with fields/filters/sort/populate/count, and dynamic-zone fragments (`on`). Errors name
 * the key and path the way Strapi's validator does.
 */
export function parsePopulate(value: unknown, registry: SchemaRegistry, set: AttributeSet, uid: string, name: string, maxDepth: number): PopulateMap {
  return parseValue({ registry, maxDepth }, value, { set, uid, name, depth: 1, attributePath: null, rawPath: null });
}

function parseValue(parser: Parser, value: unknown, level: Level): PopulateMap {
  if (value === undefined || value === null) return EMPTY_POPULATE;
  checkDepth(parser, level);
  // `*` alone means every populatable attribute, one level; inside a list it is just an unknown name.
  if (value === '*') return expandWildcard(level.set);
  if (typeof value === 'string') return parseDotList(parser, value.split(','), level);
  if (Array.isArray(value)) {
    if (!value.every((v) => typeof v === 'string')) throw validationError(INVALID_POPULATE);
    return parseDotList(parser, value.flatMap((v: string) => v.split(',')), level);
  }
  if (!isPlainObject(value)) throw validationError(INVALID_POPULATE);
  // qs turns long arrays into objects with numeric keys.
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return parseValue(parser, Object.values(value), level);
  return parseObject(parser, value, level);
}

function checkDepth(parser: Parser, level: Level): void {
  if (level.depth > parser.maxDepth) throw validationError(`Invalid populate: nesting deeper than ${parser.maxDepth} levels`, {});
}

function expandWildcard(set: AttributeSet): PopulateMap {
  const out = new Map<string, PopulateNode>();
  for (const [key, attribute] of set.attributes) if (isPopulatable(attribute)) out.set(key, emptyPopulateNode());
  return out;
}

function isPopulatable(attribute: Attribute): boolean {
  return attribute.kind !== 'scalar' && !attribute.private;
}

/** `a,b` and `seo.shareImage`: each dotted path populated with defaults, paths sharing a head merged. */
function parseDotList(parser: Parser, names: string[], level: Level): PopulateMap {
  const out = new Map<string, PopulateNode>();
  for (const raw of names) {
    const segments = raw.split('.').map((s) => s.trim()).filter((s) => s !== '');
    const head = segments[0];
    if (head === undefined) continue;
    const node = parseDotPath(parser, segments, level, null);
    const existing = out.get(head);
    out.set(head, existing ? mergeNodes(existing, node) : node);
  }
  return out;
}

/** One dotted path; `prefix` is the part already walked (Strapi names errors by the dotted path). */
function parseDotPath(parser: Parser, segments: readonly string[], level: Level, prefix: string | null): PopulateNode {
  checkDepth(parser, level);
  const [head = '', ...rest] = segments;
  const path = join(prefix, head);
  const attribute = level.set.attributes.get(head);
  if (attribute === undefined || attribute.kind === 'scalar') throw invalidKeyError(head, path, 'populate');
  if (attribute.private) throw invalidKeyError(head, join(level.attributePath, head), 'populate');
  if (rest.length === 0) return emptyPopulateNode();
  if (attribute.kind === 'dynamiczone') return { ...emptyPopulateNode(), populate: parseZonePath(parser, attribute, rest, level, head, path) };
  const next = nextLevel(parser.registry, attribute, head, level);
  // A file has nothing to populate.
  if (next === undefined) throw invalidKeyError(head, path, 'populate');
  const first = rest[0] ?? '';
  return { ...emptyPopulateNode(), populate: new Map([[first, parseDotPath(parser, rest, next, path)]]) };
}

/** `blocks.author`: valid when some component of the zone has the attribute; entries of the others are left as they are. */
function parseZonePath(parser: Parser, zone: DynamicZoneAttribute, rest: readonly string[], level: Level, key: string, path: string): PopulateMap {
  const [next = '', ...more] = rest;
  for (const uid of zone.components) {
    const component = parser.registry.components.get(uid);
    const attribute = component?.attributes.get(next);
    if (component === undefined || attribute === undefined) continue;
    if (more.length === 0) return new Map([[next, emptyPopulateNode()]]);
    if (attribute.kind !== 'component' && attribute.kind !== 'relation') continue;
    try {
      return new Map([[next, parseDotPath(parser, rest, componentLevelOf(component, level, key), path)]]);
    } catch (error) {
      // Try the zone's next component, as Strapi does.
      if (!(error instanceof ApiError)) throw error;
    }
  }
  throw invalidKeyError(next, `${path}.${next}`, 'populate');
}

function mergeNodes(a: PopulateNode, b: PopulateNode): PopulateNode {
  const populate = new Map(a.populate);
  for (const [key, node] of b.populate) {
    const existing = populate.get(key);
    populate.set(key, existing ? mergeNodes(existing, node) : node);
  }
  return { ...a, populate };
}

/** `populate[a]=…&populate[b][…]=…`. */
function parseObject(parser: Parser, object: Record<string, unknown>, level: Level): PopulateMap {
  const out = new Map<string, PopulateNode>();
  for (const [key, inner] of Object.entries(object)) {
    const attribute = level.set.attributes.get(key);
    if (attribute === undefined) {
      // Strapi's validator lets boolean-like keys through and its converter drops them.
      if (isBooleanLike(key)) continue;
      throw invalidKeyError(key, level.attributePath, 'populate');
    }
    if (attribute.kind === 'scalar') throw invalidKeyError(key, join(level.rawPath, key), 'populate');
    if (attribute.private) throw invalidKeyError(key, join(level.attributePath, key), 'populate');
    const node = parseAttribute(parser, key, inner, attribute, level);
    if (node) out.set(key, node);
  }
  return out;
}

/** One populated attribute: `true`/`false`, `*`, or an options object. */
function parseAttribute(parser: Parser, key: string, value: unknown, attribute: Exclude<Attribute, ScalarAttribute>, level: Level): PopulateNode | undefined {
  if (value === undefined || value === null || isFalse(value)) return undefined;
  if (isTrue(value) || value === '*') return emptyPopulateNode();
  const attributePath = join(level.attributePath, key);
  const rawPath = join(level.rawPath, key);
  if (typeof value === 'string') {
    // Strapi checks such a string as names under the attribute, then populates the attribute alone.
    checkNames(parser, value, attribute, key, level);
    return emptyPopulateNode();
  }
  if (!isPlainObject(value)) throw validationError(INVALID_POPULATE);
  if (attribute.kind === 'dynamiczone') return parseZone(parser, key, value, attribute, level);
  if ('on' in value) {
    checkFragmentTargets(parser, value['on'], rawPath);
    throw validationError(`Using fragments is not permitted to populate "${key}" in "${level.uid}"`, {});
  }
  if (value['count'] !== undefined && !isBooleanLike(value['count'])) throw invalidKeyError('count', attributePath, 'populate');
  for (const name of Object.keys(value)) if (!NODE_KEYS.has(name)) throw invalidKeyError(name, attributePath, 'populate');
  const next = nextLevel(parser.registry, attribute, key, level);
  if (next === undefined) return parseMediaOptions(parser, value, attributePath);
  return parseNodeOptions(parser, value, next);
}

/** `{on, populate: '*', count}` on a dynamic zone; anything else is refused, as Strapi does. */
function parseZone(parser: Parser, key: string, value: Record<string, unknown>, attribute: DynamicZoneAttribute, level: Level): PopulateNode | undefined {
  const rawPath = join(level.rawPath, key);
  if ('on' in value) checkFragmentTargets(parser, value['on'], rawPath);
  if (value['count'] !== undefined && !isBooleanLike(value['count'])) throw invalidKeyError('count', join(level.attributePath, key), 'populate');
  if (Object.keys(value).some((k) => k !== 'on' && k !== 'populate' && k !== 'count')) {
    throw validationError(
      `Invalid nested populate for ${level.name}.${key} (${level.uid}). Expected a fragment ("on") or "count" but found ${JSON.stringify(value)}`,
      {},
    );
  }
  const shared = value['populate'];
  if (shared !== undefined && shared !== null && shared !== '*') throw validationError(INVALID_ZONE_POPULATE, {});

  let on: Map<string, PopulateNode> | undefined;
  if (isPlainObject(value['on'])) {
    // An empty fragment list populates nothing: the zone is left out.
    if (Object.keys(value['on']).length === 0 && shared !== '*') return undefined;
    on = new Map();
    for (const [uid, fragment] of Object.entries(value['on'])) {
      // A component outside the zone is accepted (Strapi only checks that it exists); it matches no entry.
      const component = parser.registry.components.get(uid);
      if (component === undefined) continue;
      const fragmentLevel = { ...componentLevelOf(component, level, key), rawPath: `${rawPath}.on[${uid}]` };
      const node = parseFragment(parser, fragment, fragmentLevel);
      if (node) on.set(uid, node);
    }
  }
  // `populate: '*'`: every component's own first-level attributes.
  const populate = new Map<string, PopulateNode>();
  if (shared === '*') {
    for (const uid of attribute.components) {
      const component = parser.registry.components.get(uid);
      if (component) for (const [name, node] of expandWildcard(component)) populate.set(name, node);
    }
  }
  return { ...emptyPopulateNode(), populate, count: isTrue(value['count']), on };
}

function parseFragment(parser: Parser, value: unknown, level: Level): PopulateNode | undefined {
  if (value === undefined || value === null || isFalse(value)) return undefined;
  if (isTrue(value) || value === '*') return emptyPopulateNode();
  if (!isPlainObject(value)) throw validationError(INVALID_POPULATE);
  if (value['count'] !== undefined && !isBooleanLike(value['count'])) throw invalidKeyError('count', level.attributePath, 'populate');
  for (const name of Object.keys(value)) if (!NODE_KEYS.has(name) || name === 'on') throw invalidKeyError(name, level.attributePath, 'populate');
  return parseNodeOptions(parser, value, level);
}

/** `on` must be an object of known uids (Strapi's validator runs before its converter). */
function checkFragmentTargets(parser: Parser, on: unknown, rawPath: string): void {
  if (!isPlainObject(on)) throw invalidKeyError('on', `${rawPath}.on`, 'populate');
  for (const uid of Object.keys(on)) {
    if (!parser.registry.components.has(uid) && !parser.registry.contentTypes.has(uid)) throw invalidKeyError(uid, `${rawPath}.on.${uid}`, 'populate');
  }
}

/** `populate[author]=avatar`: the names must exist under the attribute, yet only the attribute is populated. */
function checkNames(parser: Parser, text: string, attribute: Exclude<Attribute, ScalarAttribute>, key: string, level: Level): void {
  let next = nextLevel(parser.registry, attribute, key, level);
  let where = join(level.attributePath, key);
  for (const name of text.split('.').map((s) => s.trim())) {
    // Past a media: a file has no attribute of that name.
    if (next === undefined) throw invalidKeyError(name, where, 'populate');
    const inner = next.set.attributes.get(name);
    if (inner === undefined) throw invalidKeyError(name, next.attributePath, 'populate');
    if (inner.kind === 'scalar') throw invalidKeyError(name, join(next.rawPath, name), 'populate');
    if (inner.private) throw invalidKeyError(name, join(next.attributePath, name), 'populate');
    if (inner.kind === 'dynamiczone') return;
    where = join(next.attributePath, name);
    next = nextLevel(parser.registry, inner, name, next);
  }
}

/** The level a relation or component leads to; undefined for media (and dynamic zones). */
function nextLevel(registry: SchemaRegistry, attribute: Attribute, key: string, level: Level): Level | undefined {
  const paths = { depth: level.depth + 1, attributePath: join(level.attributePath, key), rawPath: join(level.rawPath, key) };
  switch (attribute.kind) {
    case 'relation': {
      const target = registry.contentTypes.get(attribute.target);
      return target && { set: target, uid: target.uid, name: target.singularName, ...paths };
    }
    case 'component': {
      const component = registry.components.get(attribute.component);
      return component && componentLevelOf(component, level, key);
    }
    default:
      return undefined;
  }
}

function componentLevelOf(component: AttributeSet & { uid: string; name: string }, level: Level, key: string): Level {
  return { set: component, uid: component.uid, name: component.name, depth: level.depth + 1, attributePath: join(level.attributePath, key), rawPath: join(level.rawPath, key) };
}

/** `{fields, filters, sort, populate, count}` for the level a relation or component leads to. */
function parseNodeOptions(parser: Parser, value: Record<string, unknown>, level: Level): PopulateNode {
  const isDocument = level.uid.startsWith('api::');
  const { registry } = parser;
  return {
    fields: asPopulateError(() => parseFields(value['fields'], level.set, isDocument)),
    filters: asPopulateError(() => parseFilters(value['filters'], registry, { kind: isDocument ? 'document' : 'component', set: level.set })),
    sort: asPopulateError(() => parseSort(value['sort'], registry, level.set)),
    populate: parseValue(parser, value['populate'], { ...level, rawPath: join(level.rawPath, 'populate') }),
    count: isTrue(value['count']),
    on: undefined,
  };
}

/** A media attribute: fields, filters, sort and count of the files; a file has nothing to populate. */
function parseMediaOptions(parser: Parser, value: Record<string, unknown>, attributePath: string): PopulateNode {
  const nested = value['populate'];
  if (nested !== undefined && nested !== null && nested !== '') {
    const first = typeof nested === 'string' ? nested.split(/[.,]/)[0] : Array.isArray(nested) ? String(nested[0]).split(/[.,]/)[0] : undefined;
    if (first !== undefined) throw invalidKeyError(first.trim(), first.trim(), 'populate');
    const key = isPlainObject(nested) ? Object.keys(nested)[0] : undefined;
    if (key !== undefined) throw invalidKeyError(key, attributePath, 'populate');
  }
  return {
    ...emptyPopulateNode(),
    fields: asPopulateError(() => mediaFields(value['fields'])),
    filters: asPopulateError(() => parseFilters(value['filters'], parser.registry, { kind: 'media' })),
    sort: asPopulateError(() => parseSort(value['sort'], parser.registry, mediaAttributeSet())),
    count: isTrue(value['count']),
  };
}

const MEDIA_OUTPUT_FIELDS = ['name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt'];

function mediaFields(value: unknown): readonly string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const names = (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : []).map(String).map((n) => n.trim()).filter((n) => n !== '');
  if (names.includes('*') || names.length === 0) return undefined;
  for (const name of names) if (!MEDIA_OUTPUT_FIELDS.includes(name) && name !== 'id' && name !== 'documentId') throw invalidKeyError(name, null, 'fields');
  return names.filter((n) => n !== 'id' && n !== 'documentId');
}

/** The sortable scalar fields of a file (the upload plugin's schema, as far as the API shows it). */
function mediaAttributeSet(): AttributeSet {
  const types: Record<string, ScalarType> = {
    name: 'string', alternativeText: 'string', caption: 'string', width: 'integer', height: 'integer', hash: 'string', ext: 'string',
    mime: 'string', size: 'decimal', url: 'string', previewUrl: 'string', provider: 'string',
  };
  const attributes = new Map<string, Attribute>();
  for (const [name, type] of Object.entries(types)) attributes.set(name, scalarAttribute(type));
  return { attributes, outputScalars: [...attributes.keys()] };
}

function scalarAttribute(type: ScalarType): ScalarAttribute {
  return {
    kind: 'scalar', type, customField: undefined, default: undefined, minLength: undefined, maxLength: undefined, min: undefined, max: undefined,
    regex: undefined, enum: undefined, targetField: undefined, searchable: true, required: false, unique: false, private: false, writable: false, localized: false,
  };
}

/** Errors of fields, filters and sort inside `populate` are populate errors to Strapi. */
function asPopulateError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ApiError && error.details['param'] !== undefined) {
      throw new ApiError(error.status, error.name, error.message, { ...error.details, param: 'populate' });
    }
    throw error;
  }
}

function join(path: string | null, key: string): string {
  return path === null ? key : `${path}.${key}`;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 't' || value === '1';
}

function isFalse(value: unknown): boolean {
  return value === false || value === 'false' || value === 'f' || value === '0';
}

function isBooleanLike(value: unknown): boolean {
  return isTrue(value) || isFalse(value) || value === 1 || value === 0;
}
