import crypto from 'node:crypto';
import type { WebhookEndpoint } from '../config/cms-config.js';

/** Where a webhook posts: its endpoint, the configured default headers, and its secret when it signs. */
export interface WebhookTarget {
  readonly endpoint: WebhookEndpoint;
  readonly defaultHeaders: Readonly<Record<string, string>>;
  readonly secret: string | undefined;
}

/** The header carrying `sha256=<hex HMAC-SHA256 of the body>` when the webhook has a secret. */
export const SIGNATURE_HEADER = 'X-Cms-Signature';

/** How one try went: the receiver's status (0 when none came), how long it took, and why it failed. */
export interface DeliveryAttempt {
  readonly status: number;
  readonly ok: boolean;
  readonly durationMs: number;
  readonly error: string | undefined;
}

/** One request to send: where, with which headers (signature included), which body. */
export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Strapi's request for a webhook: `webhooks.defaultHeaders`, then the webhook's own headers, then
 * `X-Strapi-Event` and `Content-Type: application/json`; cms adds the signature when there is a secret.
 */
export function buildWebhookRequest(target: WebhookTarget, event: string, body: string): WebhookRequest {
  const { endpoint, defaultHeaders, secret } = target;
  const headers: Record<string, string> = { ...defaultHeaders, ...endpoint.headers, 'X-Strapi-Event': event, 'Content-Type': 'application/json' };
  if (secret !== undefined) headers[SIGNATURE_HEADER] = signBody(secret, body);
  return { url: endpoint.url, headers, body };
}

/** `sha256=<hex>`: what a receiver computes from the raw body and the shared secret, and compares in constant time. */
export function signBody(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Posts once; never throws. A 2xx answer is a success; the answer's body is read and dropped. */
export async function sendWebhook(request: WebhookRequest, timeoutMs: number, abort?: AbortSignal): Promise<DeliveryAttempt> {
  const started = performance.now();
  const signals = [AbortSignal.timeout(timeoutMs), ...(abort === undefined ? [] : [abort])];
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.any(signals),
    });
    await drainAnswer(response);
    const durationMs = Math.round(performance.now() - started);
    return { status: response.status, ok: response.ok, durationMs, error: response.ok ? undefined : `HTTP ${response.status}` };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { status: 0, ok: false, durationMs, error: reason };
  }
}

/** Reads up to 64 KB of the answer, so a small one leaves the connection reusable, and drops the rest. */
async function drainAnswer(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  if (reader === undefined) return;
  try {
    for (let read = 0; read < 65_536;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The answer broke off: its status is what counts.
  }
}
