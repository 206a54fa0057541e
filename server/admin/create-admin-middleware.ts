import compose from 'koa-compose';
import type { Context, Middleware, Next } from 'koa';
import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectPort } from '../documents/project-port.js';
import { forbiddenError, notFoundError, unauthorizedError } from '../errors/api-error.js';
import { FixedWindowCounter } from '../http/fixed-window-counter.js';
import { lazyBody } from '../http/lazy-body.js';
import { type AdminDependencies, type ResyncFile, SESSION_COOKIE, type SignedIn, signedInOf } from './admin-context.js';
import type { AdminEventStream } from './admin-event-stream.js';
import { createPublicAdminRouter, createSessionRouter } from './admin-auth-routes.js';
import { AdminSessions, isCsrfToken } from './admin-sessions.js';
import { AdminStore } from './admin-store.js';
import { createContentManagerRouter } from './content-manager-routes.js';
import { createMediaRouter } from './media-routes.js';
import { createAssetServer } from './serve-admin-assets.js';
import { createChangeIdRouter } from './change-id-routes.js';
import { createChangesRouter } from './changes-routes.js';
import { createHistoryRouter } from './history-routes.js';
import { type EditorWebhooks, createWebhookRouter } from './webhook-routes.js';

export interface AdminOptions {
  readonly config: CmsConfig;
  readonly project: ProjectPort;
  readonly warn: (message: string) => void;
  /** The clock (ms), injectable for tests. */
  readonly now?: () => number;
  /** The editor's change stream (`GET /admin/events`); without it that route is a 404. */
  readonly events?: AdminEventStream | undefined;
  /** Where the built front end is (default: this package's admin/dist). */
  readonly assetsDir?: string;
  /** Has the index read files again at once (after a discard put them back); see AdminDependencies. */
  readonly resync?: (files: readonly ResyncFile[]) => void;
  /** The running server's webhooks, for the webhooks screen (none: it lists nothing). */
  readonly webhooks?: EditorWebhooks;
}

/** The header a write must carry: the session's CSRF token. */
export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * Everything under `/admin`: the front end (public), the first administrator and sign-in (public),
 * and the JSON routes, each behind a session cookie, with the CSRF token on every write. Mounted
 * before CORS, so no other origin ever reads an answer. Other paths pass through.
 */
export function createAdminMiddleware(options: AdminOptions): Middleware {
  const deps: AdminDependencies = {
    config: options.config,
    project: options.project,
    admins: new AdminStore(options.config.dir, options.warn),
    sessions: new AdminSessions(),
    signInCounter: new FixedWindowCounter(10_000),
    now: options.now ?? Date.now,
    warn: options.warn,
    resync: options.resync,
  };
  const serveAsset = createAssetServer(options.assetsDir);
  const body = lazyBody({ jsonLimit: options.config.limits.bodyBytes, json: true, urlencoded: false, text: false, multipart: false, patchKoa: true });
  const publicRoutes = createPublicAdminRouter(deps).routes();
  const privateRoutes = compose([
    createSessionRouter(deps).routes(),
    createContentManagerRouter(deps).routes(),
    createMediaRouter(deps).routes(),
    createHistoryRouter(deps).routes(),
    createChangesRouter(deps).routes(),
    createChangeIdRouter(deps).routes(),
    createWebhookRouter(options.webhooks).routes(),
    eventRoute(deps, options.events),
  ]) as Middleware;
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== '/admin' && !ctx.path.startsWith('/admin/')) return next();
    if (serveAsset(ctx)) return;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    await body(ctx, async () => {
      await publicRoutes(ctx as never, async () => {
        signIn(ctx, deps);
        await privateRoutes(ctx, async () => {
          throw notFoundError();
        });
      });
    });
  };
}

/** `GET /admin/events`: the change stream, open while the session lives. */
function eventRoute(deps: AdminDependencies, events: AdminEventStream | undefined): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/admin/events' || ctx.method !== 'GET' || events === undefined) return next();
    // Blocking or removing an administrator ends their sessions, so the session alone tells.
    const { sessionId } = signedInOf(ctx);
    events.open(ctx, () => deps.sessions.isLive(sessionId, deps.now()));
  };
}

/** Sets the signed-in administrator of the request, or refuses it: 401 without a live session, 403 for a write without the CSRF token. */
function signIn(ctx: Context, deps: AdminDependencies): void {
  const sessionId = ctx.cookies.get(SESSION_COOKIE);
  const session = deps.sessions.find(sessionId, deps.now());
  const admin = session && deps.admins.findById(session.adminId);
  if (sessionId === undefined || session === undefined || admin === undefined || admin.blocked) throw unauthorizedError('Missing or invalid credentials');
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && !isCsrfToken(session, ctx.get(CSRF_HEADER) || undefined)) throw forbiddenError('Invalid CSRF token');
  const signedIn: SignedIn = { admin, session, sessionId };
  ctx.state['admin'] = signedIn;
}
