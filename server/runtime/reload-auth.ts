import { type AuthState, createAuthState } from '../auth/auth-state.js';
import type { CmsConfig } from '../config/cms-config.js';
import type { ChangeSet, WriteHooks } from '../documents/project-port.js';
import { CONFIG_FILE } from '../config/config-file.js';
import { loadConfig } from '../store/load-config.js';
import type { ProjectApiConfig } from '../config/project-api-option.js';

/** Sections of cms.config.json a running server takes up at once; the others need a restart. */
const LIVE_SECTIONS: readonly string[] = ['auth', 'permissions', 'webhooks'];

export interface ReloadLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface ReloadAuthOptions {
  /** The config the server started with. */
  readonly started: CmsConfig;
  readonly current: AuthState;
  readonly log: ReloadLog;
  readonly commit: (changes: ChangeSet) => void;
  /** A Strapi project's config/api.* as last loaded, resolved in again so its REST settings do not read as a change. */
  readonly projectApi?: ProjectApiConfig | undefined;
  /** The project code's lifecycle hooks as they are now (user writes run them). */
  readonly hooks?: (() => WriteHooks | undefined) | undefined;
}

/**
 * Reads cms.config.json again after it changed on disk (an edit, `cms token create`): the
 * permissions, API tokens and other auth settings apply from the next request. Changes to other
 * sections are named in the log as waiting for a restart. A file that does not load, or auth
 * settings that may not start (production secrets), keep the state in force, with a warning.
 * Returns the new state, or undefined when the current one stays.
 */
export function reloadAuth(options: ReloadAuthOptions): AuthState | undefined {
  const { started, current, log, commit } = options;
  let next: CmsConfig;
  let auth: AuthState;
  try {
    next = loadConfig(started.dir, { port: started.server.port, host: started.server.host, watch: started.server.watch }, process.env, options.projectApi);
    auth = createAuthState(next, { warn: (message) => log.warn(message), commit, previous: current, hooks: options.hooks });
  } catch (error) {
    log.warn(`${CONFIG_FILE} changed but cannot be used: ${(error as Error).message} (keeping the permissions and tokens in force)`);
    return undefined;
  }
  const waiting = Object.keys(next).filter(
    (section) =>
      section !== 'dir' &&
      !LIVE_SECTIONS.includes(section) &&
      JSON.stringify(next[section as keyof CmsConfig]) !== JSON.stringify(started[section as keyof CmsConfig]),
  );
  log.info(`${CONFIG_FILE} reloaded: permissions and API tokens apply now`);
  if (waiting.length > 0) log.warn(`${CONFIG_FILE}: changes to ${waiting.join(', ')} take effect after a restart`);
  return auth;
}
