import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
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

/** Connections are kept open between deliveries (a burst is many posts to one receiver); idle ones hold up no exit. */
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
/** The most of an answer that is read (then the connection is dropped rather than drained further). */
const MAX_ANSWER_BYTES = 65_536;

/**
 * Posts once; never throws. A 2xx answer is a success (redirects are not followed); the answer's
 * body is read and dropped. node:http rather than fetch: a delivery costs the server a fraction of
 * the CPU time, and deliveries run beside every request.
 */
export function sendWebhook(request: WebhookRequest, timeoutMs: number, abort?: AbortSignal): Promise<DeliveryAttempt> {
  const started = performance.now();
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const body = Buffer.from(request.body, 'utf8');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number, error: string | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      abort?.removeEventListener('abort', onAbort);
      const ok = error === undefined && status >= 200 && status < 300;
      resolve({ status, ok, durationMs: Math.round(performance.now() - started), error: ok ? undefined : (error ?? `HTTP ${status}`) });
    };
    const headers = { ...request.headers, 'Content-Length': String(body.length) };
    const options = { method: 'POST', headers, agent: secure ? agents.https : agents.http };
    const post = (secure ? https : http).request(url, options, (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) {
          response.destroy();
          finish(status, undefined);
        }
      });
      response.on('end', () => finish(status, undefined));
      // The answer broke off: its status is what counts.
      response.on('error', () => finish(status, undefined));
      response.on('close', () => finish(status, undefined));
    });
    const timer = setTimeout(() => {
      finish(0, `no answer within ${timeoutMs} ms`);
      post.destroy();
    }, timeoutMs);
    const onAbort = (): void => {
      finish(0, 'aborted');
      post.destroy();
    };
    post.on('error', (error: NodeJS.ErrnoException) => finish(0, error.code ?? error.message));
    if (abort?.aborted) return onAbort();
    abort?.addEventListener('abort', onAbort, { once: true });
    post.end(body);
  });
}
