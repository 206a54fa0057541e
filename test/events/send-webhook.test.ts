import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildWebhookRequest, sendWebhook } from '../../server/events/send-webhook.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// One try of one delivery over a real socket: what counts as delivered, and how a failure is told.

const endpoint = { name: 'site', url: '', headers: { 'X-Site': 'blog' }, events: ['entry.create' as const], enabled: true, secretEnv: undefined };

test('posts the exact body and headers, signed, and a 2xx answer is a delivery', async () => {
  const receiver = await startReceiver();
  try {
    const body = JSON.stringify({ event: 'entry.create', createdAt: '2026-01-01T00:00:00.000Z', entry: { title: 'Ünïcode' } });
    const request = buildWebhookRequest({ endpoint: { ...endpoint, url: receiver.url }, defaultHeaders: {}, secret: 's3cret' }, 'entry.create', body);
    const result = await sendWebhook(request, 5_000);
    assert.equal([result.status, result.ok, result.error], [200, true, undefined]);
    const [got] = receiver.received;
    assert.is(got!.text, body);
    assert.is(got!.headers['x-strapi-event'], 'entry.create');
    assert.is(got!.headers['x-site'], 'blog');
    assert.is(got!.headers['content-type'], 'application/json');
    assert.is(got!.headers['x-cms-signature'], `sha256=${crypto.createHmac('sha256', 's3cret').update(body).digest('hex')}`);
    // The connection is kept for the next delivery.
    assert.is((await sendWebhook(request, 5_000)).ok, true);
  } finally {
    await receiver.close();
  }
});

test('a non-2xx answer, a redirect (never followed), a refused connection and a timeout are failures with a reason', async () => {
  const receiver = await startReceiver();
  const target = (url: string) => buildWebhookRequest({ endpoint: { ...endpoint, url }, defaultHeaders: {}, secret: undefined }, 'entry.create', '{}');
  try {
    receiver.answer = () => ({ status: 503 });
    assert.equal(await pick(sendWebhook(target(receiver.url), 5_000)), [503, false, 'HTTP 503']);
    receiver.answer = () => ({ status: 302 });
    assert.equal(await pick(sendWebhook(target(receiver.url), 5_000)), [302, false, 'HTTP 302']);
    assert.is(receiver.received.length, 2);
    receiver.answer = () => ({ status: 200, delayMs: 2_000 });
    assert.equal(await pick(sendWebhook(target(receiver.url), 100)), [0, false, 'no answer within 100 ms']);
  } finally {
    await receiver.close();
  }
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  assert.equal(await pick(sendWebhook(target(`http://127.0.0.1:${port}/hook`), 5_000)), [0, false, 'ECONNREFUSED']);
});

test('an abort cuts the try in flight', async () => {
  const receiver = await startReceiver();
  receiver.answer = () => ({ status: 200, delayMs: 5_000 });
  try {
    const abort = new AbortController();
    const request = buildWebhookRequest({ endpoint: { ...endpoint, url: receiver.url }, defaultHeaders: {}, secret: undefined }, 'entry.create', '{}');
    const pending = sendWebhook(request, 10_000, abort.signal);
    setTimeout(() => abort.abort(), 50);
    assert.equal(await pick(pending), [0, false, 'aborted']);
  } finally {
    await receiver.close();
  }
});

async function pick(attempt: ReturnType<typeof sendWebhook>): Promise<[number, boolean, string | undefined]> {
  const { status, ok, error } = await attempt;
  return [status, ok, error];
}

test.run();
