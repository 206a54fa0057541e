import fs from 'node:fs';
import path from 'node:path';
import { type ApiTokenEntry, type AuthConfig, type CmsConfig, type ConfigOverrides, isApiTokenType } from './cms-config.js';
import { isPlainObject } from './is-plain-object.js';

export const CONFIG_FILE = 'cms.config.json';

const DEFAULTS = {
  host: 'localhost',
  port: 1337,
  prefix: '/api',
  defaultLimit: 25,
  maxLimit: 100,
  withCount: true,
  strictParams: true,
  queryBytes: 16 * 1024,
  queryDepth: 20,
  queryArrayLimit: 100,
  bodyBytes: 1024 * 1024,
  populateDepth: 10,
} as const;

/** A bad option in cms.config.json or the environment; the message names it. */
export class ConfigError extends Error {}

/**
 * Reads `cms.config.json` (optional), the environment (`HOST`, `PORT`) and the flags, in rising
 * precedence, into one frozen config. Bad values fail here, naming the option.
 */
export function loadConfig(dir: string, overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): CmsConfig {
  const root = path.resolve(dir);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    throw new ConfigError(`project folder not found: ${root}`);
  }
  const raw = readConfigFile(path.join(root, CONFIG_FILE));
  const server = objectAt(raw, 'server');
  const rest = objectAt(objectAt(raw, 'api'), 'rest', 'api.rest');
  const limits = objectAt(raw, 'limits');

  const config: CmsConfig = {
    dir: root,
    server: {
      host: overrides.host ?? (env['HOST'] || undefined) ?? stringOption(server, 'server.host', DEFAULTS.host),
      port: resolvePort(overrides.port, env['PORT'], server['port']),
      watch: overrides.watch ?? true,
    },
    rest: {
      prefix: stringOption(rest, 'api.rest.prefix', DEFAULTS.prefix),
      defaultLimit: intOption(rest, 'api.rest.defaultLimit', DEFAULTS.defaultLimit, 1),
      maxLimit: intOption(rest, 'api.rest.maxLimit', DEFAULTS.maxLimit, 1),
      withCount: boolOption(rest, 'api.rest.withCount', DEFAULTS.withCount),
      strictParams: boolOption(rest, 'api.rest.strictParams', DEFAULTS.strictParams),
    },
    limits: {
      queryBytes: intOption(limits, 'limits.queryBytes', DEFAULTS.queryBytes, 256),
      queryDepth: intOption(limits, 'limits.queryDepth', DEFAULTS.queryDepth, 1),
      queryArrayLimit: intOption(limits, 'limits.queryArrayLimit', DEFAULTS.queryArrayLimit, 1),
      bodyBytes: intOption(limits, 'limits.bodyBytes', DEFAULTS.bodyBytes, 1024),
      populateDepth: intOption(limits, 'limits.populateDepth', DEFAULTS.populateDepth, 1),
    },
    permissions: permissionsOption(raw['permissions']),
    upload: uploadOption(raw['upload']),
    auth: authOption(raw['auth'], env),
    i18n: i18nOption(raw['i18n']),
    export: exportOption(raw['export']),
  };
  return deepFreeze(config);
}

type Json = Record<string, unknown>;

function readConfigFile(file: string): Json {
  if (!fs.existsSync(file)) return {};
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${CONFIG_FILE}: not valid JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(value)) throw new ConfigError(`${CONFIG_FILE}: expected an object, got ${describe(value)}`);
  return value;
}

function objectAt(parent: Json, key: string, name = key): Json {
  const value = parent[key];
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw new ConfigError(`${CONFIG_FILE}: ${name}: expected an object, got ${describe(value)}`);
  return value;
}

function stringOption(parent: Json, name: string, fallback: string): string {
  const value = parent[name.slice(name.lastIndexOf('.') + 1)];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value === '') {
    throw new ConfigError(`${CONFIG_FILE}: ${name}: expected a non-empty string, got ${describe(value)}`);
  }
  return value;
}

function intOption(parent: Json, name: string, fallback: number, min: number): number {
  const value = parent[name.slice(name.lastIndexOf('.') + 1)];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new ConfigError(`${CONFIG_FILE}: ${name}: expected an integer >= ${min}, got ${describe(value)}`);
  }
  return value;
}

function boolOption(parent: Json, name: string, fallback: boolean): boolean {
  const value = parent[name.slice(name.lastIndexOf('.') + 1)];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new ConfigError(`${CONFIG_FILE}: ${name}: expected true or false, got ${describe(value)}`);
  return value;
}

/** Flag, then `PORT`, then `server.port`; a bad value is named by where it came from. */
function resolvePort(flag: number | undefined, envValue: string | undefined, fileValue: unknown): number {
  if (flag !== undefined) return checkPort(flag, flag, '--port');
  if (envValue !== undefined && envValue !== '') return checkPort(/^\d+$/.test(envValue) ? Number(envValue) : NaN, envValue, 'PORT');
  if (fileValue !== undefined) return checkPort(fileValue, fileValue, `${CONFIG_FILE}: server.port`);
  return DEFAULTS.port;
}

function checkPort(value: unknown, given: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name}: expected an integer from 0 to 65535, got ${describe(given)}`);
  }
  return value;
}

/** `export: {types: {articles: "populate=*"}, presets: {latest: "/api/articles?sort=title"}}`. */
function exportOption(value: unknown): CmsConfig['export'] {
  if (value === undefined) return { types: {}, presets: {} };
  if (!isPlainObject(value)) throw new ConfigError(`${CONFIG_FILE}: export: expected an object, got ${describe(value)}`);
  const strings = (key: string, check: (name: string, text: string) => boolean, expected: string): Record<string, string> => {
    const inner = value[key] ?? {};
    if (!isPlainObject(inner)) throw new ConfigError(`${CONFIG_FILE}: export.${key}: expected an object, got ${describe(inner)}`);
    const out: Record<string, string> = {};
    for (const [name, text] of Object.entries(inner)) {
      if (typeof text !== 'string' || !check(name, text)) throw new ConfigError(`${CONFIG_FILE}: export.${key}.${name}: expected ${expected}, got ${describe(text)}`);
      out[name] = text;
    }
    return out;
  };
  return {
    types: strings('types', (_name, text) => !text.startsWith('?') && !text.includes('#'), 'a query string like "populate=*"'),
    presets: strings('presets', (name, text) => /^[a-z0-9][a-z0-9_-]*$/.test(name) && text.startsWith('/'), 'an API path like "/api/articles?sort=title" under a kebab-case name'),
  };
}

/** `upload: {sizeLimit, allowedTypes, deniedTypes, responsiveDimensions, sizeOptimization}`. */
function uploadOption(value: unknown): CmsConfig['upload'] {
  if (value !== undefined && !isPlainObject(value)) throw new ConfigError(`${CONFIG_FILE}: upload: expected an object, got ${describe(value)}`);
  const upload = value ?? {};
  const patterns = (key: string): string[] => {
    const list = upload[key] ?? [];
    if (!Array.isArray(list) || !list.every((item): item is string => typeof item === 'string' && /^[\w.+*-]+\/[\w.+*-]+$/.test(item))) {
      throw new ConfigError(`${CONFIG_FILE}: upload.${key}: expected an array of mime patterns like "image/*", got ${describe(list)}`);
    }
    return [...list];
  };
  return {
    sizeLimit: intOption(upload, 'upload.sizeLimit', 200 * 1024 * 1024, 1),
    allowedTypes: patterns('allowedTypes'),
    deniedTypes: patterns('deniedTypes'),
    responsiveDimensions: boolOption(upload, 'upload.responsiveDimensions', true),
    sizeOptimization: boolOption(upload, 'upload.sizeOptimization', true),
  };
}

const LOCALE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** `i18n: {defaultLocale, locales: ["en", {code: "fr", name: "French"}]}`; English only when absent. */
function i18nOption(value: unknown): CmsConfig['i18n'] {
  if (value === undefined) return { defaultLocale: 'en', locales: [{ code: 'en', name: 'English (en)' }] };
  if (!isPlainObject(value)) throw new ConfigError(`${CONFIG_FILE}: i18n: expected an object, got ${describe(value)}`);
  const list = value['locales'] ?? ['en'];
  if (!Array.isArray(list) || list.length === 0) throw new ConfigError(`${CONFIG_FILE}: i18n.locales: expected a non-empty array, got ${describe(list)}`);
  const locales = list.map((item, i) => {
    const code = typeof item === 'string' ? item : isPlainObject(item) ? item['code'] : undefined;
    const name = isPlainObject(item) && typeof item['name'] === 'string' ? item['name'] : `${String(code)}`;
    if (typeof code !== 'string' || !LOCALE_CODE.test(code)) {
      throw new ConfigError(`${CONFIG_FILE}: i18n.locales[${i}]: expected a locale code like "en" or "pt-BR", got ${describe(item)}`);
    }
    return { code, name };
  });
  const defaultLocale = value['defaultLocale'] ?? locales[0]!.code;
  if (typeof defaultLocale !== 'string' || !locales.some((l) => l.code === defaultLocale)) {
    throw new ConfigError(`${CONFIG_FILE}: i18n.defaultLocale: expected one of ${locales.map((l) => l.code).join(', ')}, got ${describe(defaultLocale)}`);
  }
  return { defaultLocale, locales };
}

function permissionsOption(value: unknown): Record<string, readonly string[]> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw new ConfigError(`${CONFIG_FILE}: permissions: expected an object of role → actions, got ${describe(value)}`);
  const out: Record<string, readonly string[]> = {};
  for (const [role, actions] of Object.entries(value)) {
    if (!Array.isArray(actions) || !actions.every((a): a is string => typeof a === 'string')) {
      throw new ConfigError(`${CONFIG_FILE}: permissions.${role}: expected an array of action ids, got ${describe(actions)}`);
    }
    out[role] = [...actions];
  }
  return out;
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

// ---- auth: API tokens, users, secrets ------------------------------------------------------------

const JWT_EXPIRY = /^\d+(\.\d+)?\s*(ms|s|m|h|d|w|y)$/i;

/**
 * `auth: {apiTokens, apiTokenSalt, jwtSecret, jwtExpiresIn, register, defaultRole}`; the secrets
 * and extra tokens may come from `API_TOKEN_SALT`, `JWT_SECRET` and `CMS_API_TOKENS` instead (the
 * environment wins), so no secret needs to be committed.
 */
function authOption(value: unknown, env: NodeJS.ProcessEnv): AuthConfig {
  if (value !== undefined && !isPlainObject(value)) throw new ConfigError(`${CONFIG_FILE}: auth: expected an object, got ${describe(value)}`);
  const auth = value ?? {};
  const fileTokens = auth['apiTokens'] ?? [];
  if (!Array.isArray(fileTokens)) throw new ConfigError(`${CONFIG_FILE}: auth.apiTokens: expected an array, got ${describe(fileTokens)}`);
  const tokens = fileTokens.map((entry, i) => parseApiTokenEntry(entry, `${CONFIG_FILE}: auth.apiTokens[${i}]`));
  const envTokens = env['CMS_API_TOKENS'];
  if (envTokens !== undefined && envTokens !== '') {
    let list: unknown;
    try {
      list = JSON.parse(envTokens);
    } catch {
      list = undefined;
    }
    if (!Array.isArray(list)) throw new ConfigError('CMS_API_TOKENS: expected a JSON array of token entries like those in auth.apiTokens');
    tokens.push(...list.map((entry, i) => parseApiTokenEntry(entry, `CMS_API_TOKENS[${i}]`)));
  }
  const names = new Set<string>();
  const keys = new Set<string>();
  for (const token of tokens) {
    if (names.has(token.name)) throw new ConfigError(`${CONFIG_FILE}: auth.apiTokens: two tokens are named "${token.name}"`);
    if (keys.has(token.accessKey)) throw new ConfigError(`${CONFIG_FILE}: auth.apiTokens: tokens "${token.name}" and another have the same accessKey`);
    names.add(token.name);
    keys.add(token.accessKey);
  }
  const expiresIn = auth['jwtExpiresIn'] ?? '30d';
  const validExpiry = (typeof expiresIn === 'string' && JWT_EXPIRY.test(expiresIn)) || (typeof expiresIn === 'number' && Number.isInteger(expiresIn) && expiresIn > 0);
  if (!validExpiry) throw new ConfigError(`${CONFIG_FILE}: auth.jwtExpiresIn: expected a duration like "30d" or "12h", or seconds, got ${describe(expiresIn)}`);
  return {
    apiTokens: tokens,
    apiTokenSalt: (env['API_TOKEN_SALT'] || undefined) ?? optionalString(auth, 'auth.apiTokenSalt'),
    jwtSecret: (env['JWT_SECRET'] || undefined) ?? optionalString(auth, 'auth.jwtSecret'),
    jwtExpiresIn: expiresIn as string | number,
    register: boolOption(auth, 'auth.register', false),
    defaultRole: stringOption(auth, 'auth.defaultRole', 'authenticated'),
    production: env['NODE_ENV'] === 'production',
  };
}

function optionalString(parent: Json, name: string): string | undefined {
  const value = parent[name.slice(name.lastIndexOf('.') + 1)];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new ConfigError(`${CONFIG_FILE}: ${name}: expected a non-empty string, got ${describe(value)}`);
  return value;
}

/** One entry of `auth.apiTokens` (or `CMS_API_TOKENS`); `where` names it in errors. */
export function parseApiTokenEntry(value: unknown, where: string): ApiTokenEntry {
  if (!isPlainObject(value)) throw new ConfigError(`${where}: expected an object, got ${describe(value)}`);
  const { name, type, accessKey, expiresAt = null, permissions = [] } = value;
  if (typeof name !== 'string' || name.trim() === '') throw new ConfigError(`${where}.name: expected a non-empty string, got ${describe(name)}`);
  if (!isApiTokenType(type)) throw new ConfigError(`${where}.type: expected "read-only", "full-access" or "custom", got ${describe(type)}`);
  if (typeof accessKey !== 'string' || !/^[0-9a-f]{128}$/.test(accessKey)) {
    throw new ConfigError(`${where}.accessKey: expected the token's HMAC-SHA512 as 128 lowercase hex digits (cms token create writes it), got ${describe(accessKey)}`);
  }
  if (expiresAt !== null && (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt)))) {
    throw new ConfigError(`${where}.expiresAt: expected an ISO date or null, got ${describe(expiresAt)}`);
  }
  if (!Array.isArray(permissions) || !permissions.every((p): p is string => typeof p === 'string')) {
    throw new ConfigError(`${where}.permissions: expected an array of action ids, got ${describe(permissions)}`);
  }
  if (type !== 'custom' && permissions.length > 0) throw new ConfigError(`${where}.permissions: only custom tokens take a permission list`);
  return { name, type, accessKey, expiresAt, permissions: [...permissions] };
}

