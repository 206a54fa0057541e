import type { CmsConfig } from '../config/cms-config.js';
import { UserError } from '../errors/user-error.js';
import { type DeliveryAttempt, buildWebhookRequest, sendWebhook } from './send-webhook.js';

/** Strapi's test event (the admin's "Trigger" button): `{event: "trigger-test", createdAt}`. */
export const TEST_EVENT = 'trigger-test';

/**
 * Posts Strapi's test event once to the webhook named `name` (enabled or not), with its headers
 * and signature, and tells how it went. An unknown name or an unset secret is a UserError.
 */
export async function sendTestEvent(config: Pick<CmsConfig, 'webhooks'>, name: string, env: NodeJS.ProcessEnv, now = new Date()): Promise<DeliveryAttempt> {
  const { webhooks } = config;
  const endpoint = webhooks.endpoints.find((candidate) => candidate.name === name);
  if (endpoint === undefined) {
    const known = webhooks.endpoints.map((candidate) => candidate.name);
    throw new UserError(`no webhook named "${name}" in cms.config.json (${known.length === 0 ? 'there are none' : `there are: ${known.join(', ')}`})`);
  }
  let secret: string | undefined;
  if (endpoint.secretEnv !== undefined) {
    secret = env[endpoint.secretEnv] || undefined;
    if (secret === undefined) throw new UserError(`webhook "${name}" signs its bodies: set ${endpoint.secretEnv} in the environment`);
  }
  const body = JSON.stringify({ event: TEST_EVENT, createdAt: now.toISOString() });
  return sendWebhook(buildWebhookRequest({ endpoint, defaultHeaders: webhooks.defaultHeaders, secret }, TEST_EVENT, body), webhooks.timeoutMs);
}
