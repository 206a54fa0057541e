import { isPlainObject } from '../config/is-plain-object.js';
import { ApiError } from '../errors/api-error.js';
import type { DynamicZoneAttribute } from '../schema/attribute.js';
import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { EMPTY_POPULATE, type PopulateMap, type PopulateNode, emptyPopulateNode } from './document-query.js';
import { parsePopulateObject } from './parse-populate-object.js';
import { type PopulateLevel, type PopulatedAttribute, componentLevel, expandWildcard, joinPath, nextLevel } from './populate-level.js';
import { INVALID_POPULATE, type PopulateParser, checkDepth } from './populate-parser.js';
import { validationError } from '../errors/api-error.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

export interface PopulateOptions {
  readonly registry: SchemaRegistry;
  /** The type the query is about: the root of the populate tree. */
  readonly type: ContentType;
  /** `limits.populateDepth`. */
  readonly maxDepth: number;
}

/**
 * Every form of Strapi's `populate`: `*`, `a,b`, arrays, dotted paths, `populate[a]=true`, nested
 * objects with fields/filters/sort/populate/count, and dynamic-zone fragments (`on`). Errors name
 * the key and path the way Strapi's validator does.
 */
export function parsePopulate(value: unknown, options: PopulateOptions): PopulateMap {
  const { registry, type, maxDepth } = options;
  const parser: PopulateParser = { registry, maxDepth, parseNested: (nested, level) => parseValue(parser, nested, level) };
  return parseValue(parser, value, { set: type, uid: type.uid, name: type.singularName, depth: 1, attributePath: null, rawPath: null });
}

function parseValue(parser: PopulateParser, value: unknown, level: PopulateLevel): PopulateMap {
  if (value === undefined || value === null) return EMPTY_POPULATE;
  checkDepth(parser, level);
  // `*` alone means every populatable attribute, one level; inside a list it is just an unknown name.
  if (value === '*') return expandWildcard(level.set);
  if (typeof value === 'string') return parseDotList(parser, value.split(','), level);
  if (Array.isArray(value)) {
    if (!value.every((v) => typeof v === 'string')) throw validationError(INVALID_POPULATE);
    return parseDotList(
      parser,
      value.flatMap((v: string) => v.split(',')),
      level,
    );
  }
  if (!isPlainObject(value)) throw validationError(INVALID_POPULATE);
  // qs turns long arrays into objects with numeric keys.
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return parseValue(parser, Object.values(value), level);
  return parsePopulateObject(parser, value, level);
}

/** `a,b` and `seo.shareImage`: each dotted path populated with defaults, paths sharing a head merged. */
function parseDotList(parser: PopulateParser, names: string[], level: PopulateLevel): PopulateMap {
  const out = new Map<string, PopulateNode>();
  for (const raw of names) {
    const segments = raw
      .split('.')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const head = segments[0];
    if (head === undefined) continue;
    const node = parseDotPath(parser, segments, level, null);
    const existing = out.get(head);
    out.set(head, existing ? mergeNodes(existing, node) : node);
  }
  return out;
}

/** One dotted path; `prefix` is the part already walked (Strapi names errors by the dotted path). */
function parseDotPath(parser: PopulateParser, segments: readonly string[], level: PopulateLevel, prefix: string | null): PopulateNode {
  checkDepth(parser, level);
  const [head = '', ...rest] = segments;
  const path = joinPath(prefix, head);
  const attribute = level.set.queryAttributes.get(head);
  if (attribute === undefined || attribute.kind === 'scalar') throw invalidKeyError(head, path, 'populate');
  if (attribute.private) throw invalidKeyError(head, joinPath(level.attributePath, head), 'populate');
  if (rest.length === 0) return emptyPopulateNode();
  if (attribute.kind === 'dynamiczone') return { ...emptyPopulateNode(), populate: parseZonePath(parser, { level, key: head, attribute }, rest, path) };
  const next = nextLevel(parser.registry, { level, key: head, attribute });
  // A file has nothing to populate.
  if (next === undefined) throw invalidKeyError(head, path, 'populate');
  const first = rest[0] ?? '';
  return { ...emptyPopulateNode(), populate: new Map([[first, parseDotPath(parser, rest, next, path)]]) };
}

/** `blocks.author`: valid when some component of the zone has the attribute; entries of the others are left as they are. */
function parseZonePath(parser: PopulateParser, zone: PopulatedAttribute<DynamicZoneAttribute>, rest: readonly string[], path: string): PopulateMap {
  const [next = '', ...more] = rest;
  for (const uid of zone.attribute.components) {
    const component = parser.registry.components.get(uid);
    const attribute = component?.attributes.get(next);
    if (component === undefined || attribute === undefined) continue;
    if (more.length === 0) return new Map([[next, emptyPopulateNode()]]);
    if (attribute.kind !== 'component' && attribute.kind !== 'relation') continue;
    try {
      return new Map([[next, parseDotPath(parser, rest, componentLevel(component, zone.level, zone.key), path)]]);
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
