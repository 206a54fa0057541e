import type { DocumentRecord } from '../content-index/entry.js';
import type { ContentType } from '../schema/content-type.js';
import type { DocumentChange, ProjectPort } from './project-port.js';

/** One locale version of a document (documentId undefined: the single type). */
export interface VersionRef {
  readonly type: ContentType;
  readonly documentId: string | undefined;
  /** Null for types that are not localized. */
  readonly locale: string | null;
}

/**
 * Strapi's unpublish: the published version goes, the draft stays. In files: the document's file
 * takes the draft (the `.draft.json` when there is one) with `publishedAt: null`, and the draft
 * file goes. False when there was no published version.
 */
export function unpublishDocument(project: ProjectPort, ref: VersionRef, now: string): boolean {
  const record = findVersion(project, ref);
  const main = record?.main;
  if (record === undefined || main === undefined || main.publishedAt === null || !ref.type.draftAndPublish) return false;
  const draft = record.draftFile ?? main;
  const documents: DocumentChange[] = [
    { path: main.path, type: ref.type, data: { ...draft.data, createdAt: main.createdAt, updatedAt: now, publishedAt: null } },
  ];
  if (record.draftFile) documents.push({ path: record.draftFile.path, type: ref.type, data: null });
  project.commit({ documents });
  return true;
}

/**
 * Strapi's "discard changes": the draft becomes the published version again (its `.draft.json`
 * goes). `unchanged` when the draft held no changes, undefined when there is no published version.
 */
export function discardDraft(project: ProjectPort, ref: VersionRef): 'discarded' | 'unchanged' | undefined {
  const record = findVersion(project, ref);
  if (record?.main?.publishedAt == null) return undefined;
  if (record.draftFile === undefined) return 'unchanged';
  project.commit({ documents: [{ path: record.draftFile.path, type: ref.type, data: null }] });
  return 'discarded';
}

function findVersion(project: ProjectPort, ref: VersionRef): DocumentRecord | undefined {
  const { index } = project.current;
  return ref.documentId === undefined ? index.findSingle(ref.type, ref.locale) : index.findRecord(ref.type, ref.documentId, ref.locale);
}
