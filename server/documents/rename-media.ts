import type { ContentIndex } from '../content-index/content-index.js';
import type { DocumentRecord } from '../content-index/entry.js';
import type { MediaRecord } from '../content-index/media-record.js';
import { notFoundError, validationError } from '../errors/api-error.js';
import type { AttributeSet } from '../schema/content-type.js';
import { isMediaPath } from '../store/read-media.js';
import type { DocumentChange, ProjectPort } from './project-port.js';
import { componentsHold, rewriteStoredValues } from './rewrite-stored-values.js';

/** What a media move did: the documents whose media values it rewrote. */
export interface MediaRenameResult {
  readonly from: string;
  readonly to: string;
  readonly rewritten: readonly string[];
}

/**
 * Moves a media file to another path under uploads/ and rewrites every document using it (top
 * level, components, dynamic zones). The sidecar moves with it and keeps the file's documentId and
 * timestamps, so its numeric id stays; format files stay where they are (the sidecar names them).
 * One atomic commit: a failure or a kill half-way leaves the old or the new state.
 */
export function renameMedia(project: ProjectPort, from: string, to: string): MediaRenameResult {
  const { index, registry } = project.current;
  if (!isMediaPath(to)) throw validationError(`invalid media path "${to}": a path under uploads/ without "..", hidden or empty parts`);
  const record = isMediaPath(from) ? index.media.findByPath(from) : undefined;
  if (record === undefined) throw notFoundError(`no media file uploads/${from}`);
  if (from === to) return { from, to, rewritten: [] };
  if (index.media.findByPath(to) !== undefined || index.media.findFormatOwner(to) !== undefined || to.endsWith('.meta.json'))
    throw validationError(`uploads/${to} exists already`);

  const changes: DocumentChange[] = [];
  const rewrite = (set: AttributeSet, data: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined =>
    rewriteStoredValues(registry, set, data, (attribute, value) => {
      if (attribute.kind !== 'media') return value;
      if (Array.isArray(value)) return value.includes(from) ? value.map((item) => (item === from ? to : item)) : value;
      return value === from ? to : value;
    });
  for (const held of recordsWithMedia(index)) {
    for (const entry of [held.main, held.draftFile]) {
      const data = entry && rewrite(held.type, entry.data);
      if (entry !== undefined && data !== undefined) changes.push({ path: entry.path, type: held.type, data });
    }
  }
  project.commit({ documents: changes, movedUploads: [{ from, to, sidecar: sidecarOf(record) }], atomic: true });
  return { from, to, rewritten: changes.map((change) => change.path) };
}

function recordsWithMedia(index: ContentIndex): Set<DocumentRecord> {
  const { registry } = index;
  const records = new Set<DocumentRecord>();
  const isMedia = (attribute: { kind: string }): boolean => attribute.kind === 'media';
  for (const type of registry.contentTypes.values()) {
    if (![...type.attributes.values()].some(isMedia) && !componentsHold(registry, type, isMedia)) continue;
    for (const entry of index.entries(type, 'draft', '*')) {
      const record = index.findRecord(type, entry.documentId, entry.locale);
      if (record) records.add(record);
    }
  }
  return records;
}

/** The sidecar the moved file gets: what its record holds, with the documentId and times its id derives from. */
function sidecarOf(record: MediaRecord): Record<string, unknown> {
  const { data } = record;
  const out: Record<string, unknown> = { name: data.name, alternativeText: data.alternativeText, caption: data.caption, documentId: record.documentId };
  if (data.width !== null) out['width'] = data.width;
  if (data.height !== null) out['height'] = data.height;
  if (data.formats !== null) out['formats'] = data.formats;
  out['mime'] = data.mime;
  if (data.focalPoint !== null) out['focalPoint'] = data.focalPoint;
  if (data.previewUrl !== null) out['previewUrl'] = data.previewUrl;
  if (data.provider_metadata !== null) out['provider_metadata'] = data.provider_metadata;
  return { ...out, createdAt: record.createdAt, updatedAt: record.updatedAt, publishedAt: record.publishedAt };
}
