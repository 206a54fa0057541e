import Router from '@koa/router';
import type { Context } from 'koa';
import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectSnapshot } from '../content-index/live-project.js';
import { findDocument, findDocuments, findSingleDocument } from '../documents/read-documents.js';
import type { ReadContext } from '../engine/read-context.js';
import { notFoundError } from '../errors/api-error.js';
import type { DocumentQuery } from '../query/document-query.js';
import { type RouteAction, parseDocumentQuery } from '../query/parse-document-query.js';
import { parseQueryString } from '../query/parse-query-string.js';
import type { ContentType } from '../schema/content-type.js';
import { routeName } from '../schema/schema-registry.js';

export interface RouteDependencies {
  readonly config: CmsConfig;
  /** The project as it is now (the watcher replaces it when schemas change). */
  readonly snapshot: () => ProjectSnapshot;
  readonly warn: (message: string) => void;
  readonly defaultLocale: string;
}

/** The Content API routes of every content type of one schema registry. */
export function createContentRouter(snapshot: ProjectSnapshot, deps: RouteDependencies): Router {
  const router = new Router({ prefix: deps.config.rest.prefix });
  for (const type of snapshot.registry.contentTypes.values()) {
    const base = `/${routeName(type)}`;
    if (type.kind === 'collectionType') {
      router.get(base, (ctx) => {
        const { context, query } = prepare(ctx, type, 'find', deps);
        ctx.body = findDocuments(context, type, query);
      });
      router.get(`${base}/:documentId`, (ctx) => {
        const { context, query } = prepare(ctx, type, 'findOne', deps);
        const data = findDocument(context, type, String(ctx.params['documentId']), query);
        if (data === undefined) throw notFoundError();
        ctx.body = { data, meta: {} };
      });
    } else {
      router.get(base, (ctx) => {
        const { context, query } = prepare(ctx, type, 'find', deps);
        const data = findSingleDocument(context, type, query);
        if (data === undefined) throw notFoundError();
        ctx.body = { data, meta: {} };
      });
    }
  }
  return router;
}

/** Parses and validates the query for a route, and builds the read context it runs in. */
function prepare(ctx: Context, type: ContentType, action: RouteAction, deps: RouteDependencies): { context: ReadContext; query: DocumentQuery } {
  const { registry, index } = deps.snapshot();
  const raw = parseQueryString(ctx.querystring, deps.config.limits);
  const query = parseDocumentQuery(raw, type, registry, deps.config, action);
  const context: ReadContext = { index, status: query.status, locale: query.locale, defaultLocale: deps.defaultLocale, warn: deps.warn };
  return { context, query };
}
