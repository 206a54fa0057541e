import { isDocumentId } from './content-path.js';
import { type PathInfo, listProjectFolder, readProjectText, removeProjectFile, statProjectPath, writeProjectText } from './project-files.js';
import { USERS_DIR } from './project-layout.js';

/** `users/<documentId>.json`, for a valid documentId. */
export function userFilePath(documentId: string): string {
  if (!isDocumentId(documentId)) throw new Error(`invalid user documentId ${JSON.stringify(documentId)}`);
  return `${USERS_DIR}/${documentId}.json`;
}

/** The documentIds of the user files in users/ (other names are not users). */
export function listUserIds(projectDir: string): string[] {
  const ids: string[] = [];
  for (const name of listProjectFolder(projectDir, USERS_DIR)) {
    if (name.endsWith('.json') && isDocumentId(name.slice(0, -5))) ids.push(name.slice(0, -5));
  }
  return ids;
}

export function statUserFile(projectDir: string, documentId: string): PathInfo | undefined {
  return statProjectPath(projectDir, userFilePath(documentId));
}

export function readUserFile(projectDir: string, documentId: string): string | undefined {
  return readProjectText(projectDir, userFilePath(documentId));
}

/** Writes a user file atomically, as 2-space JSON with a trailing newline. */
export function writeUserFile(projectDir: string, documentId: string, data: Readonly<Record<string, unknown>>): void {
  writeProjectText(projectDir, userFilePath(documentId), `${JSON.stringify(data, null, 2)}\n`);
}

/** Removes a user file; false when there was none. */
export function removeUserFile(projectDir: string, documentId: string): boolean {
  return removeProjectFile(projectDir, userFilePath(documentId));
}
