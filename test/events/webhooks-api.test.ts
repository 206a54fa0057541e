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
    // Exactly Strapi's body: media as {id}, relations with their scalars, components and zones populated.
    assert.equal(second!.body.entry.author, {
      id: second!.body.entry.author.id,
      documentId: 'uqx84vzsfx8n4s3jmqvmxv37',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      bio: 'First programmer.',
      createdAt: '2026-11-22T04:49:29.865Z',
      updatedAt: '2026-11-22T04:49:29.865Z',
      publishedAt: '2026-11-22T04:49:29.861Z',
    });
    assert.equal([second!.body.entry.cover, second!.body.entry.gallery, second!.body.entry.links, second!.body.entry.blocks], [null, [], [], []]);
    assert.is(first!.text, JSON.stringify(first!.body));
  } finally {
    await server.close();
    await receiver.close();
  }
});

test('update, draft update, delete and a media-heavy entry: the events Strapi sends for each', async () => {
  const receiver = await startReceiver();
  const server = await startTestServer('blog', { prepare: withWebhook(receiver.url, { events: ['entry.update', 'entry.delete', 'entry.publish'] }) });
  const id = 'n0rkkhkmxloujb87i7huf7if';
  try {
    assert.is((await server.request('PUT', `/api/articles/${id}?status=draft`, { body: { data: { title: 'Draft only' } } })).status, 200);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    assert.is((await server.request('PUT', `/api/articles/${id}`, { body: { data: { views: 6 } } })).status, 200);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 3,
    );
    assert.is((await server.request('DELETE', `/api/articles/${id}`)).status, 204);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 5,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const events = receiver.received.map((r) => `${r.body.event} ${r.body.model}`);
    assert.equal(
      events.filter((event) => event.endsWith('article')),
      ['entry.update', 'entry.update', 'entry.publish', 'entry.delete'].map((name) => `${name} article`),
    );
    // The homepage named the deleted article: the delete rewrote its file, which is a change of its own.
    assert.equal(
      events.filter((event) => !event.endsWith('article')),
      ['entry.update homepage'],
    );
    const [draft, , published] = receiver.received.map((r) => r.body.entry);
    assert.is(draft.title, 'Draft only');
    assert.is(draft.publishedAt, null);
    assert.is(published.views, 6);
    // Media as Strapi selects them ({id}), inside components and zones too.
    assert.equal(Object.keys(published.cover), ['id']);
    assert.equal(
      published.gallery.map((m: object) => Object.keys(m)),
      [['id'], ['id']],
    );
    assert.equal(Object.keys(published.seo.shareImage), ['id']);
    assert.equal(
      published.blocks.map((b: { __component: string }) => b.__component),
      ['shared.quote', 'shared.media-block', 'shared.rich-text'],
    );
    assert.equal(Object.keys(published.blocks[1].file), ['id']);
    assert.is(published.blocks[0].author.documentId, 'qlbzjy8ymwitxmczph8a7en0');
    assert.is(typeof published.links[0].id, 'number');
  } finally {
    await server.close();
    await receiver.close();
  }
});

test('private and password attributes are never in a body, at any depth', async () => {
  const receiver = await startReceiver();
  const server = await startTestServer('blog', {
    prepare: (project) => {
      withWebhook(receiver.url)(project);
      const schema = JSON.parse(project.read('schemas/author.json'));
      schema.attributes.secretNote = { type: 'string', private: true };
      schema.attributes.pin = { type: 'password' };
      project.write('schemas/author.json', schema);
      const author = JSON.parse(project.read('content/authors/uqx84vzsfx8n4s3jmqvmxv37.json'));
      project.write('content/authors/uqx84vzsfx8n4s3jmqvmxv37.json', {
        ...author,
        secretNote: 'TOP-SECRET',
        pin: '$2b$10$abcdefghijklmnopqrstuuIo7yOv5u4Dm3MQ7u8Q4MUpaxVQ1Vbxa',
      });
    },
  });
  try {
    assert.is((await server.request('POST', '/api/articles', { body: { data: { title: 'Private', author: 'uqx84vzsfx8n4s3jmqvmxv37' } } })).status, 201);
    assert.is(
      (await server.request('PUT', '/api/authors/uqx84vzsfx8n4s3jmqvmxv37', { body: { data: { bio: 'Changed', pin: 'new-password-1' } } })).status,
      200,
    );
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 3,
    );
    const author = receiver.received.find((r) => r.body.uid === 'api::author.author')!.body.entry;
    assert.is(author.bio, 'Changed');
    assert.is(receiver.received[1]!.body.entry.author.name, 'Ada Lovelace');
    for (const { text } of receiver.received) {
      assert.not.ok(text.includes('TOP-SECRET'), text);
      assert.not.ok(text.includes('secretNote') || text.includes('"pin"') || text.includes('$2b$'), text);
    }
  } finally {
    await server.close();
    await receiver.close();
  }
});

test.run();
