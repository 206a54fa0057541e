import type { RateLimitConfig } from './cms-config.js';
import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';
import { boolOption, intOption } from './read-option.js';

// koa2-ratelimit's interval units, as Strapi's `ratelimit.interval` takes them (`{min: 5}`).
const INTERVAL_UNITS = { ms: 1, sec: 1000, min: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** Strapi's users-permissions defaults: 5 requests per 5 minutes per identifier, path and IP. */
export const RATE_LIMIT_DEFAULTS: RateLimitConfig = { enabled: true, intervalMs: 5 * 60_000, max: 5 };

/** `auth.rateLimit: {enabled, interval, max}`; interval in milliseconds or as `{min: 5}`. */
export function rateLimitOption(value: unknown): RateLimitConfig {
  if (value === undefined) return RATE_LIMIT_DEFAULTS;
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: auth.rateLimit: expected an object, got ${describe(value)}`);
  return {
    enabled: boolOption(value, 'auth.rateLimit.enabled', RATE_LIMIT_DEFAULTS.enabled),
    intervalMs: intervalOption(value['interval']),
    max: intOption(value, 'auth.rateLimit.max', RATE_LIMIT_DEFAULTS.max, 1),
  };
}

function intervalOption(value: unknown): number {
  if (value === undefined) return RATE_LIMIT_DEFAULTS.intervalMs;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    const known = entries.every(([unit, n]) => unit in INTERVAL_UNITS && typeof n === 'number' && n >= 0);
    const ms = entries.reduce((sum, [unit, n]) => sum + (n as number) * (INTERVAL_UNITS[unit as keyof typeof INTERVAL_UNITS] ?? 0), 0);
    if (known && entries.length > 0 && ms >= 1) return Math.round(ms);
  }
  throw new UserError(`${CONFIG_FILE}: auth.rateLimit.interval: expected milliseconds or an object like {"min": 5}, got ${describe(value)}`);
}
