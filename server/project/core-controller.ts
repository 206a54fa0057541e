import { answerEtag, cacheControlOf } from '../documents/answer-headers.js';
import { answerRead, prepareRead } from '../documents/answer-read.js';
import { answerWrite } from '../documents/answer-write.js';
import { notFoundError } from '../errors/api-error.js';
import type { ContentType } from '../schema/content-type.js';
import { type DocumentServiceDeps, runDocumentMiddlewares } from './document-service.js';
import { type Methods, readThroughMiddlewares } from './core-service.js';
import { scopeOf } from './request-scope.js';

/** The parts of a Koa context a controller action uses. */
export interface ActionContext {
  query: Record<string, unknown>;
  readonly querystring: string;
  readonly params: Record<string, string>;
  readonly request: { readonly body?: unknown };
  readonly state: Record<string, unknown>;
  body: unknown;
  status: number;
}

export interface CoreControllerDeps extends DocumentServiceDeps {
  /** The type's service as the project has it now (its own find, or the core one). */
  readonly service: () => Methods;
  readonly coreService: Methods;
  /** Answers kept per caller, query and index version. */
  readonly cache: ReadTextCache;
}

/** Answers of core reads as JSON text, for one index version. */
export interface ReadTextCache {
  readonly texts: Map<string, ReadText>;
  index: unknown;
  version: number;
  /** The REST settings the texts were made with (an edit of config/api.* changes them). */
  rest?: unknown;
}

const MAX_CACHED = 10_000;

/** The JSON text a core read action answers, when the route may skip the controller (see resolve-routes). */
export const CORE_READ_TEXT = Symbol('cms.coreReadText');
export type CoreReadText = (ctx: ActionContext) => ReadText | undefined;

/** A cached core read: its JSON text, its ETag (made once, with the text) and the type's `Cache-Control`. */
export interface ReadText {
  readonly text: string;
  readonly etag: string;
  readonly cacheControl: string | undefined;
}

/**
 * Strapi's core controller of a content type. Reads take `ctx.query` as it is when the action runs,
 * so a route middleware that sets `ctx.query.populate` is obeyed. When neither the service's `find`
 * nor document middlewares are the project's own, reads answer directly (and from a cache) — the
 * same bytes as the core REST routes.
 */
export function createCoreController(deps: CoreControllerDeps, type: ContentType): Record<string, unknown> {
  const options = (ctx: ActionContext) => scopeOf(ctx)?.read ?? { config: deps.config, warn: deps.warn };
  const isCore = (name: string) => deps.service()[name] === deps.coreService[name];
  const direct = (name: string) => deps.middlewares.length === 0 && isCore(name) && deps.reads?.()?.covers(type.uid) !== true;
  const coreRead = (ctx: ActionContext, action: string, documentId: string | undefined, params: Record<string, unknown>) =>
    readThroughMiddlewares(deps, type, { action, documentId, params }, options(ctx));
  const readDirect = (ctx: ActionContext, documentId: string | undefined) =>
    answerRead(deps.project.current, { type, documentId, querystring: '', raw: ctx.query }, options(ctx));
  // The route's own core action answers the JSON text, kept per caller and query until the index changes.
  const readText = (ctx: ActionContext, documentId: string | undefined): ReadText => {
    const index = deps.project.current.index;
    if (deps.cache.index !== index || deps.cache.version !== index.version || deps.cache.rest !== deps.config.rest) {
      deps.cache.texts.clear();
      deps.cache.index = index;
      deps.cache.version = index.version;
      deps.cache.rest = deps.config.rest;
    }
    // One cache serves every type of the app: the key names the type.
    const key = `${type.uid}|${scopeOf(ctx)?.cacheKey ?? ''}|${documentId ?? ''}|${JSON.stringify(ctx.query)}`;
    let cached = deps.cache.texts.get(key);
    if (cached === undefined) {
      const text = JSON.stringify(readDirect(ctx, documentId));
      cached = { text, etag: answerEtag(text), cacheControl: cacheControlOf(deps.config, type) };
      if (deps.cache.texts.size >= MAX_CACHED) deps.cache.texts.clear();
      deps.cache.texts.set(key, cached);
    }
    return cached;
  };
  const write = async (ctx: ActionContext, action: 'create' | 'update' | 'delete', documentId: string | undefined) => {
    const params = { ...ctx.query, data: (ctx.request.body as { data?: unknown } | undefined)?.data, documentId };
    const answer = (await runDocumentMiddlewares(deps.middlewares, { uid: type.uid, action, params, contentType: type }, (p) =>
      answerWrite(
        deps.project,
        { type, action, documentId, body: { ...(ctx.request.body as object), data: p['data'] }, querystring: ctx.querystring },
        { ...options(ctx), now: deps.now },
      ),
    )) as { status: number; body: unknown };
    ctx.status = answer.status;
    return answer.body;
  };
  const controller: Record<string, unknown> = {
    async validateQuery(ctx: ActionContext) {
      prepareRead(deps.project.current, { type, action: 'find', querystring: '', raw: ctx.query }, options(ctx));
    },
    async sanitizeQuery(ctx: ActionContext) {
      return { ...ctx.query };
    },
    async validateInput() {},
    async sanitizeInput(data: unknown) {
      return data;
    },
    async sanitizeOutput(data: unknown) {
      return data;
    },
    transformResponse(data: unknown, meta: unknown = {}) {
      return { data, meta };
    },
    async find(this: Record<string, (...a: unknown[]) => Promise<unknown>>, ctx: ActionContext) {
      if (direct('find')) return readDirect(ctx, undefined);
      await this['validateQuery']?.(ctx);
      const query = (await this['sanitizeQuery']?.(ctx)) as Record<string, unknown>;
      // The core service reads with the caller's permissions here; the project's own service as it likes.
      const own = !isCore('find');
      if (type.kind === 'singleType') {
        const entity = own ? await deps.service()['find']?.(query as never) : (await coreRead(ctx, 'findFirst', undefined, query)).data;
        if (entity === undefined || entity === null) throw notFoundError();
        return this['transformResponse']?.(await this['sanitizeOutput']?.(entity, ctx));
      }
      const { results, pagination } = own
        ? ((await deps.service()['find']?.(query as never)) as { results: unknown; pagination: unknown })
        : await coreRead(ctx, 'findMany', undefined, query).then((a) => ({ results: a.data, pagination: a.meta.pagination }));
      return this['transformResponse']?.(await this['sanitizeOutput']?.(results, ctx), { pagination });
    },
    async findOne(this: Record<string, (...a: unknown[]) => Promise<unknown>>, ctx: ActionContext) {
      const id = String(ctx.params['id'] ?? '');
      if (direct('findOne')) return readDirect(ctx, id);
      await this['validateQuery']?.(ctx);
      const query = (await this['sanitizeQuery']?.(ctx)) as Record<string, unknown>;
      const entity = isCore('findOne') ? (await coreRead(ctx, 'findOne', id, query)).data : await deps.service()['findOne']?.(id as never, query as never);
      if (entity === undefined || entity === null) throw notFoundError();
      return this['transformResponse']?.(await this['sanitizeOutput']?.(entity, ctx));
    },
    create: (ctx: ActionContext) => write(ctx, 'create', undefined),
    update: (ctx: ActionContext) => write(ctx, 'update', type.kind === 'singleType' ? undefined : String(ctx.params['id'] ?? '')),
    delete: (ctx: ActionContext) => write(ctx, 'delete', type.kind === 'singleType' ? undefined : String(ctx.params['id'] ?? '')),
  };
  const find = controller['find'] as object;
  const findOne = controller['findOne'] as object;
  Object.assign(find, { [CORE_READ_TEXT]: ((ctx) => (direct('find') ? readText(ctx, undefined) : undefined)) satisfies CoreReadText });
  Object.assign(findOne, {
    [CORE_READ_TEXT]: ((ctx) => (direct('findOne') ? readText(ctx, String(ctx.params['id'] ?? '')) : undefined)) satisfies CoreReadText,
  });
  return controller;
}
