import fs from 'node:fs';
import path from 'node:path';
import type { CmsConfig } from '../config/cms-config.js';
import { FileError } from '../errors/file-error.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { CONTENT_DIR, parseContentPath } from '../store/content-path.js';
import { readDocumentFile } from '../store/read-document.js';
import { SIDECAR_SUFFIX, UPLOADS_DIR, listUploads, readImageSize, readMediaFile } from '../store/read-media.js';
import type { ContentPrefetch } from '../store/content-prefetch.js';
import { scanContent } from '../store/scan-content.js';
import { ContentIndex } from './content-index.js';
import { toMediaRecord } from './media-record.js';

/**
 * Reads a whole project into a new index (taking the texts from `prefetch` when it reads this
 * project). Bad files end up in `index.problems`.
 */
export function buildIndex(projectDir: string, registry: SchemaRegistry, i18n: CmsConfig['i18n'], prefetch?: ContentPrefetch): ContentIndex {
  const index = new ContentIndex(registry, i18n);
  for (const mediaPath of listUploads(projectDir)) applyMedia(index, projectDir, mediaPath);
  const { documents, problems } = scanContent(projectDir, registry, prefetch);
  index.load(() => {
    // Default-locale files first: other locales of a single type take their documentId from them.
    for (const stored of documents) if (stored.file.locale === undefined) applyStored(index, stored);
    for (const stored of documents) if (stored.file.locale !== undefined) applyStored(index, stored);
  });
  for (const problem of problems) index.reportProblem(problem);
  return index;
}

/**
 * Brings the index in line with what is on disk now at one content path: re-reads the file, or
 * forgets it when it is gone. A folder path (`content/articles/`) reconciles the whole folder.
 */
export function syncContentPath(index: ContentIndex, projectDir: string, relPath: string): void {
  const folder = relPath.endsWith('/') ? relPath.slice(0, -1) : isFolderPath(projectDir, relPath) ? relPath : undefined;
  if (folder !== undefined) {
    const prefix = `${folder}/`;
    for (const known of [...index.knownPaths()]) if (known.startsWith(prefix)) syncContentPath(index, projectDir, known);
    const absolute = path.join(projectDir, folder);
    if (fs.existsSync(absolute)) for (const name of fs.readdirSync(absolute)) syncContentPath(index, projectDir, `${prefix}${name}`);
    return;
  }
  try {
    const file = parseContentPath(index.registry, relPath);
    if (file === undefined) return;
    if (!fs.existsSync(path.join(projectDir, relPath))) {
      index.removeFile(relPath);
      index.problems.delete(relPath);
      return;
    }
    applyStored(index, readDocumentFile(projectDir, index.registry, file));
  } catch (error) {
    if (!fs.existsSync(path.join(projectDir, relPath))) {
      index.removeFile(relPath);
      index.problems.delete(relPath);
      return;
    }
    index.reportProblem(error instanceof FileError ? error : new FileError(relPath, (error as Error).message));
  }
}

/** Same for a path under uploads/ (a media file or its sidecar). */
export function syncUploadPath(index: ContentIndex, projectDir: string, relPath: string): void {
  let mediaPath = relPath.slice(UPLOADS_DIR.length + 1);
  if (mediaPath.endsWith(SIDECAR_SUFFIX)) mediaPath = mediaPath.slice(0, -SIDECAR_SUFFIX.length);
  if (mediaPath === '' || mediaPath.split('/').some((part) => part.startsWith('.'))) return;
  if (isFolderPath(projectDir, relPath)) return;
  applyMedia(index, projectDir, mediaPath);
}

function applyStored(index: ContentIndex, stored: Parameters<ContentIndex['applyDocument']>[0]): void {
  const { file } = stored;
  if (file.locale !== undefined && !file.type.localized) {
    index.reportProblem(new FileError(file.path, `${file.type.singularName} is not localized (pluginOptions.i18n.localized), so a locale suffix is not allowed`));
    return;
  }
  if (file.locale !== undefined && !index.hasLocale(file.locale)) {
    index.reportProblem(new FileError(file.path, `locale "${file.locale}" is not configured: add it to i18n.locales in cms.config.json`));
    return;
  }
  index.applyDocument(stored);
}

function applyMedia(index: ContentIndex, projectDir: string, mediaPath: string): void {
  const rel = `${UPLOADS_DIR}/${mediaPath}`;
  try {
    const stored = readMediaFile(projectDir, mediaPath);
    if (stored === undefined) {
      index.media.remove(mediaPath);
      index.problems.delete(`${rel}${SIDECAR_SUFFIX}`);
      return;
    }
    const measured = stored.mime.startsWith('image/') && stored.sidecar['width'] === undefined ? readImageSize(projectDir, mediaPath) : undefined;
    index.media.apply(toMediaRecord(stored, measured));
    index.problems.delete(`${rel}${SIDECAR_SUFFIX}`);
  } catch (error) {
    index.reportProblem(error instanceof FileError ? error : new FileError(rel, (error as Error).message));
  }
}

function isFolderPath(projectDir: string, relPath: string): boolean {
  try {
    return fs.statSync(path.join(projectDir, relPath)).isDirectory();
  } catch {
    return relPath.split('/').length === 2 && relPath.startsWith(`${CONTENT_DIR}/`) && !/\.(json|md)$/.test(relPath);
  }
}
