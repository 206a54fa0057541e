import { isPlainObject } from '../config/is-plain-object.js';
import type { MorphAttribute } from '../schema/attribute.js';
import { type PopulateNode, emptyPopulateNode } from './document-query.js';
import { checkPolymorphicPopulate, parseFragment } from './polymorphic-populate.js';
import { isTrue } from './populate-flags.js';
import { type PopulateLevel, type PopulatedAttribute, joinPath } from './populate-level.js';
import type { PopulateParser } from './populate-parser.js';

/**
 * A morphToOne / morphToMany populated with an object: as a dynamic zone, only `on` (fragments
 * per content type: `on[api::page.page][fields]=…`), `populate: '*'` and `count` are accepted.
 */
export function parseMorphTo(parser: PopulateParser, morph: PopulatedAttribute<MorphAttribute>, value: Record<string, unknown>): PopulateNode | undefined {
  const { level, key } = morph;
  const { rawPath } = checkPolymorphicPopulate(parser, morph, value);
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
