import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and exact body text. */
export interface Received {
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
  readonly body: any;
  readonly path: string;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: Received[];
  /** The status to answer the n-th request (from 0) with, and how long to wait first. */
  answer: (n: number) => { status: number; delayMs?: number };
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records what webhooks post to it. */
export async function startReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let count = 0;
  const receiver: WebhookReceiver = {
    url: '',
    received,
    answer: () => ({ status: 200 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const { status, delayMs } = receiver.answer(count++);
      received.push({ headers: req.headers, text, body, path: req.url ?? '' });
      setTimeout(() => {
        res.statusCode = status;
        res.end('ok');
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  (receiver as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
