import fs from 'node:fs';
import path from 'node:path';
import type { imageSize } from 'image-size';
import mime from 'mime-types';
import { isPlainObject } from '../config/is-plain-object.js';
import { packageOnFirstUse } from '../config/package-on-first-use.js';
import { FileError } from '../errors/file-error.js';
import { parseJson } from '../schema/parse-json.js';
import { listUploadFiles } from './list-upload-files.js';
import { RefusedFileError, hasPlainParents, lstatProjectPath, readListedFile, readPlainFile, refusalOfStats } from './plain-file.js';
import { SIDECAR_SUFFIX, UPLOADS_DIR } from './project-layout.js';

/** A file under uploads/ and what its sidecar adds. */
export interface StoredMedia {
  /** Relative to uploads/, forward slashes. */
  readonly path: string;
  readonly bytes: number;
  readonly mtimeMs: number;
  readonly mime: string;
  readonly sidecar: Readonly<Record<string, unknown>>;
}

/** Media paths in documents are relative to uploads/ and may not leave it. */
export function isMediaPath(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.length > 1024) return false;
  if (value.startsWith('/') || value.includes('\\') || value.includes('\0')) return false;
  return value.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !part.startsWith('.'));
}

/** Lists the media files under uploads/ (sidecars and hidden files excluded), sorted. */
export function listUploads(projectDir: string): string[] {
  return listUploadFiles(projectDir).media.sort();
}

/**
 * Reads a media file's size and its sidecar. Returns undefined when the file is gone; throws a
 * RefusedFileError for a link, a hard-linked or special file, or one beyond a linked folder.
 */
export function readMediaFile(projectDir: string, mediaPath: string): StoredMedia | undefined {
  if (!isMediaPath(mediaPath)) throw new FileError(`${UPLOADS_DIR}/${mediaPath}`, 'not a valid media path');
  const rel = `${UPLOADS_DIR}/${mediaPath}`;
  // lstat: a link's target is never looked at, not even for its size.
  const stat = lstatProjectPath(projectDir, rel);
  if (stat === undefined || stat.isDirectory()) return undefined;
  const refusal = refusalOfStats(stat);
  if (refusal !== undefined) throw new RefusedFileError(rel, refusal);
  return {
    path: mediaPath,
    bytes: stat.size,
    mtimeMs: stat.mtimeMs,
    mime: mime.lookup(mediaPath) || 'application/octet-stream',
    sidecar: readSidecar(projectDir, mediaPath),
  };
}

/**
 * A sidecar's text; throws when it cannot be read (RefusedFileError for a link or special file).
 * `sidecar` is relative to uploads/, a name from `listUploadFiles` or a valid media path plus
 * SIDECAR_SUFFIX.
 */
export function readSidecarText(projectDir: string, sidecar: string): string {
  // Not resolveProjectPath: listed names may hold a backslash, a plain character on POSIX.
  const rel = `${UPLOADS_DIR}/${sidecar}`;
  if (sidecar.startsWith('/') || sidecar.includes('\0') || sidecar.split('/').includes('..')) throw new FileError(rel, 'not a path inside uploads/');
  if (!hasPlainParents(projectDir, rel)) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${rel}'`), { code: 'ENOENT' });
  const absolute = path.join(projectDir, rel);
  const refusal = refusalOfStats(fs.lstatSync(absolute));
  if (refusal !== undefined) throw new RefusedFileError(rel, refusal);
  return readListedFile(absolute, rel).toString('utf8');
}

function readSidecar(projectDir: string, mediaPath: string): Record<string, unknown> {
  const rel = `${UPLOADS_DIR}/${mediaPath}${SIDECAR_SUFFIX}`;
  let text: string;
  try {
    text = readSidecarText(projectDir, `${mediaPath}${SIDECAR_SUFFIX}`);
  } catch (error) {
    // A linked sidecar is reported; a missing one is simply none.
    if (error instanceof RefusedFileError) throw error;
    return {};
  }
  const value = parseJson(text, rel);
  if (!isPlainObject(value)) throw new FileError(rel, 'expected a JSON object', { line: 1, column: 1 });
  return value;
}

/** A media file's bytes, or undefined when it is not there or not a plain file (see plain-file.ts). */
export function readMediaBytes(projectDir: string, mediaPath: string): Buffer | undefined {
  if (!isMediaPath(mediaPath)) return undefined;
  try {
    return readPlainFile(projectDir, `${UPLOADS_DIR}/${mediaPath}`);
  } catch {
    return undefined;
  }
}

/** image-size, loaded at the first image measured (a start with every image's sidecar complete measures none). */
const loadImageSize = packageOnFirstUse<{ imageSize: typeof imageSize }>('image-size');

/** Width and height of an image file, or undefined for files that are not images we can measure. */
export function readImageSize(projectDir: string, mediaPath: string): { width: number; height: number } | undefined {
  try {
    const size = loadImageSize().imageSize(readPlainFile(projectDir, `${UPLOADS_DIR}/${mediaPath}`));
    return size.width !== undefined && size.height !== undefined ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  }
}
