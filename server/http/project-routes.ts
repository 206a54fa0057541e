import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { CmsConfig } from '../config/cms-config.js';
import { ApiError } from '../errors/api-error.js';
import type { ProjectApp } from '../project/project-app.js';
import type { ProjectRoute } from '../project/resolve-routes.js';
import { type RequestScope, SCOPE_KEY } from '../project/request-scope.js';
import { parseQueryString } from '../query/parse-query-string.js';
import { authorize, findPermission } from './authorize.js';
import { lazyBody } from './lazy-body.js';
import { callerKeyOf } from './read-cache.js';

export interface ProjectRouteDependencies {
  readonly config: CmsConfig;
  /** The project's code as loaded now (a reload swaps it); undefined when it has none. */
  readonly projectApp: () => ProjectApp | undefined;
  readonly warn: (message: string) => void;
}

/**
 * The project's own routes (src/api/<api>/routes), in front of the core Content API routes: a
 * request no project route takes goes on to them unchanged. Rebuilt when the code is reloaded.
 */
export function projectRoutes(deps: ProjectRouteDependencies): Middleware {
  let builtFor: ProjectApp | undefined;
  let routes: Middleware | undefined;
  return async (ctx, next) => {
    const app = deps.projectApp();
    if (app === undefined) return next();
    if (builtFor !== app || routes === undefined) {
      routes = createProjectRouter(app, deps).routes() as unknown as Middleware;
      builtFor = app;
    }
    return routes(ctx, next);
  };
}

function createProjectRouter(app: ProjectApp, deps: ProjectRouteDependencies): Router {
  const router = new Router({ prefix: deps.config.rest.prefix });
  const body = lazyBody({
    jsonLimit: deps.config.limits.bodyBytes,
    textLimit: deps.config.limits.bodyBytes,
    urlencoded: false,
    multipart: false,
    text: true,
    patchKoa: true,
  });
  for (const route of app.routes) {
    const chain: Middleware[] = [prepareContext(deps.config)];
    if (route.auth !== false) chain.push(authorize(deps.config, route.auth?.scope[0] ?? route.action));
    if (route.method !== 'GET' && route.method !== 'DELETE') chain.push(body);
    chain.push(runRoute(route, deps));
    router.register(route.path, [route.method], chain);
  }
  return router;
}

/** Strapi's context: `ctx.query` parsed with qs (and settable), `ctx.badRequest` and its kin. */
function prepareContext(config: CmsConfig): Middleware {
  return async (ctx, next) => {
    // Parsed on first use: a route whose code never reads it does not pay for it.
    let query: unknown;
    let parsed = false;
    Object.defineProperty(ctx.request, 'query', {
      configurable: true,
      get: () => {
        if (!parsed) query = parseQueryString(ctx.querystring, config.limits);
        parsed = true;
        return query;
      },
      set: (value: unknown) => {
        parsed = true;
        query = value;
      },
    });
    Object.assign(ctx, CONTEXT_THROWERS);
    await next();
  };
}

const thrower = (status: number, name: string, fallback: string) => (message?: string, details?: Record<string, unknown>) => {
  throw new ApiError(status, name, message ?? fallback, details ?? {});
};

/** `ctx.badRequest` and its kin: the same functions for every request. */
const CONTEXT_THROWERS = Object.freeze({
  badRequest: thrower(400, 'BadRequestError', 'Bad Request'),
  unauthorized: thrower(401, 'UnauthorizedError', 'Unauthorized'),
  forbidden: thrower(403, 'ForbiddenError', 'Forbidden'),
  notFound: thrower(404, 'NotFoundError', 'Not Found'),
});

/** The route's policies and middlewares, then its action; what the action returns is the body unless it set one. */
function runRoute(route: ProjectRoute, deps: ProjectRouteDependencies): Middleware {
  return async (ctx) => {
    const format = ctx.get('Strapi-Response-Format') === 'v4' ? 'v4' : 'v5';
    const scope: RequestScope = { read: { config: deps.config, warn: deps.warn, canFind: findPermission(ctx), format }, cacheKey: callerKeyOf(ctx) };
    ctx.state[SCOPE_KEY] = scope;
    const dispatch = async (i: number): Promise<unknown> => {
      const middleware = route.middlewares[i];
      if (middleware !== undefined) return middleware(ctx, () => dispatch(i + 1));
      const result = await route.handler(ctx);
      if ((ctx.body === undefined || ctx.body === null) && result !== undefined && result !== null) ctx.body = result;
      return result;
    };
    await dispatch(0);
  };
}
