import type { CmsConfig } from '../config/cms-config.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { Pagination, SortKey } from './document-query.js';
import type { FilterNode } from './filter-node.js';
import { parseFields } from './parse-fields.js';
import { mediaFilterLevel, parseFilters } from './parse-filters.js';
import { parsePagination } from './parse-pagination.js';
import { parseSort } from './parse-sort.js';
import { validationError } from '../errors/api-error.js';

/**
 * A validated query of the media library: `fields`, `filters` and `sort` read as a document
 * query's, against the upload type (`registry.uploadFile`); other keys are ignored, as Strapi's
 * upload plugin does.
 */
export interface MediaQuery {
  /** Columns and system fields to show; undefined = all of them. */
  readonly fields: readonly string[] | undefined;
  readonly filters: FilterNode | undefined;
  readonly sort: readonly SortKey[];
}

/** `GET /api/upload/files`: the upload plugin's own `start` and `limit` (no limit by default). */
export interface MediaListQuery extends MediaQuery {
  readonly start: number;
  /** undefined: every file from `start` on. */
  readonly limit: number | undefined;
}

/** `GET /api/upload/files/page`: `pagination` as the REST API reads it for documents. */
export interface MediaPageQuery extends MediaQuery {
  readonly pagination: Pagination;
}

export function parseMediaListQuery(raw: Readonly<Record<string, unknown>>, registry: SchemaRegistry): MediaListQuery {
  const query = parseMediaQuery(raw, registry);
  const start = integerParam(raw['start'], 'start', 0);
  const limit = integerParam(raw['limit'], 'limit', -1);
  return { ...query, start, limit: limit < 0 ? undefined : limit };
}

export function parseMediaPageQuery(raw: Readonly<Record<string, unknown>>, registry: SchemaRegistry, rest: CmsConfig['rest']): MediaPageQuery {
  const query = parseMediaQuery(raw, registry);
  return { ...query, pagination: parsePagination(raw['pagination'], rest) };
}

function parseMediaQuery(raw: Readonly<Record<string, unknown>>, registry: SchemaRegistry): MediaQuery {
  const type = registry.uploadFile;
  const fields = parseFields(raw['fields'], type, true);
  const filters = parseFilters(raw['filters'], registry, mediaFilterLevel(registry));
  const sort = parseSort(raw['sort'], registry, type);
  return { fields, filters, sort };
}

/** `start` and `limit`: integers, `limit` may be -1 (no limit), as Strapi's upload plugin reads them. */
function integerParam(value: unknown, name: 'start' | 'limit', fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  const min = name === 'limit' ? -1 : 0;
  if (!Number.isSafeInteger(number) || number < min) throw validationError(`Invalid ${name} parameter. Expected an integer >= ${min}`);
  return number;
}
