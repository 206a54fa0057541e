import crypto from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TempProject } from '../helpers/temp-project.js';
import { eventually, startTestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// Beyond Strapi: retries with backoff, a bounded queue per webhook, signed bodies, a delivery log,
// a slow receiver that never holds up the API, and webhooks reloaded with cms.config.json.

function configure(webhooks: unknown) {
  return (project: TempProject) => {
    const config = JSON.parse(project.read('cms.config.json'));
    config.webhooks = webhooks;
    project.write('cms.config.json', config);
  };
}

const create = (title: string) => ({ body: { data: { title } } });

test('a failed delivery is retried with backoff until the receiver takes it; the log shows each try', async () => {
  const receiver = await startReceiver();
  receiver.answer = (n) => ({ status: n < 2 ? 503 : 200 });
  const server = await startTestServer('blog', {
    prepare: configure({ retryDelay: '20ms', maxAttempts: 4, endpoints: [{ name: 'site', url: receiver.url, events: ['entry.create'] }] }),
  });
  try {
    assert.is((await server.request('POST', '/api/articles', create('Retried'))).status, 201);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 3,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.is(receiver.received.length, 3);
    // Each try posts the same bytes.
    assert.is(new Set(receiver.received.map((r) => r.text)).size, 1);
    const log = server.server.events.webhooks.log.list();
    assert.equal(
      log.map((r) => [r.attempt, r.status, r.outcome]),
      [
        [1, 503, 'retry'],
        [2, 503, 'retry'],
        [3, 200, 'delivered'],
      ],
    );
    assert.equal([log[0]!.retryInMs, log[1]!.retryInMs], [20, 40]);
    server.server.events.webhooks.log.flush();
    const file = JSON.parse(server.project.read('.cms/webhooks-log.json'));
    assert.is(file.deliveries.length, 3);
  } finally {
    await server.close();
    await receiver.close();
  }
});

test('a dead endpoint: tries stop at maxAttempts, and at most queueLimit deliveries wait (the oldest dropped, logged)', async () => {
  const receiver = await startReceiver();
  receiver.answer = () => ({ status: 500 });
  const server = await startTestServer('blog', {
    prepare: configure({ retryDelay: '1h', maxAttempts: 2, queueLimit: 3, endpoints: [{ name: 'dead', url: receiver.url, events: ['entry.create'] }] }),
  });
  try {
    for (let n = 0; n < 10; n++) assert.is((await server.request('POST', '/api/articles', create(`Dead ${n}`))).status, 201);
    await eventually(
      async () => server.logs.some((line) => line.includes('dropped the oldest')),
      (found) => found,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The first delivery waits an hour for its second try; three wait behind it, the rest were dropped.
    assert.is(receiver.received.length, 1);
    assert.ok(server.server.events.webhooks.pending()['dead']! <= 3);
    assert.is(server.logs.filter((line) => line.includes('dropped the oldest')).length, 1, 'one line per burst, not one per drop');
  } finally {
    await server.close();
    await receiver.close();
  }
  const quick = await startReceiver();
  quick.answer = () => ({ status: 500 });
  const again = await startTestServer('blog', {
    prepare: configure({ retryDelay: '10ms', maxAttempts: 3, endpoints: [{ name: 'dead', url: quick.url, events: ['entry.create'] }] }),
  });
  try {
    await again.request('POST', '/api/articles', create('Given up'));
    await eventually(
      async () => again.logs.some((line) => line.includes('not delivered after 3 tries')),
      (found) => found,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.is(quick.received.length, 3);
  } finally {
    await again.close();
    await quick.close();
  }
});

test('X-Cms-Signature is the HMAC-SHA256 of the exact body with the secret from the environment; without the variable nothing is sent', async () => {
  const receiver = await startReceiver();
  process.env['CMS_TEST_WEBHOOK_SECRET'] = 'shared-secret-for-tests';
  const server = await startTestServer('blog', {
    prepare: configure([
      { name: 'signed', url: receiver.url, secretEnv: 'CMS_TEST_WEBHOOK_SECRET', events: ['entry.create'] },
      { name: 'unset', url: `${receiver.url}?unset`, secretEnv: 'CMS_TEST_WEBHOOK_NOT_SET', events: ['entry.create'] },
    ]),
  });
  try {
    await server.request('POST', '/api/articles', create('Signed'));
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.is(receiver.received.length, 1);
    const { headers, text } = receiver.received[0]!;
    const expected = `sha256=${crypto.createHmac('sha256', 'shared-secret-for-tests').update(text).digest('hex')}`;
    const given = String(headers['x-cms-signature']);
    assert.ok(given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected)));
    assert.ok(server.logs.some((line) => line.includes('CMS_TEST_WEBHOOK_NOT_SET is not set')));
    assert.not.ok(server.logs.join('\n').includes('shared-secret-for-tests'));
  } finally {
    delete process.env['CMS_TEST_WEBHOOK_SECRET'];
    await server.close();
    await receiver.close();
  }
});

test('a receiver that never answers holds up no API answer', async () => {
  const receiver = await startReceiver();
  let answered = 0;
  receiver.answer = () => ({ status: 200, delayMs: 60_000 });
  const server = await startTestServer('blog', {
    prepare: configure({
      timeout: '60s',
      endpoints: [
        { name: 'slow', url: receiver.url },
        { name: 'slow2', url: `${receiver.url}?2` },
      ],
    }),
  });
  try {
    await server.request('POST', '/api/articles', create('Slow 1'));
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 2,
    );
    // Both webhooks are now waiting for an answer that will not come for a minute; the API answers meanwhile.
    for (let n = 0; n < 20; n++) {
      const write = await server.request('POST', '/api/articles', create(`Slow write ${n}`));
      const read = await server.get('/api/articles?pagination[pageSize]=1');
      assert.equal([write.status, read.status], [201, 200]);
      answered++;
    }
    assert.is(answered, 20);
    assert.is(receiver.received.length, 2, 'deliveries to one webhook go one at a time');
  } finally {
    await server.close();
    await receiver.close();
  }
});

test('webhooks are reloaded with cms.config.json: a new one receives the next event, a removed one nothing', async () => {
  const first = await startReceiver();
  const second = await startReceiver();
  const server = await startTestServer('blog', { watch: true, prepare: configure([{ name: 'first', url: first.url, events: ['entry.create'] }]) });
  try {
    await server.request('POST', '/api/articles', create('Before'));
    await eventually(
      async () => first.received.length,
      (n) => n >= 1,
    );
    configure([{ name: 'second', url: second.url, events: ['entry.create'] }])(server.project);
    await eventually(
      async () => server.infos.some((line) => line.includes('reloaded')),
      (found) => found,
    );
    await server.request('POST', '/api/articles', create('After'));
    await eventually(
      async () => second.received.length,
      (n) => n >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.is(first.received.length, 1);
    assert.is(second.received[0]!.body.entry.title, 'After');
    assert.not.ok(server.logs.some((line) => line.includes('take effect after a restart')));
  } finally {
    await server.close();
    await first.close();
    await second.close();
  }
});

test.run();
