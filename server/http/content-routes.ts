import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { CmsConfig } from '../config/cms-config.js';
import type { Entry } from '../content-index/entry.js';
import { type ReadOptions, answerRead, prepareRead } from '../documents/answer-read.js';
import type { ProjectPort, ProjectSnapshot } from '../documents/project-port.js';
import { type WriteContext, createDocument, deleteDocument, updateDocument, upsertSingleDocument } from '../documents/write-documents.js';
import type { ReadContext } from '../engine/read-context.js';
import { serializeEntry } from '../engine/serialize-entry.js';
import { toV4Format } from '../engine/to-v4-format.js';
import { authorize, findPermission } from './authorize.js';
import { lazyBody } from './lazy-body.js';
import { type ReadCache, createReadCache } from './read-cache.js';
import { notFoundError } from '../errors/api-error.js';
import type { DocumentQuery } from '../query/document-query.js';
import type { RouteAction } from '../query/parse-document-query.js';
import type { ContentType } from '../schema/content-type.js';
import { routeName } from '../schema/schema-registry.js';

export interface RouteDependencies {
  readonly config: CmsConfig;
  /** The project as it is now (`current` changes when schemas change), and its commit path. */
  readonly project: ProjectPort;
  readonly warn: (message: string) => void;
  readonly defaultLocale: string;
}

/** The Content API routes of every content type of one schema registry. */
export function createContentRouter(snapshot: ProjectSnapshot, deps: RouteDependencies): Router {
  const router = new Router({ prefix: deps.config.rest.prefix });
  const body = jsonBody(deps.config);
  const writes: WriteContext = { project: deps.project, defaultLocale: deps.defaultLocale, now: () => new Date().toISOString() };
  // A body may link only to types the caller may find.
  const writesFor = (ctx: Context): WriteContext => ({ ...writes, canFind: findPermission(ctx) });
  const cache = createReadCache(READ_CACHE_BYTES);
  for (const type of snapshot.registry.contentTypes.values()) {
    const base = `/${routeName(type)}`;
    const can = (action: string): Middleware => authorize(deps.config, `${type.uid}.${action}`);
    if (type.kind === 'collectionType') {
      router.get(base, can('find'), (ctx) => {
        respondRead(ctx, type, deps, cache, undefined);
      });
      router.get(`${base}/:documentId`, can('findOne'), (ctx) => {
        respondRead(ctx, type, deps, cache, String(ctx.params['documentId']));
      });
      router.post(base, can('create'), body, (ctx) => {
        const { context, query } = prepare(ctx, type, 'create', deps);
        const entry = createDocument(writesFor(ctx), type, ctx.request.body, query);
        ctx.status = 201;
        respond(ctx, type, deps, { data: serializeWritten(deps, context, type, entry, query), meta: {} });
      });
      router.put(`${base}/:documentId`, can('update'), body, (ctx) => {
        const { context, query } = prepare(ctx, type, 'update', deps);
        const entry = updateDocument(writesFor(ctx), type, String(ctx.params['documentId']), ctx.request.body, query);
        if (entry === undefined) throw notFoundError();
        respond(ctx, type, deps, { data: serializeWritten(deps, context, type, entry, query), meta: {} });
      });
      router.delete(`${base}/:documentId`, can('delete'), (ctx) => {
        const { query } = prepare(ctx, type, 'delete', deps);
        deleteDocument(writes, type, String(ctx.params['documentId']), query);
        ctx.status = 204;
      });
    } else {
      router.get(base, can('find'), (ctx) => {
        respondRead(ctx, type, deps, cache, undefined);
      });
      router.put(base, can('update'), body, (ctx) => {
        const { context, query } = prepare(ctx, type, 'update', deps);
        const entry = upsertSingleDocument(writesFor(ctx), type, ctx.request.body, query);
        respond(ctx, type, deps, { data: serializeWritten(deps, context, type, entry, query), meta: {} });
      });
      router.delete(base, can('delete'), (ctx) => {
        const { query } = prepare(ctx, type, 'delete', deps);
        deleteDocument(writes, type, undefined, query);
        ctx.status = 204;
      });
    }
  }
  return router;
}

/** JSON bodies up to the configured size; text bodies are read (and then lack `data`), others ignored. */
function jsonBody(config: CmsConfig): Middleware {
  return lazyBody({ jsonLimit: config.limits.bodyBytes, textLimit: config.limits.bodyBytes, urlencoded: false, multipart: false, text: true, patchKoa: true });
}

/** The document a write produced, read back through the index as the next GET would see it. */
function serializeWritten(deps: RouteDependencies, context: ReadContext, type: ContentType, entry: Entry, query: DocumentQuery): Record<string, unknown> {
  const fresh: ReadContext = { ...context, index: deps.project.current.index };
  return serializeEntry(fresh, type, entry, query);
}

/** Room for cached read answers, in characters. */
const READ_CACHE_BYTES = 32 * 1024 * 1024;

/** A read route's answer: from the cache while the index is unchanged, else computed and kept. */
function respondRead(ctx: Context, type: ContentType, deps: RouteDependencies, cache: ReadCache, documentId: string | undefined): void {
  const snapshot = deps.project.current;
  let text = cache.get(ctx, snapshot.index);
  if (text === undefined) {
    const body = answerRead(snapshot, type, documentId, ctx.querystring, readOptions(ctx, deps));
    text = JSON.stringify(ctx.get('Strapi-Response-Format') === 'v4' ? { data: toV4Format(snapshot.registry, type, body.data), meta: body.meta } : body);
    cache.set(ctx, snapshot.index, text);
  }
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = text;
}

/** Sends `{data, meta}`, in Strapi v4's shape when the client asks with `Strapi-Response-Format: v4`. */
function respond(ctx: Context, type: ContentType, deps: RouteDependencies, body: { data: unknown; meta: unknown }): void {
  if (ctx.get('Strapi-Response-Format') === 'v4') {
    ctx.body = { data: toV4Format(deps.project.current.registry, type, body.data), meta: body.meta };
  } else {
    ctx.body = body;
  }
}

/** Parses and validates the query for a route, and builds the read context it runs in. */
function prepare(ctx: Context, type: ContentType, action: RouteAction, deps: RouteDependencies): { context: ReadContext; query: DocumentQuery } {
  return prepareRead(deps.project.current, type, action, ctx.querystring, readOptions(ctx, deps));
}

function readOptions(ctx: Context, deps: RouteDependencies): ReadOptions {
  return { config: deps.config, warn: deps.warn, canFind: findPermission(ctx) };
}
