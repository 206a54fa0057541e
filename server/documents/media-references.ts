import type { ContentIndex } from '../content-index/content-index.js';
import type { DocumentRecord } from '../content-index/entry.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { rewriteRecord } from './relation-side-effects.js';
import { componentsHold, removeReference } from './rewrite-stored-values.js';
import type { DocumentChange } from './project-port.js';

/**
 * A deleted media file leaves no dangling link: every document version that holds its path (at
 * the top level, in components, in dynamic zones) loses it, as Strapi drops the file's links.
 */
export function mediaReferenceChanges(index: ContentIndex, mediaPath: string): DocumentChange[] {
  const { registry } = index;
  const changes: DocumentChange[] = [];
  for (const type of registry.contentTypes.values()) {
    if (!holdsMedia(registry, type)) continue;
    const records = new Set<DocumentRecord>();
    // Every record has a version under `draft`, so this visits each record of every locale once.
    for (const entry of index.entries(type, 'draft', '*')) {
      const record = index.findRecord(type, entry.documentId, entry.locale);
      if (record) records.add(record);
    }
    for (const record of records)
      changes.push(
        ...rewriteRecord(record, (data) => removeReference(registry, type, data, { item: mediaPath, heldBy: (attribute) => attribute.kind === 'media' })),
      );
  }
  return changes;
}

/** Whether the set holds media at the top level or in a component, at any depth. */
function holdsMedia(registry: SchemaRegistry, set: AttributeSet): boolean {
  const isMedia = (attribute: { kind: string }): boolean => attribute.kind === 'media';
  return [...set.attributes.values()].some(isMedia) || componentsHold(registry, set, isMedia);
}
