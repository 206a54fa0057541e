import { canonicalDateTime } from '../schema/date-time-text.js';
import type { StoredDocument } from '../store/read-document.js';
import { type CompactEntry, compactEntry } from './compact-entry.js';
import type { EntryTimes } from './compact-parts.js';
import type { StringPool } from './string-pool.js';

/** The entry a decoded file holds, with its timestamps in one form (its id is given when it is placed). */
export function toEntry(stored: StoredDocument, documentId: string, locale: string | null, pool: StringPool): CompactEntry {
  const { data, file } = stored;
  return compactEntry(file.type, { id: 0, documentId, locale, ...entryTimes(stored), path: file.path }, data, pool);
}

/** A decoded file's timestamps in one form; a hand-made file without them takes its modification time. */
export function entryTimes(stored: StoredDocument): EntryTimes {
  const { data, file } = stored;
  const fallback = (): string => new Date(stored.mtimeMs ?? Date.now()).toISOString();
  const createdAt = typeof data['createdAt'] === 'string' ? normalizeIso(data['createdAt']) : fallback();
  const updatedAt = typeof data['updatedAt'] === 'string' ? normalizeIso(data['updatedAt']) : createdAt;
  let publishedAt: string | null;
  if (file.type.draftAndPublish) {
    publishedAt = file.draft || typeof data['publishedAt'] !== 'string' ? null : normalizeIso(data['publishedAt']);
  } else {
    publishedAt = typeof data['publishedAt'] === 'string' ? normalizeIso(data['publishedAt']) : updatedAt;
  }
  return { createdAt, updatedAt, publishedAt };
}

/** Timestamps come back in one form: ISO 8601 with milliseconds and Z. */
export function normalizeIso(value: string): string {
  return canonicalDateTime(value) ?? value;
}
