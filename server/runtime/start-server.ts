import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CmsConfig } from '../config/cms-config.js';
import { type AuthState, createAuthState } from '../auth/auth-state.js';
import { createAdminEventStream } from '../admin/admin-event-stream.js';
import { createAdminMiddleware } from '../admin/create-admin-middleware.js';
import { createApp } from '../http/create-app.js';
import { createEventStream } from '../http/event-stream.js';
import { type FastAnswers, createFastAnswers } from '../http/fast-answers.js';
import { preloadBody } from '../http/lazy-body.js';
import { createMailer } from '../mail/create-mailer.js';
import type { ChangeSet } from '../documents/project-port.js';
import { UserError } from '../errors/user-error.js';
import type { ReadAhead } from '../store/read-ahead.js';
import { type ProjectLog, ProjectRuntime } from './project-runtime.js';
import { reloadAuth } from './reload-auth.js';
import { readProjectApi } from '../project/read-project-api.js';
import { applyProjectApi, createLiveConfig } from './project-config.js';
import { CONFIG_FILE } from '../config/config-file.js';
import { FileError } from '../errors/file-error.js';
import { type ProjectCode, openProjectCode } from './project-code.js';
import { type RunningEvents, startEvents } from './start-events.js';

export interface ServerLog extends ProjectLog {
  error(message: string, error?: unknown): void;
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound (useful with port 0). */
  readonly url: string;
  readonly port: number;
  readonly project: ProjectRuntime;
  /** The change events: the hub the stream reads, and the webhooks. */
  readonly events: RunningEvents;
  /** Resolves once the start's work after listening (warm-up-steps.ts) is done (true), or stopped by a close or a reload (false). */
  readonly settled: Promise<boolean>;
  /** Read answers recorded to be sent again before Koa is entered, and how many were (http/fast-answers.ts). */
  readonly answers: FastAnswers['stats'];
  close(): Promise<void>;
}

/**
 * Loads the project (from `readAhead`, when a worker is reading it already), starts watching it
 * (unless disabled) and listens. What the user can put right (a secret production needs, a port in
 * use, a host that does not resolve) is a UserError.
 */
export async function startServer(given: CmsConfig, log: ServerLog, readAhead?: ReadAhead): Promise<RunningServer> {
  // A Strapi project's config/api.* sets the REST settings; an edit of it applies from the next request.
  let projectApi = await readProjectApi(given.dir);
  const live = createLiveConfig(applyProjectApi(given, projectApi));
  const config = live.config;
  // Users are written through the project's commit path; the project loads after the secrets are settled.
  let project: ProjectRuntime | undefined;
  const commit = (changes: ChangeSet): void => {
    if (project === undefined) throw new Error('the project is not loaded yet');
    project.commit(changes);
  };
  // User writes run the project code's lifecycles, once it is loaded.
  const hooks = () => project?.hooks;
  let auth: AuthState = createAuthState(config, { warn: (message) => log.warn(message), commit, hooks });
  // The password is read here, not into the config: the config is compared and may be logged.
  const mailer = createMailer(config.email, {
    projectDir: config.dir,
    password: process.env['SMTP_PASSWORD'] || undefined,
    log,
    production: config.auth.production,
  });
  let boundUrl = config.server.url;
  const runtime = ProjectRuntime.open(config, log, readAhead);
  project = runtime;
  let code: ProjectCode | undefined;
  try {
    code = await openProjectCode(config, runtime, log);
  } catch (error) {
    await runtime.close();
    mailer.close();
    throw error;
  }
  const events = startEvents(config, runtime, log);
  const eventStream = createEventStream({ config, hub: events.hub, auth: () => auth });
  const adminEvents = config.admin.enabled ? createAdminEventStream(events.hub) : undefined;
  if (config.server.watch) await runtime.watch();
  let ready = false;
  const reported = new Set<string>();
  const projectApp = code === undefined ? undefined : () => code.current();
  const warnOnce = (message: string): void => {
    // Content problems found while answering (a dangling relation) are reported once each.
    if (reported.size < 10_000 && !reported.has(message)) {
      reported.add(message);
      log.warn(message);
    }
  };
  const answers = createFastAnswers({ config, project: runtime, isReady: () => ready, auth: () => auth, projectApp, warn: warnOnce });
  const app = createApp({
    config,
    project: runtime,
    isReady: () => ready,
    warn: warnOnce,
    logError: (message, error) => log.error(message, error),
    admin: config.admin.enabled
      ? createAdminMiddleware({
          config,
          project: runtime,
          warn: (message) => log.warn(message),
          resync: (files) => runtime.apply(files),
          webhooks: events.editor,
          events: adminEvents,
        })
      : undefined,
    auth: () => auth,
    projectApp,
    answers,
    eventStream: eventStream.middleware,
    mail: {
      mailer,
      serverUrl: () => config.server.url ?? boundUrl ?? '',
      now: () => Date.now(),
      log,
    },
  });
  runtime.onChange(() => reported.clear());
  if (code !== undefined) {
    const loaded = code;
    let registry = runtime.current.registry;
    runtime.onCodeChange(() => void loaded.reload());
    // Controllers and routes are built per content type: new schemas load the code again.
    runtime.onChange(() => {
      if (runtime.current.registry === registry) return;
      registry = runtime.current.registry;
      void loaded.reload();
    });
  }
  let apiReload = Promise.resolve();
  const reloadApi = async (): Promise<void> => {
    try {
      projectApi = await readProjectApi(config.dir);
      const { defaultLimit, maxLimit, withCount, strictParams } = applyProjectApi(given, projectApi).rest;
      live.setRest({ ...config.rest, defaultLimit, maxLimit, withCount, strictParams });
      log.info(`${projectApi?.file ?? 'config/api'} reloaded: REST settings apply now`);
    } catch (error) {
      log.warn(`${error instanceof FileError ? error.format() : (error as Error).message} (keeping the REST settings in force)`);
    }
  };
  runtime.onConfigFileChange((files) => {
    if (files.some((file) => file !== CONFIG_FILE)) apiReload = apiReload.then(reloadApi);
    if (!files.includes(CONFIG_FILE)) return;
    const reloaded = reloadAuth({ started: config, current: auth, log, commit, projectApi, hooks });
    if (reloaded === undefined) return;
    auth = reloaded;
    events.reconfigure(reloaded.config);
  });
  // Room for the longest accepted query string plus headers, so an over-long query gets our 400
  // envelope rather than Node's bare 431.
  const server = http.createServer({ maxHeaderSize: config.limits.queryBytes + 16 * 1024 }, answers.listener(app.callback()));
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.server.port, config.server.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    mailer.close();
    eventStream.close();
    adminEvents?.close();
    events.close();
    await runtime.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new UserError(`port ${config.server.port} is already in use on ${config.server.host}: stop the other server or pass --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UserError(`cannot listen on host ${config.server.host}`);
    throw error;
  }
  ready = true;
  setImmediate(preloadBody);
  // The warm-up (text search's copies, the unique holders) runs once the server listens: the start does not wait for it.
  const settled = runtime.warmUp();
  const { port } = server.address() as AddressInfo;
  const host = config.server.host.includes(':') ? `[${config.server.host}]` : config.server.host;
  boundUrl = `http://${host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: boundUrl,
    port,
    project: runtime,
    events,
    settled,
    answers: answers.stats,
    close() {
      closing ??= closeServer(server, runtime, () => {
        ready = false;
        // Streams never finish by themselves: they end first, so closing need not wait for them.
        eventStream.close();
        adminEvents?.close();
      }).finally(() => {
        events.close();
        mailer.close();
      });
      return closing;
    },
  };
}

/** How long requests in flight (an upload being received) may take to finish once closing began. */
const DRAIN_MS = 2_000;

/**
 * Stops taking connections, lets requests in flight finish for a bounded time, then cuts what is
 * left and stops the watchers. Every write is one synchronous commit, so a request is cut either
 * before its write began (nothing written, nothing acknowledged) or after it was on disk.
 */
async function closeServer(server: http.Server, runtime: ProjectRuntime, stopReady: () => void): Promise<void> {
  stopReady();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const drained = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, DRAIN_MS);
    timer.unref();
  });
  await Promise.race([closed, drained]);
  clearTimeout(timer);
  server.closeAllConnections();
  await runtime.close();
}
