import type { ContentType } from '../schema/content-type.js';

/** One version of one document (a file), as the engine reads it. */
export interface Entry {
  readonly id: number;
  readonly documentId: string;
  readonly locale: string | null;
  /** Attribute values as stored: relations as documentIds, media as paths under uploads/. */
  readonly data: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string | null;
  /** The file this version comes from. */
  readonly path: string;
  /** The same version unpublished (the draft view of a published document); a plain copy when absent. */
  asDraft?(): Entry;
  /** Whether `publishedAt` is set (not null, not empty), without writing it out; read from `publishedAt` when absent. */
  isPublished?(): boolean;
  /** Whether `publishedAt` is null, without writing it out; read from `publishedAt` when absent. */
  publishedAtIsNull?(): boolean;
}

export type Status = 'published' | 'draft';

/** All versions of one document in one locale. */
export interface DocumentRecord {
  readonly key: string;
  readonly type: ContentType;
  readonly documentId: string;
  readonly locale: string | null;
  readonly id: number;
  /** Sort key of the default order: creation time, then documentId. */
  readonly createdMs: number;
  /** `<documentId>.json`/`.md`: the published version, or the only (draft) one. */
  readonly main: Entry | undefined;
  /** `<documentId>.draft.json`: unpublished changes of a published document. */
  readonly draftFile: Entry | undefined;
  /** The draft view of a published document without a draft file, made on first use. */
  derivedDraft: Entry | undefined;
}

/** The version a read with `status` sees, or undefined when the document has none. */
export function versionOf(record: DocumentRecord, status: Status): Entry | undefined {
  if (!record.type.draftAndPublish) return record.main ?? record.draftFile;
  if (status === 'published') return isPublished(record.main) ? record.main : undefined;
  if (record.draftFile) return record.draftFile;
  const main = record.main;
  if (main === undefined || (main.publishedAtIsNull?.() ?? main.publishedAt === null)) return main;
  record.derivedDraft ??= main.asDraft?.() ?? { ...main, publishedAt: null };
  return record.derivedDraft;
}

/**
 * Whether a version is published. A published view of a million documents asks it of each: a
 * compact entry answers from its packed time, where `publishedAt` wrote the ISO text of each (2 s
 * and a collection at that size). The draft view asks `publishedAtIsNull` so (an empty publishedAt
 * is neither published nor null: a draft view shows it derived, with null).
 */
function isPublished(entry: Entry | undefined): boolean {
  return entry !== undefined && (entry.isPublished?.() ?? Boolean(entry.publishedAt));
}

/** Default list order: creation time, then documentId (Strapi's effective creation order). */
export function compareRecords(a: DocumentRecord, b: DocumentRecord): number {
  if (a.createdMs !== b.createdMs) return a.createdMs - b.createdMs;
  if (a.documentId !== b.documentId) return a.documentId < b.documentId ? -1 : 1;
  const la = a.locale ?? '';
  const lb = b.locale ?? '';
  return la < lb ? -1 : la > lb ? 1 : 0;
}
