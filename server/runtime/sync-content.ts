import { FileError } from '../errors/file-error.js';
import { parseContentPath } from '../store/content-path.js';
import { listProjectFolder, statProjectPath } from '../store/project-files.js';
import { CONTENT_DIR } from '../store/project-layout.js';
import { readDocumentFile } from '../store/read-document.js';
import { placeDocument, reportProblem } from './place-document.js';
import type { ProjectState } from './project-state.js';

/**
 * Brings the index in line with what is on disk now at one content path: re-reads the file, or
 * forgets it when it is gone. A folder path (`content/articles/`) reconciles the whole folder.
 */
export function syncContent(state: ProjectState, relPath: string): void {
  const folder = relPath.endsWith('/') ? relPath.slice(0, -1) : isFolderPath(state, relPath) ? relPath : undefined;
  if (folder !== undefined) {
    const prefix = `${folder}/`;
    // A folder replaced by a link: what was read through it is forgotten, the link reported.
    if (!refuse(state, folder)) state.problems.delete(folder);
    for (const known of [...state.index.knownPaths()]) if (known.startsWith(prefix)) syncContent(state, known);
    for (const reported of [...state.problems.keys()]) if (reported.startsWith(prefix)) syncContent(state, reported);
    for (const name of listProjectFolder(state.dir, folder)) syncContent(state, `${prefix}${name}`);
    return;
  }
  if (refuse(state, relPath)) return;
  try {
    const file = parseContentPath(state.registry, relPath);
    if (file === undefined) return;
    if (statProjectPath(state.dir, relPath) === undefined) return forget(state, relPath);
    placeDocument(state, readDocumentFile(state.dir, state.registry, file));
  } catch (error) {
    if (statProjectPath(state.dir, relPath) === undefined) return forget(state, relPath);
    reportProblem(state, error instanceof FileError ? error : new FileError(relPath, (error as Error).message));
  }
}

/** Reports a link or special file (never read: see store/plain-file.ts) and drops what was read there before. */
function refuse(state: ProjectState, relPath: string): boolean {
  const refusal = statProjectPath(state.dir, relPath)?.refusal;
  if (refusal === undefined || relPath.split('/').some((part) => part.startsWith('.'))) return false;
  state.index.removeFile(relPath);
  reportProblem(state, new FileError(relPath, refusal));
  return true;
}

function forget(state: ProjectState, relPath: string): void {
  state.index.removeFile(relPath);
  state.problems.delete(relPath);
}

function isFolderPath(state: ProjectState, relPath: string): boolean {
  const info = statProjectPath(state.dir, relPath);
  if (info !== undefined) return info.isFolder;
  // Gone: a path directly under content/ without a document extension was a folder.
  return relPath.split('/').length === 2 && relPath.startsWith(`${CONTENT_DIR}/`) && !/\.(json|md)$/.test(relPath);
}
