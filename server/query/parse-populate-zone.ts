import { isPlainObject } from '../config/is-plain-object.js';
import type { DynamicZoneAttribute } from '../schema/attribute.js';
import { type PopulateNode, emptyPopulateNode } from './document-query.js';
import { checkPolymorphicPopulate, parseFragment } from './polymorphic-populate.js';
import { isTrue } from './populate-flags.js';
import { type PopulatedAttribute, componentLevel, expandWildcard } from './populate-level.js';
import type { PopulateParser } from './populate-parser.js';

/** `{on, populate: '*', count}` on a dynamic zone; anything else is refused, as Strapi does. */
export function parseZone(parser: PopulateParser, zone: PopulatedAttribute<DynamicZoneAttribute>, value: Record<string, unknown>): PopulateNode | undefined {
  const { level, key, attribute } = zone;
  const { rawPath, shared } = checkPolymorphicPopulate(parser, zone, value);

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
