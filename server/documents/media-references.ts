import { isPlainObject } from '../config/is-plain-object.js';
import type { ContentIndex } from '../content-index/content-index.js';
import type { DocumentRecord } from '../content-index/entry.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { rewriteRecord } from './relation-side-effects.js';
import type { FileChange } from './write-files.js';

/**
 * A deleted media file leaves no dangling link: every document version that holds its path (at
 * the top level, in components, in dynamic zones) loses it, as Strapi drops the file's links.
 */
export function mediaReferenceChanges(index: ContentIndex, mediaPath: string): FileChange[] {
  const { registry } = index;
  const changes: FileChange[] = [];
  for (const type of registry.contentTypes.values()) {
    if (!holdsMedia(registry, type, new Set())) continue;
    const records = new Set<DocumentRecord>();
    // Every record has a version under `draft`, so this visits each record of every locale once.
    for (const entry of index.entries(type, 'draft', '*')) {
      const record = index.findRecord(type, entry.documentId, entry.locale);
      if (record) records.add(record);
    }
    for (const record of records) changes.push(...rewriteRecord(record, (data) => withoutMedia(registry, type, data, mediaPath)));
  }
  return changes;
}

function holdsMedia(registry: SchemaRegistry, set: AttributeSet, seen: Set<string>): boolean {
  for (const attribute of set.attributes.values()) {
    if (attribute.kind === 'media') return true;
    const uids = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : [];
    for (const uid of uids) {
      if (seen.has(uid)) continue;
      seen.add(uid);
      const component = registry.components.get(uid);
      if (component && holdsMedia(registry, component, seen)) return true;
    }
  }
  return false;
}

/** The data without the media path at any depth; undefined when nothing changed. */
function withoutMedia(registry: SchemaRegistry, set: AttributeSet, data: Readonly<Record<string, unknown>>, mediaPath: string): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const [name, attribute] of set.attributes) {
    const value = data[name];
    let next: unknown = value;
    if (attribute.kind === 'media') {
      if (Array.isArray(value) && value.includes(mediaPath)) next = value.filter((item) => item !== mediaPath);
      else if (value === mediaPath) next = null;
    } else if (attribute.kind === 'component' || attribute.kind === 'dynamiczone') {
      const items = Array.isArray(value) ? value : isPlainObject(value) ? [value] : [];
      let changed = false;
      const mapped = items.map((item) => {
        if (!isPlainObject(item)) return item;
        const uid = attribute.kind === 'component' ? attribute.component : item['__component'];
        const component = typeof uid === 'string' ? registry.components.get(uid) : undefined;
        const inner = component && withoutMedia(registry, component, item, mediaPath);
        if (inner === undefined) return item;
        changed = true;
        return inner;
      });
      if (changed) next = Array.isArray(value) ? mapped : mapped[0];
    }
    if (next !== value) {
      out ??= { ...data };
      out[name] = next;
    }
  }
  return out;
}
