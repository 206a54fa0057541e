import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectSnapshot } from './project-port.js';
import type { ReadContext } from '../engine/read-context.js';
import { notFoundError } from '../errors/api-error.js';
import type { DocumentQuery } from '../query/document-query.js';
import { type RouteAction, parseDocumentQuery } from '../query/parse-document-query.js';
import { parseQueryString } from '../query/parse-query-string.js';
import type { ContentType } from '../schema/content-type.js';
import { findDocument, findDocuments, findSingleDocument } from './read-documents.js';

export interface ReadOptions {
  readonly config: CmsConfig;
  readonly warn: (message: string) => void;
  /** Whether the caller may `find` a type: relations to other types are dropped from populate and refused in filters and sort. */
  readonly canFind?: ((uid: string) => boolean) | undefined;
}

/** Parses and validates a route's query string, and builds the read context it runs in. */
export function prepareRead(snapshot: ProjectSnapshot, type: ContentType, action: RouteAction, querystring: string, options: ReadOptions): { context: ReadContext; query: DocumentQuery } {
  const raw = parseQueryString(querystring, options.config.limits);
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
 * The body of a Content API read: a list (`documentId` undefined on a collection type), one
 * document, or a single type. Throws Strapi's 400s and 404. `cms serve` and `cms export` both
 * answer through here, so their bodies are the same bytes.
 */
export function answerRead(snapshot: ProjectSnapshot, type: ContentType, documentId: string | undefined, querystring: string, options: ReadOptions): { data: unknown; meta: unknown } {
  if (type.kind === 'collectionType' && documentId === undefined) {
    const { context, query } = prepareRead(snapshot, type, 'find', querystring, options);
    return findDocuments(context, type, query);
  }
  const { context, query } = prepareRead(snapshot, type, type.kind === 'collectionType' ? 'findOne' : 'find', querystring, options);
  const data = documentId === undefined ? findSingleDocument(context, type, query) : findDocument(context, type, documentId, query);
  if (data === undefined) throw notFoundError();
  return { data, meta: {} };
}
