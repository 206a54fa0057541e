import fs from 'node:fs';
import path from 'node:path';
import type { CmsConfig, ConfigOverrides } from './cms-config.js';
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
    i18n: i18nOption(raw['i18n']),
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
