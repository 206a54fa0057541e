import crypto from 'node:crypto';
import type { LiveProject } from '../content-index/live-project.js';
import type { DocumentRecord, Entry } from '../content-index/entry.js';
import { validationError } from '../errors/api-error.js';
import type { DocumentQuery } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import { contentFilePath } from '../store/content-path.js';
import { checkInputKeys } from './check-input-keys.js';
import { convertWriteInput, emptyValue } from './convert-write-input.js';
import { readWriteBody } from './read-write-body.js';
import { inverseRelationChanges, referenceCleanupChanges } from './relation-side-effects.js';
import { validateEntity } from './validate-entity.js';
import { entityValidationError } from './write-errors.js';
import { type FileChange, commitFileChanges } from './write-files.js';

export interface WriteContext {
  readonly project: LiveProject;
  readonly defaultLocale: string;
  /** The current time as an ISO string (injectable for tests). */
  readonly now: () => string;
}

/** `POST /api/:pluralName`: creates a document (published, or a draft with `status=draft`). */
export function createDocument(context: WriteContext, type: ContentType, body: unknown, query: DocumentQuery): Entry {
  return writeDocument(context, type, undefined, readWriteBody(body), query);
}

/** `PUT /api/:pluralName/:documentId`: a partial update; undefined when the document does not exist. */
export function updateDocument(context: WriteContext, type: ContentType, documentId: string, body: unknown, query: DocumentQuery): Entry | undefined {
  const input = readWriteBody(body);
  const record = context.project.current.index.findRecord(type, documentId, localeOf(context, type, query));
  if (record === undefined) return undefined;
  return writeDocument(context, type, record, input, query);
}

/** `PUT /api/:singularName`: updates the single type, creating it when there is none. */
export function upsertSingleDocument(context: WriteContext, type: ContentType, body: unknown, query: DocumentQuery): Entry {
  const input = readWriteBody(body);
  const record = context.project.current.index.findSingle(type, localeOf(context, type, query));
  return writeDocument(context, type, record, input, query);
}

/** `DELETE`: removes every version of the document in the locale and the links pointing at it. */
export function deleteDocument(context: WriteContext, type: ContentType, documentId: string | undefined, query: DocumentQuery): void {
  const { index } = context.project.current;
  const locale = localeOf(context, type, query);
  const record = documentId === undefined ? index.findSingle(type, locale) : index.findRecord(type, documentId, locale);
  if (record === undefined) return;
  const changes: FileChange[] = [];
  for (const entry of [record.main, record.draftFile]) if (entry) changes.push({ path: entry.path, type, data: null });
  changes.push(...referenceCleanupChanges(index, type, record.documentId));
  commitFileChanges(context.project, changes);
}

function writeDocument(context: WriteContext, type: ContentType, record: DocumentRecord | undefined, input: Record<string, unknown>, query: DocumentQuery): Entry {
  const { registry, index } = context.project.current;
  checkInputKeys(registry, type, input);
  const locale = localeOf(context, type, query);
  const draft = type.draftAndPublish && query.status === 'draft';
  const documentId = record?.documentId ?? (type.kind === 'singleType' ? undefined : generateDocumentId());
  // Writes build on the draft: a published write publishes the draft with the changes.
  const baseEntry = record && (record.draftFile ?? record.main);
  const base = baseEntry?.data;

  const converted = convertWriteInput({ registry, index, locale, defaultLocale: context.defaultLocale, documentId: record?.documentId }, type, input, base);
  if (converted.errors.length > 0) throw entityValidationError(converted.errors);
  const data: Record<string, unknown> = {};
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind === 'relation' && attribute.mappedBy !== undefined) continue;
    data[name] = name in converted.values ? converted.values[name] : base && name in base ? base[name] : record ? null : emptyValue(attribute);
  }
  const errors = validateEntity(type, data, new Set(Object.keys(input)), {
    registry,
    index,
    mode: record ? 'update' : 'create',
    publish: !draft,
    draft,
    locale,
    documentId: record?.documentId,
  });
  if (errors.length > 0) throw entityValidationError(errors);

  const now = context.now();
  const createdAt = record?.main?.createdAt ?? record?.draftFile?.createdAt ?? now;
  const changes: FileChange[] = [];
  const format = record?.main?.path.endsWith('.md') || record?.draftFile?.path.endsWith('.md') ? 'md' : 'json';
  const fileLocale = type.localized && locale !== context.defaultLocale ? (locale ?? undefined) : undefined;
  const mainPath = record?.main?.path ?? contentFilePath(type, documentId, { locale: fileLocale, format });
  const publishedMain = record?.main !== undefined && record.main.publishedAt !== null;
  if (draft && publishedMain) {
    const draftPath = record?.draftFile?.path ?? contentFilePath(type, documentId, { locale: fileLocale, draft: true, format });
    changes.push({ path: draftPath, type, data: { ...data, createdAt, updatedAt: now, publishedAt: null } });
  } else {
    changes.push({ path: mainPath, type, data: { ...data, createdAt, updatedAt: now, publishedAt: draft ? null : now } });
    if (record?.draftFile) changes.push({ path: record.draftFile.path, type, data: null });
  }
  if (documentId !== undefined) changes.push(...inverseRelationChanges(index, type, documentId, converted.inverse, context.defaultLocale));
  commitFileChanges(context.project, changes);

  const after = context.project.current.index;
  const written = documentId === undefined ? after.findSingle(type, locale) : after.findRecord(type, documentId, locale);
  const entry = written && (draft ? (written.draftFile ?? written.main) : written.main);
  if (entry === undefined) throw new Error(`the write of ${mainPath} did not reach the index`);
  if (type.kind === 'singleType' && converted.inverse.size > 0 && documentId === undefined) {
    commitFileChanges(context.project, inverseRelationChanges(after, type, entry.documentId, converted.inverse, context.defaultLocale));
  }
  return entry;
}

function localeOf(context: WriteContext, type: ContentType, query: DocumentQuery): string | null {
  if (!type.localized) return null;
  if (query.locale === '*') throw validationError('Invalid locale parameter: "*" (all locales) is only accepted on lists', {});
  return query.locale ?? context.defaultLocale;
}

/** A Strapi-shaped documentId: 24 characters of [a-z0-9], starting with a letter. */
export function generateDocumentId(): string {
  const bytes = crypto.randomBytes(24);
  let id = String.fromCharCode(97 + (bytes[0]! % 26));
  for (let i = 1; i < 24; i++) id += (bytes[i]! % 36).toString(36);
  return id;
}
