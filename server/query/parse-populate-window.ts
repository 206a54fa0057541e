import { paginationError, validationError } from '../errors/api-error.js';
import type { PopulateWindow } from './document-query.js';
import { isTrue } from './populate-flags.js';

/**
 * `start`/`limit` and `page`/`pageSize` of one populated attribute, checked as Strapi's query
 * converter checks them. Only `start` and `limit` reach Strapi's populate query (it never reads
 * `page`/`pageSize` there, and drops both when `count` is asked), and a limit of 0 or -1 is no limit.
 * Undefined when nothing is cut, so a request without them pays nothing.
 */
export function parsePopulateWindow(value: Readonly<Record<string, unknown>>): PopulateWindow | undefined {
  const { page, pageSize, start, limit } = value;
  const paged = isGiven(page) || isGiven(pageSize);
  if (paged && (isGiven(start) || isGiven(limit))) {
    throw paginationError('Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object');
  }
  if (isGiven(page)) checkPageNumber('page', page);
  if (isGiven(pageSize)) checkPageNumber('pageSize', pageSize);
  const offset = isGiven(start) ? toStart(start) : 0;
  const size = isGiven(limit) ? toLimit(limit) : undefined;
  if (isTrue(value['count'])) return undefined;
  if (offset === 0 && (size === undefined || size === 0)) return undefined;
  return { start: offset, limit: size === 0 ? undefined : size };
}

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function checkPageNumber(name: 'page' | 'pageSize', value: unknown): void {
  const number = toNumber(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw paginationError(`Invalid '${name}' parameter. Expected an integer > 0, received: ${String(value)}`);
  }
}

function toStart(value: unknown): number {
  const number = toNumber(value);
  if (!Number.isInteger(number) || number < 0) throw validationError(`convertStartQueryParams expected a positive integer got ${number}`);
  return number;
}

/** -1 (no limit) becomes undefined. */
function toLimit(value: unknown): number | undefined {
  const number = toNumber(value);
  if (!Number.isInteger(number) || (number !== -1 && number < 0)) throw validationError(`convertLimitQueryParams expected a positive integer got ${number}`);
  return number === -1 ? undefined : number;
}

/** lodash's toNumber on what qs yields: numbers, numeric text ('' is 0), anything else NaN. */
function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  return Number(value.trim());
}
