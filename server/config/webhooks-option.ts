import type { WebhookEndpoint, WebhooksConfig } from './cms-config.js';
import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { durationOption } from './duration-option.js';
import { isPlainObject } from './is-plain-object.js';
import { type Json, boolOption, intOption } from './read-option.js';
import { WEBHOOK_EVENTS, isWebhookEvent } from './webhook-events.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/** A header name as HTTP allows it (a token), and a value without line breaks. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
const MAX_WEBHOOKS = 50;
const MAX_HEADERS = 50;
/** Headers cms sets itself: a configured one would be overwritten (Strapi's rule for the first two). */
const OWN_HEADERS = ['x-strapi-event', 'content-type', 'x-cms-signature', 'content-length'];

const DEFAULTS = { queueLimit: 25_000, maxAttempts: 5, retryDelayMs: 1_000, timeoutMs: 10_000, logSize: 100 } as const;

/**
 * `webhooks`: a list of `{name, url, headers, events, enabled, secretEnv}`, or an object holding
 * that list as `endpoints` beside Strapi's `defaultHeaders` and the delivery settings. A secret
 * is never in the file: `secretEnv` names the environment variable that holds it.
 */
export function webhooksOption(value: unknown): WebhooksConfig {
  if (value !== undefined && !Array.isArray(value) && !isPlainObject(value)) {
    throw new UserError(`${CONFIG_FILE}: webhooks: expected a list of webhooks or an object, got ${describe(value)}`);
  }
  const settings: Json = value === undefined || Array.isArray(value) ? {} : value;
  const list: unknown = Array.isArray(value) ? value : settings['endpoints'];
  if (list !== undefined && !Array.isArray(list)) throw new UserError(`${CONFIG_FILE}: webhooks.endpoints: expected a list, got ${describe(list)}`);
  if ((list?.length ?? 0) > MAX_WEBHOOKS) throw new UserError(`${CONFIG_FILE}: webhooks: expected at most ${MAX_WEBHOOKS} webhooks, got ${list?.length}`);
  const endpoints = (list ?? []).map((item, index) => endpointOption(item, `webhooks[${index}]`));
  const names = new Set<string>();
  for (const endpoint of endpoints) {
    if (names.has(endpoint.name)) throw new UserError(`${CONFIG_FILE}: webhooks: two webhooks are named ${describe(endpoint.name)}`);
    names.add(endpoint.name);
  }
  return {
    defaultHeaders: headersOption(settings['defaultHeaders'], 'webhooks.defaultHeaders'),
    endpoints,
    queueLimit: intOption(settings, 'webhooks.queueLimit', DEFAULTS.queueLimit, 1),
    maxAttempts: intOption(settings, 'webhooks.maxAttempts', DEFAULTS.maxAttempts, 1),
    retryDelayMs: durationOption(settings, 'webhooks.retryDelay', DEFAULTS.retryDelayMs),
    timeoutMs: durationOption(settings, 'webhooks.timeout', DEFAULTS.timeoutMs),
    logSize: intOption(settings, 'webhooks.logSize', DEFAULTS.logSize, 1),
  };
}

function endpointOption(value: unknown, where: string): WebhookEndpoint {
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: ${where}: expected an object, got ${describe(value)}`);
  const name = value['name'];
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new UserError(`${CONFIG_FILE}: ${where}.name: expected 1-64 of letters, digits, "_", "." and "-", got ${describe(name)}`);
  }
  const at = `webhooks.${name}`;
  const events = value['events'] ?? [...WEBHOOK_EVENTS];
  if (!Array.isArray(events) || events.some((event) => !isWebhookEvent(event))) {
    throw new UserError(`${CONFIG_FILE}: ${at}.events: expected a list of ${WEBHOOK_EVENTS.join(', ')}, got ${describe(events)}`);
  }
  const secretEnv = value['secretEnv'];
  if (secretEnv !== undefined && (typeof secretEnv !== 'string' || !ENV_NAME.test(secretEnv))) {
    throw new UserError(`${CONFIG_FILE}: ${at}.secretEnv: expected the name of an environment variable, got ${describe(secretEnv)}`);
  }
  if (value['secret'] !== undefined) {
    throw new UserError(`${CONFIG_FILE}: ${at}.secret: keep the secret out of the file: put it in an environment variable and name it in secretEnv`);
  }
  return {
    name,
    url: webhookUrl(value['url'], `${at}.url`),
    headers: headersOption(value['headers'], `${at}.headers`),
    events: [...new Set(events as string[])].filter(isWebhookEvent),
    enabled: boolOption(value, `${at}.enabled`, true),
    secretEnv,
  };
}

function webhookUrl(value: unknown, name: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') {
    throw new UserError(`${CONFIG_FILE}: ${name}: expected an absolute http(s) URL without credentials, got ${describe(value)}`);
  }
  return url.href;
}

function headersOption(value: unknown, name: string): Readonly<Record<string, string>> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: ${name}: expected an object of header names and values, got ${describe(value)}`);
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS) throw new UserError(`${CONFIG_FILE}: ${name}: expected at most ${MAX_HEADERS} headers, got ${entries.length}`);
  for (const [header, text] of entries) {
    if (!HEADER_NAME.test(header) || OWN_HEADERS.includes(header.toLowerCase())) {
      throw new UserError(`${CONFIG_FILE}: ${name}: expected a header name cms does not set itself, got ${describe(header)}`);
    }
    if (typeof text !== 'string' || /[\r\n\0]/.test(text) || text.length > 8192) {
      // The value is not repeated: a header may carry a credential.
      throw new UserError(`${CONFIG_FILE}: ${name}.${header}: expected a one-line string of at most 8192 characters`);
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}
