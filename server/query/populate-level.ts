import { type Attribute, isMorphTo } from '../schema/attribute.js';
import type { AttributeSet, ComponentSchema } from '../schema/content-type.js';
import { type SchemaRegistry, findRelationTarget } from '../schema/schema-registry.js';
import { type PopulateMap, type PopulateNode, emptyPopulateNode } from './document-query.js';

/** A schema level of the populate tree, with the two paths Strapi's messages name. */
export interface PopulateLevel {
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

/** A populated attribute: the key that names it at its level, and what the schema says of it. */
export interface PopulatedAttribute<A extends Attribute> {
  readonly level: PopulateLevel;
  readonly key: string;
  readonly attribute: A;
}

/** The level a relation or component leads to; undefined for media (and dynamic zones). */
export function nextLevel(registry: SchemaRegistry, { level, key, attribute }: PopulatedAttribute<Attribute>): PopulateLevel | undefined {
  switch (attribute.kind) {
    case 'relation': {
      const target = findRelationTarget(registry, attribute.target);
      const paths = { depth: level.depth + 1, attributePath: joinPath(level.attributePath, key), rawPath: joinPath(level.rawPath, key) };
      return target && { set: target, uid: target.uid, name: target.singularName, ...paths };
    }
    case 'component': {
      const component = registry.components.get(attribute.component);
      return component && componentLevel(component, level, key);
    }
    case 'morph': {
      // morphOne / morphMany lead to their target; a morphTo side leads anywhere, so only fragments (`on`) go further.
      const target = attribute.target === undefined ? undefined : registry.contentTypes.get(attribute.target);
      const paths = { depth: level.depth + 1, attributePath: joinPath(level.attributePath, key), rawPath: joinPath(level.rawPath, key) };
      return target && { set: target, uid: target.uid, name: target.singularName, ...paths };
    }
    default:
      return undefined;
  }
}

/** The level of a component reached through `key`, one deeper than `level`. */
export function componentLevel(component: ComponentSchema, level: PopulateLevel, key: string): PopulateLevel {
  return {
    set: component,
    uid: component.uid,
    name: component.name,
    depth: level.depth + 1,
    attributePath: joinPath(level.attributePath, key),
    rawPath: joinPath(level.rawPath, key),
  };
}

/** `*`: every populatable attribute of a level, with default options. */
export function expandWildcard(set: AttributeSet): PopulateMap {
  const out = new Map<string, PopulateNode>();
  for (const [key, attribute] of set.queryAttributes) if (isPopulatable(attribute)) out.set(key, emptyPopulateNode());
  return out;
}

/** `*` leaves out scalars, private attributes and morphTo sides (they need fragments), as Strapi's expansion does. */
function isPopulatable(attribute: Attribute): boolean {
  return attribute.kind !== 'scalar' && !attribute.private && !(attribute.kind === 'morph' && isMorphTo(attribute));
}

export function joinPath(path: string | null, key: string): string {
  return path === null ? key : `${path}.${key}`;
}
