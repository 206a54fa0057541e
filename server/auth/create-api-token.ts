import crypto from 'node:crypto';
import { type ApiTokenEntry, type ApiTokenType, isApiTokenType } from '../config/cms-config.js';
import { isPlainObject } from '../config/is-plain-object.js';
import { loadConfig } from '../store/load-config.js';
import { UserError } from '../errors/user-error.js';
import { parseApiTokenEntry } from '../config/auth-option.js';
import { readConfigText, writeConfigFile } from '../store/config-file.js';
import { LOCAL_SECRETS_FILE, readLocalSecret, writeLocalSecret } from '../store/local-secrets.js';
import { loadSchemas } from '../store/load-schemas.js';
import { statProjectPath } from '../store/project-files.js';
import type { CmsConfig } from '../config/cms-config.js';
import { generateApiToken, hashApiToken } from './api-token.js';
import { findUnknownAction } from './known-actions.js';

export interface TokenRequest {
  readonly dir: string;
  readonly name: string;
  readonly type: string;
  /** Days (`30`, `30d`) or a date (`2027-01-31`); undefined: never expires. */
  readonly expires?: string | undefined;
  /** Action ids, for custom tokens only. */
  readonly permissions?: readonly string[] | undefined;
  /** Don't write cms.config.json: return the environment that configures the token instead. */
  readonly toEnvironment?: boolean | undefined;
}

export interface CreatedToken {
  /** The token itself: shown once, stored nowhere. */
  readonly token: string;
  readonly entry: ApiTokenEntry & { readonly createdAt: string };
  /** With `toEnvironment`: variables that make a server accept the token (a new salt when none was set). */
  readonly environment: Readonly<Record<string, string>> | undefined;
  /** What was done about the salt, for the user (made one, recorded it, or a mismatch to fix). */
  readonly notes: readonly string[];
}

const ACTION_ID = /^(api|plugin|admin)::[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * Creates an API token. Its hash (HMAC-SHA512 with `API_TOKEN_SALT`, or `auth.apiTokenSalt`) goes
 * into `auth.apiTokens` of cms.config.json, written atomically with the rest of the file kept; or,
 * with `toEnvironment`, into a `CMS_API_TOKENS` value so nothing is written at all.
 */
export function createApiToken(request: TokenRequest, env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): CreatedToken {
  const config = loadConfig(request.dir, {}, env);
  const type = checkType(request.type);
  const name = request.name.trim();
  if (name === '') throw new UserError('--name: expected a non-empty name');
  if (config.auth.apiTokens.some((token) => token.name === name)) throw new UserError(`--name: a token named "${name}" already exists`);
  const permissions = checkPermissions(type, request.permissions ?? [], config.dir);
  const expiresAt = request.expires === undefined ? null : parseExpiry(request.expires, now);

  let salt = config.auth.apiTokenSalt;
  let environment: Record<string, string> | undefined;
  const notes: string[] = [];
  if (request.toEnvironment) {
    environment = {};
    if (salt === undefined) salt = environment['API_TOKEN_SALT'] = crypto.randomBytes(32).toString('base64');
  } else {
    salt = settleLocalSalt(config, env, notes);
  }
  const token = generateApiToken();
  const entry = { name, type, accessKey: hashApiToken(token, salt), expiresAt, permissions, createdAt: now.toISOString() };
  parseApiTokenEntry(entry, 'the new token');

  if (environment !== undefined) {
    const existing = env['CMS_API_TOKENS'] ? (JSON.parse(env['CMS_API_TOKENS']) as unknown[]) : [];
    environment['CMS_API_TOKENS'] = JSON.stringify([...existing, storedForm(entry)]);
  } else {
    appendToConfigFile(config.dir, storedForm(entry));
  }
  return { token, entry, environment, notes };
}

/**
 * The salt to hash a token written to cms.config.json with. Outside production, a salt that only
 * this command knows would leave a server here unable to match the token, so it is recorded in
 * `.cms/secrets.json` (git-ignored), which a server started without API_TOKEN_SALT reads on its
 * next reload of cms.config.json (the token's own write triggers it): a new one when none is set,
 * or API_TOKEN_SALT when the project has no salt of its own yet.
 */
function settleLocalSalt(config: CmsConfig, env: NodeJS.ProcessEnv, notes: string[]): string {
  const fromEnv = env['API_TOKEN_SALT'] || undefined;
  const local = readLocalSecret(config.dir, 'apiTokenSalt');
  const salt = config.auth.apiTokenSalt;
  if (config.auth.production) {
    if (salt === undefined) {
      throw new UserError(
        'API_TOKEN_SALT is not set: set it in the environment (e.g. `export API_TOKEN_SALT=$(openssl rand -base64 32)`) and give the server the same value',
      );
    }
    return salt;
  }
  if (salt === undefined) {
    const made = crypto.randomBytes(32).toString('base64');
    writeLocalSecret(config.dir, 'apiTokenSalt', made);
    notes.push(
      `API_TOKEN_SALT is not set: made a salt for this machine in ${LOCAL_SECRETS_FILE} (git-ignored); a server here without API_TOKEN_SALT uses it, a running one from now on`,
    );
    return made;
  }
  if (fromEnv !== undefined && salt === fromEnv && local === undefined && !hasFileSalt(config.dir)) {
    writeLocalSecret(config.dir, 'apiTokenSalt', fromEnv);
    notes.push(
      `API_TOKEN_SALT recorded in ${LOCAL_SECRETS_FILE} (git-ignored), so a server here started without it, running already or not, accepts the token`,
    );
  } else if (fromEnv !== undefined && local !== undefined && local !== fromEnv) {
    notes.push(`warning: API_TOKEN_SALT differs from the salt in ${LOCAL_SECRETS_FILE}: a server started without API_TOKEN_SALT will not accept this token`);
  }
  return salt;
}

function hasFileSalt(dir: string): boolean {
  const text = readConfigText(dir);
  if (text === undefined) return false;
  const auth = (JSON.parse(text) as Record<string, unknown>)['auth'];
  return isPlainObject(auth) && typeof auth['apiTokenSalt'] === 'string';
}

function checkType(value: string): ApiTokenType {
  if (!isApiTokenType(value)) throw new UserError(`--type: expected read-only, full-access or custom, got "${value}"`);
  return value;
}

function checkPermissions(type: ApiTokenType, permissions: readonly string[], dir: string): string[] {
  if (type !== 'custom') {
    if (permissions.length > 0) throw new UserError('--permissions: only custom tokens take a permission list');
    return [];
  }
  if (permissions.length === 0) throw new UserError('--permissions: a custom token needs at least one action, e.g. api::article.article.find');
  for (const action of permissions) {
    if (!ACTION_ID.test(action)) throw new UserError(`--permissions: expected action ids like api::article.article.find, got "${action}"`);
  }
  // Checked against what this project has, so a typo is not a token that silently may do nothing.
  const registry = loadSchemas(dir);
  const customActions = statProjectPath(dir, 'src/api')?.isFolder === true;
  for (const action of permissions) {
    const unknown = findUnknownAction(action, registry, customActions);
    if (unknown !== undefined) throw new UserError(`--permissions: ${unknown}`);
  }
  return [...new Set(permissions)];
}

/** `30` or `30d`: that many days from now; otherwise a date or date-time in the future. */
function parseExpiry(value: string, now: Date): string {
  const days = /^(\d+)d?$/.exec(value.trim());
  if (days) {
    const count = Number(days[1]);
    if (count < 1) throw new UserError('--expires: expected at least 1 day');
    return new Date(now.getTime() + count * 86_400_000).toISOString();
  }
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new UserError(`--expires: expected a number of days (30, 30d) or a date (2027-01-31), got "${value}"`);
  if (time <= now.getTime()) throw new UserError(`--expires: ${value} is not in the future`);
  return new Date(time).toISOString();
}

/** The entry as written: no empty permission list on tokens that take none. */
function storedForm(entry: ApiTokenEntry & { createdAt: string }): Record<string, unknown> {
  const { permissions, ...rest } = entry;
  return entry.type === 'custom' ? { ...rest, permissions } : rest;
}

function appendToConfigFile(dir: string, entry: Record<string, unknown>): void {
  // loadConfig has already checked that an existing file is a JSON object.
  const text = readConfigText(dir);
  const raw = text === undefined ? {} : (JSON.parse(text) as Record<string, unknown>);
  const auth = isPlainObject(raw['auth']) ? raw['auth'] : {};
  const tokens = Array.isArray(auth['apiTokens']) ? auth['apiTokens'] : [];
  raw['auth'] = { ...auth, apiTokens: [...tokens, entry] };
  writeConfigFile(dir, raw);
}
