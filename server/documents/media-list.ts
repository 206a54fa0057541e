import type { CmsConfig } from '../config/cms-config.js';
import type { ContentIndex } from '../content-index/content-index.js';
import type { Entry } from '../content-index/entry.js';
import type { MediaRecord } from '../content-index/media-record.js';
import { compileFilter } from '../engine/compile-filter.js';
import type { ReadContext } from '../engine/read-context.js';
import { sortEntries } from '../engine/sort-entries.js';
import { paginationMeta, parsePagination } from '../query/parse-pagination.js';
import { validationError } from '../errors/api-error.js';
import { parseFields } from '../query/parse-fields.js';
import { parseFilters } from '../query/parse-filters.js';
import { parseSort } from '../query/parse-sort.js';
import type { Attribute, ScalarAttribute, ScalarType } from '../schema/attribute.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';

/** The files of a `/api/upload/files` query, and the fields to show of each. */
export interface MediaSelection {
  readonly records: readonly MediaRecord[];
  readonly fields: readonly string[] | undefined;
}

/** The columns of Strapi's file table that the Content API shows, as a schema the query parsers read. */
const FILE_COLUMNS: Readonly<Record<string, ScalarType>> = {
  name: 'string', alternativeText: 'string', caption: 'string', focalPoint: 'json', width: 'integer', height: 'integer',
  formats: 'json', hash: 'string', ext: 'string', mime: 'string', size: 'decimal', url: 'string', previewUrl: 'string',
  provider: 'string', provider_metadata: 'json',
};

/**
 * `GET /api/upload/files`: the media library filtered, sorted and sliced as Strapi's query params
 * ask (`filters`, `sort`, `fields`, `start`, `limit`; no default limit). Filters and sort run in the
 * engine: each file is seen as a one-file document, so `filters` work exactly as they do on a
 * media attribute of a document.
 */
export function listMediaFiles(index: ContentIndex, query: Readonly<Record<string, unknown>>): MediaSelection {
  const { entries, fields } = selectFiles(index, query);
  const start = integerParam(query['start'], 'start', 0);
  const limit = integerParam(query['limit'], 'limit', -1);
  const end = limit < 0 ? undefined : start + limit;
  return { records: entries.slice(start, end).map(asRecord), fields };
}

/** A page of the media library, and its `meta.pagination`. */
export interface MediaPage extends MediaSelection {
  readonly pagination: Record<string, number>;
}

/**
 * `GET /api/upload/files/page`: the same files as `listMediaFiles`, paginated as the REST API
 * paginates documents (`pagination[page|pageSize]` or `[start|limit]`, the configured default and
 * maximum page size), for an answer `{data, meta: {pagination}}`.
 */
export function pageMediaFiles(index: ContentIndex, query: Readonly<Record<string, unknown>>, rest: CmsConfig['rest']): MediaPage {
  const { entries, fields } = selectFiles(index, query);
  const pagination = parsePagination(query['pagination'], rest);
  const records = entries.slice(pagination.start, pagination.start + pagination.limit).map(asRecord);
  return { records, fields, pagination: paginationMeta(pagination, entries.length) };
}

/** The files `filters` keeps, in `sort` order, and the `fields` to show. */
function selectFiles(index: ContentIndex, query: Readonly<Record<string, unknown>>): { entries: Entry[]; fields: readonly string[] | undefined } {
  const columns = fileColumns();
  const fields = parseFields(query['fields'], columns, true);
  const filters = parseFilters(query['filters'], index.registry, { kind: 'media' });
  const sort = parseSort(query['sort'], index.registry, columns);
  const type = fileType(columns);
  const context: ReadContext = { index, status: 'published', locale: undefined, defaultLocale: index.defaultLocale, warn: () => {} };
  let entries = index.media.list().map(asEntry);
  if (filters !== undefined) entries = entries.filter(compileFilter(context, type, { kind: 'nested', field: 'path', where: filters }));
  if (sort.length > 0) entries = sortEntries(context, type, entries, sort);
  return { entries, fields };
}

function asRecord(entry: Entry): MediaRecord {
  return entry.data as unknown as MediaRecord;
}

function asEntry(record: MediaRecord): Entry {
  const { id, documentId, createdAt, updatedAt, publishedAt, path } = record;
  return { id, documentId, locale: null, data: record as unknown as Record<string, unknown>, createdAt, updatedAt, publishedAt, path };
}

function integerParam(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  const min = name === 'limit' ? -1 : 0;
  if (!Number.isSafeInteger(number) || number < min) throw validationError(`Invalid ${name} parameter. Expected an integer >= ${min}`);
  return number;
}

function fileColumns(): AttributeSet {
  const attributes = new Map<string, Attribute>();
  for (const [name, type] of Object.entries(FILE_COLUMNS)) attributes.set(name, column(type));
  return { attributes, outputScalars: [...attributes.keys()] };
}

/** The columns plus `path` as a single media attribute, so a filter on it is a filter on the file. */
function fileType(columns: AttributeSet): ContentType {
  const attributes = new Map(columns.attributes);
  attributes.set('path', { kind: 'media', multiple: false, allowedTypes: undefined, required: false, unique: false, private: false, writable: false, localized: false });
  return {
    uid: 'plugin::upload.file', kind: 'collectionType', singularName: 'file', pluralName: 'files', displayName: 'File',
    draftAndPublish: false, localized: false, file: '', attributes, outputScalars: columns.outputScalars,
  };
}

function column(type: ScalarType): ScalarAttribute {
  return {
    kind: 'scalar', type, customField: undefined, default: undefined, minLength: undefined, maxLength: undefined, min: undefined, max: undefined,
    regex: undefined, enum: undefined, targetField: undefined, searchable: true, required: false, unique: false, private: false, writable: false, localized: false,
  };
}
