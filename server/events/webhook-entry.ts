import { isPlainObject } from '../config/is-plain-object.js';
import type { ContentIndex } from '../content-index/content-index.js';
import type { Entry, Status } from '../content-index/entry.js';
import { type PopulateMap, type PopulateNode, EMPTY_POPULATE, emptyPopulateNode } from '../query/document-query.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { serializeEntry } from '../engine/serialize-entry.js';

/** How deep components may nest in an event's entry (Strapi's schemas cannot cycle; this guards against one that does). */
const MAX_COMPONENT_DEPTH = 10;

/** What one entry is serialized with. */
export interface EntryShapes {
  /** Strapi's deep populate of events: relations one level (their scalars), media as `{id}`, components and zones all the way. */
  readonly populated: PopulateMap;
  /** The same without relations, for a stream reader who may not `find` every related type. */
  readonly withoutRelations: PopulateMap;
  /** The content types its relations reach (at any component depth). */
  readonly reaches: readonly string[];
}

/** Builds the populate shapes of a type's event entries (cache them per type: they depend on the schemas only). */
export function buildEntryShapes(registry: SchemaRegistry, type: ContentType): EntryShapes {
  const reaches = new Set<string>();
  return {
    populated: populateOf(registry, type, { relations: true, reaches }, 0),
    withoutRelations: populateOf(registry, type, { relations: false, reaches: new Set() }, 0),
    reaches: [...reaches],
  };
}

/**
 * An entry as Strapi's webhooks carry it: the document service's row with id, documentId, every
 * non-private scalar, timestamps and locale; with `populate`, relations (their scalars), media as
 * `{id}`, components and dynamic zones. Private and password attributes are never included.
 * Related documents are read in the entry's status, as Strapi links drafts to drafts.
 */
export function serializeWebhookEntry(index: ContentIndex, type: ContentType, entry: Entry, populate: PopulateMap): Record<string, unknown> {
  const status: Status = type.draftAndPublish && entry.publishedAt === null ? 'draft' : 'published';
  const context = { index, status, locale: entry.locale ?? undefined, defaultLocale: index.defaultLocale, warn: () => undefined };
  const out = serializeEntry(context, type, entry, { fields: undefined, populate });
  if (populate !== EMPTY_POPULATE) keepMediaIds(index.registry, type, out);
  return out;
}

interface ShapeOptions {
  readonly relations: boolean;
  readonly reaches: Set<string>;
}

function populateOf(registry: SchemaRegistry, owner: AttributeSet, options: ShapeOptions, depth: number): PopulateMap {
  const populate = new Map<string, PopulateNode>();
  if (depth > MAX_COMPONENT_DEPTH) return populate;
  for (const [name, attribute] of owner.attributes) {
    if (attribute.private) continue;
    switch (attribute.kind) {
      case 'scalar':
        break;
      case 'relation':
        if (!options.relations) break;
        options.reaches.add(attribute.target);
        populate.set(name, emptyPopulateNode());
        break;
      case 'media':
        populate.set(name, { ...emptyPopulateNode(), fields: [] });
        break;
      case 'component': {
        const component = registry.components.get(attribute.component);
        if (component !== undefined) populate.set(name, { ...emptyPopulateNode(), populate: populateOf(registry, component, options, depth + 1) });
        break;
      }
      case 'dynamiczone': {
        const on = new Map<string, PopulateNode>();
        for (const uid of attribute.components) {
          const component = registry.components.get(uid);
          if (component !== undefined) on.set(uid, { ...emptyPopulateNode(), populate: populateOf(registry, component, options, depth + 1) });
        }
        populate.set(name, { ...emptyPopulateNode(), on });
        break;
      }
    }
  }
  return populate;
}

/** Media in an event's entry are `{id}` only (Strapi populates them with `select: ['id']`), at every component depth. */
function keepMediaIds(registry: SchemaRegistry, owner: AttributeSet, out: Record<string, unknown>): void {
  for (const [name, attribute] of owner.attributes) {
    const value = out[name];
    if (value === undefined || value === null) continue;
    if (attribute.kind === 'media') out[name] = Array.isArray(value) ? value.map(idOnly) : idOnly(value);
    else if (attribute.kind === 'component') {
      const component = registry.components.get(attribute.component);
      if (component === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) if (isPlainObject(item)) keepMediaIds(registry, component, item);
    } else if (attribute.kind === 'dynamiczone' && Array.isArray(value)) {
      for (const item of value) {
        const component = isPlainObject(item) && typeof item['__component'] === 'string' ? registry.components.get(item['__component']) : undefined;
        if (component !== undefined && isPlainObject(item)) keepMediaIds(registry, component, item);
      }
    }
  }
}

function idOnly(value: unknown): unknown {
  return isPlainObject(value) ? { id: value['id'] } : value;
}
