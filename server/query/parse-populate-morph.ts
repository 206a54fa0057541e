import { isPlainObject } from '../config/is-plain-object.js';
import { validationError } from '../errors/api-error.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';
import type { MorphAttribute } from '../schema/attribute.js';
import { type PopulateNode, emptyPopulateNode } from './document-query.js';
import { POPULATE_OPTION_KEYS, parseNodeOptions } from './parse-populate-options.js';
import { INVALID_ZONE_POPULATE, checkFragmentTargets } from './parse-populate-zone.js';
import { isBooleanLike, isFalse, isTrue } from './populate-flags.js';
import { type PopulateLevel, type PopulatedAttribute, joinPath } from './populate-level.js';
import { INVALID_POPULATE, type PopulateParser } from './populate-parser.js';

/**
 * A morphToOne / morphToMany populated with an object: as a dynamic zone, only `on` (fragments
 * per content type: `on[api::page.page][fields]=…`), `populate: '*'` and `count` are accepted.
 */
export function parseMorphTo(parser: PopulateParser, morph: PopulatedAttribute<MorphAttribute>, value: Record<string, unknown>): PopulateNode | undefined {
  const { level, key } = morph;
  const rawPath = joinPath(level.rawPath, key);
  if ('on' in value) checkFragmentTargets(parser, value['on'], rawPath);
  if (value['count'] !== undefined && !isBooleanLike(value['count'])) throw invalidKeyError('count', joinPath(level.attributePath, key), 'populate');
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
    if (Object.keys(value['on']).length === 0) return undefined;
    on = new Map();
    for (const [uid, fragment] of Object.entries(value['on'])) {
      const type = parser.registry.contentTypes.get(uid);
      if (type === undefined) continue;
      const fragmentLevel: PopulateLevel = {
        set: type,
        uid,
        name: type.singularName,
        depth: level.depth + 1,
        attributePath: joinPath(level.attributePath, key),
        rawPath: `${rawPath}.on[${uid}]`,
      };
      const node = parseFragment(parser, fragment, fragmentLevel);
      if (node) on.set(uid, node);
    }
  }
  return { ...emptyPopulateNode(), count: isTrue(value['count']), on };
}

function parseFragment(parser: PopulateParser, value: unknown, level: PopulateLevel): PopulateNode | undefined {
  if (value === undefined || value === null || isFalse(value)) return undefined;
  if (isTrue(value) || value === '*') return emptyPopulateNode();
  if (!isPlainObject(value)) throw validationError(INVALID_POPULATE);
  for (const name of Object.keys(value)) if (!POPULATE_OPTION_KEYS.has(name) || name === 'on') throw invalidKeyError(name, level.attributePath, 'populate');
  return parseNodeOptions(parser, value, level);
}
