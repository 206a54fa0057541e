import { isDocumentId } from './content-path.js';
import { listProjectFolder, readProjectText, writeProjectText } from './project-files.js';
import { ADMINS_DIR } from './project-layout.js';

/** `admins/<documentId>.json`, for a valid documentId. */
export function adminFilePath(documentId: string): string {
  if (!isDocumentId(documentId)) throw new Error(`invalid administrator id ${JSON.stringify(documentId)}`);
  return `${ADMINS_DIR}/${documentId}.json`;
}

/** The ids of the administrator files in admins/ (other names are not administrators). */
export function listAdminIds(projectDir: string): string[] {
  const ids: string[] = [];
  for (const name of listProjectFolder(projectDir, ADMINS_DIR)) {
    if (name.endsWith('.json') && isDocumentId(name.slice(0, -5))) ids.push(name.slice(0, -5));
  }
  return ids.sort();
}

/** An administrator file's text; undefined when there is none (links and special files are never read). */
export function readAdminFile(projectDir: string, documentId: string): string | undefined {
  return readProjectText(projectDir, adminFilePath(documentId));
}

/** Writes an administrator file atomically, as 2-space JSON with a trailing newline. */
export function writeAdminFile(projectDir: string, documentId: string, data: Readonly<Record<string, unknown>>): void {
  writeProjectText(projectDir, adminFilePath(documentId), `${JSON.stringify(data, null, 2)}\n`);
}
