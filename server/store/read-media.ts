import fs from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import mime from 'mime-types';
import { isPlainObject } from '../config/is-plain-object.js';
import { FileError } from '../errors/file-error.js';
import { parseJson } from '../schema/parse-json.js';
import { listUploadFiles } from './list-upload-files.js';
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

/** Reads a media file's size and its sidecar. Returns undefined when the file is gone. */
export function readMediaFile(projectDir: string, mediaPath: string): StoredMedia | undefined {
  if (!isMediaPath(mediaPath)) throw new FileError(`${UPLOADS_DIR}/${mediaPath}`, 'not a valid media path');
  const absolute = path.join(projectDir, UPLOADS_DIR, mediaPath);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) return undefined;
  return {
    path: mediaPath,
    bytes: stat.size,
    mtimeMs: stat.mtimeMs,
    mime: mime.lookup(mediaPath) || 'application/octet-stream',
    sidecar: readSidecar(projectDir, mediaPath),
  };
}

/**
 * A sidecar's text; throws when it cannot be read. `sidecar` is relative to uploads/, a name from
 * `listUploadFiles` or a valid media path plus SIDECAR_SUFFIX.
 */
export function readSidecarText(projectDir: string, sidecar: string): string {
  // Not resolveProjectPath: listed names may hold a backslash, a plain character on POSIX.
  if (sidecar.startsWith('/') || sidecar.includes('\0') || sidecar.split('/').includes('..'))
    throw new FileError(`${UPLOADS_DIR}/${sidecar}`, 'not a path inside uploads/');
  return fs.readFileSync(path.join(projectDir, UPLOADS_DIR, sidecar), 'utf8');
}

function readSidecar(projectDir: string, mediaPath: string): Record<string, unknown> {
  const rel = `${UPLOADS_DIR}/${mediaPath}${SIDECAR_SUFFIX}`;
  let text: string;
  try {
    text = readSidecarText(projectDir, `${mediaPath}${SIDECAR_SUFFIX}`);
  } catch {
    return {};
  }
  const value = parseJson(text, rel);
  if (!isPlainObject(value)) throw new FileError(rel, 'expected a JSON object', { line: 1, column: 1 });
  return value;
}

/** A media file's bytes, or undefined when it is not there. */
export function readMediaBytes(projectDir: string, mediaPath: string): Buffer | undefined {
  if (!isMediaPath(mediaPath)) return undefined;
  try {
    return fs.readFileSync(path.join(projectDir, UPLOADS_DIR, mediaPath));
  } catch {
    return undefined;
  }
}

/** Width and height of an image file, or undefined for files that are not images we can measure. */
export function readImageSize(projectDir: string, mediaPath: string): { width: number; height: number } | undefined {
  try {
    const size = imageSize(fs.readFileSync(path.join(projectDir, UPLOADS_DIR, mediaPath)));
    return size.width !== undefined && size.height !== undefined ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  }
}
