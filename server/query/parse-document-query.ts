import type { CmsConfig } from '../config/cms-config.js';
import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { DocumentQuery } from './document-query.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parsePagination } from './parse-pagination.js';
import { isDeepPopulateKey, parseReadPopulate } from './deep-populate.js';
import { parseSort } from './parse-sort.js';
import { validationError } from '../errors/api-error.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

export const ROUTE_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type RouteAction = (typeof ROUTE_ACTIONS)[number];

/** Top-level query keys each route accepts (Strapi's route param lists). */
const ALLOWED_KEYS: Readonly<Record<RouteAction, readonly string[]>> = {
  find: ['fields', 'filters', '_q', 'pagination', 'sort', 'populate', 'status', 'locale'],
  findOne: ['fields', 'populate', 'filters', 'sort', 'status', 'locale'],
  create: ['fields', 'populate', 'status', 'locale'],
  update: ['fields', 'populate', 'status', 'locale'],
  delete: ['fields', 'populate', 'filters', 'status', 'locale'],
};

/** Single types take fewer parameters: no list, no sort. */
const SINGLE_ALLOWED_KEYS: Readonly<Record<RouteAction, readonly string[]>> = {
  ...ALLOWED_KEYS,
  find: ['fields', 'populate', 'filters', 'status', 'locale'],
  delete: ['fields', 'populate', 'status', 'locale'],
};

/** The route a query string is read for: which action on which content type, and for whom. */
export interface QueryRoute {
  readonly type: ContentType;
  readonly registry: SchemaRegistry;
  readonly config: CmsConfig;
  readonly action: RouteAction;
  /** Whether the caller may `find` a content type (default: all): filtering or sorting through a relation to one it may not is a 400. */
  readonly canFind?: ((uid: string) => boolean) | undefined;
}

/**
 * Validates a parsed query string for one route of one content type and resolves it into a
 * DocumentQuery. Throws Strapi's 400 errors, naming the bad key.
 */
export function parseDocumentQuery(raw: Readonly<Record<string, unknown>>, route: QueryRoute): DocumentQuery {
  const { type, registry, config, action, canFind = () => true } = route;
  const allowed = (type.kind === 'singleType' ? SINGLE_ALLOWED_KEYS : ALLOWED_KEYS)[action];
  if (config.rest.strictParams) {
    for (const key of Object.keys(raw)) if (!allowed.includes(key) && !isDeepPopulateKey(key, action)) throw invalidKeyError(key, null, 'query');
  }
  const take = (key: string): unknown => (allowed.includes(key) ? raw[key] : undefined);

  const filters = parseFilters(take('filters'), registry, { kind: 'document', set: type, canFind });
  const sort = parseSort(take('sort'), registry, type, canFind);
  const fields = parseFields(take('fields'), type, true);
  const read = action === 'find' || action === 'findOne';
  const populate = parseReadPopulate({ ...raw, populate: take('populate') }, { registry, type, config, read });
  const search = take('_q');
  if (search !== undefined && search !== null && typeof search !== 'string') throw validationError('Invalid _q parameter. Expected a string');
  const pagination = parsePagination(take('pagination'), config.rest);
  return {
    fields,
    filters,
    search: typeof search === 'string' ? search : undefined,
    sort,
    pagination,
    populate,
    status: parseStatus(take('status')),
    locale: parseLocale(take('locale'), action),
  };
}

function parseStatus(value: unknown): 'published' | 'draft' {
  if (value === undefined || value === 'published') return 'published';
  if (value === 'draft') return 'draft';
  throw validationError(
    `Invalid parameter at 'status'. Expected 'published' or 'draft', received: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
}

function parseLocale(value: unknown, action: RouteAction): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw validationError('Invalid locale parameter. Expected a locale code');
  if (value === '*' && action !== 'find') throw validationError('Invalid locale parameter: "*" (all locales) is only accepted on lists');
  return value;
}
