import type { Entry } from '../content-index/entry.js';
import type { ContentType } from '../schema/content-type.js';
import type { DocumentQuery } from '../query/document-query.js';
import { paginationMeta } from '../query/parse-pagination.js';
import { type ReadContext, localeFor } from '../engine/read-context.js';
import { matchesQuery, selectEntries } from '../engine/select-entries.js';
import { type EntryShape, serializeEntries, serializeEntry, serializePopulated } from '../engine/serialize-entry.js';
import { composeEntry } from '../engine/compose-entry.js';

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
 * findDocuments' answer as the JSON text sent (v5's shape): each document's scalars composed from
 * its stored version (composeEntry), its populated attributes serialized (documentText).
 */
export function findDocumentsText(context: ReadContext, type: ContentType, query: DocumentQuery): string {
  const { page, total } = selectEntries(context, type, query);
  let data = '';
  for (let i = 0; i < page.length; i++) data += `${i === 0 ? '' : ','}${documentText(context, type, page[i]!, query)}`;
  return `{"data":[${data}],"meta":${JSON.stringify({ pagination: paginationMeta(query.pagination, total) })}}`;
}

/** findDocument's answer as the JSON text sent (v5's shape); undefined when it finds nothing. */
export function findDocumentText(context: ReadContext, type: ContentType, documentId: string | undefined, query: DocumentQuery): string | undefined {
  const entry = matchingVersion(context, type, documentId, query);
  return entry === undefined ? undefined : `{"data":${documentText(context, type, entry, query)},"meta":{}}`;
}

/**
 * A document as serializeEntry shows it, as JSON text: its scalars composed from its stored version,
 * then its populated attributes; the documents its relations show are composed the same way, the
 * rest (media, components, counts, morphs) serialized as before.
 */
function documentText(context: ReadContext, type: ContentType, entry: Entry, shape: EntryShape): string {
  if (shape.populate.size === 0) return composeEntry(type, entry, shape.fields);
  const populated = serializePopulated(context, type, entry, shape, (target, entries, node, toMany) => {
    if (!toMany) return new ComposedJson(entries.length === 0 ? 'null' : documentText(context, target, entries[0]!, node));
    let items = '';
    for (let i = 0; i < entries.length; i++) items += `${i === 0 ? '' : ','}${documentText(context, target, entries[i]!, node)}`;
    return new ComposedJson(`[${items}]`);
  });
  let tail = '';
  for (const name in populated) {
    const value = populated[name];
    // JSON.stringify leaves out a key whose value is undefined, as it does in an object.
    const text = value instanceof ComposedJson ? value.text : (JSON.stringify(value) as string | undefined);
    if (text !== undefined) tail += `${tail === '' ? '' : ','}${JSON.stringify(name)}:${text}`;
  }
  return composeEntry(type, entry, shape.fields, tail);
}

/** A populated value already written as JSON text. */
class ComposedJson {
  constructor(readonly text: string) {}
}

/**
 * `GET /api/:pluralName/:documentId` (or `GET /api/:singularName`, documentId undefined): the
 * version the query's status and locale select, if any.
 */
export function findDocument(
  context: ReadContext,
  type: ContentType,
  documentId: string | undefined,
  query: DocumentQuery,
): Record<string, unknown> | undefined {
  const entry = matchingVersion(context, type, documentId, query);
  return entry === undefined ? undefined : serializeEntry(context, type, entry, query);
}

/** The version a get-one (`documentId`) or a single type's read (undefined) selects by status and locale, if it passes the query's filters. */
function matchingVersion(context: ReadContext, type: ContentType, documentId: string | undefined, query: DocumentQuery): Entry | undefined {
  const locale = localeFor(context, type);
  const id = documentId ?? context.index.findSingle(type, locale)?.documentId;
  const entry = id === undefined ? undefined : context.index.findEntry(type, id, query.status, locale);
  return entry === undefined || !matchesQuery(context, type, query, entry) ? undefined : entry;
}
