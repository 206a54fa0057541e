import type { Entry } from '../content-index/entry.js';
import type { ContentType } from '../schema/content-type.js';
import type { DocumentQuery } from '../query/document-query.js';
import { paginationMeta } from '../query/parse-pagination.js';
import { type ReadContext, localeFor } from '../engine/read-context.js';
import { matchesQuery, selectEntries } from '../engine/select-entries.js';
import { serializeEntries, serializeEntry } from '../engine/serialize-entry.js';
import { composeEntry } from '../engine/compose-document.js';

export interface ListResult {
  readonly data: Record<string, unknown>[];
  readonly meta: { pagination: Record<string, number> };
}

/** `GET /api/:pluralName`: one page of documents with its pagination meta. */
export function findDocuments(context: ReadContext, type: ContentType, query: DocumentQuery): ListResult {
  const { page, total } = selectEntries(context, type, query);
  return {
    data: serializeEntries(context, type, page, query),
    meta: { pagination: paginationMeta(query.pagination, total) },
  };
}

/**
 * findDocuments' answer as the JSON text sent, for a query without `fields` or `populate`: each
 * document composed from its stored version (composeEntry), never made into an answer object.
 */
export function findDocumentsText(context: ReadContext, type: ContentType, query: DocumentQuery): string {
  const { page, total } = selectEntries(context, type, query);
  let data = '';
  for (let i = 0; i < page.length; i++) data += `${i === 0 ? '' : ','}${composeEntry(type, page[i]!)}`;
  return `{"data":[${data}],"meta":${JSON.stringify({ pagination: paginationMeta(query.pagination, total) })}}`;
}

/** `GET /api/:pluralName/:documentId`: the version the query's status and locale select, if any. */
export function findDocument(context: ReadContext, type: ContentType, documentId: string, query: DocumentQuery): Record<string, unknown> | undefined {
  const entry = selectVersion(context, type, documentId, query);
  if (entry === undefined || !matchesQuery(context, type, query, entry)) return undefined;
  return serializeEntry(context, type, entry, query);
}

/** `GET /api/:singularName`. */
export function findSingleDocument(context: ReadContext, type: ContentType, query: DocumentQuery): Record<string, unknown> | undefined {
  const record = context.index.findSingle(type, localeFor(context, type));
  if (record === undefined) return undefined;
  return findDocument(context, type, record.documentId, query);
}

/** The version a get-one (`documentId`) or a single type's read (undefined) selects by status and locale, its filters aside. */
export function selectVersion(context: ReadContext, type: ContentType, documentId: string | undefined, query: DocumentQuery): Entry | undefined {
  const locale = localeFor(context, type);
  const id = documentId ?? context.index.findSingle(type, locale)?.documentId;
  return id === undefined ? undefined : context.index.findEntry(type, id, query.status, locale);
}
