import type { ContentIndex } from '../content-index/content-index.js';
import type { Entry } from '../content-index/entry.js';
import { compileFilter } from '../engine/compile-filter.js';
import type { ReadContext } from '../engine/read-context.js';
import { sortEntries } from '../engine/sort-entries.js';
import { validationError } from '../errors/api-error.js';
import type { SortKey } from '../query/document-query.js';
import type { FilterNode } from '../query/filter-node.js';
import { parseFields } from '../query/parse-fields.js';
import { parseFilters } from '../query/parse-filters.js';
import { parseSort } from '../query/parse-sort.js';
import type { ContentType } from '../schema/content-type.js';
import type { StoredUser } from './stored-user.js';

/** A validated query of `GET /api/users` (and, for `filters`, of `/api/users/count`). */
export interface UserListQuery {
  /** Columns to show besides id and documentId; undefined = all of them. */
  readonly fields: readonly string[] | undefined;
  readonly filters: FilterNode | undefined;
  readonly sort: readonly SortKey[];
  readonly start: number;
  /** undefined: every user from `start` on (Strapi sets no default limit here). */
  readonly limit: number | undefined;
  /** `populate` names `role` (or `*`). */
  readonly withRole: boolean;
}

/**
 * Reads the query as Strapi's query-params transform does for users: `fields`, `filters`, `sort`,
 * and either `start`/`limit` or `page`/`pageSize` at the top level. Other keys are ignored.
 */
export function parseUserListQuery(raw: Readonly<Record<string, unknown>>, index: ContentIndex, userType: ContentType): UserListQuery {
  const fields = parseFields(raw['fields'], userType, true);
  const filters = parseFilters(raw['filters'], index.registry, { kind: 'document', set: userType });
  const sort = parseSort(raw['sort'], index.registry, userType);
  const paged = raw['page'] !== undefined || raw['pageSize'] !== undefined;
  if (paged && (raw['start'] !== undefined || raw['limit'] !== undefined)) throw validationError('Cannot use both page & offset pagination in the same query');
  let start = integerParam(raw['start'], 'start', 0, 0);
  let limit: number | undefined = integerParam(raw['limit'], 'limit', -1, -1);
  if (paged) {
    const page = integerParam(raw['page'], 'page', 1, 1);
    const pageSize = integerParam(raw['pageSize'], 'pageSize', 25, 1);
    start = (page - 1) * pageSize;
    limit = pageSize;
  }
  return { fields, filters, sort, start, limit: limit < 0 ? undefined : limit, withRole: populatesRole(raw['populate']) };
}

/** The users `filters` keeps, in `sort` order (else by id), sliced by start and limit. */
export function selectUsers(
  index: ContentIndex,
  userType: ContentType,
  users: readonly StoredUser[],
  query: Omit<UserListQuery, 'fields' | 'withRole'>,
): StoredUser[] {
  const context: ReadContext = { index, status: 'published', locale: undefined, defaultLocale: index.defaultLocale, warn: () => {} };
  const byEntry = new Map<Entry, StoredUser>();
  let entries = users.map((user) => {
    const entry = toUserEntry(user);
    byEntry.set(entry, user);
    return entry;
  });
  if (query.filters !== undefined) entries = entries.filter(compileFilter(context, userType, query.filters));
  if (query.sort.length > 0) entries = sortEntries(context, userType, entries, query.sort);
  const end = query.limit === undefined ? undefined : query.start + query.limit;
  return entries.slice(query.start, end).map((entry) => byEntry.get(entry)!);
}

/** A user as an entry of the user type: only the public columns, so no filter can reach the others. */
function toUserEntry(user: StoredUser): Entry {
  const { username, email, provider, confirmed, blocked } = user;
  return {
    id: user.id,
    documentId: user.documentId,
    locale: null,
    data: { username, email, provider, confirmed, blocked },
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    publishedAt: user.publishedAt,
    path: '',
  };
}

function populatesRole(value: unknown): boolean {
  if (typeof value === 'string') return value.split(',').some((part) => part.trim() === 'role' || part.trim() === '*');
  if (Array.isArray(value)) return value.some(populatesRole);
  return typeof value === 'object' && value !== null && 'role' in value;
}

function integerParam(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min) throw validationError(`Invalid ${name} parameter. Expected an integer >= ${min}`);
  return number;
}
