import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectApiConfig } from '../config/project-api-option.js';
import { loadConfig } from '../store/load-config.js';

/** `config` resolved again with the project's `config/api.*` (the same flags); the same config when there is none. */
export function applyProjectApi(config: CmsConfig, projectApi: ProjectApiConfig | undefined, env: NodeJS.ProcessEnv = process.env): CmsConfig {
  if (projectApi === undefined) return config;
  return loadConfig(config.dir, overridesOf(config), env, projectApi);
}

/** The flags a config was resolved with, to resolve it again the same way. */
export function overridesOf(config: CmsConfig): { port: number; host: string; watch: boolean; admin: boolean } {
  return { port: config.server.port, host: config.server.host, watch: config.server.watch, admin: config.admin.enabled };
}

/** A config whose `rest` settings can be replaced while the server runs (every read takes `config.rest` as it is then). */
export interface LiveConfig {
  readonly config: CmsConfig;
  setRest(rest: CmsConfig['rest']): void;
}

/** Wraps a config so that `config.rest` is read from a slot `setRest` replaces; every other section stays as it was. */
export function createLiveConfig(started: CmsConfig): LiveConfig {
  let rest = started.rest;
  const config = Object.defineProperty({ ...started }, 'rest', { enumerable: true, get: () => rest });
  Object.freeze(config);
  return {
    config,
    setRest(next) {
      rest = next;
    },
  };
}
