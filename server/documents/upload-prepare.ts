import path from 'node:path';
import type { CmsConfig } from '../config/cms-config.js';
import { validationError } from '../errors/api-error.js';
import { processImage } from '../store/image-formats.js';
import { generateUploadHash, sanitizeExtension } from '../store/upload-hash.js';
import { SNIFF_BYTES, extensionOfMimeType, mimeTypeOfExtension, sniffMimeType } from '../store/upload-mime.js';
import { fileSize, readFileHead } from '../store/work-folder.js';
import { isFreeUploadPath } from '../store/write-upload.js';
import type { FileInfo } from './upload-file-info.js';

/** A file as a request delivered it: saved to a temp file, with what the client said about it. */
export interface ReceivedFile {
  readonly tempPath: string;
  /** The file name the client sent (may be anything: `../x`, empty, huge). */
  readonly filename: string;
  /** The part's Content-Type, if any. */
  readonly declaredType: string | undefined;
  readonly bytes: number;
}

/** A format file (thumbnail, small …) ready in the work folder. */
export interface PreparedFormat {
  readonly key: string;
  readonly file: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
}

/** Everything an upload stores, computed before anything is written. */
export interface PreparedUpload {
  readonly name: string;
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
  /** The file to store (the received one, or its re-encoded version). */
  readonly file: string;
  readonly bytes: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly formats: readonly PreparedFormat[];
}

/** Where an upload is prepared: the project it goes to, its upload settings, the request's work folder. */
export interface UploadPlace {
  readonly projectDir: string;
  readonly settings: CmsConfig['upload'];
  readonly workDir: string;
}

/** Longest display name kept (Strapi's column is a varchar(255)). */
const MAX_NAME_LENGTH = 255;
const MIME_PATTERN = /^[a-z0-9][\w.+-]*\/[\w.+-]+$/i;

/**
 * Works out how a received file is stored, as Strapi's upload service does: its name, a fresh
 * sanitized `hash` (or the given one, for a replace), its type from its content, then its
 * extension and its name; images are re-encoded, measured and given their formats (in `workDir`).
 * Refuses types the config does not allow and images that do not decode.
 */
export async function prepareUpload(
  place: UploadPlace,
  received: ReceivedFile,
  info: FileInfo,
  keep?: { readonly hash: string; readonly ext: string },
): Promise<PreparedUpload> {
  const { projectDir, settings, workDir } = place;
  const filename = cleanName(received.filename) || 'unnamed';
  const name = cleanName(info.name || '') || filename;
  const rawExt = path.posix.extname(filename);
  const sniffed = await sniffMimeType(readFileHead(received.tempPath, SNIFF_BYTES));
  const declared = received.declaredType !== undefined && MIME_PATTERN.test(received.declaredType) ? received.declaredType.toLowerCase() : undefined;
  const mime =
    sniffed ?? mimeTypeOfExtension(rawExt) ?? (declared !== undefined && declared !== 'application/octet-stream' ? declared : 'application/octet-stream');
  checkAllowedType(settings, mime, { fileName: filename, detectedType: sniffed, declaredType: declared ?? '' });

  const ext = keep?.ext ?? sanitizeExtension(sanitizeExtension(rawExt) || extensionOfMimeType(mime));
  let hash = keep?.hash ?? '';
  if (keep === undefined) {
    const base = path.posix.basename(name.replace(/\\/g, '/'), rawExt);
    do hash = generateUploadHash(base);
    while (!isFreeUploadPath(projectDir, `${hash}${ext}`));
  }

  const image = await processImage(received.tempPath, workDir, settings);
  return {
    name,
    hash,
    ext,
    mime,
    file: image?.main.file ?? received.tempPath,
    bytes: image?.main.bytes ?? fileSize(received.tempPath),
    width: image?.main.width ?? null,
    height: image?.main.height ?? null,
    formats: image?.formats ?? [],
  };
}

/** A name as text: Unicode-normalized, without control characters (NUL …), at most 255 characters. */
function cleanName(value: string): string {
  const text = value.normalize().replace(/[\u0000-\u001f\u007f]/g, '');
  return [...text].slice(0, MAX_NAME_LENGTH).join('');
}

/** Strapi's `security.allowedTypes` / `deniedTypes`: mime patterns with `*`. */
function checkAllowedType(
  settings: CmsConfig['upload'],
  mime: string,
  about: { fileName: string; detectedType: string | undefined; declaredType: string },
): void {
  const { allowedTypes, deniedTypes } = settings;
  if (allowedTypes.length === 0 && deniedTypes.length === 0) return;
  const denied = matchesAny(mime, deniedTypes);
  if (!denied && (allowedTypes.length === 0 || matchesAny(mime, allowedTypes))) return;
  throw validationError(`File type '${mime}' is not allowed`, {
    fileName: about.fileName,
    ...(about.detectedType === undefined ? {} : { detectedType: about.detectedType }),
    declaredType: about.declaredType,
    finalType: mime,
    allowedTypes: [...allowedTypes],
    deniedTypes: [...deniedTypes],
  });
}

function matchesAny(mime: string, patterns: readonly string[]): boolean {
  const type = mime.toLowerCase();
  return patterns.some((pattern) => {
    const escaped = pattern
      .toLowerCase()
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*');
    return new RegExp(`^${escaped}$`).test(type);
  });
}
