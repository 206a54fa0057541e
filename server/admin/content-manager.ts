import { createHash } from 'node:crypto';
import type { CmsConfig } from '../config/cms-config.js';
import type { DocumentRecord } from '../content-index/entry.js';
import { answerRead, sortBeforeRead } from '../documents/answer-read.js';
import type { ProjectPort } from '../documents/project-port.js';
import type { ContentType } from '../schema/content-type.js';
import { mainFieldOf } from './describe-schemas.js';
import { type EditorValueContext, toEditorValues } from './editor-values.js';

/** Strapi's status column: Draft, Published, or Modified (published, with unpublished changes). */
export type DocumentStatus = 'draft' | 'published' | 'modified';

/** The API query parameters a list view passes through; the rest (status, fields, populate) are the editor's. */
const LIST_PARAMS = /^(sort|_q|filters\[|pagination\[page\]|pagination\[pageSize\]|locale$)/;

/**
 * A list view: one page of the type's documents (drafts, as Strapi's content manager lists them),
 * through the API's own read path, so `sort`, `_q`, `filters` and `pagination` mean what they mean
 * there; each row with its status.
 */
export function listForEditor(
  project: ProjectPort,
  config: CmsConfig,
  type: ContentType,
  querystring: string,
): { results: unknown[]; columns: string[]; pagination: unknown } {
  const params = listParams(type, querystring);
  const columns = listColumns(type);
  const snapshot = project.current;
  const answer = answerRead(snapshot, { type, documentId: undefined, querystring: params.toString() }, { config, warn: () => undefined }) as {
    data: Record<string, unknown>[];
    meta: { pagination: unknown };
  };
  const locale = type.localized ? (params.get('locale') ?? config.i18n.defaultLocale) : null;
  const results = answer.data.map((row) => {
    const documentId = String(row['documentId']);
    const record = snapshot.index.findRecord(type, documentId, locale);
    return { ...row, status: record ? statusOf(type, record) : 'draft' };
  });
  return { results, columns, pagination: answer.meta.pagination };
}

/**
 * For a list view that needs a new sort or search of many documents (a column clicked, a search or
 * a filter, on a large type): resolves once it is made between requests (answer-read.ts
 * sortBeforeRead), so the editor waits for it without stopping the API. Undefined when the list
 * can be answered at once.
 */
export function sortBeforeEditorList(project: ProjectPort, config: CmsConfig, type: ContentType, querystring: string): Promise<void> | undefined {
  const request = { type, documentId: undefined, querystring: listParams(type, querystring).toString() };
  return sortBeforeRead(project.current, request, { config, warn: () => undefined });
}

/** The API query of a list view: the list parameters it was given, drafts, and its columns. */
function listParams(type: ContentType, querystring: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(querystring)) if (LIST_PARAMS.test(key)) params.append(key, value);
  if (type.draftAndPublish) params.set('status', 'draft');
  listColumns(type).forEach((name, i) => params.set(`fields[${i}]`, name));
  return params;
}

/** Kinds a list cell shows; long text, rich text, blocks and JSON are left to the edit view. */
const LIST_TYPES = new Set(['string', 'uid', 'email', 'enumeration', 'integer', 'biginteger', 'float', 'decimal', 'boolean', 'date', 'datetime', 'time']);

/** The list view's columns: the main field first, then up to three short scalar attributes, then updatedAt. */
export function listColumns(type: ContentType): string[] {
  const main = mainFieldOf(type);
  const others = [...type.attributes]
    .filter(([name, a]) => name !== main && a.kind === 'scalar' && !a.private && LIST_TYPES.has(a.type))
    .map(([name]) => name)
    .slice(0, 3);
  return [...(main === undefined ? [] : [main]), ...others, 'updatedAt'];
}

/** The status of one locale version; null for types without Draft & Publish. */
export function statusOf(type: ContentType, record: DocumentRecord): DocumentStatus | null {
  if (!type.draftAndPublish) return null;
  if (record.main === undefined || record.main.publishedAt === null) return 'draft';
  return record.draftFile ? 'modified' : 'published';
}

/** What the edit view opens: the draft's values, status, locales and the documents pointing here. */
export interface EditorDocument {
  readonly documentId: string;
  readonly locale: string | null;
  readonly status: DocumentStatus | null;
  readonly values: Record<string, unknown>;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** A digest of the version opened (its values and times): a save from an older one is refused. */
  readonly version: string;
  /** The locales this document exists in. */
  readonly locales: (string | null)[];
  readonly referencedBy: ReferencingDocument[];
}

export interface ReferencingDocument {
  readonly uid: string;
  readonly displayName: string;
  readonly documentId: string;
  readonly label: string;
  readonly attribute: string;
}

/** At most this many documents in the "referenced by" panel. */
const MAX_REFERENCES = 100;

/** One document as the edit view opens it (its draft, or the only version); undefined when absent. */
export function openForEditor(project: ProjectPort, type: ContentType, documentId: string | undefined, locale: string | null): EditorDocument | undefined {
  const { index, registry } = project.current;
  const record = documentId === undefined ? index.findSingle(type, locale) : index.findRecord(type, documentId, locale);
  const entry = record && (record.draftFile ?? record.main);
  if (record === undefined || entry === undefined) return undefined;
  const context: EditorValueContext = { registry, index, locale };
  return {
    documentId: record.documentId,
    locale: record.locale,
    status: statusOf(type, record),
    values: toEditorValues(context, type, entry.data),
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    version: createHash('sha256')
      .update(JSON.stringify([entry.data, entry.createdAt, entry.updatedAt, entry.publishedAt]))
      .digest('base64url')
      .slice(0, 22),
    locales: type.localized ? index.localeVersions(type, record.documentId).map((r) => r.locale) : [null],
    referencedBy: referencesTo(project, type, record.documentId),
  };
}

/** The documents whose relations point at this one: the derived side, read from the index. */
export function referencesTo(project: ProjectPort, type: ContentType, documentId: string): ReferencingDocument[] {
  const { index, registry } = project.current;
  const found: ReferencingDocument[] = [];
  for (const source of registry.contentTypes.values()) {
    const field = mainFieldOf(source);
    for (const [name, attribute] of source.attributes) {
      if (attribute.kind !== 'relation' || attribute.mappedBy !== undefined || attribute.target !== type.uid) continue;
      const seen = new Set<string>();
      for (const record of index.sourcesOf(source, name, documentId)) {
        if (seen.has(record.documentId) || found.length >= MAX_REFERENCES) continue;
        seen.add(record.documentId);
        const entry = record.draftFile ?? record.main;
        const label = field !== undefined ? entry?.data[field] : undefined;
        found.push({
          uid: source.uid,
          displayName: source.displayName,
          documentId: record.documentId,
          label: typeof label === 'string' && label !== '' ? label : record.documentId,
          attribute: name,
        });
      }
    }
  }
  return found;
}
