import path from 'node:path';
import type { CmsConfig } from '../config/cms-config.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { type MediaRecord, formatPathsOf } from '../content-index/media-record.js';
import { notFoundError } from '../errors/api-error.js';
import { UPLOADS_DIR } from '../store/project-layout.js';
import { readMediaFile } from '../store/read-media.js';
import { mimeTypeOfExtension } from '../store/upload-mime.js';
import { type UploadWrite, sidecarPathOf } from '../store/write-upload.js';
import { mediaReferenceChanges } from './media-references.js';
import { EMPTY_FILE_INFO, readFileInfo } from './upload-file-info.js';
import { type PreparedUpload, type ReceivedFile, prepareUpload } from './upload-prepare.js';
import { generateDocumentId } from '../store/document-id.js';
import type { ProjectPort } from './project-port.js';

export interface UploadContext {
  readonly project: ProjectPort;
  readonly settings: CmsConfig['upload'];
  /** The current time as an ISO string (injectable for tests). */
  readonly now: () => string;
}

/** Sidecar keys this service writes, in the order it writes them; other keys a user added are kept after them. */
const SIDECAR_KEYS = ['name', 'alternativeText', 'caption', 'documentId', 'width', 'height', 'formats', 'mime', 'createdAt', 'updatedAt', 'publishedAt'];

/** Sidecar keys that describe the file's content, and so change when the content is replaced. */
const CONTENT_KEYS = ['width', 'height', 'formats', 'mime'];

/** The listed file with this numeric id (as the URL or query gives it), or undefined. */
export function findFileById(index: ContentIndex, id: string): MediaRecord | undefined {
  return /^\d{1,16}$/.test(id) ? index.media.findById(Number(id)) : undefined;
}

/**
 * `POST /api/upload` with files: stores each file under a fresh name with its sidecar and formats,
 * all or nothing, and returns the new records as the index now holds them.
 */
export async function uploadFiles(context: UploadContext, files: readonly ReceivedFile[], fileInfo: unknown, workDir: string): Promise<MediaRecord[]> {
  const infos = readFileInfo(fileInfo, files.length, files.length > 1);
  const dir = context.project.config.dir;
  const prepared: PreparedUpload[] = [];
  for (const [i, file] of files.entries())
    prepared.push(await prepareUpload({ projectDir: dir, settings: context.settings, workDir }, file, infos[i] ?? EMPTY_FILE_INFO));
  const now = context.now();
  const writes: UploadWrite[] = [];
  for (const [i, upload] of prepared.entries()) {
    const mediaPath = `${upload.hash}${upload.ext}`;
    const info = infos[i] ?? EMPTY_FILE_INFO;
    const sidecar = sidecarOf(mediaPath, upload, {
      formats: formatsOf(mediaPath, upload),
      alternativeText: info.alternativeText ?? null,
      caption: info.caption ?? null,
      documentId: generateDocumentId(),
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    });
    writes.push(...writesOf(mediaPath, upload, sidecar));
  }
  context.project.commit({ uploads: writes });
  return prepared.map((upload) => findWritten(context, `${upload.hash}${upload.ext}`));
}

/** The new content of a file being replaced, as the request delivered it. */
export interface Replacement {
  readonly file: ReceivedFile;
  readonly fileInfo: unknown;
  /** Where the received file waits; the caller removes it. */
  readonly workDir: string;
}

/**
 * `POST /api/upload?id=` with one file: the file's content is replaced, keeping its path (so its
 * url, hash and ext), documentId and creation time; its formats are made anew. 404 when no file
 * has that id.
 */
export async function replaceFile(context: UploadContext, id: string, replacement: Replacement): Promise<MediaRecord> {
  const { file, fileInfo, workDir } = replacement;
  const [info = EMPTY_FILE_INFO] = readFileInfo(fileInfo, 1, false);
  const dir = context.project.config.dir;
  const before = findFileById(context.project.current.index, id);
  if (before === undefined) throw notFoundError('Entity not found');
  const upload = await prepareUpload({ projectDir: dir, settings: context.settings, workDir }, file, info, { hash: before.data.hash, ext: before.data.ext });
  // The preparation took a while: work on the file as it is now.
  const record = context.project.current.index.media.findByPath(before.path);
  if (record === undefined) throw notFoundError('Entity not found');
  const formats = formatsOf(record.path, upload) ?? {};
  const sidecar = sidecarOf(
    record.path,
    upload,
    {
      formats,
      alternativeText: info.alternativeText === undefined ? record.data.alternativeText : info.alternativeText,
      caption: info.caption === undefined ? record.data.caption : info.caption,
      documentId: record.documentId,
      createdAt: record.createdAt,
      updatedAt: context.now(),
      publishedAt: record.publishedAt,
    },
    storedSidecar(dir, record.path),
  );
  const fresh = formatPathsOf({ formats });
  const stale = formatPathsOf(record.data).filter((formatPath) => !fresh.includes(formatPath));
  context.project.commit({ uploads: writesOf(record.path, upload, sidecar), removedUploads: stale });
  return findWritten(context, record.path);
}

/**
 * `POST /api/upload?id=` without files: name, alternativeText and caption change (null keeps the
 * old value, as in Strapi); the sidecar is rewritten. 404 when no file has that id.
 */
export function updateFileInfo(context: UploadContext, id: string, fileInfo: unknown): MediaRecord {
  const [info = EMPTY_FILE_INFO] = readFileInfo(fileInfo, 1, false);
  const record = findFileById(context.project.current.index, id);
  if (record === undefined) throw notFoundError('Entity not found');
  const dir = context.project.config.dir;
  const sidecar = orderSidecar({
    ...storedSidecar(dir, record.path),
    name: info.name ?? record.data.name,
    alternativeText: info.alternativeText ?? record.data.alternativeText,
    caption: info.caption ?? record.data.caption,
    documentId: record.documentId,
    ...(record.data.width === null ? {} : { width: record.data.width, height: record.data.height }),
    createdAt: record.createdAt,
    updatedAt: context.now(),
    publishedAt: record.publishedAt,
  });
  context.project.commit({ uploads: [{ path: sidecarPathOf(record.path), json: sidecar }] });
  return findWritten(context, record.path);
}

/**
 * `DELETE /api/upload/files/:id`: documents that use the file lose it, then the file, its formats
 * and its sidecar are removed. Returns the record as it was, or undefined when no file has the id.
 */
export function deleteFile(context: UploadContext, id: string): MediaRecord | undefined {
  const { index } = context.project.current;
  const record = findFileById(index, id);
  if (record === undefined) return undefined;
  // Documents let go of the file first, so none ever points at a file that is gone.
  context.project.commit({ documents: mediaReferenceChanges(index, record.path) });
  context.project.commit({ removedUploads: [...formatPathsOf(record.data), record.path, sidecarPathOf(record.path)] });
  return record;
}

/** The `formats` object Strapi stores for an image: one entry per format, or null when there are none. */
function formatsOf(mediaPath: string, upload: PreparedUpload): Record<string, unknown> | null {
  if (upload.formats.length === 0) return null;
  const folder = mediaPath.includes('/') ? mediaPath.slice(0, mediaPath.lastIndexOf('/') + 1) : '';
  const base = path.posix.basename(mediaPath);
  const out: Record<string, unknown> = {};
  for (const format of upload.formats) {
    out[format.key] = {
      name: `${format.key}_${upload.name}`,
      hash: `${format.key}_${upload.hash}`,
      ext: upload.ext,
      mime: upload.mime,
      path: null,
      width: format.width,
      height: format.height,
      size: kilobytes(format.bytes),
      sizeInBytes: format.bytes,
      url: `/${UPLOADS_DIR}/${folder}${format.key}_${base}`,
    };
  }
  return out;
}

/** Format files first and the sidecar last, so that a reader never sees a sidecar without its files. */
function writesOf(mediaPath: string, upload: PreparedUpload, sidecar: Record<string, unknown>): UploadWrite[] {
  const folder = mediaPath.includes('/') ? mediaPath.slice(0, mediaPath.lastIndexOf('/') + 1) : '';
  const base = path.posix.basename(mediaPath);
  return [
    ...upload.formats.map((format) => ({ path: `${folder}${format.key}_${base}`, source: format.file })),
    { path: mediaPath, source: upload.file },
    { path: sidecarPathOf(mediaPath), json: sidecar },
  ];
}

/** What a sidecar records besides what the prepared upload tells: formats (null: none), texts, documentId, times. */
interface SidecarValues {
  readonly formats: Record<string, unknown> | null;
  readonly alternativeText: string | null;
  readonly caption: string | null;
  readonly documentId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string;
}

/**
 * What the sidecar holds: what the file cannot tell (name, texts, documentId, times), what is
 * costly to recompute (dimensions, formats), and the type when the extension says otherwise.
 */
function sidecarOf(mediaPath: string, upload: PreparedUpload, values: SidecarValues, kept: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const { formats } = values;
  const byExtension = mimeTypeOfExtension(path.posix.extname(mediaPath)) ?? 'application/octet-stream';
  // Keys a user added by hand survive; what describes the old content does not.
  const rest = Object.fromEntries(Object.entries(kept).filter(([key]) => !CONTENT_KEYS.includes(key)));
  return orderSidecar({
    ...rest,
    name: upload.name,
    alternativeText: values.alternativeText,
    caption: values.caption,
    documentId: values.documentId,
    ...(upload.width === null ? {} : { width: upload.width, height: upload.height }),
    ...(formats === null ? {} : { formats }),
    ...(upload.mime === byExtension ? {} : { mime: upload.mime }),
    createdAt: values.createdAt,
    updatedAt: values.updatedAt,
    publishedAt: values.publishedAt,
  });
}

function orderSidecar(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SIDECAR_KEYS) if (key in values) out[key] = values[key];
  for (const [key, value] of Object.entries(values)) if (!(key in out)) out[key] = value;
  return out;
}

function storedSidecar(projectDir: string, mediaPath: string): Readonly<Record<string, unknown>> {
  try {
    return readMediaFile(projectDir, mediaPath)?.sidecar ?? {};
  } catch {
    // A broken sidecar is replaced by the one written now.
    return {};
  }
}

/** The record of a file a commit just wrote, as the index now holds it. */
function findWritten(context: UploadContext, mediaPath: string): MediaRecord {
  const record = context.project.current.index.media.findByPath(mediaPath);
  if (record === undefined) throw new Error(`the upload of ${UPLOADS_DIR}/${mediaPath} did not reach the index`);
  return record;
}

function kilobytes(bytes: number): number {
  return Math.round(bytes / 10) / 100;
}
