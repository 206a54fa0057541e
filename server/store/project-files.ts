import fs from 'node:fs';
import { removeFileDurably, writeFileAtomic } from './atomic-write.js';
import { resolveProjectPath } from './project-layout.js';

/** What `statProjectPath` tells of a path. */
export interface PathInfo {
  readonly isFile: boolean;
  readonly isFolder: boolean;
  readonly size: number;
  readonly mtimeMs: number;
}

/** A project file's text, or undefined when there is no such file. */
export function readProjectText(projectDir: string, relPath: string): string | undefined {
  try {
    return readProjectTextOrThrow(projectDir, relPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw error;
  }
}

/** A project file's text; throws the file system's error when it cannot be read (a file a listing just found). */
export function readProjectTextOrThrow(projectDir: string, relPath: string): string {
  return fs.readFileSync(resolveProjectPath(projectDir, relPath), 'utf8');
}

/** Writes a project file atomically (temp file, fsync, rename), creating its folder. */
export function writeProjectText(projectDir: string, relPath: string, text: string): void {
  writeFileAtomic(resolveProjectPath(projectDir, relPath), text);
}

/** Removes a project file durably; false when it was not there. */
export function removeProjectFile(projectDir: string, relPath: string): boolean {
  return removeFileDurably(resolveProjectPath(projectDir, relPath));
}

/** Whether a path is a file or folder, its size and time; undefined when nothing is there. */
export function statProjectPath(projectDir: string, relPath: string): PathInfo | undefined {
  try {
    const stat = fs.statSync(resolveProjectPath(projectDir, relPath));
    return { isFile: stat.isFile(), isFolder: stat.isDirectory(), size: stat.size, mtimeMs: stat.mtimeMs };
  } catch {
    return undefined;
  }
}

/** The names in a project folder, or an empty list when it does not exist. */
export function listProjectFolder(projectDir: string, relPath: string): string[] {
  try {
    return fs.readdirSync(resolveProjectPath(projectDir, relPath));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}
