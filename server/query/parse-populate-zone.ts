import { isPlainObject } from '../config/is-plain-object.js';
import { validationError } from '../errors/api-error.js';
import type { DynamicZoneAttribute } from '../schema/attribute.js';
import { type PopulateNode, emptyPopulateNode } from './document-query.js';
import { POPULATE_OPTION_KEYS, parseNodeOptions } from './parse-populate-options.js';
import { isBooleanLike, isFalse, isTrue } from './populate-flags.js';
import { type PopulateLevel, type PopulatedAttribute, componentLevel, expandWildcard, joinPath } from './populate-level.js';
import { INVALID_POPULATE, type PopulateParser } from './populate-parser.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

export const INVALID_ZONE_POPULATE =
  "Invalid nested population query detected. When using 'populate' within polymorphic structures, its value must be '*' to indicate all second level links. " +
  'Specific field targeting is not supported here. Consider using the fragment API for more granular population control.';

/** `{on, populate: '*', count}` on a dynamic zone; anything else is refused, as Strapi does. */
export function parseZone(parser: PopulateParser, zone: PopulatedAttribute<DynamicZoneAttribute>, value: Record<string, unknown>): PopulateNode | undefined {
  const { level, key, attribute } = zone;
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
    // An empty fragment list populates nothing: the zone is left out.
    if (Object.keys(value['on']).length === 0 && shared !== '*') return undefined;
    on = new Map();
    for (const [uid, fragment] of Object.entries(value['on'])) {
      // A component outside the zone is accepted (Strapi only checks that it exists); it matches no entry.
      const component = parser.registry.components.get(uid);
      if (component === undefined) continue;
      const fragmentLevel = { ...componentLevel(component, level, key), rawPath: `${rawPath}.on[${uid}]` };
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

function parseFragment(parser: PopulateParser, value: unknown, level: PopulateLevel): PopulateNode | undefined {
  if (value === undefined || value === null || isFalse(value)) return undefined;
  if (isTrue(value) || value === '*') return emptyPopulateNode();
  if (!isPlainObject(value)) throw validationError(INVALID_POPULATE);
  if (value['count'] !== undefined && !isBooleanLike(value['count'])) throw invalidKeyError('count', level.attributePath, 'populate');
  for (const name of Object.keys(value)) if (!POPULATE_OPTION_KEYS.has(name) || name === 'on') throw invalidKeyError(name, level.attributePath, 'populate');
  return parseNodeOptions(parser, value, level);
}

/** `on` must be an object of known uids (Strapi's validator runs before its converter). */
export function checkFragmentTargets(parser: PopulateParser, on: unknown, rawPath: string): void {
  if (!isPlainObject(on)) throw invalidKeyError('on', `${rawPath}.on`, 'populate');
  for (const uid of Object.keys(on)) {
    if (!parser.registry.components.has(uid) && !parser.registry.contentTypes.has(uid)) throw invalidKeyError(uid, `${rawPath}.on.${uid}`, 'populate');
  }
}
