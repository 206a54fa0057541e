import fs from 'node:fs';
import { removeFileDurably, writeFileAtomic } from './atomic-write.js';
import { isInCmsFolder, keepCmsFolderOutOfGit } from './cms-folder.js';
import { RefusedFileError, leadsThroughLink, lstatProjectPath, readPlainFile, refusalOfStats } from './plain-file.js';
import { resolveProjectPath } from './project-layout.js';
import { readFolderNames } from './read-folder.js';

/** What `statProjectPath` tells of a path. */
export interface PathInfo {
  readonly isFile: boolean;
  readonly isFolder: boolean;
  readonly size: number;
  readonly mtimeMs: number;
  /** Why the store will not read what is there (a link, a hard-linked or special file); its size and time are then 0. */
  readonly refusal: string | undefined;
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

/**
 * A project file's text; throws the file system's error when it cannot be read (a file a listing
 * just found), or a RefusedFileError for a link, a hard-linked or special file.
 */
export function readProjectTextOrThrow(projectDir: string, relPath: string): string {
  return readPlainFile(projectDir, relPath).toString('utf8');
}

/**
 * Writes a project file atomically (temp file, fsync, rename), creating its folder. `durable: false`
 * skips the fsyncs, for a file the server can lose in a crash (a log): readers still never see half of it.
 */
export function writeProjectText(projectDir: string, relPath: string, text: string | Uint8Array, options: { durable?: boolean } = {}): void {
  const absolute = resolveProjectPath(projectDir, relPath);
  // A linked folder (content/articles -> elsewhere) would take the write out of the project.
  if (leadsThroughLink(projectDir, relPath))
    throw new RefusedFileError(relPath, 'its folder is a symbolic link: links are never followed, so it is not written');
  if (isInCmsFolder(relPath)) keepCmsFolderOutOfGit(projectDir);
  writeFileAtomic(absolute, text, options);
}

/** Removes a project file durably; false when it was not there. */
export function removeProjectFile(projectDir: string, relPath: string): boolean {
  return removeFileDurably(resolveProjectPath(projectDir, relPath));
}

/**
 * Whether a path is a file or folder, its size and time; undefined when nothing is there, or only
 * beyond a link. A link is described, never followed: a refused path tells nothing of its target.
 */
export function statProjectPath(projectDir: string, relPath: string): PathInfo | undefined {
  const stat = lstatProjectPath(projectDir, relPath);
  return stat === undefined ? undefined : pathInfoOf(stat);
}

/**
 * statProjectPath for many paths in a few folders (the index cache's write stats every content
 * file): each folder is checked once to be a real folder of the project, not once per file (two
 * realpath calls each, 17 s of a million files' 23).
 */
export function statProjectPaths(projectDir: string): (relPath: string) => PathInfo | undefined {
  const plainFolders = new Map<string, boolean>();
  return (relPath) => {
    const stat = lstatProjectPath(projectDir, relPath, plainFolders);
    return stat === undefined ? undefined : pathInfoOf(stat);
  };
}

function pathInfoOf(stat: fs.Stats): PathInfo {
  const refusal = refusalOfStats(stat);
  if (refusal !== undefined) return { isFile: false, isFolder: false, size: 0, mtimeMs: 0, refusal };
  return { isFile: stat.isFile(), isFolder: stat.isDirectory(), size: stat.size, mtimeMs: stat.mtimeMs, refusal: undefined };
}

/** The names in a project folder, or an empty list when it does not exist or is a link (never followed). */
export function listProjectFolder(projectDir: string, relPath: string): string[] {
  if (lstatProjectPath(projectDir, relPath)?.isDirectory() !== true) return [];
  try {
    return readFolderNames(resolveProjectPath(projectDir, relPath));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}
