import { toMediaRecord } from '../content-index/media-record.js';
import { FileError } from '../errors/file-error.js';
import { RefusedFileError } from '../store/plain-file.js';
import { statProjectPath } from '../store/project-files.js';
import { SIDECAR_SUFFIX, UPLOADS_DIR } from '../store/project-layout.js';
import { readImageSize, readMediaFile } from '../store/read-media.js';
import { reportProblem } from './place-document.js';
import type { ProjectState } from './project-state.js';

/** Brings the media library in line with what is on disk now for one media path (the file and its sidecar). */
export function syncMedia(state: ProjectState, mediaPath: string): void {
  const { dir, index, problems } = state;
  const sidecar = `${UPLOADS_DIR}/${mediaPath}${SIDECAR_SUFFIX}`;
  try {
    const stored = readMediaFile(dir, mediaPath);
    if (stored === undefined) {
      index.media.remove(mediaPath);
      problems.delete(sidecar);
      problems.delete(`${UPLOADS_DIR}/${mediaPath}`);
      return;
    }
    const measured = stored.mime.startsWith('image/') && stored.sidecar['width'] === undefined ? readImageSize(dir, mediaPath) : undefined;
    index.media.apply(toMediaRecord(stored, measured));
    problems.delete(sidecar);
    problems.delete(`${UPLOADS_DIR}/${mediaPath}`);
  } catch (error) {
    // A file replaced by a link leaves the library: nothing read through a link stays served.
    if (error instanceof RefusedFileError && error.file === `${UPLOADS_DIR}/${mediaPath}`) index.media.remove(mediaPath);
    reportProblem(state, error instanceof FileError ? error : new FileError(`${UPLOADS_DIR}/${mediaPath}`, (error as Error).message));
  }
}

/** The same for a path under uploads/ the watcher reported (a sidecar's is its file's); hidden files and folders are no media. */
export function syncUploadPath(state: ProjectState, relPath: string): void {
  let mediaPath = relPath.slice(UPLOADS_DIR.length + 1);
  if (mediaPath.endsWith(SIDECAR_SUFFIX)) mediaPath = mediaPath.slice(0, -SIDECAR_SUFFIX.length);
  if (mediaPath === '' || mediaPath.split('/').some((part) => part.startsWith('.'))) return;
  if (statProjectPath(state.dir, relPath)?.isFolder === true) return;
  syncMedia(state, mediaPath);
}
