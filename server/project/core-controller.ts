import { answerRead, prepareRead } from '../documents/answer-read.js';
import { answerWrite } from '../documents/answer-write.js';
import { notFoundError } from '../errors/api-error.js';
import type { ContentType } from '../schema/content-type.js';
import { type DocumentServiceDeps, runDocumentMiddlewares } from './document-service.js';
import type { Methods } from './core-service.js';
import type { RequestScopes } from './request-scope.js';

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
  readonly scopes: RequestScopes;
  /** The type's service as the project has it now (its own find, or the core one). */
  readonly service: () => Methods;
  readonly coreService: Methods;
  /** Answers kept per caller, query and index version. */
  readonly cache: Map<string, { data: unknown; meta: unknown }>;
}

/**
 * Strapi's core controller of a content type. Reads take `ctx.query` as it is when the action runs,
 * so a route middleware that sets `ctx.query.populate` is obeyed. When neither the service's `find`
 * nor document middlewares are the project's own, reads answer directly (and from a cache) — the
 * same bytes as the core REST routes.
 */
export function createCoreController(deps: CoreControllerDeps, type: ContentType): Record<string, unknown> {
  const scope = () => deps.scopes.current();
  const options = () => scope()?.read ?? { config: deps.config, warn: deps.warn };
  const direct = (name: string) => deps.middlewares.length === 0 && deps.service()[name] === deps.coreService[name];
  const readDirect = (documentId: string | undefined, raw: Record<string, unknown>) => {
    const key = `${scope()?.cacheKey ?? ''}|${documentId ?? ''}|${JSON.stringify(raw)}`;
    const index = deps.project.current.index;
    const cacheKey = `${index.version}|${key}`;
    const hit = deps.cache.get(cacheKey);
    if (hit !== undefined) return hit;
    const answer = answerRead(deps.project.current, { type, documentId, querystring: '', raw }, options());
    if (deps.cache.size > 10_000) deps.cache.clear();
    deps.cache.set(cacheKey, answer);
    return answer;
  };
  const write = async (ctx: ActionContext, action: 'create' | 'update' | 'delete', documentId: string | undefined) => {
    const params = { ...ctx.query, data: (ctx.request.body as { data?: unknown } | undefined)?.data, documentId };
    const answer = (await runDocumentMiddlewares(deps.middlewares, { uid: type.uid, action, params, contentType: type }, (p) =>
      answerWrite(
        deps.project,
        { type, action, documentId, body: { ...(ctx.request.body as object), data: p['data'] }, querystring: ctx.querystring },
        { ...options(), now: deps.now },
      ),
    )) as { status: number; body: unknown };
    ctx.status = answer.status;
    return answer.body;
  };
  const controller: Record<string, unknown> = {
    async validateQuery(ctx: ActionContext) {
      prepareRead(deps.project.current, { type, action: 'find', querystring: '', raw: ctx.query }, options());
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
      if (direct('find')) return readDirect(undefined, ctx.query);
      await this['validateQuery']?.(ctx);
      const query = await this['sanitizeQuery']?.(ctx);
      const service = deps.service();
      if (type.kind === 'singleType') {
        const entity = await service['find']?.(query as never);
        if (entity === undefined || entity === null) throw notFoundError();
        return this['transformResponse']?.(await this['sanitizeOutput']?.(entity, ctx));
      }
      const { results, pagination } = (await service['find']?.(query as never)) as { results: unknown; pagination: unknown };
      return this['transformResponse']?.(await this['sanitizeOutput']?.(results, ctx), { pagination });
    },
    async findOne(this: Record<string, (...a: unknown[]) => Promise<unknown>>, ctx: ActionContext) {
      const id = String(ctx.params['id'] ?? '');
      if (direct('findOne')) return readDirect(id, ctx.query);
      await this['validateQuery']?.(ctx);
      const query = await this['sanitizeQuery']?.(ctx);
      const entity = await deps.service()['findOne']?.(id as never, query as never);
      if (entity === undefined || entity === null) throw notFoundError();
      return this['transformResponse']?.(await this['sanitizeOutput']?.(entity, ctx));
    },
    create: (ctx: ActionContext) => write(ctx, 'create', undefined),
    update: (ctx: ActionContext) => write(ctx, 'update', type.kind === 'singleType' ? undefined : String(ctx.params['id'] ?? '')),
    delete: (ctx: ActionContext) => write(ctx, 'delete', type.kind === 'singleType' ? undefined : String(ctx.params['id'] ?? '')),
  };
  return controller;
}
