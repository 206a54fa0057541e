import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { CmsConfig } from '../config/cms-config.js';
import { cacheControlOf } from '../documents/answer-headers.js';
import { type ReadOptions, type ReadRequest, type ResponseFormat, answerReadText, sortBeforeRead } from '../documents/answer-read.js';
import { parseQueryString } from '../query/parse-query-string.js';
import { type WriteRequest, answerWrite } from '../documents/answer-write.js';
import type { ProjectPort, ProjectSnapshot } from '../documents/project-port.js';
import type { ContentType } from '../schema/content-type.js';
import { routeName } from '../schema/schema-registry.js';
import { authorize, findPermission } from './authorize.js';
import { markGetOne, markKept } from './fast-answers.js';
import { lazyBody } from './lazy-body.js';
import { type ReadCache, createReadCache } from './read-cache.js';

export interface RouteDependencies {
  readonly config: CmsConfig;
  /** The project as it is now (`current` changes when schemas change), and its commit path. */
  readonly project: ProjectPort;
  readonly warn: (message: string) => void;
}

/** The Content API routes of every content type of one schema registry. */
export function createContentRouter(snapshot: ProjectSnapshot, deps: RouteDependencies): Router {
  const router = new Router({ prefix: deps.config.rest.prefix });
  const body = jsonBody(deps.config);
  const cache = createReadCache(READ_CACHE_BYTES);
  for (const type of snapshot.registry.contentTypes.values()) {
    const base = `/${routeName(type)}`;
    const read: ReadRoute = { type, deps, cache };
    const can = (action: string): Middleware => authorize(deps.config, `${type.uid}.${action}`);
    const write = (action: WriteRequest['action'], withId: boolean) => async (ctx: Context) => {
      await respondWrite(ctx, deps, {
        type,
        action,
        documentId: withId ? String(ctx.params['documentId']) : undefined,
        body: ctx.request.body,
        querystring: ctx.querystring,
      });
    };
    if (type.kind === 'collectionType') {
      router.get(base, can('find'), (ctx) => respondRead(ctx, read, undefined));
      router.get(`${base}/:documentId`, can('findOne'), (ctx) => respondRead(ctx, read, String(ctx.params['documentId'])));
      router.post(base, can('create'), body, write('create', false));
      router.put(`${base}/:documentId`, can('update'), body, write('update', true));
      router.delete(`${base}/:documentId`, can('delete'), write('delete', true));
    } else {
      router.get(base, can('find'), (ctx) => respondRead(ctx, read, undefined));
      router.put(base, can('update'), body, write('update', false));
      router.delete(base, can('delete'), write('delete', false));
    }
  }
  return router;
}

/** JSON bodies up to the configured size; text bodies are read (and then lack `data`), others ignored. */
function jsonBody(config: CmsConfig): Middleware {
  return lazyBody({ jsonLimit: config.limits.bodyBytes, textLimit: config.limits.bodyBytes, urlencoded: false, multipart: false, text: true, patchKoa: true });
}

/** Room for cached read answers, in characters. */
const READ_CACHE_BYTES = 32 * 1024 * 1024;

/** What a content type's read routes answer from, built once per type. */
interface ReadRoute {
  readonly type: ContentType;
  readonly deps: RouteDependencies;
  readonly cache: ReadCache;
}

/**
 * A read route's answer: from the cache while the index is unchanged, else computed and kept. A
 * list that needs a new view, sort, or a filter's matches, over many documents waits for them to be
 * made between requests (sortBeforeRead): the server answers other requests meanwhile.
 */
function respondRead(ctx: Context, route: ReadRoute, documentId: string | undefined): void | Promise<void> {
  const { type, deps, cache } = route;
  const request: ReadRequest = { type, documentId, querystring: ctx.querystring };
  // A list's query (or a get-one's that populates) is parsed once, for the wait and the read.
  if (documentId === undefined || ctx.querystring.includes('populate') || ctx.querystring.includes('pLevel')) {
    const snapshot = deps.project.current;
    if (cache.get(ctx, snapshot.index) === undefined) {
      const parsed = { ...request, raw: parseQueryString(ctx.querystring, deps.config.limits) };
      const sorted = sortBeforeRead(snapshot, parsed, readOptions(ctx, deps));
      if (sorted !== undefined) return sorted.then(() => sendRead(ctx, route, parsed));
      return sendRead(ctx, route, parsed);
    }
  }
  sendRead(ctx, route, request);
}

function sendRead(ctx: Context, route: ReadRoute, request: ReadRequest): void {
  const { type, deps, cache } = route;
  const { documentId } = request;
  const snapshot = deps.project.current;
  const answer = cache.get(ctx, snapshot.index) ?? cache.set(ctx, snapshot.index, answerReadText(snapshot, request, readOptions(ctx, deps)));
  // An answer the cache keeps may be sent again before Koa is entered (fast-answers.ts), and a
  // get-one's headers serve the type's next get-ones, composed there.
  if (answer.kept) markKept(ctx, answer, snapshot.index);
  if (documentId !== undefined && responseFormat(ctx) === 'v5') markGetOne(ctx, type, documentId);
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = answer.text;
  // conditionalGet answers 304 on a match, with these headers.
  ctx.set('ETag', answer.etag);
  const cacheControl = cacheControlOf(deps.config, type);
  if (cacheControl !== undefined) ctx.set('Cache-Control', cacheControl);
}

async function respondWrite(ctx: Context, deps: RouteDependencies, request: WriteRequest): Promise<void> {
  const answer = await answerWrite(deps.project, request, { ...readOptions(ctx, deps), now: () => new Date().toISOString() });
  ctx.status = answer.status;
  if (answer.body !== undefined) ctx.body = answer.body;
}

function readOptions(ctx: Context, deps: RouteDependencies): ReadOptions {
  return { config: deps.config, warn: deps.warn, canFind: findPermission(ctx), format: responseFormat(ctx) };
}

/** Strapi v4's shape when the client asks with `Strapi-Response-Format: v4`. */
function responseFormat(ctx: Context): ResponseFormat {
  return ctx.get('Strapi-Response-Format') === 'v4' ? 'v4' : 'v5';
}
