import { FileError } from '../errors/file-error.js';
import type { StoredDocument } from '../store/read-document.js';
import type { ProjectState } from './project-state.js';

/**
 * Puts a decoded file's version into the index, or reports why it cannot go there (a locale suffix
 * on a type that is not localized, or a locale that is not configured).
 */
export function placeDocument(state: ProjectState, stored: StoredDocument): void {
  const { file } = stored;
  if (file.locale !== undefined && !file.type.localized) {
    reportProblem(
      state,
      new FileError(file.path, `${file.type.singularName} is not localized (pluginOptions.i18n.localized), so a locale suffix is not allowed`),
    );
    return;
  }
  if (file.locale !== undefined && !state.index.hasLocale(file.locale)) {
    reportProblem(state, new FileError(file.path, `locale "${file.locale}" is not configured: add it to i18n.locales in cms.config.json`));
    return;
  }
  state.index.applyDocument(stored);
  state.problems.delete(file.path);
}

export function reportProblem(state: ProjectState, error: FileError): void {
  state.problems.set(error.file, error);
}
