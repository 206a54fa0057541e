import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CmsConfig } from '../config/cms-config.js';
import { type AuthState, createAuthState } from '../auth/auth-state.js';
import { LiveProject, type ProjectLog } from '../content-index/live-project.js';
import { UserError } from '../errors/user-error.js';
import type { ContentPrefetch } from '../store/content-prefetch.js';
import { createApp } from './create-app.js';
import { preloadBody } from './lazy-body.js';
import { reloadAuth } from './reload-auth.js';

export interface ServerLog extends ProjectLog {
  error(message: string, error?: unknown): void;
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound (useful with port 0). */
  readonly url: string;
  readonly port: number;
  readonly project: LiveProject;
  close(): Promise<void>;
}

/**
 * Loads the project (from `prefetch`, when a worker is reading it already), starts watching it
 * (unless disabled) and listens. What the user can put right (a secret production needs, a port in
 * use, a host that does not resolve) is a UserError.
 */
export async function startServer(config: CmsConfig, log: ServerLog, prefetch?: ContentPrefetch): Promise<RunningServer> {
  let auth: AuthState = createAuthState(config, (message) => log.warn(message));
  const project = LiveProject.open(config, log, prefetch);
  if (config.server.watch) await project.watch();
  let ready = false;
  const reported = new Set<string>();
  const app = createApp({
    config,
    project,
    snapshot: () => project.current,
    isReady: () => ready,
    warn: (message) => {
      // Content problems found while answering (a dangling relation) are reported once each.
      if (reported.size < 10_000 && !reported.has(message)) {
        reported.add(message);
        log.warn(message);
      }
    },
    logError: (message, error) => log.error(message, error),
    defaultLocale: config.i18n.defaultLocale,
    auth: () => auth,
  });
  project.onChange(() => reported.clear());
  project.onConfigFileChange(() => {
    auth = reloadAuth(config, auth, log) ?? auth;
  });
  // Room for the longest accepted query string plus headers, so an over-long query gets our 400
  // envelope rather than Node's bare 431.
  const server = http.createServer({ maxHeaderSize: config.limits.queryBytes + 16 * 1024 }, app.callback());
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
    await project.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UserError(`port ${config.server.port} is already in use on ${config.server.host}: stop the other server or pass --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UserError(`cannot listen on host ${config.server.host}`);
    throw error;
  }
  ready = true;
  setImmediate(preloadBody);
  const { port } = server.address() as AddressInfo;
  const host = config.server.host.includes(':') ? `[${config.server.host}]` : config.server.host;
  return {
    url: `http://${host}:${port}`,
    port,
    project,
    async close() {
      ready = false;
      await project.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
