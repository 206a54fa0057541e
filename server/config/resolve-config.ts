import { authOption } from './auth-option.js';
import { cacheControlOption } from './cache-control-option.js';
import { namedPopulateOption } from './named-populate-option.js';
import type { CmsConfig, ConfigOverrides } from './cms-config.js';
import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { emailOption } from './email-option.js';
import { exportOption } from './export-option.js';
import { i18nOption } from './i18n-option.js';
import { isPlainObject } from './is-plain-object.js';
import { permissionsOption } from './permissions-option.js';
import { type ProjectApiConfig, projectRestOption } from './project-api-option.js';
import { type Json, boolOption, intOption, objectAt, stringOption } from './read-option.js';
import { uploadOption } from './upload-option.js';
import { urlOption } from './url-option.js';
import { webhooksOption } from './webhooks-option.js';

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

/** What goes into a config: the project folder, the file's text (if any), the flags and the environment. */
export interface ConfigSources {
  /** The project folder, absolute. */
  readonly root: string;
  /** The text of cms.config.json, or undefined when the project has none. */
  readonly text: string | undefined;
  readonly overrides: ConfigOverrides;
  readonly env: NodeJS.ProcessEnv;
  /** Secrets made for this machine (`.cms/secrets.json`), used where neither the environment nor the file sets them. */
  readonly localSecrets?: { readonly apiTokenSalt?: string | undefined } | undefined;
  /** A Strapi project's `config/api.*`, when it has one: its REST settings, under the file's explicit `api.rest` keys. */
  readonly projectApi?: ProjectApiConfig | undefined;
}

/**
 * The config file's values, the environment (`HOST`, `PORT`) and the flags, in rising precedence,
 * resolved into one frozen config. Bad values fail here, naming the option.
 */
export function resolveConfig(sources: ConfigSources): CmsConfig {
  const { root, overrides, env } = sources;
  const raw = parseConfigText(sources.text);
  const server = objectAt(raw, 'server');
  const rest = objectAt(objectAt(raw, 'api'), 'rest', 'api.rest');
  const limits = objectAt(raw, 'limits');
  // cms.config.json's own api.rest keys win; then config/api.* (Strapi's defaults where it is silent); then ours.
  const restDefaults = sources.projectApi === undefined ? DEFAULTS : projectRestOption(sources.projectApi);

  const config: CmsConfig = {
    dir: root,
    server: {
      host: overrides.host ?? (env['HOST'] || undefined) ?? stringOption(server, 'server.host', DEFAULTS.host),
      port: resolvePort(overrides.port, env['PORT'], server['port']),
      watch: overrides.watch ?? true,
      indexCache: overrides.indexCache ?? false,
      url: urlOption(server['url'], 'server.url'),
    },
    rest: {
      prefix: stringOption(rest, 'api.rest.prefix', DEFAULTS.prefix),
      defaultLimit: intOption(rest, 'api.rest.defaultLimit', restDefaults.defaultLimit, 1),
      maxLimit: intOption(rest, 'api.rest.maxLimit', restDefaults.maxLimit, 1),
      withCount: boolOption(rest, 'api.rest.withCount', restDefaults.withCount),
      strictParams: boolOption(rest, 'api.rest.strictParams', restDefaults.strictParams),
      cacheControl: cacheControlOption(rest['cacheControl']),
      populate: namedPopulateOption(rest['populate']),
    },
    openapi: { enabled: boolOption(objectAt(raw, 'openapi'), 'openapi.enabled', env['NODE_ENV'] !== 'production') },
    limits: {
      queryBytes: intOption(limits, 'limits.queryBytes', DEFAULTS.queryBytes, 256),
      queryDepth: intOption(limits, 'limits.queryDepth', DEFAULTS.queryDepth, 1),
      queryArrayLimit: intOption(limits, 'limits.queryArrayLimit', DEFAULTS.queryArrayLimit, 1),
      bodyBytes: intOption(limits, 'limits.bodyBytes', DEFAULTS.bodyBytes, 1024),
      populateDepth: intOption(limits, 'limits.populateDepth', DEFAULTS.populateDepth, 1),
    },
    permissions: permissionsOption(raw['permissions']),
    upload: uploadOption(raw['upload']),
    auth: authOption(raw['auth'], env, sources.localSecrets?.apiTokenSalt),
    email: emailOption(raw['email']),
    admin: { enabled: overrides.admin ?? boolOption(objectAt(raw, 'admin'), 'admin.enabled', true) },
    i18n: i18nOption(raw['i18n']),
    export: exportOption(raw['export']),
    webhooks: webhooksOption(raw['webhooks']),
  };
  return deepFreeze(config);
}

function parseConfigText(text: string | undefined): Json {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${CONFIG_FILE}: not valid JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: expected an object, got ${describe(value)}`);
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
    throw new UserError(`${name}: expected an integer from 0 to 65535, got ${describe(given)}`);
  }
  return value;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
