import { deriveId } from '../content-index/derive-id.js';
import type { ContentType } from '../schema/content-type.js';

export interface IdClash {
  readonly id: number;
  readonly earlier: string;
}

/** One document version's record, as a content file holds it. */
export interface RecordFile {
  readonly type: ContentType;
  readonly documentId: string;
  readonly locale: string;
  readonly createdMs: number;
  readonly file: string;
  /** The documentId the document was created under, when it was renamed (its id derives from that). */
  readonly renamedFrom?: string | undefined;
}

export interface DerivedIds {
  /** Records the id a document version's record derives; returns the clash when an earlier file derives the same. */
  add(record: RecordFile): IdClash | undefined;
}

/**
 * The numeric ids the index derives (deriveId of the creation time and the record key). Two records
 * of a type with the same id would get their ids by load order, which differs between machines.
 */
export function createDerivedIds(): DerivedIds {
  const owners = new Map<string, Map<number, { key: string; file: string }>>();
  return {
    add({ type, documentId, locale, createdMs, file, renamedFrom }) {
      // The index keys records as documentId NUL locale, with '' for types that are not localized.
      const key = `${documentId}\u0000${locale}`;
      const id = deriveId(createdMs, `${renamedFrom ?? documentId}\u0000${locale}`);
      let ids = owners.get(type.uid);
      if (ids === undefined) owners.set(type.uid, (ids = new Map()));
      const earlier = ids.get(id);
      // Two files of one record (x.json and x.md) are reported as duplicate files, not here.
      if (earlier !== undefined) return earlier.key === key ? undefined : { id, earlier: earlier.file };
      ids.set(id, { key, file });
      return undefined;
    },
  };
}
