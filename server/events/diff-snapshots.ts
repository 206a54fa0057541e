import type { IndexChanges, MediaChange, RecordChange } from '../content-index/change-journal.js';
import type { ContentIndex } from '../content-index/content-index.js';
import type { DocumentRecord } from '../content-index/entry.js';
import type { ContentType } from '../schema/content-type.js';

/** What events need of a project state: its index (which holds its schemas). */
export interface IndexView {
  readonly index: ContentIndex;
}

/**
 * Every document and media file that differs between two whole states (the schemas were reloaded,
 * which reads the project again): documents are paired by type uid, documentId and locale, media
 * by path. Pairs that are the same object are left out; equal copies are left to deriveEvents.
 */
export function diffSnapshots(before: IndexView, after: IndexView): IndexChanges {
  const documents: RecordChange[] = [];
  const seen = new Set<DocumentRecord>();
  for (const type of after.index.registry.contentTypes.values()) {
    const old = before.index.registry.contentTypes.get(type.uid);
    for (const record of listRecords(after.index, type)) {
      const previous = old === undefined ? undefined : before.index.findRecord(old, record.documentId, record.locale);
      if (previous !== undefined) seen.add(previous);
      if (previous !== record) documents.push({ before: previous, after: record });
    }
  }
  for (const type of before.index.registry.contentTypes.values()) {
    for (const record of listRecords(before.index, type)) if (!seen.has(record)) documents.push({ before: record, after: undefined });
  }
  const media: MediaChange[] = [];
  const oldMedia = new Map(before.index.media.list().map((record) => [record.path, record]));
  for (const record of after.index.media.list()) {
    const previous = oldMedia.get(record.path);
    oldMedia.delete(record.path);
    if (previous !== record) media.push({ before: previous, after: record });
  }
  for (const record of oldMedia.values()) media.push({ before: record, after: undefined });
  return { documents, media };
}

/** The records of a type in default order, each once (its draft view lists every record). */
function listRecords(index: ContentIndex, type: ContentType): DocumentRecord[] {
  const out: DocumentRecord[] = [];
  for (const entry of index.entries(type, 'draft', '*')) {
    const record = index.findRecord(type, entry.documentId, entry.locale);
    if (record !== undefined) out.push(record);
  }
  return out;
}
