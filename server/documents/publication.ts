import type { ContentType } from '../schema/content-type.js';
import type { DocumentChange, ProjectPort } from './project-port.js';

/** One locale version of a document of a Draft & Publish type. */
export interface VersionRef {
  readonly type: ContentType;
  readonly documentId: string;
  readonly locale: string | null;
}

/**
 * Unpublishes a document: its draft (the draft file, else the published version) becomes the only
 * version, a draft. False when the document has no published version.
 */
export function unpublishDocument(project: ProjectPort, ref: VersionRef, now: string): boolean {
  const record = project.current.index.findRecord(ref.type, ref.documentId, ref.locale);
  const main = record?.main;
  if (record === undefined || main === undefined || main.publishedAt === null || !ref.type.draftAndPublish) return false;
  const draft = record.draftFile ?? main;
  const changes: DocumentChange[] = [
    { path: main.path, type: ref.type, data: { ...draft.data, createdAt: main.createdAt, updatedAt: now, publishedAt: null } },
  ];
  if (record.draftFile) changes.push({ path: record.draftFile.path, type: ref.type, data: null });
  project.commit({ documents: changes });
  return true;
}

/**
 * Discards a published document's unpublished changes: the draft becomes the published version
 * again. False when there is no published version to go back to.
 */
export function discardDraft(project: ProjectPort, ref: VersionRef): boolean {
  const record = project.current.index.findRecord(ref.type, ref.documentId, ref.locale);
  if (record === undefined || record.main === undefined || record.main.publishedAt === null) return false;
  if (record.draftFile) project.commit({ documents: [{ path: record.draftFile.path, type: ref.type, data: null }] });
  return true;
}
