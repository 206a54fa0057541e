import fs from 'node:fs';
import path from 'node:path';
import { isDocumentId } from './content-path.js';
import { type RefusedEntry, lstatProjectPath, refusalOfEntry, refusalOfStats } from './plain-file.js';
import { type PathInfo, listProjectFolder, readProjectText, removeProjectFile, statProjectPath, writeProjectText } from './project-files.js';
import { USERS_DIR, resolveProjectPath } from './project-layout.js';

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

/**
 * The links and special files in users/ (or users/ itself, when it is one): never read, so those
 * users cannot sign in; listed so that the server and `cms check` can say why.
 */
export function listRefusedUserFiles(projectDir: string): RefusedEntry[] {
  const stat = lstatProjectPath(projectDir, USERS_DIR);
  if (stat === undefined) return [];
  const reason = refusalOfEntry(stat);
  if (reason !== undefined) return [{ path: USERS_DIR, reason }];
  if (!stat.isDirectory()) return [];
  const refused: RefusedEntry[] = [];
  const dir = resolveProjectPath(projectDir, USERS_DIR);
  // users/ holds few files: an lstat each also finds the hard links a listing cannot show.
  for (const name of fs.readdirSync(dir)) {
    const refusal = name.startsWith('.') ? undefined : refusalOfStats(fs.lstatSync(path.join(dir, name)));
    if (refusal !== undefined) refused.push({ path: `${USERS_DIR}/${name}`, reason: refusal });
  }
  return refused;
}

/** A user file's size and time; `isFile` is false for a link or special file, which is never read. */
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

/** The documentId of a user file's project-relative path (`users/<documentId>.json`), or undefined for any other path. */
export function parseUserPath(relPath: string): string | undefined {
  const prefix = `${USERS_DIR}/`;
  if (!relPath.startsWith(prefix) || !relPath.endsWith('.json')) return undefined;
  const documentId = relPath.slice(prefix.length, -'.json'.length);
  return isDocumentId(documentId) ? documentId : undefined;
}
