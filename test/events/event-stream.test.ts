import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type StreamClient, openEventStream } from '../helpers/event-stream-client.js';
import type { TempProject } from '../helpers/temp-project.js';
import { eventually, startTestServer } from '../helpers/test-server.js';

// GET /_events: the same events as webhooks, as Server-Sent Events, filtered to what the caller may
// find, resumable with Last-Event-ID.

const ARTICLE = 'content/articles/n0rkkhkmxloujb87i7huf7if.json';

const messages = (client: StreamClient) => client.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data));

test('a reader sees a change made on disk, with the webhook body, an id per event and the ready event first', async () => {
  const server = await startTestServer('blog', { watch: true });
  const client = await openEventStream(`${server.url}/_events`);
  try {
    assert.is(client.status, 200);
    assert.match(client.headers.get('content-type') ?? '', /^text\/event-stream/);
    await eventually(
      async () => client.events.length,
      (n) => n >= 1,
    );
    assert.is(client.events[0]!.event, 'ready');
    const data = JSON.parse(server.project.read(ARTICLE));
    server.project.write(ARTICLE, { ...data, title: 'Seen live' });
    await eventually(
      async () => messages(client).length,
      (n) => n >= 2,
    );
    const [update, publish] = messages(client);
    assert.equal([update.event, publish.event], ['entry.update', 'entry.publish']);
    assert.is(update.entry.title, 'Seen live');
    assert.equal(Object.keys(update), ['event', 'createdAt', 'model', 'uid', 'entry']);
    const ids = client.events.filter((event) => event.event === 'message').map((event) => event.id);
    assert.ok(ids.every((id) => id !== undefined) && new Set(ids).size === ids.length);
  } finally {
    client.close();
    await server.close();
  }
});

test('a reader that reconnects with Last-Event-ID gets exactly the events it missed, in order; an unknown id gets reset', async () => {
  const server = await startTestServer('blog');
  try {
    const first = await openEventStream(`${server.url}/_events`);
    await server.request('POST', '/api/articles', { body: { data: { title: 'One' } } });
    await eventually(
      async () => messages(first).length,
      (n) => n >= 2,
    );
    const lastId = first.events.filter((event) => event.id !== undefined).at(-1)!.id!;
    first.close();
    await server.request('POST', '/api/articles', { body: { data: { title: 'Two' } } });
    await server.request('POST', '/api/articles?status=draft', { body: { data: { title: 'Three' } } });
    const second = await openEventStream(`${server.url}/_events`, { 'Last-Event-ID': lastId });
    await eventually(
      async () => messages(second).length,
      (n) => n >= 3,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(
      messages(second).map((body) => `${body.event} ${body.entry.title}`),
      ['entry.create Two', 'entry.publish Two', 'entry.create Three'],
    );
    // No gap: the ids follow the last one seen.
    const seq = (id: string) => Number(id.split('-')[1]);
    const ids = second.events.filter((event) => event.event === 'message').map((event) => seq(event.id!));
    assert.equal(ids, [seq(lastId) + 1, seq(lastId) + 2, seq(lastId) + 3]);
    second.close();
    const stale = await openEventStream(`${server.url}/_events`, { 'Last-Event-ID': 'zzzz-1' });
    await eventually(
      async () => stale.events.length,
      (n) => n >= 1,
    );
    assert.is(stale.events[0]!.event, 'reset');
    stale.close();
  } finally {
    await server.close();
  }
});

test('events are filtered to the types the caller may find; relations to types it may not are left out; bad credentials are a 401', async () => {
  const server = await startTestServer('blog', {
    watch: true,
    prepare: (project: TempProject) => {
      const config = JSON.parse(project.read('cms.config.json'));
      config.permissions.public = config.permissions.public.filter((action: string) => !action.startsWith('api::author.author.find'));
      project.write('cms.config.json', config);
    },
  });
  try {
    const refused = await fetch(`${server.url}/_events`, { headers: { Authorization: 'Bearer nonsense' } });
    assert.is(refused.status, 401);
    assert.is(((await refused.json()) as { error: { message: string } }).error.message, 'Missing or invalid credentials');
    const client = await openEventStream(`${server.url}/_events`);
    await server.request('POST', '/api/authors', { body: { data: { name: 'Hidden' } } });
    // The public role may not set a relation to authors through the API: the file is written by hand.
    server.project.write('content/articles/visible.json', { title: 'Visible', author: 'uqx84vzsfx8n4s3jmqvmxv37', publishedAt: '2026-01-01T00:00:00.000Z' });
    await eventually(
      async () => messages(client).length,
      (n) => n >= 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const bodies = messages(client);
    assert.equal(
      bodies.map((body) => body.uid),
      ['api::article.article', 'api::article.article'],
    );
    assert.is(bodies[1].entry.author, undefined);
    assert.is(bodies[1].entry.title, 'Visible');
    assert.equal(bodies[1].entry.seo, null);
    client.close();
  } finally {
    await server.close();
  }
});

test('closing the server ends open streams', async () => {
  const server = await startTestServer('blog');
  const client = await openEventStream(`${server.url}/_events`);
  await eventually(
    async () => client.events.length,
    (n) => n >= 1,
  );
  await server.close();
  await client.ended;
  assert.ok(true);
});

test.run();
