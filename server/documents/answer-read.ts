import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectSnapshot } from './project-port.js';
import type { ReadContext } from '../engine/read-context.js';
import { toV4Format } from '../engine/to-v4-format.js';
import { notFoundError } from '../errors/api-error.js';
import type { DocumentQuery } from '../query/document-query.js';
import { type RouteAction, parseDocumentQuery } from '../query/parse-document-query.js';
import { parseQueryString } from '../query/parse-query-string.js';
import type { ContentType } from '../schema/content-type.js';
import { reverseSidesMade, sortedListMade } from '../engine/select-entries.js';
import { inverseSidesBuilt } from '../engine/reversed-types.js';
import { findDocument, findDocumentText, findDocuments, findDocumentsText } from './read-documents.js';

export interface ReadOptions {
  readonly config: CmsConfig;
  readonly warn: (message: string) => void;
  /** Whether the caller may `find` a type: relations to other types are dropped from populate and refused in filters and sort. */
  readonly canFind?: ((uid: string) => boolean) | undefined;
  /** `v4`: Strapi v4's `attributes`/`data` shape, asked for with `Strapi-Response-Format: v4`. */
  readonly format?: ResponseFormat | undefined;
}

export type ResponseFormat = 'v5' | 'v4';

/** An answer's `{data, meta}`, in the shape the caller asked for. */
export function formatAnswer(
  snapshot: ProjectSnapshot,
  type: ContentType,
  body: { data: unknown; meta: unknown },
  format: ResponseFormat | undefined,
): { data: unknown; meta: unknown } {
  return format === 'v4' ? { data: toV4Format(snapshot.registry, type, body.data), meta: body.meta } : body;
}

/** What a route asks of the content API: its type and action, and the raw query string. */
export interface RouteRequest {
  readonly type: ContentType;
  readonly action: RouteAction;
  readonly querystring: string;
}

/** A read: a list (`documentId` undefined on a collection type), one document, or a single type. */
export interface ReadRequest {
  readonly type: ContentType;
  readonly documentId: string | undefined;
  readonly querystring: string;
  /** The query already parsed (a project's route middleware may have changed it): used instead of `querystring`. */
  readonly raw?: Readonly<Record<string, unknown>> | undefined;
}

/** Parses and validates a route's query string, and builds the read context it runs in. */
export function prepareRead(
  snapshot: ProjectSnapshot,
  request: RouteRequest & { readonly raw?: Readonly<Record<string, unknown>> | undefined },
  options: ReadOptions,
): { context: ReadContext; query: DocumentQuery } {
  const { type, action, querystring } = request;
  const raw = request.raw ?? parseQueryString(querystring, options.config.limits);
  const query = parseDocumentQuery(raw, { type, registry: snapshot.registry, config: options.config, action, canFind: options.canFind });
  const context: ReadContext = {
    index: snapshot.index,
    status: query.status,
    locale: query.locale,
    defaultLocale: options.config.i18n.defaultLocale,
    warn: options.warn,
    canFind: options.canFind,
    compiled: new Map(),
  };
  return { context, query };
}

/**
 * The body of a Content API read. Throws Strapi's 400s and 404. `cms serve` and `cms export` both
 * answer through here (or answerReadText), so their bodies are the same bytes.
 */
export function answerRead(snapshot: ProjectSnapshot, request: ReadRequest, options: ReadOptions): { data: unknown; meta: unknown } {
  const { type, documentId, querystring, raw } = request;
  if (type.kind === 'collectionType' && documentId === undefined) {
    const { context, query } = prepareRead(snapshot, { type, action: 'find', querystring, raw }, options);
    return formatAnswer(snapshot, type, findDocuments(context, type, query), options.format);
  }
  const { context, query } = prepareRead(snapshot, { type, action: oneAction(type), querystring, raw }, options);
  return answerOne(snapshot, request, context, query, options);
}

/**
 * A read's answer as the JSON text sent (what `JSON.stringify(answerRead(…))` gives). In v5's
 * shape each document is written straight from its stored version (composeEntry: no answer object
 * for it, no long value parsed), its populated attributes serialized after its scalars; the v4
 * shape goes through answerRead.
 */
export function answerReadText(snapshot: ProjectSnapshot, request: ReadRequest, options: ReadOptions): string {
  const { type, documentId, querystring, raw } = request;
  const list = type.kind === 'collectionType' && documentId === undefined;
  if (options.format === 'v4') return JSON.stringify(answerRead(snapshot, request, options));
  const { context, query } = prepareRead(snapshot, { type, action: list ? 'find' : oneAction(type), querystring, raw }, options);
  if (list) return findDocumentsText(context, type, query);
  const text = findDocumentText(context, type, documentId, query);
  if (text === undefined) throw notFoundError();
  return text;
}

/**
 * For a list read that needs a new whole sort, or a filter's matches found (and sorted), over many
 * documents (select-entries.ts `sortedListMade`), or any read that populates through an inverse
 * relation whose reverse side is not built (`reverseSidesMade`): resolves once that is done
 * between requests, after which the read is answered without stopping the server. Undefined for
 * every other read, and for one whose query is refused (the read itself says why).
 */
export function sortBeforeRead(snapshot: ProjectSnapshot, request: ReadRequest, options: ReadOptions): Promise<void> | undefined {
  const { type, documentId, querystring, raw } = request;
  const list = type.kind === 'collectionType' && documentId === undefined;
  try {
    const { context, query } = prepareRead(snapshot, { type, action: list ? 'find' : oneAction(type), querystring, raw }, options);
    return list ? sortedListMade(context, type, query) : reverseSidesMade(context, type, query);
  } catch {
    return undefined;
  }
}

/**
 * Whether a get-one of `type` may populate through an inverse relation whose reverse side is not
 * built (then it is answered by the read route, which waits for it): its query string names the
 * relation, or populates everything (`*`, escaped or not, or `pLevel`).
 */
export function mayBuildReverse(snapshot: ProjectSnapshot, type: ContentType, querystring: string): boolean {
  if (!querystring.includes('populate') && !querystring.includes('pLevel')) return false;
  const everything = querystring.includes('*') || querystring.includes('%2A') || querystring.includes('pLevel');
  const named = (attribute: string): boolean => everything || querystring.includes(attribute);
  return !inverseSidesBuilt(snapshot.registry, type, named, (owner) => snapshot.index.holdsReverse(owner));
}

function oneAction(type: ContentType): RouteAction {
  return type.kind === 'collectionType' ? 'findOne' : 'find';
}

function answerOne(
  snapshot: ProjectSnapshot,
  request: ReadRequest,
  context: ReadContext,
  query: DocumentQuery,
  options: ReadOptions,
): { data: unknown; meta: unknown } {
  const { type, documentId } = request;
  const data = findDocument(context, type, documentId, query);
  if (data === undefined) throw notFoundError();
  return formatAnswer(snapshot, type, { data, meta: {} }, options.format);
}
