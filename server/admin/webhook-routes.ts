import Router from '@koa/router';
import type { WebhookEndpoint } from '../config/cms-config.js';
import { applicationError, notFoundError } from '../errors/api-error.js';
import { UserError } from '../errors/user-error.js';
import type { DeliveryRecord } from '../events/delivery-log.js';
import { requireRole } from './admin-context.js';

/** What the editor sees of the running server's webhooks (runtime/start-events.ts provides it). */
export interface EditorWebhooks {
  /** The webhooks as configured now, disabled ones included. */
  endpoints(): readonly WebhookEndpoint[];
  /** Deliveries waiting, per enabled webhook. */
  pending(): Readonly<Record<string, number>>;
  /** The last deliveries, oldest first. */
  deliveries(): readonly DeliveryRecord[];
  /** Posts Strapi's test event to the named webhook and logs the try; a UserError when it cannot. */
  sendTest(name: string): Promise<DeliveryRecord>;
}

/** Deliveries in one answer, at most. */
const MAX_DELIVERIES = 500;

/**
 * The webhooks screen (Super Admin only): the configured webhooks — never a header's value nor a
 * secret —, the last deliveries newest first, and Strapi's test event on demand.
 */
export function createWebhookRouter(webhooks: EditorWebhooks | undefined): Router {
  const router = new Router({ prefix: '/admin/webhooks' });
  router.get('/', (ctx) => {
    requireRole(ctx, 'super-admin');
    const pending = webhooks?.pending() ?? {};
    ctx.body = { data: (webhooks?.endpoints() ?? []).map((endpoint) => presentWebhook(endpoint, pending[endpoint.name])) };
  });
  router.get('/deliveries', (ctx) => {
    requireRole(ctx, 'super-admin');
    const limit = Math.max(1, Math.min(MAX_DELIVERIES, Number.parseInt(String(ctx.query['limit'] ?? ''), 10) || 50));
    const all = webhooks?.deliveries() ?? [];
    ctx.body = { data: all.slice(-limit).reverse(), meta: { total: all.length } };
  });
  router.post('/:name/test', async (ctx) => {
    requireRole(ctx, 'super-admin');
    const name = ctx.params['name'] ?? '';
    if (webhooks === undefined || !webhooks.endpoints().some((endpoint) => endpoint.name === name)) throw notFoundError(`No webhook named ${name}`);
    try {
      ctx.body = { data: await webhooks.sendTest(name) };
    } catch (error) {
      // The one refusal left once the name is known: a signing webhook whose secret is not set.
      if (error instanceof UserError) throw applicationError(error.message);
      throw error;
    }
  });
  return router;
}

/** A webhook as the editor shows it: the names of its headers only, and whether it signs. */
function presentWebhook(endpoint: WebhookEndpoint, pending: number | undefined) {
  return {
    name: endpoint.name,
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    headers: Object.keys(endpoint.headers),
    signed: endpoint.secretEnv !== undefined,
    pending: pending ?? 0,
  };
}
