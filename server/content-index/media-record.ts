import path from 'node:path';
import { canonicalDateTime } from '../schema/date-time-text.js';
import { type StoredMedia, isMediaPath } from '../store/read-media.js';
import { deriveDocumentId, deriveId } from './derive-id.js';
import type { Entry } from './entry.js';

/**
 * A file of the media library: an entry of `plugin::upload.file` (registry.uploadFile), read by
 * the engine as documents are. Its `path` is relative to uploads/, as documents store media.
 */
export interface MediaRecord extends Entry {
  readonly locale: null;
  readonly publishedAt: string;
  readonly data: FileColumns;
}

/**
 * The values of a file's columns, named as the upload type's attributes (which decide what answers
 * show and queries may name). A type alias, not an interface, so it is an Entry's `data` record.
 */
export type FileColumns = {
  readonly name: string;
  readonly alternativeText: string | null;
  readonly caption: string | null;
  readonly focalPoint: unknown;
  readonly width: number | null;
  readonly height: number | null;
  readonly formats: unknown;
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
  readonly size: number;
  readonly url: string;
  readonly previewUrl: string | null;
  readonly provider: string;
  readonly provider_metadata: unknown;
};

/** Builds the record of a media file from the file, its measured size and its sidecar. */
export function toMediaRecord(stored: StoredMedia, dimensions: { width: number; height: number } | undefined): MediaRecord {
  const meta = stored.sidecar;
  const ext = path.posix.extname(stored.path);
  const base = path.posix.basename(stored.path);
  const mtime = new Date(stored.mtimeMs).toISOString();
  const createdAt = isoOr(meta['createdAt'], mtime);
  const updatedAt = isoOr(meta['updatedAt'], createdAt);
  const documentId =
    typeof meta['documentId'] === 'string' && /^[a-z0-9]{1,64}$/.test(meta['documentId']) ? meta['documentId'] : deriveDocumentId(`uploads/${stored.path}`);
  const data: FileColumns = {
    name: stringOr(meta['name'], base),
    alternativeText: stringOr(meta['alternativeText'], null),
    caption: stringOr(meta['caption'], null),
    focalPoint: meta['focalPoint'] ?? null,
    width: numberOr(meta['width'], dimensions?.width ?? null),
    height: numberOr(meta['height'], dimensions?.height ?? null),
    formats: meta['formats'] ?? null,
    hash: base.slice(0, base.length - ext.length),
    ext,
    mime: stringOr(meta['mime'], stored.mime),
    size: Math.round(stored.bytes / 10) / 100,
    url: `/uploads/${stored.path}`,
    previewUrl: stringOr(meta['previewUrl'], null),
    provider: 'local',
    provider_metadata: meta['provider_metadata'] ?? null,
  };
  const publishedAt = isoOr(meta['publishedAt'], createdAt);
  return { id: deriveId(Date.parse(createdAt), documentId), documentId, locale: null, data, createdAt, updatedAt, publishedAt, path: stored.path };
}

/** The paths under uploads/ of a record's format files (`formats.thumbnail.url` …). */
export function formatPathsOf(columns: Pick<FileColumns, 'formats'>): string[] {
  const formats = columns.formats;
  if (typeof formats !== 'object' || formats === null) return [];
  const out: string[] = [];
  for (const format of Object.values(formats)) {
    const url = typeof format === 'object' && format !== null ? (format as Record<string, unknown>)['url'] : undefined;
    if (typeof url !== 'string' || !url.startsWith(UPLOADS_URL)) continue;
    const mediaPath = url.slice(UPLOADS_URL.length);
    if (isMediaPath(mediaPath)) out.push(mediaPath);
  }
  return out;
}

const UPLOADS_URL = '/uploads/';

function stringOr<T>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' ? value : fallback;
}

function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function isoOr(value: unknown, fallback: string): string {
  return (typeof value === 'string' ? canonicalDateTime(value) : undefined) ?? fallback;
}
