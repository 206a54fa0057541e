import cors from '@koa/cors';
import type Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import type { AuthMail } from '../auth/auth-mail.js';
import type { AuthState } from '../auth/auth-state.js';
import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectPort } from '../documents/project-port.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { createAuthRouter } from './auth-routes.js';
import { provideAuth } from './authorize.js';
import { conditionalGet } from './conditional-get.js';
import { createContentRouter } from './content-routes.js';
import { createI18nRouter } from './i18n-routes.js';
import { serveOpenApi } from './openapi-route.js';
import { serveUploads } from './serve-uploads.js';
import { createUploadRouter } from './upload-routes.js';
import { createUsersRouter } from './users-routes.js';
import type { ProjectApp } from '../project/project-app.js';
import { projectRoutes } from './project-routes.js';
import type { FastAnswers } from './fast-answers.js';
import { type ErrorLogger, errorMiddleware } from './error-middleware.js';

export interface AppOptions {
  readonly config: CmsConfig;
  /** The project as it is now (routes follow its schemas), and its commit path. */
  readonly project: ProjectPort;
  readonly isReady: () => boolean;
  readonly warn: (message: string) => void;
  readonly logError: ErrorLogger;
  /** API tokens, users and secrets, as they are now; without it only the public role exists. */
  readonly auth?: (() => AuthState) | undefined;
  /** The mailer, public URL and clock of the password and confirmation flows (with `auth`). */
  readonly mail?: AuthMail | undefined;
  /** The project's code (src/), as loaded now: its routes go before the core ones. */
  readonly projectApp?: (() => ProjectApp | undefined) | undefined;
  /** The editor's routes under `/admin` (server/admin/), mounted before CORS so no other origin reads them. */
  readonly admin?: Middleware | undefined;
  /** `GET /_events`, the live event stream (http/event-stream.ts), when the server has one. */
  readonly eventStream?: Koa.Middleware | undefined;
  /** The answers sent again before Koa is entered (fast-answers.ts): their recorder goes first. */
  readonly answers?: FastAnswers | undefined;
}

/** Wires the Koa app: (the fast answers' recorder →) errors → CORS → health → the project's routes → Content API routes (rebuilt when the schemas change). */
export function createApp(options: AppOptions): Koa {
  const app = new Koa();
  app.proxy = false;
  if (options.answers !== undefined) app.use(options.answers.record);
  app.use(errorMiddleware(options.logError));
  if (options.admin !== undefined) app.use(options.admin);
  app.use(
    cors({
      // Strapi's defaults: any origin, with credentials, so front ends on other ports work.
      origin: (ctx) => ctx.get('Origin') || '*',
      credentials: true,
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Authorization', 'Origin', 'Accept'],
      maxAge: 31536000,
      keepHeadersOnError: true,
    }),
  );
  app.use(conditionalGet(options.config));
  app.use(async (ctx, next) => {
    if (ctx.path === '/_health' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.status = options.isReady() ? 204 : 503;
      return;
    }
    await next();
  });
  if (options.eventStream !== undefined) app.use(options.eventStream);

  if (options.auth !== undefined && options.mail !== undefined) {
    app.use(provideAuth(options.auth));
    const auth = createAuthRouter(options.config, options.mail);
    app.use(auth.routes());
    app.use(auth.allowedMethods());
    const users = createUsersRouter(options.config, options.project);
    app.use(users.routes());
    app.use(users.allowedMethods());
  }
  if (options.config.openapi.enabled) app.use(serveOpenApi(options.config, options.project));
  const i18n = createI18nRouter(options.config);
  app.use(i18n.routes());
  app.use(i18n.allowedMethods());
  app.use(serveUploads(options.config, () => options.project.current));
  const uploads = createUploadRouter(options);
  app.use(uploads.routes());
  app.use(uploads.allowedMethods());

  if (options.projectApp !== undefined) app.use(projectRoutes({ config: options.config, projectApp: options.projectApp, warn: options.warn }));
  let routerFor: SchemaRegistry | undefined;
  // A new `rest` (an edit of a Strapi project's config/api.*) starts the routes afresh, their cached answers too.
  let restFor: CmsConfig['rest'] | undefined;
  let routes: ReturnType<Router['routes']> | undefined;
  let allowed: ReturnType<Router['allowedMethods']> | undefined;
  app.use(async (ctx, next) => {
    const snapshot = options.project.current;
    if (routerFor !== snapshot.registry || restFor !== options.config.rest || routes === undefined || allowed === undefined) {
      const router = createContentRouter(snapshot, options);
      routes = router.routes();
      allowed = router.allowedMethods();
      routerFor = snapshot.registry;
      restFor = options.config.rest;
    }
    const currentAllowed = allowed;
    await routes(ctx as never, async () => {
      await currentAllowed(ctx as never, next);
    });
  });
  return app;
}
