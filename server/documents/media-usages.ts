import type { ContentIndex } from '../content-index/content-index.js';
import type { DocumentRecord } from '../content-index/entry.js';
import type { MediaRecord } from '../content-index/media-record.js';
import type { Attribute } from '../schema/attribute.js';
import type { ContentType } from '../schema/content-type.js';
import { componentsHold, rewriteStoredValues } from './rewrite-stored-values.js';

/** A document version (main file or draft) that uses a media file. */
export interface MediaUsage {
  readonly type: ContentType;
  readonly record: DocumentRecord;
  /** How it uses the file: a media attribute (a deletion unlinks it), or an image in blocks (kept, as Strapi keeps it). */
  readonly how: 'media' | 'blocks';
}

/**
 * The documents that use a media file, found in the index: media attributes holding its path (at
 * any depth, main and draft files) and image blocks pointing at its url. Each record once, in the
 * order of the types and of the index.
 */
export function findMediaUsages(index: ContentIndex, media: MediaRecord): MediaUsage[] {
  const { registry } = index;
  const usages: MediaUsage[] = [];
  const mayHold = (attribute: Attribute): boolean => attribute.kind === 'media' || (attribute.kind === 'scalar' && attribute.type === 'blocks');
  for (const type of registry.contentTypes.values()) {
    if (![...type.attributes.values()].some(mayHold) && !componentsHold(registry, type, mayHold)) continue;
    const seen = new Set<DocumentRecord>();
    for (const entry of index.entries(type, 'draft', '*')) {
      const record = index.findRecord(type, entry.documentId, entry.locale);
      if (record === undefined || seen.has(record)) continue;
      seen.add(record);
      let how: MediaUsage['how'] | undefined;
      for (const file of [record.main, record.draftFile]) {
        if (file === undefined || how === 'media') continue;
        rewriteStoredValues(registry, type, file.data, (attribute, value) => {
          if (attribute.kind === 'media' && (value === media.path || (Array.isArray(value) && value.includes(media.path)))) how = 'media';
          else if (attribute.kind === 'scalar' && attribute.type === 'blocks' && how === undefined && blocksShow(value, media.data.url)) how = 'blocks';
          return value;
        });
      }
      if (how !== undefined) usages.push({ type, record, how });
    }
  }
  return usages;
}

/** Whether blocks hold an image block whose image has this url (images sit at the top level of blocks). */
function blocksShow(value: unknown, url: string): boolean {
  if (!Array.isArray(value)) return false;
  return value.some((block) => {
    if (typeof block !== 'object' || block === null) return false;
    const { type, image } = block as { type?: unknown; image?: { url?: unknown } | null };
    return type === 'image' && typeof image === 'object' && image !== null && image.url === url;
  });
}
