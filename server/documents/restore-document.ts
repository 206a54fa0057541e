import type { Entry } from '../content-index/entry.js';
import type { ContentIndex } from '../content-index/content-index.js';
import type { DocumentQuery } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import { emptyValue } from './convert-write-input.js';
import { rewriteStoredValues } from './rewrite-stored-values.js';
import { type WriteContext, createDocumentAs, updateDocument, upsertSingleDocument } from './write-documents.js';

/** The versions of one locale of a document as a past commit held them (stored data, decoded). */
export interface PastVersions {
  /** `<documentId>.json`/`.md`: the published version, or the only (draft) one. */
  readonly main?: Readonly<Record<string, unknown>> | undefined;
  /** `<documentId>.draft.json`: unpublished changes. */
  readonly draft?: Readonly<Record<string, unknown>> | undefined;
}

/** What a restore wrote, and what it could not bring back. */
export interface RestoreResult {
  readonly written: readonly Entry[];
  /** Relations and media the old version held that no longer exist (`category: news`): left out. */
  readonly dropped: readonly string[];
  /** The old version was a draft while the document is published now: it became the draft; the published version stays. */
  readonly keptPublished: boolean;
}

/**
 * Writes a past version back as an ordinary write through the document service (validation,
 * relations, timestamps, the same files an API write makes): every attribute gets the old value
 * (unset where the old version had none), the published state follows the old main file, and an
 * old draft file becomes the draft again. Passwords are left as they are (only hashes are stored).
 */
export function restoreDocument(
  context: WriteContext,
  target: { type: ContentType; documentId: string | undefined; locale: string | null },
  versions: PastVersions,
): RestoreResult {
  const { type, documentId, locale } = target;
  const { index } = context.project.current;
  const dropped: string[] = [];
  const written: Entry[] = [];
  const now = documentId === undefined ? index.findSingle(type, locale) : index.findRecord(type, documentId, locale);
  const wasPublished = !type.draftAndPublish || (versions.main !== undefined && typeof versions.main['publishedAt'] === 'string');
  const nowPublished = now?.main !== undefined && now.main.publishedAt !== null;
  const keptPublished = type.draftAndPublish && !wasPublished && nowPublished;
  const write = (data: Readonly<Record<string, unknown>>, status: 'published' | 'draft'): void => {
    const body = writeBodyOf(index, { type, locale }, data, dropped);
    const query = queryOf(status, locale);
    const exists = documentId === undefined || index.localeVersions(type, documentId).length > 0 || index.findRecord(type, documentId, locale) !== undefined;
    const entry =
      documentId === undefined
        ? upsertSingleDocument(context, type, { data: body }, query)
        : exists
          ? updateDocument(context, { type, documentId }, { data: body }, query)
          : createDocumentAs(context, { type, documentId }, { data: body }, query);
    if (entry !== undefined) written.push(entry);
  };
  const main = versions.main ?? versions.draft;
  if (main === undefined) return { written, dropped, keptPublished: false };
  write(main, wasPublished ? 'published' : 'draft');
  if (versions.main !== undefined && versions.draft !== undefined && wasPublished) write(versions.draft, 'draft');
  return { written, dropped: [...new Set(dropped)], keptPublished };
}

/** Stored data as a write body: relations as documentIds, media as file ids; references to what is gone are left out (and named). */
function writeBodyOf(
  index: ContentIndex,
  target: { type: ContentType; locale: string | null },
  data: Readonly<Record<string, unknown>>,
  dropped: string[],
): Record<string, unknown> {
  const { registry } = index;
  const exists = (uid: string, id: string): boolean => {
    const related = registry.contentTypes.get(uid);
    if (related === undefined) return false;
    if (!related.localized) return index.findRecord(related, id, null) !== undefined;
    return index.findRecord(related, id, target.locale) !== undefined || index.localeVersions(related, id).length > 0;
  };
  const converted =
    rewriteStoredValues(registry, target.type, data, (attribute, value) => {
      if (attribute.kind !== 'relation' && attribute.kind !== 'media') return value;
      const items = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      const kept: unknown[] = [];
      for (const item of items) {
        if (typeof item !== 'string') continue;
        const found = attribute.kind === 'media' ? index.media.findByPath(item)?.id : exists(attribute.target, item) ? item : undefined;
        if (found === undefined) dropped.push(attribute.kind === 'media' ? `uploads/${item}` : `${attribute.target} ${item}`);
        else kept.push(found);
      }
      return Array.isArray(value) ? kept : (kept[0] ?? null);
    }) ?? data;
  const body: Record<string, unknown> = {};
  for (const [name, attribute] of target.type.attributes) {
    if (attribute.kind === 'relation' && attribute.mappedBy !== undefined) continue;
    if (attribute.kind === 'scalar' && attribute.type === 'password') continue;
    body[name] = name in converted ? converted[name] : attribute.kind === 'scalar' ? null : emptyValue(attribute);
  }
  return body;
}

function queryOf(status: 'published' | 'draft', locale: string | null): DocumentQuery {
  return {
    fields: undefined,
    filters: undefined,
    search: undefined,
    sort: [],
    pagination: { mode: 'page', start: 0, limit: 25, withCount: false },
    populate: new Map(),
    status,
    locale: locale ?? undefined,
  };
}
