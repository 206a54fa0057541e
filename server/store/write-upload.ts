import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FileError } from '../errors/file-error.js';
import { removeFileDurably, syncPath, writeFileAtomic } from './atomic-write.js';
import { SIDECAR_SUFFIX, UPLOADS_DIR } from './project-layout.js';
import { isMediaPath } from './read-media.js';

/** One file an upload writes under uploads/: a copy of a prepared file, or a sidecar's JSON. */
export type UploadWrite = { readonly path: string; readonly source: string } | { readonly path: string; readonly json: Readonly<Record<string, unknown>> };

/** The absolute path of a media path; refuses anything that is not a plain path inside uploads/. */
export function resolveUploadPath(projectDir: string, mediaPath: string): string {
  if (!isMediaPath(mediaPath)) throw new FileError(`${UPLOADS_DIR}/${mediaPath}`, 'not a valid media path');
  return path.join(projectDir, UPLOADS_DIR, mediaPath);
}

/** The sidecar's media path for a media path. */
export function sidecarPathOf(mediaPath: string): string {
  return `${mediaPath}${SIDECAR_SUFFIX}`;
}

/** Whether neither the file nor its sidecar exists yet. */
export function isFreeUploadPath(projectDir: string, mediaPath: string): boolean {
  const absolute = resolveUploadPath(projectDir, mediaPath);
  return !fs.existsSync(absolute) && !fs.existsSync(`${absolute}${SIDECAR_SUFFIX}`);
}

/**
 * Writes the files of one upload, each atomically. When one fails, the files this call created
 * are removed again, so a failed upload leaves nothing behind. Synchronous, so the watcher sees
 * the files only once all of them are in place.
 */
export function writeUploadFiles(projectDir: string, writes: readonly UploadWrite[]): void {
  const created: string[] = [];
  try {
    for (const write of writes) {
      const absolute = resolveUploadPath(projectDir, write.path);
      const existed = fs.existsSync(absolute);
      if ('source' in write) copyFileAtomic(write.source, absolute);
      else writeFileAtomic(absolute, `${JSON.stringify(write.json, null, 2)}\n`);
      if (!existed) created.push(absolute);
    }
  } catch (error) {
    for (const file of created) fs.rmSync(file, { force: true });
    throw error;
  }
}

/** Removes media files (and whatever else is named), ignoring those already gone. */
export function removeUploadFiles(projectDir: string, mediaPaths: readonly string[]): void {
  for (const mediaPath of mediaPaths) removeFileDurably(resolveUploadPath(projectDir, mediaPath));
}

/** Copies a file into place the way `writeFileAtomic` writes text: hidden temp file, fsync, rename. */
function copyFileAtomic(source: string, target: string): void {
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  try {
    fs.copyFileSync(source, temp);
    fs.chmodSync(temp, 0o644);
    const fd = fs.openSync(temp, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  syncPath(dir);
}
