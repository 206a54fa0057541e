import type { ContentType } from '../schema/content-type.js';
import type { StoredDocument } from '../store/read-document.js';
import { deriveDocumentId } from './derive-id.js';
import type { DocumentRecord } from './entry.js';
import { normalizeIso } from './to-entry.js';
import type { TypeState } from './type-state.js';

/** A single type's documentId: stable for the same content, new when it is deleted and created again. */
export function singleDocumentId(
  index: { readonly defaultLocale: string; findSingle(type: ContentType, locale: string | null): DocumentRecord | undefined },
  state: TypeState,
  stored: StoredDocument,
): string {
  const type = state.type;
  const locale = type.localized ? (stored.file.locale ?? index.defaultLocale) : null;
  const existing = index.findSingle(type, locale);
  // Locales of a single type share one documentId, like the locales of any document.
  if (existing === undefined && type.localized) {
    for (const record of state.records.values()) if (record.locale !== locale) return record.documentId;
  }
  const createdAt = typeof stored.data['createdAt'] === 'string' ? normalizeIso(stored.data['createdAt']) : '';
  if (existing && (stored.file.draft || existing.main === undefined || existing.main.createdAt === createdAt)) return existing.documentId;
  return deriveDocumentId(`${type.uid}|${createdAt}`);
}
