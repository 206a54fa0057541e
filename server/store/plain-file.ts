import fs from 'node:fs';
import path from 'node:path';
import { FileError } from '../errors/file-error.js';
import { resolveProjectPath } from './project-layout.js';

// Content comes from pull requests, so it is untrusted: a link committed under content/ could point
// at any file of the machine, and a parse error or an API answer would show what is there. The store
// reads plain files only: regular files with one link, reached through real folders of the project.
// Links are refused even when they stay inside: content/x.json -> ../users/<id>.json would serve a
// password hash. Messages say what the path is, never anything about where it leads.

const SYMLINK = 'a symbolic link: links are never followed, so it is not read';
const HARD_LINK = 'a hard-linked file (more than one link): it cannot be proved to stay inside the project, so it is not read';
const SPECIAL = 'not a regular file or folder: only regular files are read';

/** A path of the project the store will not read: a link, a hard-linked or a special file. */
export class RefusedFileError extends FileError {
  readonly code = 'EREFUSED';
}

/** Why a folder entry is refused (a link or a special file), or undefined for a regular file or a folder. */
export function refusalOfEntry(entry: fs.Dirent | fs.Stats): string | undefined {
  if (entry.isFile() || entry.isDirectory()) return undefined;
  return entry.isSymbolicLink() ? SYMLINK : SPECIAL;
}

/** Why an lstat or fstat result is refused: refusalOfEntry, plus regular files with more than one link. */
export function refusalOfStats(stat: fs.Stats): string | undefined {
  return refusalOfEntry(stat) ?? (stat.isFile() && stat.nlink > 1 ? HARD_LINK : undefined);
}

/** An entry of a listing that is not read, with why; `path` is project-relative. */
export interface RefusedEntry {
  readonly path: string;
  readonly reason: string;
}

/**
 * Reads a file that a listing found as a regular file in a real folder: opened without following a
 * link (a FIFO does not block the open), then checked on the open descriptor. Throws
 * RefusedFileError (`file` names it for messages), or the file system's error.
 */
export function readListedFile(absolute: string, file: string): Buffer {
  let fd: number;
  try {
    fd = fs.openSync(absolute, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new RefusedFileError(file, SYMLINK);
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR' });
    const refusal = refusalOfStats(stat);
    if (refusal !== undefined) throw new RefusedFileError(file, refusal);
    return readAll(fd, stat.size);
  } finally {
    fs.closeSync(fd);
  }
}

function readAll(fd: number, size: number): Buffer {
  const buffer = Buffer.allocUnsafe(size);
  let read = 0;
  while (read < size) {
    const bytes = fs.readSync(fd, buffer, read, size - read, null);
    if (bytes === 0) break;
    read += bytes;
  }
  return read < size ? buffer.subarray(0, read) : buffer;
}

/**
 * Whether every folder on the way from the project to `relPath` is a real folder of the project (no
 * link among them): the real path of its parent is the project's real path plus the same names.
 * False when the parent does not exist.
 */
export function hasPlainParents(projectDir: string, relPath: string): boolean {
  const parent = path.posix.dirname(relPath);
  if (parent === '.') return true;
  try {
    return fs.realpathSync.native(path.join(projectDir, parent)) === path.join(fs.realpathSync.native(projectDir), parent);
  } catch {
    return false;
  }
}

/**
 * Whether the nearest existing folder above `relPath` is reached through a link: a write there would
 * land outside the project's own folders. Folders still to be made are made below a real one.
 */
export function leadsThroughLink(projectDir: string, relPath: string): boolean {
  const root = fs.realpathSync.native(projectDir);
  for (let parent = path.posix.dirname(relPath); parent !== '.'; parent = path.posix.dirname(parent)) {
    try {
      return fs.realpathSync.native(path.join(projectDir, parent)) !== path.join(root, parent);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return true;
    }
  }
  return false;
}

/**
 * lstat of a project path reached through real folders only; undefined when it is not there (or only
 * through a link). `plainFolders` keeps each folder's check for the next paths of a batch (two
 * realpath calls per path otherwise).
 */
export function lstatProjectPath(projectDir: string, relPath: string, plainFolders?: Map<string, boolean>): fs.Stats | undefined {
  const absolute = resolveProjectPath(projectDir, relPath);
  const folder = path.posix.dirname(relPath);
  let plain = plainFolders?.get(folder);
  if (plain === undefined) {
    plain = hasPlainParents(projectDir, relPath);
    plainFolders?.set(folder, plain);
  }
  if (!plain) return undefined;
  try {
    return fs.lstatSync(absolute);
  } catch {
    return undefined;
  }
}

/**
 * Reads a project file named by a path rather than found by a listing: its folders must be real
 * folders of the project, and it a plain file. Throws RefusedFileError, or ENOENT when the file is
 * not there (or lies beyond a link).
 */
export function readPlainFile(projectDir: string, relPath: string): Buffer {
  const stat = lstatProjectPath(projectDir, relPath);
  if (stat === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${relPath}'`), { code: 'ENOENT' });
  const refusal = refusalOfStats(stat);
  if (refusal !== undefined) throw new RefusedFileError(relPath, refusal);
  return readListedFile(path.join(projectDir, relPath), relPath);
}
