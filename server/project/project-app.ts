import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectPort, WriteHooks } from '../documents/project-port.js';
import { FileError } from '../errors/file-error.js';
import type { ContentType } from '../schema/content-type.js';
import type { CodeFile, CodeFiles } from '../store/list-code-files.js';
import { type ReadTextCache, createCoreController } from './core-controller.js';
import { type Methods, createCoreService } from './core-service.js';
import { type DocumentMiddleware, createDocumentService } from './document-service.js';
import { FACTORIES, declarationOf } from './factories.js';
import { codeError, createCodeLoader } from './load-code.js';
import { type LifecycleSubscriber, createLifecycleHooks, createLifecycleRunner } from './lifecycles.js';
import { type ReadLifecycles, createReadLifecycles } from './read-lifecycles.js';
import { type ProjectRoute, resolveRoutes } from './resolve-routes.js';
import { type ProjectLogger, createStrapiObject, describeContentType } from './strapi-object.js';
import type { Modules } from './loaded-modules.js';

/** A project's code, loaded: its routes (before the core ones), its write hooks and its `strapi`. */
export interface ProjectApp {
  readonly routes: readonly ProjectRoute[];
  readonly hooks: WriteHooks | undefined;
  readonly strapi: Record<string, unknown>;
}

export interface ProjectAppOptions {
  readonly config: CmsConfig;
  readonly project: ProjectPort;
  readonly files: CodeFiles;
  readonly log: ProjectLogger;
  readonly now?: () => string;
}

/**
 * Loads a project's src/ code as Strapi does: files, then `register({ strapi })`, services and
 * controllers, lifecycles, routes, then `bootstrap({ strapi })`. Throws a FileError naming the file
 * (and line) that failed; nothing of a failed load is used.
 */
export async function loadProjectApp(options: ProjectAppOptions): Promise<ProjectApp> {
  const { config, project, files, log } = options;
  const dir = config.dir;
  const loader = await createCodeLoader(dir);
  const load = async (into: Modules, prefix: string, list: readonly CodeFile[]) => {
    for (const file of list) into.set(`${prefix}${file.name}`, { value: await loader.load(file.file), file: file.file });
  };
  const middlewares: Modules = new Map();
  const policies: Modules = new Map();
  const controllerModules: Modules = new Map();
  const serviceModules: Modules = new Map();
  const routeModules: { api: string; file: string; value: unknown }[] = [];
  const lifecycleModules: Modules = new Map();
  await load(middlewares, 'global::', files.middlewares);
  await load(policies, 'global::', files.policies);
  for (const api of files.apis) {
    await load(middlewares, `api::${api.api}.`, api.middlewares);
    await load(policies, `api::${api.api}.`, api.policies);
    await load(controllerModules, `api::${api.api}.`, api.controllers);
    await load(serviceModules, `api::${api.api}.`, api.services);
    await load(lifecycleModules, `api::${api.api}.`, api.lifecycles);
    for (const file of api.routes) routeModules.push({ api: api.api, file: file.file, value: await loader.load(file.file) });
  }
  const index = files.index === undefined ? undefined : { value: await loader.load(files.index.file), file: files.index.file };

  const registry = () => project.current.registry;
  const documentMiddlewares: DocumentMiddleware[] = [];
  const subscribers: LifecycleSubscriber[] = [];
  let reads: ReadLifecycles | undefined;
  const deps = {
    project,
    config,
    warn: (m: string) => log.warn(m),
    middlewares: documentMiddlewares,
    now: options.now ?? (() => new Date().toISOString()),
    reads: () => reads,
  };
  const documentServices = new Map<string, Record<string, (p?: Record<string, unknown>) => Promise<unknown>>>();
  const typeOrThrow = (uid: string): ContentType => {
    const type = registry().contentTypes.get(uid);
    if (type === undefined) throw new Error(`${uid} is not a content type of this project`);
    return type;
  };
  const documents = (uid: string) => {
    let service = documentServices.get(uid);
    if (service === undefined) {
      service = createDocumentService(deps, typeOrThrow(uid));
      documentServices.set(uid, service);
    }
    return service;
  };
  const services = new Map<string, Methods>();
  const coreServices = new Map<string, Methods>();
  const controllers = new Map<string, Record<string, unknown>>();
  const strapi = createStrapiObject({
    config,
    registry,
    log,
    documents,
    documentMiddlewares,
    subscribers,
    service: (uid) => services.get(uid),
    controller: (uid) => controllers.get(uid),
  });

  await callHook(dir, index, 'register', strapi);

  const build = (name: string, module: { value: unknown; file: string } | undefined, core: () => Record<string, unknown>): Record<string, unknown> => {
    if (module === undefined) return core();
    const declaration = declarationOf(module.value);
    try {
      if (declaration !== undefined && declaration.kind !== 'core-router') {
        const base = core();
        const extension = declaration.extension;
        const own = typeof extension === 'function' ? extension({ strapi }) : (extension ?? {});
        return Object.setPrototypeOf(own, base) as Record<string, unknown>;
      }
      const value = typeof module.value === 'function' ? (module.value as (c: { strapi: unknown }) => unknown)({ strapi }) : module.value;
      if (value === null || typeof value !== 'object') throw new Error(`${name}: expected an object of methods`);
      return value as Record<string, unknown>;
    } catch (error) {
      throw codeError(dir, module.file, error);
    }
  };
  const readCache: ReadTextCache = { texts: new Map(), index: undefined, version: -1 };
  for (const type of registry().contentTypes.values()) {
    const core = createCoreService(deps, type, documents(type.uid));
    coreServices.set(type.uid, core);
    services.set(type.uid, build(type.uid, serviceModules.get(type.uid), () => ({ ...core })) as Methods);
  }
  for (const [uid, module] of serviceModules) if (!services.has(uid)) services.set(uid, build(uid, module, () => ({})) as Methods);
  for (const type of registry().contentTypes.values()) {
    const core = createCoreController(
      { ...deps, service: () => services.get(type.uid) ?? {}, coreService: coreServices.get(type.uid) ?? {}, cache: readCache },
      type,
    );
    controllers.set(
      type.uid,
      build(type.uid, controllerModules.get(type.uid), () => core),
    );
  }
  for (const [uid, module] of controllerModules)
    if (!controllers.has(uid))
      controllers.set(
        uid,
        build(uid, module, () => ({})),
      );

  for (const [uid, module] of lifecycleModules) {
    if (module.value === null || typeof module.value !== 'object') throw new FileError(module.file, 'a lifecycles file must export an object of hooks');
    subscribers.push({ ...(module.value as Record<string, unknown>), models: [uid] });
  }

  await callHook(dir, index, 'bootstrap', strapi);
  // Subscribers are known once bootstrap has run (it may subscribe); so are the routes.
  const runner = createLifecycleRunner(subscribers, (uid) => {
    const type = uid === registry().user.uid ? registry().user : registry().contentTypes.get(uid);
    return type === undefined ? { uid } : describeContentType(type);
  });
  const hooks = subscribers.length === 0 ? undefined : createLifecycleHooks(runner);
  reads = createReadLifecycles(runner, [...registry().contentTypes.keys()]);
  // A type with read lifecycles is answered by its core controller even without a routes file, so they fire for REST reads too.
  const routed = new Set(routeModules.map((module) => declarationOf(module.value)).flatMap((d) => (d?.kind === 'core-router' ? [d.uid] : [])));
  const coreRouters = [...registry().contentTypes.values()]
    .filter((type) => reads?.covers(type.uid) === true && !routed.has(type.uid))
    .map((type) => ({ api: type.uid, file: `(the core routes of ${type.uid})`, value: FACTORIES.createCoreRouter(type.uid) }));
  const routes = resolveRoutes({ dir, strapi, routeModules: [...routeModules, ...coreRouters], middlewares, policies, controllers, registry: registry() });
  return { routes, hooks, strapi };
}

/** Calls `register` or `bootstrap` of src/index, if it has one. */
async function callHook(dir: string, index: { value: unknown; file: string } | undefined, name: string, strapi: unknown): Promise<void> {
  const hook = index !== undefined && index.value !== null && typeof index.value === 'object' ? (index.value as Record<string, unknown>)[name] : undefined;
  if (typeof hook !== 'function' || index === undefined) return;
  try {
    await (hook as (c: { strapi: unknown }) => unknown).call(index.value, { strapi });
  } catch (error) {
    throw codeError(dir, index.file, error);
  }
}
