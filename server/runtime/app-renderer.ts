import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CmsConfig } from '../config/cms-config.js';
import type { RenderRequest } from '../export/export-site.js';
import { createApp } from '../http/create-app.js';
import { routeName } from '../schema/schema-registry.js';
import type { ProjectCode } from './project-code.js';
import type { ProjectRuntime } from './project-runtime.js';

/** A private instance of the server's app that an export asks its requests of. */
export interface AppRenderer {
  readonly render: RenderRequest;
  close(): Promise<void>;
}

export interface AppRendererOptions {
  readonly config: CmsConfig;
  readonly runtime: ProjectRuntime;
  readonly code: ProjectCode;
  /** `cms export --all`: the requests may read every type, as if the public role could. */
  readonly all: boolean;
  readonly warn: (message: string) => void;
}

/**
 * The same Koa app `cms serve` runs (the project's routes, route middlewares, policies and
 * controllers, then the core routes), listening on a loopback port of its own for as long as the
 * export runs: each file holds the bytes that app answers an anonymous request with. A 5xx answer
 * stops the export, naming the request.
 */
export async function openAppRenderer(options: AppRendererOptions): Promise<AppRenderer> {
  const { runtime, code, warn } = options;
  const config = options.all ? withEveryRead(options.config, runtime) : options.config;
  const app = createApp({
    config,
    project: runtime,
    isReady: () => true,
    warn,
    logError: (message, error) => warn(`${message}${error instanceof Error && error.stack ? `\n${error.stack}` : ''}`),
    projectApp: () => code.current(),
  });
  const server = http.createServer({ maxHeaderSize: config.limits.queryBytes + 16 * 1024 }, app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    async render({ type, documentId, querystring }) {
      const path = `${config.rest.prefix}/${routeName(type)}${documentId === undefined ? '' : `/${encodeURIComponent(documentId)}`}${querystring === '' ? '' : `?${querystring}`}`;
      const response = await fetch(`${origin}${path}`);
      const text = await response.text();
      if (response.status >= 500) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
      return { status: response.status, text };
    },
    async close() {
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `--all`: the public role may find every type, so relations and lists are exported whoever may read them. */
function withEveryRead(config: CmsConfig, runtime: ProjectRuntime): CmsConfig {
  const actions = [...runtime.current.registry.contentTypes.values()].flatMap((type) => [`${type.uid}.find`, `${type.uid}.findOne`]);
  return { ...config, permissions: { ...config.permissions, public: [...(config.permissions['public'] ?? []), ...actions] } };
}
