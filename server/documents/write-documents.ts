import type { DocumentRecord, Entry } from '../content-index/entry.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { applicationError, validationError } from '../errors/api-error.js';
import type { DocumentQuery } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import { RENAMED_FROM_KEY } from '../store/check-document.js';
import { contentFilePath } from '../store/content-path.js';
import { generateDocumentId } from '../store/document-id.js';
import { checkInputKeys } from './check-input-keys.js';
import { NO_PASSWORD_HASHES, type PasswordHashes, applyPasswordHashes } from './password-hashes.js';
import { convertWriteInput, emptyValue } from './convert-write-input.js';
import { readWriteBody } from './read-write-body.js';
import { type PendingFiles, inverseRelationChanges, referenceCleanupChanges, rewriteRecord } from './relation-side-effects.js';
import { validateEntity } from './validate-entity.js';
import { type EntityError, entityValidationError } from '../errors/entity-validation-error.js';
import type { DocumentChange, ProjectPort } from './project-port.js';

export interface WriteContext {
  readonly project: ProjectPort;
  readonly defaultLocale: string;
  /** The current time as an ISO string (injectable for tests). */
  readonly now: () => string;
  /** Whether the caller may `find` a content type: a body linking to one it may not is refused (default: any). */
  readonly canFind?: ((uid: string) => boolean) | undefined;
  /** The hashes of the body's password values, made before the write (hashBodyPasswords); none by default. */
  readonly passwordHashes?: PasswordHashes | undefined;
}

/** `POST /api/:pluralName`: creates a document (published, or a draft with `status=draft`). */
export function createDocument(context: WriteContext, type: ContentType, body: unknown, query: DocumentQuery): Entry {
  return writeDocument(context, { type, record: undefined }, readWriteBody(body), query);
}

/** `PUT /api/:pluralName/:documentId`: a partial update; undefined when the document does not exist. */
export function updateDocument(context: WriteContext, document: DocumentRef, body: unknown, query: DocumentQuery): Entry | undefined {
  const { type, documentId } = document;
  const input = readWriteBody(body);
  const { index } = context.project.current;
  const record = index.findRecord(type, documentId, localeOf(context, type, query));
  if (record !== undefined) return writeDocument(context, { type, record }, input, query);
  // A document that exists in other locales gets this locale created (Strapi answers 200).
  if (type.localized && index.localeVersions(type, documentId).length > 0)
    return writeDocument(context, { type, record: undefined, newLocaleOf: documentId }, input, query);
  return undefined;
}

/** Creates a document under a chosen documentId (a deleted document restored from its history). */
export function createDocumentAs(context: WriteContext, document: DocumentRef, body: unknown, query: DocumentQuery): Entry {
  return writeDocument(context, { type: document.type, record: undefined, newLocaleOf: document.documentId }, readWriteBody(body), query);
}

/** `PUT /api/:singularName`: updates the single type, creating it when there is none. */
export function upsertSingleDocument(context: WriteContext, type: ContentType, body: unknown, query: DocumentQuery): Entry {
  const input = readWriteBody(body);
  const record = context.project.current.index.findSingle(type, localeOf(context, type, query));
  return writeDocument(context, { type, record }, input, query);
}

/** `DELETE`: removes every version of the document in the locale and the links pointing at it. */
export function deleteDocument(context: WriteContext, type: ContentType, documentId: string | undefined, query: DocumentQuery): void {
  const { index } = context.project.current;
  const locale = localeOf(context, type, query);
  // Deleting only a draft has no route. Strapi's document service refuses with a plain Error (a bare
  // 500); it is the caller's mistake, so it is a 400 with Strapi's message here (see README).
  if (type.draftAndPublish && query.status === 'draft') {
    throw validationError('Cannot delete a draft document: a DELETE removes the draft and the published version', {
      key: 'status',
      source: 'query',
      param: 'status',
    });
  }
  const record = documentId === undefined ? index.findSingle(type, locale) : index.findRecord(type, documentId, locale);
  if (record === undefined) return;
  const changes: DocumentChange[] = [];
  for (const entry of [record.main, record.draftFile]) if (entry) changes.push({ path: entry.path, type, data: null });
  // Links are by documentId: they go when the last locale of the document goes.
  const otherLocales = type.localized ? index.localeVersions(type, record.documentId).filter((r) => r !== record) : [];
  if (otherLocales.length === 0) changes.push(...referenceCleanupChanges(index, type, record.documentId));
  context.project.commit({ documents: changes });
}

/** A document of a collection type, by its documentId. */
export interface DocumentRef {
  readonly type: ContentType;
  readonly documentId: string;
}

/** What a write lands on: the document's version in the written locale, if it has one. */
interface WriteTarget {
  readonly type: ContentType;
  readonly record: DocumentRecord | undefined;
  /** A documentId that exists in other locales only: the write creates this locale of it. */
  readonly newLocaleOf?: string;
}

function writeDocument(context: WriteContext, target: WriteTarget, input: Record<string, unknown>, query: DocumentQuery): Entry {
  const { type, record, newLocaleOf } = target;
  const { registry, index } = context.project.current;
  checkInputKeys({ registry, canFind: context.canFind ?? (() => true) }, type, input);
  const locale = localeOf(context, type, query);
  const draft = type.draftAndPublish && query.status === 'draft';
  const sibling = type.localized ? siblingLocale(context, type, record?.documentId ?? newLocaleOf) : undefined;
  const documentId = record?.documentId ?? newLocaleOf ?? (type.kind === 'singleType' ? sibling?.documentId : generateDocumentId());
  // Writes build on the draft: a published write publishes the draft with the changes. A new
  // locale starts from the attributes shared by all locales.
  const baseEntry = record && (record.draftFile ?? record.main);
  const base = baseEntry?.data ?? (sibling && sharedAttributes(type, (sibling.draftFile ?? sibling.main)?.data));

  const converted = convertWriteInput({ registry, index, locale, defaultLocale: context.defaultLocale, documentId: record?.documentId }, type, input, base);
  const data: Record<string, unknown> = {};
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind === 'relation' && attribute.mappedBy !== undefined) continue;
    // An attribute the file lacks is unset: null, or [] for lists (schema defaults apply on create only).
    data[name] =
      name in converted.values
        ? converted.values[name]
        : base && name in base
          ? base[name]
          : record && attribute.kind === 'scalar'
            ? null
            : emptyValue(attribute);
  }
  const inputKeys = new Set(Object.keys(input));
  const options = { registry, index, mode: record ? 'update' : 'create', locale, documentId: record?.documentId } as const;
  // Strapi writes a D&P document's draft first (draft rules), then publishes it (every rule): a
  // publish error only shows once the draft is valid. Without D&P, one pass checks everything.
  const firstPass = type.draftAndPublish
    ? validateEntity(type, data, inputKeys, { ...options, publish: false, draft: true })
    : validateEntity(type, data, inputKeys, { ...options, publish: true, draft: false });
  let errors = withCastErrors(type, converted.errors, firstPass);
  if (errors.length === 0 && type.draftAndPublish && !draft) errors = validateEntity(type, data, inputKeys, { ...options, publish: true, draft: false });
  if (errors.length > 0) throw entityValidationError(errors);
  // Rules judged the plain passwords; only their hashes are stored.
  const hashed = applyPasswordHashes(registry, type, converted.values, context.passwordHashes ?? NO_PASSWORD_HASHES);
  const stored = hashed === converted.values ? data : { ...data, ...hashed };

  const now = context.now();
  const createdAt = record?.main?.createdAt ?? record?.draftFile?.createdAt ?? now;
  // A renamed document keeps the documentId it was created under, which its numeric id derives from.
  const renamedFrom = (baseEntry ?? sibling?.main ?? sibling?.draftFile)?.data[RENAMED_FROM_KEY];
  if (typeof renamedFrom === 'string') stored[RENAMED_FROM_KEY] = renamedFrom;
  const changes: DocumentChange[] = [];
  const format = record?.main?.path.endsWith('.md') || record?.draftFile?.path.endsWith('.md') ? 'md' : 'json';
  const fileLocale = type.localized && locale !== context.defaultLocale ? (locale ?? undefined) : undefined;
  const mainPath = record?.main?.path ?? contentFilePath(type, documentId, { locale: fileLocale, format });
  const publishedMain = record?.main !== undefined && record.main.publishedAt !== null;
  if (draft && publishedMain) {
    const draftPath = record?.draftFile?.path ?? contentFilePath(type, documentId, { locale: fileLocale, draft: true, format });
    changes.push({ path: draftPath, type, data: { ...stored, createdAt, updatedAt: now, publishedAt: null } });
  } else {
    changes.push({ path: mainPath, type, data: { ...stored, createdAt, updatedAt: now, publishedAt: draft ? null : now } });
    if (record?.draftFile) changes.push({ path: record.draftFile.path, type, data: null });
  }
  if (documentId !== undefined) {
    const pending: PendingFiles = new Map(changes.map((change) => [change.path, change.data]));
    changes.push(...inverseRelationChanges(index, { type, documentId, defaultLocale: locale ?? context.defaultLocale }, converted.inverse, pending));
    changes.push(...syncSharedAttributes(index, { type, documentId, locale }, stored));
  }
  context.project.commit({ documents: changes });

  const after = context.project.current.index;
  const written = documentId === undefined ? after.findSingle(type, locale) : after.findRecord(type, documentId, locale);
  const entry = written && (draft ? (written.draftFile ?? written.main) : written.main);
  if (entry === undefined) throw new Error(`the write of ${mainPath} did not reach the index`);
  if (type.kind === 'singleType' && converted.inverse.size > 0 && documentId === undefined) {
    context.project.commit({
      documents: inverseRelationChanges(after, { type, documentId: entry.documentId, defaultLocale: locale ?? context.defaultLocale }, converted.inverse),
    });
  }
  return entry;
}

/** Type errors and rule errors in one list, in schema order; a value that failed its cast has no rule errors. */
function withCastErrors(type: ContentType, castErrors: readonly EntityError[], ruleErrors: readonly EntityError[]): EntityError[] {
  const failed = new Set(castErrors.map((error) => error.path.join('.')));
  const order = [...type.attributes.keys()];
  const rank = (error: EntityError): number => order.indexOf(error.path[0] ?? '');
  return [...castErrors, ...ruleErrors.filter((error) => !failed.has(error.path.join('.')))].sort((a, b) => rank(a) - rank(b));
}

function localeOf(context: WriteContext, type: ContentType, query: DocumentQuery): string | null {
  if (!type.localized) return null;
  if (query.locale === '*') throw validationError('Invalid locale parameter: "*" (all locales) is only accepted on lists', {});
  const locale = query.locale ?? context.defaultLocale;
  if (!context.project.current.index.hasLocale(locale)) throw applicationError('Locale not found');
  return locale;
}

/** Another locale version of the document (or of the single type), if there is one. */
function siblingLocale(context: WriteContext, type: ContentType, documentId: string | undefined): DocumentRecord | undefined {
  const { index } = context.project.current;
  if (documentId !== undefined) return index.localeVersions(type, documentId)[0];
  if (type.kind !== 'singleType') return undefined;
  for (const { code } of context.project.config.i18n.locales) {
    const record = index.findSingle(type, code);
    if (record) return record;
  }
  return undefined;
}

/** The attributes a schema keeps shared across locales (`pluginOptions.i18n.localized: false`). */
function sharedAttributes(type: ContentType, data: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  if (data === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, attribute] of type.attributes) if (!attribute.localized && name in data) out[name] = data[name];
  return out;
}

/** One locale version of a document (locale null for types that are not localized). */
interface WrittenVersion {
  readonly type: ContentType;
  readonly documentId: string;
  readonly locale: string | null;
}

/** Shared attributes written in one locale are copied into every other locale's files, as Strapi syncs them. */
function syncSharedAttributes(index: ContentIndex, written: WrittenVersion, data: Readonly<Record<string, unknown>>): DocumentChange[] {
  const { type, documentId, locale } = written;
  const shared = type.localized ? sharedAttributes(type, data) : undefined;
  if (shared === undefined || Object.keys(shared).length === 0) return [];
  const changes: DocumentChange[] = [];
  for (const record of index.localeVersions(type, documentId)) {
    if (record.locale === locale) continue;
    changes.push(
      ...rewriteRecord(record, (old) =>
        Object.entries(shared).every(([k, v]) => JSON.stringify(old[k]) === JSON.stringify(v)) ? undefined : { ...old, ...shared },
      ),
    );
  }
  return changes;
}
