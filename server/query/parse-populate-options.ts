import { isPlainObject } from '../config/is-plain-object.js';
import { ApiError } from '../errors/api-error.js';
import type { UploadFileType } from '../schema/upload-file-type.js';
import { type PopulateNode, emptyPopulateNode } from './document-query.js';
import { parseFields } from './parse-fields.js';
import { mediaFilterLevel, parseFilters } from './parse-filters.js';
import { parsePopulateWindow } from './parse-populate-window.js';
import { parseSort } from './parse-sort.js';
import { isTrue } from './populate-flags.js';
import { type PopulateLevel, joinPath } from './populate-level.js';
import type { PopulateParser } from './populate-parser.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

/** The keys an options object of one populated attribute may hold. */
export const POPULATE_OPTION_KEYS = new Set(['fields', 'filters', 'sort', 'populate', 'count', 'on', 'page', 'pageSize', 'start', 'limit']);

/** Besides its columns, what `fields` may name on a file: the system fields a file answers with. */
const FILE_SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt'];

/** `{fields, filters, sort, populate, count}` for the level a relation or component leads to. */
export function parseNodeOptions(parser: PopulateParser, value: Record<string, unknown>, level: PopulateLevel): PopulateNode {
  const isDocument = level.uid.startsWith('api::');
  const { registry } = parser;
  return {
    fields: asPopulateError(() => parseFields(value['fields'], level.set, isDocument)),
    filters: asPopulateError(() => parseFilters(value['filters'], registry, { kind: isDocument ? 'document' : 'component', set: level.set })),
    sort: asPopulateError(() => parseSort(value['sort'], registry, level.set)),
    populate: parser.parseNested(value['populate'], { ...level, rawPath: joinPath(level.rawPath, 'populate') }),
    count: isTrue(value['count']),
    on: undefined,
    window: parsePopulateWindow(value),
  };
}

/**
 * A media attribute: fields, filters, sort and count of the files, as the upload type allows
 * (filters and sort on its comparable columns); a file has nothing to populate.
 */
export function parseMediaOptions(parser: PopulateParser, value: Record<string, unknown>, attributePath: string): PopulateNode {
  const nested = value['populate'];
  if (nested !== undefined && nested !== null && nested !== '') {
    const first = typeof nested === 'string' ? nested.split(/[.,]/)[0] : Array.isArray(nested) ? String(nested[0]).split(/[.,]/)[0] : undefined;
    if (first !== undefined) throw invalidKeyError(first.trim(), first.trim(), 'populate');
    const key = isPlainObject(nested) ? Object.keys(nested)[0] : undefined;
    if (key !== undefined) throw invalidKeyError(key, attributePath, 'populate');
  }
  const { registry } = parser;
  return {
    ...emptyPopulateNode(),
    fields: asPopulateError(() => parseFileFields(value['fields'], registry.uploadFile)),
    filters: asPopulateError(() => parseFilters(value['filters'], registry, mediaFilterLevel(registry))),
    sort: asPopulateError(() => parseSort(value['sort'], registry, registry.uploadFile.comparable)),
    count: isTrue(value['count']),
    window: parsePopulateWindow(value),
  };
}

/**
 * The `fields` of a populated media: the file's output columns and timestamps. Laxer than a
 * document's `fields` (a value of another shape selects everything, `*` wins), as cms has answered.
 */
function parseFileFields(value: unknown, type: UploadFileType): readonly string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const names = (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [])
    .map(String)
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.includes('*') || names.length === 0) return undefined;
  for (const name of names) if (!type.outputScalars.includes(name) && !FILE_SYSTEM_FIELDS.includes(name)) throw invalidKeyError(name, null, 'fields');
  return names.filter((n) => n !== 'id' && n !== 'documentId');
}

/** Errors of fields, filters and sort inside `populate` are populate errors to Strapi. */
function asPopulateError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ApiError && error.details?.['param'] !== undefined) {
      throw new ApiError(error.status, error.name, error.message, { ...error.details, param: 'populate' });
    }
    throw error;
  }
}
