import type { CmsConfig } from '../config/cms-config.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { type DocumentRecord, versionOf } from '../content-index/entry.js';
import type { MediaRecord } from '../content-index/media-record.js';
import { validationError } from '../errors/api-error.js';
import { parseDocumentQuery } from '../query/parse-document-query.js';
import type { ContentType } from '../schema/content-type.js';
import { storedStrings } from './convert-write-input.js';
import { type WriteContext, updateDocument, upsertSingleDocument } from './write-documents.js';

/** A media attribute of one document, that `POST /api/upload` with `ref`, `refId` and `field` adds its files to. */
export interface UploadLink {
  readonly type: ContentType;
  readonly record: DocumentRecord;
  readonly field: string;
  readonly multiple: boolean;
}

/**
 * The link the multipart fields `ref` (a content type uid), `refId` (a document's numeric id) and
 * `field` (a media attribute) ask for: undefined when none is given, a 400 naming the problem when
 * they do not name a media attribute of an existing document (checked before any file is stored).
 */
export function readUploadLink(index: ContentIndex, body: Readonly<Record<string, unknown>>, fileCount: number): UploadLink | undefined {
  const { ref, refId, field } = body;
  if (ref === undefined && refId === undefined && field === undefined) return undefined;
  const missing = (['ref', 'refId', 'field'] as const).filter((key) => typeof body[key] !== 'string' || body[key] === '');
  if (missing.length > 0)
    throw validationError(`ref, refId and field go together: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`, { key: missing[0] });
  const type = index.registry.contentTypes.get(String(ref));
  if (type === undefined) throw validationError(`ref: no content type ${String(ref)}`, { key: 'ref' });
  const attribute = type.attributes.get(String(field));
  if (attribute?.kind !== 'media') throw validationError(`field: ${type.uid} has no media attribute ${String(field)}`, { key: 'field' });
  const id = /^\d{1,16}$/.test(String(refId)) ? Number(refId) : Number.NaN;
  const record = Number.isNaN(id) ? undefined : index.findRecordById(type, id);
  if (record === undefined) throw validationError(`refId: no ${type.uid} document with id ${String(refId)}`, { key: 'refId' });
  if (!attribute.multiple && fileCount > 1) throw validationError(`field: ${String(field)} holds one file, and ${fileCount} were sent`, { key: 'field' });
  return { type, record, field: String(field), multiple: attribute.multiple };
}

/**
 * Adds uploaded files to the linked attribute, through the same write path as a `PUT` (validation,
 * `allowedTypes`, atomic files): after the files it holds when multiple, in place of its file when
 * single. The change goes to the version the document is edited in: its draft when it has one (the
 * published version gets it on the next publish), else the version it has.
 */
export function linkUploadedFiles(context: WriteContext, config: CmsConfig, link: UploadLink, files: readonly MediaRecord[]): void {
  const { index, registry } = context.project.current;
  // The document as it is now: the upload took a while.
  const record = index.findRecordById(link.type, link.record.id) ?? link.record;
  const draft = record.draftFile !== undefined || (link.type.draftAndPublish && !record.main?.publishedAt);
  // What the document holds as it is edited (its draft view is its published data when it has no draft).
  const held = link.multiple ? storedStrings(versionOf(record, 'draft')?.data[link.field]).flatMap((path) => index.media.findByPath(path)?.id ?? []) : [];
  const ids = [...held, ...files.map((file) => file.id)];
  const raw: Record<string, unknown> = {
    ...(draft && link.type.draftAndPublish ? { status: 'draft' } : {}),
    ...(record.locale ? { locale: record.locale } : {}),
  };
  const query = parseDocumentQuery(raw, { type: link.type, registry, config, action: 'update' });
  const body = { data: { [link.field]: link.multiple ? ids : ids[0] } };
  if (link.type.kind === 'singleType') upsertSingleDocument(context, link.type, body, query);
  else if (updateDocument(context, { type: link.type, documentId: record.documentId }, body, query) === undefined) {
    throw validationError(`refId: the ${link.type.uid} document with id ${link.record.id} was deleted during the upload`, { key: 'refId' });
  }
}
