import fs from 'node:fs';
import path from 'node:path';
import { SIDECAR_SUFFIX, UPLOADS_DIR } from './project-layout.js';
import { isMediaPath } from './read-media.js';

/** A file under uploads/ that may be served. */
export interface LocatedUpload {
  /** Relative to uploads/, decoded. */
  readonly mediaPath: string;
  readonly absolute: string;
}

/**
 * Maps the part of a `/uploads/…` URL after the prefix (still percent-encoded) to a regular file
 * inside uploads/, or undefined. Refused: bad encodings, `..` and `.` segments, hidden files and
 * folders, sidecars, backslashes, NUL bytes, and links that lead outside uploads/.
 */
export function locateUpload(projectDir: string, encodedPath: string): LocatedUpload | undefined {
  let mediaPath: string;
  try {
    mediaPath = decodeURIComponent(encodedPath);
  } catch {
    return undefined;
  }
  if (!isMediaPath(mediaPath) || mediaPath.endsWith(SIDECAR_SUFFIX)) return undefined;
  const root = path.join(projectDir, UPLOADS_DIR);
  const absolute = path.join(root, mediaPath);
  try {
    const real = fs.realpathSync(absolute);
    const realRoot = fs.realpathSync(root);
    if (!real.startsWith(`${realRoot}${path.sep}`)) return undefined;
    if (!fs.statSync(real).isFile()) return undefined;
    return { mediaPath, absolute: real };
  } catch {
    return undefined;
  }
}
