import { FileError } from '../errors/file-error.js';
import type { ContentFile } from '../store/content-path.js';
import type { StoredDocument } from '../store/read-document.js';
import type { PreparedFile } from './prepared-file.js';
import type { ProjectState } from './project-state.js';

/**
 * Puts a decoded file's version into the index, or reports why it cannot go there (a locale suffix
 * on a type that is not localized, or a locale that is not configured).
 */
export function placeDocument(state: ProjectState, stored: StoredDocument): void {
  if (!placeable(state, stored.file)) return;
  state.index.applyDocument(stored);
  state.problems.delete(stored.file.path);
}

/** placeDocument for a collection file a worker decoded (see content-decode-worker.ts). */
export function placePrepared(state: ProjectState, file: ContentFile & { documentId: string }, prepared: PreparedFile): void {
  if (!placeable(state, file)) return;
  state.index.applyPrepared(file, prepared.times, prepared);
  state.problems.delete(file.path);
}

/** Whether a file's version may go into the index; reports why not. */
function placeable(state: ProjectState, file: ContentFile): boolean {
  if (file.locale !== undefined && !file.type.localized) {
    reportProblem(
      state,
      new FileError(file.path, `${file.type.singularName} is not localized (pluginOptions.i18n.localized), so a locale suffix is not allowed`),
    );
    return false;
  }
  if (file.locale !== undefined && !state.index.hasLocale(file.locale)) {
    reportProblem(state, new FileError(file.path, `locale "${file.locale}" is not configured: add it to i18n.locales in cms.config.json`));
    return false;
  }
  return true;
}

export function reportProblem(state: ProjectState, error: FileError): void {
  state.problems.set(error.file, error);
}
