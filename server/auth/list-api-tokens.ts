import type { ApiTokenEntry } from '../config/cms-config.js';
import { isPlainObject } from '../config/is-plain-object.js';
import { readConfigText } from '../store/config-file.js';
import { loadConfig } from '../store/load-config.js';

/** An API token as `cms token list` shows it: never its hash. */
export interface ListedToken {
  readonly name: string;
  readonly type: ApiTokenEntry['type'];
  readonly expiresAt: string | null;
  readonly expired: boolean;
  readonly permissions: readonly string[];
  readonly createdAt: string | undefined;
  /** Where it is configured: cms.config.json, or the CMS_API_TOKENS variable. */
  readonly source: 'cms.config.json' | 'CMS_API_TOKENS';
}

/** The project's API tokens, in the config's order (the file's, then the environment's). */
export function listApiTokens(dir: string, env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): ListedToken[] {
  const config = loadConfig(dir, {}, env);
  const entries = readFileTokens(config.dir);
  const inFile = new Set(entries.map((entry) => entry['name']));
  const created = new Map(entries.map((entry) => [entry['name'], typeof entry['createdAt'] === 'string' ? entry['createdAt'] : undefined]));
  return config.auth.apiTokens.map((token) => ({
    name: token.name,
    type: token.type,
    expiresAt: token.expiresAt,
    expired: token.expiresAt !== null && Date.parse(token.expiresAt) <= now.getTime(),
    permissions: token.permissions,
    createdAt: created.get(token.name),
    source: inFile.has(token.name) ? 'cms.config.json' : 'CMS_API_TOKENS',
  }));
}

/** The raw entries of `auth.apiTokens` in cms.config.json (loadConfig has checked the file). */
export function readFileTokens(dir: string): Record<string, unknown>[] {
  const text = readConfigText(dir);
  const raw: unknown = text === undefined ? {} : JSON.parse(text);
  const auth = isPlainObject(raw) ? raw['auth'] : undefined;
  const tokens = isPlainObject(auth) ? auth['apiTokens'] : undefined;
  return Array.isArray(tokens) ? tokens.filter(isPlainObject) : [];
}
