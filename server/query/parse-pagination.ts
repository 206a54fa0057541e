import type { CmsConfig } from '../config/cms-config.js';
import { isPlainObject } from '../config/is-plain-object.js';
import type { Pagination } from './document-query.js';
import { paginationError, validationError } from '../errors/api-error.js';

/**
 * `pagination[page|pageSize]` or `pagination[start|limit]`, resolved as Strapi does: defaults from
 * the config, values clamped (page 0 → 1, limit 0 or -1 → 1, above maxLimit → maxLimit), then
 * checked; the page form is kept only to answer with its meta shape.
 */
export function parsePagination(value: unknown, rest: CmsConfig['rest']): Pagination {
  const args = isPlainObject(value) ? value : {};
  if (value !== undefined && value !== null && !isPlainObject(value)) throw validationError('Invalid pagination parameter. Expected an object');
  const withCount = parseWithCount(args['withCount'], rest.withCount);
  const paged = args['page'] !== undefined || args['pageSize'] !== undefined;
  const offset = args['start'] !== undefined || args['limit'] !== undefined;
  if (paged && offset) throw paginationError('Cannot use both page & offset pagination in the same query');

  let start: number;
  let limit: number;
  if (paged) {
    const page = args['page'] === undefined ? 1 : toNumber(args['page']);
    const pageSize = Math.max(1, args['pageSize'] === undefined ? rest.defaultLimit : toNumber(args['pageSize']));
    start = (page - 1) * pageSize;
    limit = pageSize;
  } else {
    start = args['start'] === undefined ? 0 : toNumber(args['start']);
    limit = args['limit'] === undefined ? rest.defaultLimit : toNumber(args['limit']);
  }
  start = Math.max(start, 0);
  limit = Math.min(Math.max(limit, 1), rest.maxLimit);
  if (!Number.isInteger(start)) throw validationError(`Invalid parameter at 'start'. Expected integer >= 0, received: ${String(start)}`);
  if (!Number.isInteger(limit)) throw validationError(`Invalid parameter at 'limit'. Expected integer >= -1, received: ${String(limit)}`);
  return { mode: offset ? 'offset' : 'page', start, limit, withCount };
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  return Number(value);
}

function parseWithCount(value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === true || value === 'true' || value === 't' || value === '1') return true;
  if (value === false || value === 'false' || value === 'f' || value === '0') return false;
  throw validationError('Invalid withCount parameter. Expected "t","1","true","false","0","f"');
}

/** `meta.pagination` in the shape the request asked for. */
export function paginationMeta(pagination: Pagination, total: number): Record<string, number> {
  const { start, limit, withCount } = pagination;
  if (pagination.mode === 'offset') return withCount ? { start, limit, total } : { start, limit };
  const page = Math.floor(start / limit) + 1;
  return withCount ? { page, pageSize: limit, pageCount: Math.ceil(total / limit), total } : { page, pageSize: limit };
}
