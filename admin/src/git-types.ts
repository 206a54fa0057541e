import { ApiFailure } from './api';

/** One field that changed, with the line the server wrote for it (`title: 'A' → 'B'`). */
export interface FieldChange {
  field: string;
  op: 'set' | 'list' | 'reorder';
  summary: string;
}

/** A changed file of a document: in a commit of its history, or in the working tree. */
export interface ChangedFile {
  path: string;
  change: 'created' | 'edited' | 'deleted' | 'renamed';
  locale: string | null;
  draft: boolean;
  fields: FieldChange[];
  error?: string;
}

/** The server's word that the project is not in git: the panels say so instead of failing. */
export function isNotARepository(failure: unknown): boolean {
  return failure instanceof ApiFailure && failure.status === 400 && /not in a git repository/.test(failure.message);
}

/** Strapi's badge colours for a change: created green, edited amber, deleted blue. */
export function changeBadge(change: string): string {
  return change === 'created' ? 'badge badge-published' : change === 'deleted' ? 'badge badge-draft' : 'badge badge-modified';
}

/** The file's version as a short tag: `fr, draft`. */
export function versionTag(file: { locale: string | null; draft: boolean }): string {
  return [file.locale, file.draft ? 'draft' : null].filter((part) => part !== null).join(', ');
}
