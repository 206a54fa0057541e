import type { SchemaRegistry } from '../schema/schema-registry.js';
import { FileError } from '../errors/file-error.js';
import { notFoundError, policyError } from '../errors/api-error.js';
import { type CoreRouterOptions, type RouteConfig, declarationOf } from './factories.js';
import type { Modules } from './loaded-modules.js';
import { type ActionContext, CORE_READ_TEXT, type CoreReadText } from './core-controller.js';

export type RouteMiddleware = (ctx: unknown, next: () => Promise<unknown>) => Promise<unknown>;

/** One route of the project, ready for http/: its path below the REST prefix (`/pages/:id`). */
export interface ProjectRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  /** The handler's action (`api::page.page.find`): the permission a caller needs. */
  readonly action: string;
  readonly auth: false | { readonly scope: readonly string[] } | undefined;
  /** Policies, then middlewares, in the route's order; a policy throws Strapi's 403 when it answers false. */
  readonly middlewares: readonly RouteMiddleware[];
  readonly handler: (ctx: unknown) => Promise<unknown>;
  readonly file: string;
}

interface RouteSources {
  readonly dir: string;
  readonly strapi: unknown;
  readonly routeModules: readonly { api: string; file: string; value: unknown }[];
  readonly middlewares: Modules;
  readonly policies: Modules;
  readonly controllers: ReadonlyMap<string, Record<string, unknown>>;
  readonly registry: SchemaRegistry;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The project's routes: per api (in name order) its custom route files first, then its core routers, as Strapi orders them. */
export function resolveRoutes(sources: RouteSources): ProjectRoute[] {
  const custom: ProjectRoute[] = [];
  const core: ProjectRoute[] = [];
  for (const module of sources.routeModules) {
    const declaration = declarationOf(module.value);
    if (declaration?.kind === 'core-router') core.push(...coreRoutes(sources, module, declaration.uid, declaration.options));
    else custom.push(...customRoutes(sources, module));
  }
  return [...custom, ...core];
}

function coreRoutes(sources: RouteSources, module: { file: string }, uid: string, options: CoreRouterOptions): ProjectRoute[] {
  const type = sources.registry.contentTypes.get(uid);
  if (type === undefined) throw new FileError(module.file, `createCoreRouter: ${uid} is not a content type of this project`);
  const prefix = options.prefix ?? '';
  const base = `${prefix}/${type.kind === 'singleType' ? type.singularName : type.pluralName}`;
  const actions: [string, ProjectRoute['method'], string][] =
    type.kind === 'singleType'
      ? [
          ['find', 'GET', base],
          ['update', 'PUT', base],
          ['delete', 'DELETE', base],
        ]
      : [
          ['find', 'GET', base],
          ['findOne', 'GET', `${base}/:id`],
          ['create', 'POST', base],
          ['update', 'PUT', `${base}/:id`],
          ['delete', 'DELETE', `${base}/:id`],
        ];
  const isRouted = (action: string) => (options.only === undefined || options.only.includes(action)) && !(options.except ?? []).includes(action);
  return actions.map(([action, method, path]) =>
    isRouted(action)
      ? buildRoute(sources, module.file, { method, path, handler: `${uid}.${action}`, config: options.config?.[action] }, undefined)
      : notRouted(method, path, `${uid}.${action}`, module.file),
  );
}

/** An action `only`/`except` leaves out: a 404, where the core routes would otherwise answer. */
function notRouted(method: ProjectRoute['method'], path: string, action: string, file: string): ProjectRoute {
  return {
    method,
    path,
    action,
    auth: false,
    middlewares: [],
    handler: async () => {
      throw notFoundError();
    },
    file,
  };
}

function customRoutes(sources: RouteSources, module: { api: string; file: string; value: unknown }): ProjectRoute[] {
  const value = module.value as { routes?: unknown } | null | undefined;
  const list = typeof value?.routes === 'function' ? (value.routes as () => unknown)() : value?.routes;
  if (!Array.isArray(list)) throw new FileError(module.file, 'a routes file exports createCoreRouter(…) or { routes: [{ method, path, handler }] }');
  return list.map((route: Record<string, unknown>) => buildRoute(sources, module.file, route, module.api));
}

function buildRoute(sources: RouteSources, file: string, route: Record<string, unknown>, api: string | undefined): ProjectRoute {
  const method = String(route['method'] ?? '').toUpperCase();
  const path = route['path'];
  const handler = route['handler'];
  if (!(METHODS as readonly string[]).includes(method))
    throw new FileError(file, `route method must be one of ${METHODS.join(', ')}, got ${JSON.stringify(route['method'])}`);
  if (typeof path !== 'string' || !path.startsWith('/')) throw new FileError(file, `route path must start with "/", got ${JSON.stringify(path)}`);
  if (typeof handler !== 'string')
    throw new FileError(file, `route ${method} ${path}: handler must be "api::<api>.<controller>.<action>" or "<controller>.<action>"`);
  const action = handler.includes('::') ? handler : `api::${api}.${handler}`;
  const dot = action.lastIndexOf('.');
  const controllerUid = action.slice(0, dot);
  const actionName = action.slice(dot + 1);
  const controller = sources.controllers.get(controllerUid);
  const fn = controller?.[actionName];
  if (typeof fn !== 'function')
    throw new FileError(file, `route ${method} ${path}: handler ${handler} not found (no action "${actionName}" on controller ${controllerUid})`);
  const config = (route['config'] ?? {}) as RouteConfig;
  const call = async (ctx: unknown) => (fn as (c: unknown) => unknown).call(controller, ctx);
  const coreText = (fn as { [CORE_READ_TEXT]?: CoreReadText })[CORE_READ_TEXT];
  const auth = config.auth === false ? false : config.auth?.scope !== undefined ? { scope: [...config.auth.scope] } : undefined;
  const middlewares = [
    ...(config.policies ?? []).map((entry) => resolvePolicy(sources, file, entry, api)),
    ...(config.middlewares ?? []).map((entry) => resolveMiddleware(sources, file, entry, api)),
  ];
  return {
    method: method as ProjectRoute['method'],
    path,
    action,
    auth,
    middlewares,
    handler:
      coreText === undefined
        ? call
        : async (ctx) => {
            // A core read the project did not override answers its cached JSON text, with the ETag made with it.
            const cached = coreText(ctx as ActionContext);
            if (cached === undefined) return call(ctx);
            const koa = ctx as { type: string; body: unknown; set(name: string, value: string): void };
            koa.type = 'application/json; charset=utf-8';
            koa.body = cached.text;
            koa.set('ETag', cached.etag);
            if (cached.cacheControl !== undefined) koa.set('Cache-Control', cached.cacheControl);
            return undefined;
          },
    file,
  };
}

/** A name, a function, or `{ name, config }`; a bare name is looked up in the route's api, then globally. */
function named(entry: unknown): { name: string | undefined; fn: unknown; config: unknown } {
  if (typeof entry === 'string') return { name: entry, fn: undefined, config: {} };
  if (typeof entry === 'function') return { name: undefined, fn: entry, config: {} };
  const object = (entry ?? {}) as { name?: unknown; resolve?: unknown; config?: unknown };
  return { name: typeof object.name === 'string' ? object.name : undefined, fn: object.resolve, config: object.config ?? {} };
}

function lookup(modules: Modules, name: string, api: string | undefined): unknown {
  return modules.get(name)?.value ?? (api === undefined ? undefined : modules.get(`api::${api}.${name}`)?.value) ?? modules.get(`global::${name}`)?.value;
}

function resolveMiddleware(sources: RouteSources, file: string, entry: unknown, api: string | undefined): RouteMiddleware {
  const { name, fn, config } = named(entry);
  if (typeof fn === 'function') return fn as RouteMiddleware;
  const factory = name === undefined ? undefined : lookup(sources.middlewares, name, api);
  if (typeof factory !== 'function')
    throw new FileError(file, `middleware ${JSON.stringify(name ?? entry)} not found (src/api/<api>/middlewares or src/middlewares)`);
  const middleware = (factory as (c: unknown, s: { strapi: unknown }) => unknown)(config, { strapi: sources.strapi });
  if (typeof middleware !== 'function') throw new FileError(file, `middleware ${name}: its file must export (config, { strapi }) => async (ctx, next) => …`);
  return middleware as RouteMiddleware;
}

function resolvePolicy(sources: RouteSources, file: string, entry: unknown, api: string | undefined): RouteMiddleware {
  const { name, fn, config } = named(entry);
  const policy = typeof fn === 'function' ? fn : name === undefined ? undefined : lookup(sources.policies, name, api);
  if (typeof policy !== 'function') throw new FileError(file, `policy ${JSON.stringify(name ?? entry)} not found (src/api/<api>/policies or src/policies)`);
  return async (ctx, next) => {
    const allowed = await (policy as (c: unknown, config: unknown, s: { strapi: unknown }) => unknown)(ctx, config, { strapi: sources.strapi });
    if (allowed === false) throw policyError();
    return next();
  };
}
