import type { WebhookEndpoint, WebhooksConfig } from '../config/cms-config.js';
import type { DeliveryRecord } from './delivery-log.js';
import { type DeliveryAttempt, buildWebhookRequest, sendWebhook } from './send-webhook.js';

/** The longest wait between two tries, whatever the retry delay and attempt. */
const MAX_BACKOFF_MS = 3_600_000;
/** At most one "queue full" line per webhook in this time (a dead endpoint under a burst would print thousands). */
const DROP_LOG_EVERY_MS = 10_000;

/** What one webhook posts: the event's name, id and body text. */
export interface Outgoing {
  readonly name: string;
  readonly id: string;
  readonly body: string;
}

export interface QueueHooks {
  readonly record: (record: DeliveryRecord) => void;
  readonly warn: (message: string) => void;
}

/**
 * One webhook's deliveries, in event order, one at a time: a failed try (no answer, a timeout, a
 * non-2xx status) is retried after `retryDelay`, doubling each time, up to `maxAttempts` tries.
 * At most `queueLimit` wait; beyond that the oldest waiting one is dropped, with a log line, so a
 * dead endpoint never holds more than that.
 */
export class WebhookQueue {
  private readonly waiting: Outgoing[] = [];
  private running = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private readonly abort = new AbortController();
  private dropped = 0;
  private lastDropLog = 0;

  constructor(
    readonly endpoint: WebhookEndpoint,
    private settings: WebhooksConfig,
    readonly secret: string | undefined,
    private readonly hooks: QueueHooks,
  ) {}

  /** New delivery settings (a reloaded config with the same endpoint): they apply from the next try. */
  update(settings: WebhooksConfig): void {
    this.settings = settings;
  }

  get pending(): number {
    return this.waiting.length;
  }

  push(event: Outgoing): void {
    if (this.closed) return;
    this.waiting.push(event);
    if (this.waiting.length > this.settings.queueLimit) this.dropOldest();
    if (!this.running) void this.run();
  }

  /** Stops: the try in flight is cut, waiting deliveries are forgotten. */
  close(): void {
    this.closed = true;
    this.waiting.length = 0;
    this.abort.abort();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.wake?.();
  }

  private dropOldest(): void {
    // The head may be in flight or waiting for its retry: the one after it is the oldest merely waiting.
    const [lost] = this.waiting.splice(this.running ? 1 : 0, 1);
    this.dropped++;
    const now = Date.now();
    if (lost !== undefined && now - this.lastDropLog >= DROP_LOG_EVERY_MS) {
      this.lastDropLog = now;
      this.hooks.warn(
        `webhook ${this.endpoint.name}: ${this.settings.queueLimit} deliveries waiting, dropped the oldest (${lost.name} ${lost.id}; ${this.dropped} dropped so far)`,
      );
    }
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (!this.closed && this.waiting.length > 0) {
        const event = this.waiting[0]!;
        await this.deliver(event);
        if (this.waiting[0] === event) this.waiting.shift();
      }
    } finally {
      this.running = false;
    }
  }

  /** Tries until delivered, given up, or closed. */
  private async deliver(event: Outgoing): Promise<void> {
    const { endpoint } = this;
    for (let attempt = 1; !this.closed; attempt++) {
      const { defaultHeaders, timeoutMs, maxAttempts, retryDelayMs } = this.settings;
      const request = buildWebhookRequest({ endpoint, defaultHeaders, secret: this.secret }, event.name, event.body);
      const result = await sendWebhook(request, timeoutMs, this.abort.signal);
      if (this.closed) return;
      const retryInMs = Math.min(MAX_BACKOFF_MS, retryDelayMs * 2 ** (attempt - 1));
      const outcome = result.ok ? 'delivered' : attempt < maxAttempts ? 'retry' : 'failed';
      this.hooks.record(toRecord({ webhook: endpoint.name, event, attempt, result, outcome, retryInMs }));
      if (outcome === 'delivered') return;
      if (outcome === 'failed') {
        this.hooks.warn(`webhook ${endpoint.name}: ${event.name} ${event.id} not delivered after ${attempt} tries (${result.error ?? result.status})`);
        return;
      }
      await this.sleep(retryInMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }
}

interface Try {
  readonly webhook: string;
  readonly event: Outgoing;
  readonly attempt: number;
  readonly result: DeliveryAttempt;
  readonly outcome: DeliveryRecord['outcome'];
  readonly retryInMs: number;
}

function toRecord({ webhook, event, attempt, result, outcome, retryInMs }: Try): DeliveryRecord {
  return {
    at: new Date().toISOString(),
    webhook,
    event: event.name,
    eventId: event.id,
    attempt,
    status: result.status,
    ok: result.ok,
    durationMs: result.durationMs,
    ...(result.error === undefined ? {} : { error: result.error }),
    outcome,
    ...(outcome === 'retry' ? { retryInMs } : {}),
  };
}
