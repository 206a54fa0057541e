import path from 'node:path';
import { lstatProjectPath, refusalOfStats } from './plain-file.js';
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
 * folders, sidecars, backslashes, NUL bytes, links (to files or folders, wherever they lead),
 * hard-linked and special files (see plain-file.ts).
 */
export function locateUpload(projectDir: string, encodedPath: string): LocatedUpload | undefined {
  let mediaPath: string;
  try {
    mediaPath = decodeURIComponent(encodedPath);
  } catch {
    return undefined;
  }
  if (!isMediaPath(mediaPath) || mediaPath.endsWith(SIDECAR_SUFFIX)) return undefined;
  const rel = `${UPLOADS_DIR}/${mediaPath}`;
  const stat = lstatProjectPath(projectDir, rel);
  if (stat === undefined || !stat.isFile() || refusalOfStats(stat) !== undefined) return undefined;
  return { mediaPath, absolute: path.join(projectDir, rel) };
}
