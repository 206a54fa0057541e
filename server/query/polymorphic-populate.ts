import { isPlainObject } from '../config/is-plain-object.js';
import { validationError } from '../errors/api-error.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';
import type { DynamicZoneAttribute, MorphAttribute } from '../schema/attribute.js';
import { type PopulateNode, emptyPopulateNode } from './document-query.js';
import { POPULATE_OPTION_KEYS, parseNodeOptions } from './parse-populate-options.js';
import { isBooleanLike, isFalse, isTrue } from './populate-flags.js';
import { type PopulateLevel, type PopulatedAttribute, joinPath } from './populate-level.js';
import { INVALID_POPULATE, type PopulateParser } from './populate-parser.js';

export const INVALID_ZONE_POPULATE =
  "Invalid nested population query detected. When using 'populate' within polymorphic structures, its value must be '*' to indicate all second level links. " +
  'Specific field targeting is not supported here. Consider using the fragment API for more granular population control.';

/**
 * What a polymorphic attribute (a dynamic zone, a morphTo relation) accepts when populated with an
 * object, checked as Strapi does: `on` (fragments of known uids), `populate` (only '*') and `count`.
 * Returns the attribute's path in the query and its `populate`.
 */
export function checkPolymorphicPopulate(
  parser: PopulateParser,
  { level, key }: PopulatedAttribute<DynamicZoneAttribute | MorphAttribute>,
  value: Record<string, unknown>,
): { rawPath: string; shared: unknown } {
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
  return { rawPath, shared };
}

/** One fragment of `on` (a component's or a content type's): true or '*' for all of it, or populate options for its level. */
export function parseFragment(parser: PopulateParser, value: unknown, level: PopulateLevel): PopulateNode | undefined {
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
