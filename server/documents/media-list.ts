import type { ContentIndex } from '../content-index/content-index.js';
import type { MediaRecord } from '../content-index/media-record.js';
import { compileFilter } from '../engine/compile-filter.js';
import type { ReadContext } from '../engine/read-context.js';
import { sortEntries } from '../engine/sort-entries.js';
import { paginationMeta } from '../query/parse-pagination.js';
import type { MediaListQuery, MediaPageQuery, MediaQuery } from '../query/parse-media-query.js';

/**
 * `GET /api/upload/files`: the media library filtered, sorted and sliced as the query asks. Files
 * are entries of the upload type, so filters and sort run in the engine as they do on documents.
 */
export function listMediaFiles(index: ContentIndex, query: MediaListQuery): readonly MediaRecord[] {
  const records = selectFiles(index, query);
  return records.slice(query.start, query.limit === undefined ? undefined : query.start + query.limit);
}

/** A page of the media library, and its `meta.pagination`. */
export interface MediaPage {
  readonly records: readonly MediaRecord[];
  readonly pagination: Record<string, number>;
}

/**
 * `GET /api/upload/files/page`: the same files as `listMediaFiles`, paginated as the REST API
 * paginates documents, for an answer `{data, meta: {pagination}}`.
 */
export function pageMediaFiles(index: ContentIndex, query: MediaPageQuery): MediaPage {
  const records = selectFiles(index, query);
  const { pagination } = query;
  return { records: records.slice(pagination.start, pagination.start + pagination.limit), pagination: paginationMeta(pagination, records.length) };
}

/** The files `filters` keeps, in `sort` order. */
function selectFiles(index: ContentIndex, query: MediaQuery): readonly MediaRecord[] {
  const type = index.registry.uploadFile;
  const context: ReadContext = { index, status: 'published', locale: undefined, defaultLocale: index.defaultLocale, warn: () => {} };
  let records = index.media.list();
  if (query.filters !== undefined) records = records.filter(compileFilter(context, type, query.filters));
  if (query.sort.length > 0) records = sortEntries(context, type, records, query.sort);
  return records;
}
