import type { CmsConfig } from '../config/cms-config.js';
import { validationError } from '../errors/api-error.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { EMPTY_POPULATE, type PopulateMap, type PopulateNode, emptyPopulateNode } from './document-query.js';
import { parsePopulate } from './parse-populate.js';
import { parseQueryString } from './parse-query-string.js';

/** The query keys of the community populate-deep plugin, accepted on reads. */
export const DEEP_POPULATE_KEYS = ['pLevel', 'pIgnore'] as const;

/** `pLevel` and `pIgnore` are accepted on reads (find, findOne) besides Strapi's own keys. */
export function isDeepPopulateKey(key: string, action: string): boolean {
  return (action === 'find' || action === 'findOne') && (DEEP_POPULATE_KEYS as readonly string[]).includes(key);
}

/** The plugin's depth when `pLevel` has no value. */
export const DEFAULT_P_LEVEL = 5;

export interface ReadPopulateRoute {
  readonly registry: SchemaRegistry;
  readonly type: ContentType;
  readonly config: CmsConfig;
  /** Reads take `pLevel` and the type's named populate; writes take only `populate`. */
  readonly read: boolean;
}

/**
 * A request's populate: `pLevel` (deep, which wins over `populate` as in the plugin), else
 * `populate`, else, on reads, the type's named populate from `api.rest.populate`.
 */
export function parseReadPopulate(raw: Readonly<Record<string, unknown>>, route: ReadPopulateRoute): PopulateMap {
  const { registry, type, config, read } = route;
  if (read && 'pLevel' in raw) return deepPopulate(registry, type, { level: raw['pLevel'], ignore: raw['pIgnore'], maxDepth: config.limits.populateDepth });
  if (raw['populate'] !== undefined || !read) return parsePopulate(raw['populate'], { registry, type, maxDepth: config.limits.populateDepth });
  const named = namedPopulateOf(config, type);
  if (named === undefined) return EMPTY_POPULATE;
  try {
    const namedRaw = parseQueryString(named.text, config.limits);
    if ('pLevel' in namedRaw)
      return deepPopulate(registry, type, { level: namedRaw['pLevel'], ignore: namedRaw['pIgnore'], maxDepth: config.limits.populateDepth });
    return parsePopulate(namedRaw['populate'], { registry, type, maxDepth: config.limits.populateDepth });
  } catch (error) {
    // The config is wrong, not the request: a 500 whose log line names the option.
    throw new Error(`cms.config.json: ${named.option}: ${(error as Error).message}`);
  }
}

/** `api.rest.populate.<pluralName | singularName | uid>`. */
function namedPopulateOf(config: CmsConfig, type: ContentType): { option: string; text: string } | undefined {
  for (const key of [type.pluralName, type.singularName, type.uid]) {
    const text = config.rest.populate[key];
    if (text !== undefined) return { option: `api.rest.populate.${key}`, text };
  }
  return undefined;
}

interface DeepRequest {
  readonly level: unknown;
  readonly ignore: unknown;
  /** `limits.populateDepth`: the most levels populated, whatever `pLevel` asks. */
  readonly maxDepth: number;
}

/**
 * The plugin's populate: every relation, media, component and dynamic zone, `pLevel - 1` levels
 * deep (its level counts the document itself). A relation back to a type already on the path is
 * populated without going further (cycles cut), private attributes are left out, and `pIgnore`
 * names attributes to leave out or types not to go into.
 */
export function deepPopulate(registry: SchemaRegistry, type: ContentType, request: DeepRequest): PopulateMap {
  const level = parsePLevel(request.level);
  const ignore = new Set(parsePIgnore(request.ignore));
  const walk: DeepWalk = { registry, ignore, nodes: 0 };
  return populateLevels(walk, type, Math.min(level - 1, request.maxDepth), new Set([type.uid]));
}

interface DeepWalk {
  readonly registry: SchemaRegistry;
  readonly ignore: ReadonlySet<string>;
  /** Populated attributes so far: schemas with many relations grow the tree fast, so it is bounded. */
  nodes: number;
}

/** The most populated attributes one `pLevel` may expand to. */
export const MAX_DEEP_POPULATE_NODES = 5000;

function populateLevels(walk: DeepWalk, set: AttributeSet, levels: number, path: ReadonlySet<string>): PopulateMap {
  if (levels < 1) return EMPTY_POPULATE;
  const out = new Map<string, PopulateNode>();
  const deeper = (inner: AttributeSet, uid: string): PopulateNode => ({
    ...emptyPopulateNode(),
    populate: populateLevels(walk, inner, levels - 1, new Set([...path, uid])),
  });
  for (const [key, attribute] of set.attributes) {
    if (attribute.private || walk.ignore.has(key) || attribute.kind === 'scalar') continue;
    if (++walk.nodes > MAX_DEEP_POPULATE_NODES) {
      throw validationError(
        `Invalid pLevel parameter: it would populate more than ${MAX_DEEP_POPULATE_NODES} attributes; lower pLevel or name some in pIgnore`,
      );
    }
    switch (attribute.kind) {
      case 'media':
        out.set(key, emptyPopulateNode());
        break;
      case 'component': {
        const component = walk.registry.components.get(attribute.component);
        if (component !== undefined) out.set(key, deeper(component, component.uid));
        break;
      }
      case 'dynamiczone': {
        const on = new Map<string, PopulateNode>();
        for (const uid of attribute.components) {
          const component = walk.registry.components.get(uid);
          if (component !== undefined) on.set(uid, deeper(component, uid));
        }
        out.set(key, { ...emptyPopulateNode(), on });
        break;
      }
      case 'relation': {
        const target = walk.registry.contentTypes.get(attribute.target);
        if (target === undefined) break;
        const cut = key === 'localizations' || path.has(target.uid) || walk.ignore.has(target.pluralName);
        out.set(key, cut ? emptyPopulateNode() : deeper(target, target.uid));
        break;
      }
    }
  }
  return out;
}

/** `?pLevel` (or empty): the default; else a whole number. */
function parsePLevel(value: unknown): number {
  if (value === null || value === undefined || value === '') return DEFAULT_P_LEVEL;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value)) return Number(value);
  throw validationError('Invalid pLevel parameter. Expected a whole number of levels, or no value for the default (5)');
}

/** `pIgnore=a,b` or `pIgnore[0]=a&pIgnore[1]=b`. */
function parsePIgnore(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  if (list === undefined || !list.every((item): item is string => typeof item === 'string')) {
    throw validationError('Invalid pIgnore parameter. Expected attribute or collection names, comma-separated or as an array');
  }
  return list.flatMap((item) => item.split(',').map((name) => name.trim()));
}
