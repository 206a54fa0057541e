import { isPlainObject } from '../config/is-plain-object.js';
import { validationError } from '../errors/api-error.js';
import { type Attribute, type ScalarAttribute, isMorphTo } from '../schema/attribute.js';
import { type PopulateMap, type PopulateNode, emptyPopulateNode } from './document-query.js';
import { POPULATE_OPTION_KEYS, parseMediaOptions, parseNodeOptions } from './parse-populate-options.js';
import { parseMorphTo } from './parse-populate-morph.js';
import { checkFragmentTargets } from './polymorphic-populate.js';
import { parseZone } from './parse-populate-zone.js';
import { isBooleanLike, isFalse, isTrue } from './populate-flags.js';
import { type PopulateLevel, type PopulatedAttribute, joinPath, nextLevel } from './populate-level.js';
import { INVALID_POPULATE, type PopulateParser } from './populate-parser.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

type PopulatableAttribute = Exclude<Attribute, ScalarAttribute>;

/** `populate[a]=…&populate[b][…]=…`. */
export function parsePopulateObject(parser: PopulateParser, object: Record<string, unknown>, level: PopulateLevel): PopulateMap {
  const out = new Map<string, PopulateNode>();
  for (const [key, inner] of Object.entries(object)) {
    const attribute = level.set.queryAttributes.get(key);
    if (attribute === undefined) {
      // Strapi's validator lets boolean-like keys through and its converter drops them.
      if (isBooleanLike(key)) continue;
      throw invalidKeyError(key, level.attributePath, 'populate');
    }
    if (attribute.kind === 'scalar') throw invalidKeyError(key, joinPath(level.rawPath, key), 'populate');
    if (attribute.private) throw invalidKeyError(key, joinPath(level.attributePath, key), 'populate');
    const node = parseAttribute(parser, { level, key, attribute }, inner);
    if (node) out.set(key, node);
  }
  return out;
}

/** One populated attribute: `true`/`false`, `*`, or an options object. */
function parseAttribute(parser: PopulateParser, target: PopulatedAttribute<PopulatableAttribute>, value: unknown): PopulateNode | undefined {
  if (value === undefined || value === null || isFalse(value)) return undefined;
  if (isTrue(value) || value === '*') return emptyPopulateNode();
  const { level, key, attribute } = target;
  const attributePath = joinPath(level.attributePath, key);
  const rawPath = joinPath(level.rawPath, key);
  if (typeof value === 'string') {
    // Strapi checks such a string as names under the attribute, then populates the attribute alone.
    checkNames(parser, target, value);
    return emptyPopulateNode();
  }
  if (!isPlainObject(value)) throw validationError(INVALID_POPULATE);
  if (attribute.kind === 'dynamiczone') return parseZone(parser, { level, key, attribute }, value);
  if (attribute.kind === 'morph' && isMorphTo(attribute)) return parseMorphTo(parser, { level, key, attribute }, value);
  if ('on' in value) {
    checkFragmentTargets(parser, value['on'], rawPath);
    throw validationError(`Using fragments is not permitted to populate "${key}" in "${level.uid}"`, {});
  }
  if (value['count'] !== undefined && !isBooleanLike(value['count'])) throw invalidKeyError('count', attributePath, 'populate');
  for (const name of Object.keys(value)) if (!POPULATE_OPTION_KEYS.has(name)) throw invalidKeyError(name, attributePath, 'populate');
  const next = nextLevel(parser.registry, target);
  if (next === undefined) return parseMediaOptions(parser, value, attributePath);
  return parseNodeOptions(parser, value, next);
}

/** `populate[author]=avatar`: the names must exist under the attribute, yet only the attribute is populated. */
function checkNames(parser: PopulateParser, target: PopulatedAttribute<PopulatableAttribute>, text: string): void {
  let next = nextLevel(parser.registry, target);
  let where = joinPath(target.level.attributePath, target.key);
  for (const name of text.split('.').map((s) => s.trim())) {
    // Past a media: a file has no attribute of that name.
    if (next === undefined) throw invalidKeyError(name, where, 'populate');
    const inner = next.set.queryAttributes.get(name);
    if (inner === undefined) throw invalidKeyError(name, next.attributePath, 'populate');
    if (inner.kind === 'scalar') throw invalidKeyError(name, joinPath(next.rawPath, name), 'populate');
    if (inner.private) throw invalidKeyError(name, joinPath(next.attributePath, name), 'populate');
    if (inner.kind === 'dynamiczone') return;
    where = joinPath(next.attributePath, name);
    next = nextLevel(parser.registry, { level: next, key: name, attribute: inner });
  }
}
