import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually, startTestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

function withWebhook(url: string, extra: Record<string, unknown> = {}) {
  return (project: { read(rel: string): string; write(rel: string, content: object): void }) => {
    const config = JSON.parse(project.read('cms.config.json'));
    config.webhooks = { defaultHeaders: { 'X-Default': 'd' }, endpoints: [{ name: 'site', url, headers: { Authorization: 'Bearer abc' }, ...extra }] };
    project.write('cms.config.json', config);
  };
}

test('an API create of a draft-and-publish type posts entry.create then entry.publish, as Strapi', async () => {
  const receiver = await startReceiver();
  const server = await startTestServer('blog', { prepare: withWebhook(receiver.url) });
  try {
    const created = await server.request('POST', '/api/articles', { body: { data: { title: 'Webhooks', author: 'uqx84vzsfx8n4s3jmqvmxv37' } } });
    assert.is(created.status, 201);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 2,
    );
    const [first, second] = receiver.received;
    assert.is(first!.body.event, 'entry.create');
    assert.is(second!.body.event, 'entry.publish');
    assert.equal(Object.keys(first!.body), ['event', 'createdAt', 'model', 'uid', 'entry']);
    assert.is(first!.body.model, 'article');
    assert.is(first!.body.uid, 'api::article.article');
    assert.is(first!.body.entry.documentId, created.body.data.documentId);
    assert.is(first!.body.entry.publishedAt, null);
    assert.is(second!.body.entry.publishedAt, created.body.data.publishedAt);
    assert.is(second!.body.entry.author.name, 'Ada Lovelace');
    assert.is(first!.headers['x-strapi-event'], 'entry.create');
    assert.is(first!.headers['content-type'], 'application/json');
    assert.is(first!.headers['authorization'], 'Bearer abc');
    assert.is(first!.headers['x-default'], 'd');
    assert.is(first!.headers['x-cms-signature'], undefined);
    console.log(JSON.stringify(second!.body, null, 1));
  } finally {
    await server.close();
    await receiver.close();
  }
});

test.run();
