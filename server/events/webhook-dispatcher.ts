import type { WebhookEndpoint, WebhooksConfig } from '../config/cms-config.js';
import { UserError } from '../errors/user-error.js';
import type { ChangeEvent } from './change-event.js';
import { DeliveryLog, type DeliveryRecord } from './delivery-log.js';
import { TEST_EVENT, sendTestEvent } from './send-test-event.js';
import { WebhookQueue } from './webhook-queue.js';

export interface DispatcherLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Posts change events to the configured webhooks, each with its own queue (one slow or dead
 * endpoint never holds up another, nor any request). `configure` takes a reloaded config: an
 * endpoint left as it was keeps its queue; a changed or removed one stops.
 */
export class WebhookDispatcher {
  private queues = new Map<string, WebhookQueue>();
  private config: WebhooksConfig | undefined;
  private tests = 0;
  readonly log: DeliveryLog;

  constructor(
    projectDir: string,
    private readonly messages: DispatcherLog,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.log = new DeliveryLog(projectDir, 100, (message) => messages.warn(message));
  }

  /** The webhooks as configured now, disabled ones included (empty before `configure`). */
  get endpoints(): readonly WebhookEndpoint[] {
    return this.config?.endpoints ?? [];
  }

  /** Whether any webhook may take events (the hub then makes bodies for them). */
  get active(): boolean {
    return this.queues.size > 0;
  }

  configure(config: WebhooksConfig): void {
    if (this.config !== undefined && JSON.stringify(config) === JSON.stringify(this.config)) return;
    this.config = config;
    this.log.resize(config.logSize);
    const next = new Map<string, WebhookQueue>();
    for (const endpoint of config.endpoints) {
      if (!endpoint.enabled) continue;
      const kept = this.queues.get(endpoint.name);
      if (kept !== undefined && JSON.stringify(kept.endpoint) === JSON.stringify(endpoint) && this.secretOf(endpoint, false) === kept.secret) {
        kept.update(config);
        next.set(endpoint.name, kept);
        continue;
      }
      const secret = this.secretOf(endpoint, true);
      if (secret === null) continue;
      next.set(
        endpoint.name,
        new WebhookQueue(endpoint, config, secret, { record: (record) => this.log.add(record), warn: (message) => this.messages.warn(message) }),
      );
    }
    for (const [name, queue] of this.queues) if (next.get(name) !== queue) queue.close();
    this.queues = next;
  }

  /** Queues each event for the webhooks subscribed to its name. */
  receive(events: readonly ChangeEvent[]): void {
    for (const queue of this.queues.values()) {
      const wanted = queue.endpoint.events;
      for (const event of events) if (wanted.includes(event.name)) queue.push({ name: event.name, id: event.id, body: event.body });
    }
  }

  /**
   * Posts Strapi's test event once to the webhook named `name` (enabled or not) and logs the try
   * with the others. An unknown name or an unset secret is a UserError.
   */
  async sendTest(name: string): Promise<DeliveryRecord> {
    if (this.config === undefined) throw new UserError(`no webhook named "${name}" in cms.config.json (there are none)`);
    const result = await sendTestEvent({ webhooks: this.config }, name, this.env);
    const record: DeliveryRecord = {
      at: new Date().toISOString(),
      webhook: name,
      event: TEST_EVENT,
      eventId: `test-${++this.tests}`,
      attempt: 1,
      status: result.status,
      ok: result.ok,
      durationMs: result.durationMs,
      ...(result.error === undefined ? {} : { error: result.error }),
      outcome: result.ok ? 'delivered' : 'failed',
    };
    this.log.add(record);
    return record;
  }

  /** Deliveries waiting, per webhook. */
  pending(): Record<string, number> {
    return Object.fromEntries([...this.queues].map(([name, queue]) => [name, queue.pending]));
  }

  close(): void {
    for (const queue of this.queues.values()) queue.close();
    this.queues.clear();
    this.log.flush();
  }

  /**
   * The webhook's secret: undefined when it does not sign; null when it should but the variable
   * is not set, and then it sends nothing (an unsigned body would only be refused).
   */
  private secretOf(endpoint: WebhookEndpoint, report: boolean): string | undefined | null {
    if (endpoint.secretEnv === undefined) return undefined;
    const secret = this.env[endpoint.secretEnv];
    if (secret !== undefined && secret !== '') return secret;
    if (report) this.messages.warn(`webhook ${endpoint.name}: ${endpoint.secretEnv} is not set, so nothing is sent to it (its bodies are to be signed)`);
    return null;
  }
}
