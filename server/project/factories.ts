// `factories` of `@strapi/strapi`, as project code imports it. Each factory returns a description
// of what the file declares; the project app (load-project-app.ts) builds the router, controller or
// service from it once the `strapi` object exists, as Strapi does when it loads the file.

/** A route's config, as in Strapi (`auth: false`, `auth: { scope }`, `policies`, `middlewares`). */
export interface RouteConfig {
  readonly auth?: false | { readonly scope?: readonly string[] } | undefined;
  readonly policies?: readonly unknown[] | undefined;
  readonly middlewares?: readonly unknown[] | undefined;
}

export interface CoreRouterOptions {
  readonly prefix?: string | undefined;
  readonly only?: readonly string[] | undefined;
  readonly except?: readonly string[] | undefined;
  readonly config?: Readonly<Record<string, RouteConfig>> | undefined;
}

/** What `createCoreController` / `createCoreService` take: methods, or a function of `{ strapi }` returning them. */
export type Extension = Record<string, unknown> | ((context: { strapi: unknown }) => Record<string, unknown>);

export interface CoreRouterDeclaration {
  readonly kind: 'core-router';
  readonly uid: string;
  readonly options: CoreRouterOptions;
}

export interface CoreControllerDeclaration {
  readonly kind: 'core-controller';
  readonly uid: string;
  readonly extension: Extension | undefined;
}

export interface CoreServiceDeclaration {
  readonly kind: 'core-service';
  readonly uid: string;
  readonly extension: Extension | undefined;
}

export type Declaration = CoreRouterDeclaration | CoreControllerDeclaration | CoreServiceDeclaration;

const DECLARATION = Symbol.for('cms.declaration');

/** The declaration a factory made, if `value` is one. */
export function declarationOf(value: unknown): Declaration | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  return (value as { [DECLARATION]?: Declaration })[DECLARATION];
}

function declare(declaration: Declaration): object {
  return Object.freeze({ [DECLARATION]: declaration });
}

/** The `factories` namespace handed to project code. */
export const FACTORIES = Object.freeze({
  createCoreRouter(uid: string, options: CoreRouterOptions = {}): object {
    return declare({ kind: 'core-router', uid, options });
  },
  createCoreController(uid: string, extension?: Extension): object {
    return declare({ kind: 'core-controller', uid, extension });
  },
  createCoreService(uid: string, extension?: Extension): object {
    return declare({ kind: 'core-service', uid, extension });
  },
});
