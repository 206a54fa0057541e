import { type ApiTokenEntry, type AuthConfig, isApiTokenType } from './cms-config.js';
import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';
import { durationOption } from './duration-option.js';
import { rateLimitOption } from './rate-limit-option.js';
import { boolOption, optionalString, stringOption } from './read-option.js';
import { urlOption } from './url-option.js';

const HOUR = 3_600_000;
const JWT_EXPIRY = /^\d+(\.\d+)?\s*(ms|s|m|h|d|w|y)$/i;

/**
 * `auth: {apiTokens, apiTokenSalt, jwtSecret, jwtExpiresIn, register, defaultRole, emailConfirmation,
 * emailConfirmationRedirection, resetPasswordUrl, resetPasswordTokenLifetime,
 * emailConfirmationTokenLifetime, rateLimit}`; the secrets
 * and extra tokens may come from `API_TOKEN_SALT`, `JWT_SECRET` and `CMS_API_TOKENS` instead (the
 * environment wins), so no secret needs to be committed; `localSalt` (from `.cms/secrets.json`)
 * is the salt's last resort.
 */
export function authOption(value: unknown, env: NodeJS.ProcessEnv, localSalt?: string): AuthConfig {
  if (value !== undefined && !isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: auth: expected an object, got ${describe(value)}`);
  const auth = value ?? {};
  const fileTokens = auth['apiTokens'] ?? [];
  if (!Array.isArray(fileTokens)) throw new UserError(`${CONFIG_FILE}: auth.apiTokens: expected an array, got ${describe(fileTokens)}`);
  const tokens = fileTokens.map((entry, i) => parseApiTokenEntry(entry, `${CONFIG_FILE}: auth.apiTokens[${i}]`));
  const envTokens = env['CMS_API_TOKENS'];
  if (envTokens !== undefined && envTokens !== '') {
    let list: unknown;
    try {
      list = JSON.parse(envTokens);
    } catch {
      list = undefined;
    }
    if (!Array.isArray(list)) throw new UserError('CMS_API_TOKENS: expected a JSON array of token entries like those in auth.apiTokens');
    tokens.push(...list.map((entry, i) => parseApiTokenEntry(entry, `CMS_API_TOKENS[${i}]`)));
  }
  const names = new Set<string>();
  const keys = new Set<string>();
  for (const token of tokens) {
    if (names.has(token.name)) throw new UserError(`${CONFIG_FILE}: auth.apiTokens: two tokens are named "${token.name}"`);
    if (keys.has(token.accessKey)) throw new UserError(`${CONFIG_FILE}: auth.apiTokens: tokens "${token.name}" and another have the same accessKey`);
    names.add(token.name);
    keys.add(token.accessKey);
  }
  const expiresIn = auth['jwtExpiresIn'] ?? '30d';
  const validExpiry =
    (typeof expiresIn === 'string' && JWT_EXPIRY.test(expiresIn)) || (typeof expiresIn === 'number' && Number.isInteger(expiresIn) && expiresIn > 0);
  if (!validExpiry) throw new UserError(`${CONFIG_FILE}: auth.jwtExpiresIn: expected a duration like "30d" or "12h", or seconds, got ${describe(expiresIn)}`);
  return {
    apiTokens: tokens,
    apiTokenSalt: (env['API_TOKEN_SALT'] || undefined) ?? optionalString(auth, 'auth.apiTokenSalt') ?? localSalt,
    jwtSecret: (env['JWT_SECRET'] || undefined) ?? optionalString(auth, 'auth.jwtSecret'),
    jwtExpiresIn: expiresIn as string | number,
    register: boolOption(auth, 'auth.register', false),
    defaultRole: stringOption(auth, 'auth.defaultRole', 'authenticated'),
    emailConfirmation: boolOption(auth, 'auth.emailConfirmation', false),
    emailConfirmationRedirection: urlOption(auth['emailConfirmationRedirection'], 'auth.emailConfirmationRedirection'),
    resetPasswordUrl: urlOption(auth['resetPasswordUrl'], 'auth.resetPasswordUrl'),
    resetPasswordTokenLifetimeMs: durationOption(auth, 'auth.resetPasswordTokenLifetime', HOUR),
    emailConfirmationTokenLifetimeMs: durationOption(auth, 'auth.emailConfirmationTokenLifetime', 24 * HOUR),
    rateLimit: rateLimitOption(auth['rateLimit']),
    production: env['NODE_ENV'] === 'production',
  };
}

/** One entry of `auth.apiTokens` (or `CMS_API_TOKENS`); `where` names it in errors. */
export function parseApiTokenEntry(value: unknown, where: string): ApiTokenEntry {
  if (!isPlainObject(value)) throw new UserError(`${where}: expected an object, got ${describe(value)}`);
  const { name, type, accessKey, expiresAt = null, permissions = [] } = value;
  if (typeof name !== 'string' || name.trim() === '') throw new UserError(`${where}.name: expected a non-empty string, got ${describe(name)}`);
  if (!isApiTokenType(type)) throw new UserError(`${where}.type: expected "read-only", "full-access" or "custom", got ${describe(type)}`);
  if (typeof accessKey !== 'string' || !/^[0-9a-f]{128}$/.test(accessKey)) {
    throw new UserError(
      `${where}.accessKey: expected the token's HMAC-SHA512 as 128 lowercase hex digits (cms token create writes it), got ${describe(accessKey)}`,
    );
  }
  if (expiresAt !== null && (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt)))) {
    throw new UserError(`${where}.expiresAt: expected an ISO date or null, got ${describe(expiresAt)}`);
  }
  if (!Array.isArray(permissions) || !permissions.every((p): p is string => typeof p === 'string')) {
    throw new UserError(`${where}.permissions: expected an array of action ids, got ${describe(permissions)}`);
  }
  if (type !== 'custom' && permissions.length > 0) throw new UserError(`${where}.permissions: only custom tokens take a permission list`);
  return { name, type, accessKey, expiresAt, permissions: [...permissions] };
}
