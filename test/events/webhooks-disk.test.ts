import { execFileSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TempProject } from '../helpers/temp-project.js';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';
import { type WebhookReceiver, startReceiver } from '../helpers/webhook-receiver.js';

// Changes made on disk (hand edits, new and removed files, media, a git checkout) post the same
// events an API write does, derived from the index before and after.

const ARTICLE = 'content/articles/n0rkkhkmxloujb87i7huf7if.json';

function addWebhook(project: TempProject, url: string): void {
  const config = JSON.parse(project.read('cms.config.json'));
  config.webhooks = [{ name: 'site', url }];
  project.write('cms.config.json', config);
}

async function withWatchedServer(
  run: (server: TestServer, receiver: WebhookReceiver) => Promise<void>,
  prepare?: (project: TempProject) => void,
): Promise<void> {
  const receiver = await startReceiver();
  const server = await startTestServer('blog', {
    watch: true,
    prepare: (project) => {
      prepare?.(project);
      addWebhook(project, receiver.url);
    },
  });
  try {
    await run(server, receiver);
  } finally {
    await server.close();
    await receiver.close();
  }
}

function names(receiver: WebhookReceiver): string[] {
  return receiver.received.map((r) => `${r.body.event} ${r.body.entry?.documentId ?? r.body.media?.name}`);
}

test('a hand edit of a published document: entry.update (its draft) then entry.publish', async () => {
  await withWatchedServer(async (server, receiver) => {
    const data = JSON.parse(server.project.read(ARTICLE));
    server.project.write(ARTICLE, { ...data, title: 'Edited by hand' });
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 2,
    );
    assert.equal(names(receiver), ['entry.update n0rkkhkmxloujb87i7huf7if', 'entry.publish n0rkkhkmxloujb87i7huf7if']);
    assert.is(receiver.received[0]!.body.entry.title, 'Edited by hand');
    assert.is(receiver.received[0]!.body.entry.publishedAt, null);
    assert.is(receiver.received[1]!.body.entry.publishedAt, data.publishedAt);
    assert.is(receiver.received[1]!.headers['x-strapi-event'], 'entry.publish');
  });
});

test('a new draft file is entry.create; publishing it by setting publishedAt is entry.publish alone; unsetting it entry.unpublish', async () => {
  await withWatchedServer(async (server, receiver) => {
    const file = 'content/articles/by-hand.json';
    const draft = { title: 'By hand', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt: null };
    server.project.write(file, draft);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    server.project.write(file, { ...draft, publishedAt: '2026-01-02T00:00:00.000Z' });
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 2,
    );
    server.project.write(file, draft);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 3,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(names(receiver), ['entry.create by-hand', 'entry.publish by-hand', 'entry.unpublish by-hand']);
    assert.is(receiver.received[1]!.body.entry.publishedAt, '2026-01-02T00:00:00.000Z');
    // Unpublished and deleted entries are the row Strapi removed: not populated.
    assert.is(receiver.received[2]!.body.entry.author, undefined);
    assert.is(receiver.received[2]!.body.entry.title, 'By hand');
  });
});

test('a removed file is one entry.delete, not populated', async () => {
  await withWatchedServer(async (server, receiver) => {
    server.project.remove(ARTICLE);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(names(receiver), ['entry.delete n0rkkhkmxloujb87i7huf7if']);
    const entry = receiver.received[0]!.body.entry;
    assert.is(entry.title, 'Hello World');
    assert.is(entry.author, undefined);
    assert.ok(entry.publishedAt !== null);
  });
});

test('a media file dropped into uploads/ is media.create with the file record; removing it media.delete', async () => {
  await withWatchedServer(async (server, receiver) => {
    const png = server.project.read('uploads/red_pixel_3285557a91.png');
    server.project.write('uploads/dropped.txt', 'hello');
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    const created = receiver.received[0]!.body;
    assert.equal(Object.keys(created), ['event', 'createdAt', 'media']);
    assert.is(created.event, 'media.create');
    assert.is(created.media.url, '/uploads/dropped.txt');
    assert.is(created.media.name, 'dropped.txt');
    server.project.remove('uploads/dropped.txt');
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 2,
    );
    assert.is(receiver.received[1]!.body.event, 'media.delete');
    assert.ok(png.length > 0);
  });
});

test('a git checkout of another branch posts one event per changed document, nothing for the rest', async () => {
  const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' }).toString();
  await withWatchedServer(
    async (server, receiver) => {
      git(server.project.dir, 'checkout', '-q', 'other');
      await eventually(
        async () => receiver.received.length,
        (n) => n >= 4,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(names(receiver).sort(), [
        'entry.create from-branch',
        'entry.delete ym3ujlr8u31woavwnw3hg7qx',
        'entry.publish n0rkkhkmxloujb87i7huf7if',
        'entry.update n0rkkhkmxloujb87i7huf7if',
      ]);
    },
    (project) => {
      const dir = project.dir;
      git(dir, 'init', '-q', '-b', 'main');
      git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '-A');
      git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'main');
      git(dir, 'checkout', '-q', '-b', 'other');
      const data = JSON.parse(project.read(ARTICLE));
      project.write(ARTICLE, { ...data, title: 'On the other branch' });
      project.write('content/articles/from-branch.json', {
        title: 'From branch',
        publishedAt: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
      project.remove('content/articles/ym3ujlr8u31woavwnw3hg7qx.json');
      git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '-A');
      git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'other');
      git(dir, 'checkout', '-q', 'main');
    },
  );
});

test('a schema reload sends nothing for documents it leaves as they were, and the events of those it changed', async () => {
  await withWatchedServer(async (server, receiver) => {
    const schema = JSON.parse(server.project.read('schemas/category.json'));
    schema.attributes.note = { type: 'string' };
    server.project.write('schemas/category.json', schema);
    await eventually(
      async () => server.infos.some((line) => line.includes('schemas reloaded')),
      (found) => found,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(names(receiver), []);
    // A reload that also finds a removed file (a checkout that changed schemas and content) reports it.
    server.project.remove('content/articles/ym3ujlr8u31woavwnw3hg7qx.json');
    schema.attributes.other = { type: 'string' };
    server.project.write('schemas/category.json', schema);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(names(receiver), ['entry.delete ym3ujlr8u31woavwnw3hg7qx']);
  });
});

test('a burst of 300 new files: one entry.create per document, each once, in order of the batch', async () => {
  await withWatchedServer(async (server, receiver) => {
    const ids = Array.from({ length: 300 }, (_, n) => `burst-${String(n).padStart(3, '0')}`);
    for (const id of ids) {
      server.project.write(`content/articles/${id}.json`, {
        title: `Burst ${id}`,
        publishedAt: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
    }
    // The server keeps answering while the burst is delivered.
    const answer = await server.get('/api/articles?pagination[pageSize]=1');
    assert.is(answer.status, 200);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 300,
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.is(receiver.received.length, 300);
    assert.equal(
      names(receiver).sort(),
      ids.map((id) => `entry.create ${id}`),
    );
  });
});

test.run();
