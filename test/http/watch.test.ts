import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestResponse, type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

let blog: TestServer;
let kitchen: TestServer;

test.before(async () => {
  [blog, kitchen] = await Promise.all([
    startTestServer('blog', { watch: true, prepare: (p) => p.remove('content/categories') }),
    startTestServer('kitchen-sink', { watch: true }),
  ]);
});
test.after(async () => {
  await Promise.all([blog.close(), kitchen.close()]);
});

const ARTICLE = 'content/articles/n0rkkhkmxloujb87i7huf7if.json';

function readJson(server: TestServer, rel: string): any {
  return JSON.parse(server.project.read(rel));
}

/** Polls `path` until `accept` holds, and fails the test when it never does. */
async function until(server: TestServer, path: string, accept: (response: TestResponse) => boolean): Promise<TestResponse> {
  const response = await eventually(() => server.get(path), accept);
  assert.ok(accept(response), `GET ${path} never gave the expected answer; last: ${response.status} ${response.text.slice(0, 300)}`);
  return response;
}

async function untilLogged(server: TestServer, pattern: RegExp): Promise<string> {
  const line = await eventually(
    async () => server.logs.find((entry) => pattern.test(entry)),
    (entry) => entry !== undefined,
  );
  assert.ok(line, `nothing logged matching ${pattern}; logs: ${server.logs.join(' | ')}`);
  return line;
}

async function untilProblemGone(server: TestServer, rel: string): Promise<void> {
  const has = await eventually(
    async () => server.server.project.current.problems.has(rel),
    (value) => !value,
  );
  assert.not.ok(has, `${rel} still has a problem`);
}

test('editing a content file shows in the next GET', async () => {
  const data = readJson(blog, ARTICLE);
  blog.project.write(ARTICLE, { ...data, title: 'Edited on disk' });
  const response = await until(blog, '/api/articles/n0rkkhkmxloujb87i7huf7if', (r) => r.body?.data?.title === 'Edited on disk');
  assert.is(response.body.data.title, 'Edited on disk');
});

test('adding a content file shows in the list', async () => {
  blog.project.write('content/articles/added-on-disk.json', {
    title: 'Added on disk',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    publishedAt: '2030-01-01T00:00:00.000Z',
  });
  const response = await until(blog, '/api/articles', (r) => r.body?.data?.some((d: { documentId: string }) => d.documentId === 'added-on-disk'));
  assert.is(response.body.data.at(-1).documentId, 'added-on-disk');
  assert.is(response.body.meta.pagination.total, 11);
});

test('deleting a content file makes the document 404', async () => {
  blog.project.remove('content/articles/added-on-disk.json');
  const response = await until(blog, '/api/articles/added-on-disk', (r) => r.status === 404);
  assert.is(response.status, 404);
  assert.is((await blog.get('/api/articles')).body.meta.pagination.total, 10);
});

test('the files of a content folder created after the start are served', async () => {
  assert.is((await blog.get('/api/categories')).body.data.length, 0);
  blog.project.write('content/categories/late-one.json', { name: 'Late one', createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-01T00:00:00.000Z' });
  blog.project.write('content/categories/late-two.json', { name: 'Late two', createdAt: '2030-01-02T00:00:00.000Z', updatedAt: '2030-01-02T00:00:00.000Z' });
  const response = await until(blog, '/api/categories', (r) => r.body?.data?.length === 2);
  assert.equal(
    response.body.data.map((d: { name: string }) => d.name),
    ['Late one', 'Late two'],
  );
  // Files written later into the new folder are seen too: the folder itself is now watched.
  blog.project.write('content/categories/late-three.json', {
    name: 'Late three',
    createdAt: '2030-01-03T00:00:00.000Z',
    updatedAt: '2030-01-03T00:00:00.000Z',
  });
  assert.is((await until(blog, '/api/categories', (r) => r.body?.data?.length === 3)).body.data.length, 3);
});

test('removing a content folder removes its documents; creating it again brings them back', async () => {
  const saved = blog.project.read('content/categories/late-one.json');
  blog.project.remove('content/categories');
  await until(blog, '/api/categories', (r) => r.body?.data?.length === 0);
  blog.project.write('content/categories/late-one.json', saved);
  const back = await until(blog, '/api/categories', (r) => r.body?.data?.length === 1);
  assert.is(back.body.data[0].name, 'Late one');
  // The recreated folder is watched again.
  blog.project.write('content/categories/late-one.json', saved.replace('Late one', 'Late one, edited'));
  await until(blog, '/api/categories', (r) => r.body?.data?.[0]?.name === 'Late one, edited');
});

test('a malformed JSON edit keeps the last good version and warns with file, line and column; fixing it clears it', async () => {
  const good = readJson(blog, ARTICLE);
  blog.project.write(ARTICLE, '{\n  "title": "Half written",\n  "views": ,\n}\n');
  const warning = await untilLogged(blog, /n0rkkhkmxloujb87i7huf7if\.json/);
  assert.is(warning, `warn: ${ARTICLE}:3:12: invalid JSON: Unexpected token ',' (serving its last good version)`);
  const kept = await blog.get('/api/articles/n0rkkhkmxloujb87i7huf7if');
  assert.is(kept.status, 200);
  assert.is(kept.body.data.title, 'Edited on disk');
  assert.ok(blog.server.project.current.problems.has(ARTICLE));

  blog.project.write(ARTICLE, { ...good, title: 'Fixed again' });
  await until(blog, '/api/articles/n0rkkhkmxloujb87i7huf7if', (r) => r.body?.data?.title === 'Fixed again');
  await untilProblemGone(blog, ARTICLE);
});

test('a schema problem in an edit is reported at the line of the key', async () => {
  const good = readJson(blog, ARTICLE);
  const text = `${JSON.stringify({ ...good, views: 'many' }, null, 2)}\n`;
  const line = text.split('\n').findIndex((l) => l.startsWith('  "views"')) + 1;
  blog.project.write(ARTICLE, text);
  const warning = await untilLogged(blog, /views: expected an integer/);
  assert.is(warning, `warn: ${ARTICLE}:${line}:1: views: expected an integer, got "many" (serving its last good version)`);
  blog.project.write(ARTICLE, good);
  await untilProblemGone(blog, ARTICLE);
});

test('a Markdown front-matter error is reported with its line the same way', async () => {
  const rel = 'content/things/notes.md';
  const good = kitchen.project.read(rel);
  kitchen.project.write(rel, '---\ntitle: Notes\nday: : 2024\n---\nBody\n');
  const warning = await untilLogged(kitchen, /notes\.md/);
  assert.match(warning, /^warn: content\/things\/notes\.md:3:\d+: invalid front matter: .+ \(serving its last good version\)$/);
  assert.is((await kitchen.get('/api/things/notes')).body.data.title, 'Notes in Markdown');
  kitchen.project.write(rel, good.replace('Notes in Markdown', 'Notes, fixed'));
  await until(kitchen, '/api/things/notes', (r) => r.body?.data?.title === 'Notes, fixed');
  await untilProblemGone(kitchen, rel);
});

const badNames: { name: string; rel: string; message: RegExp }[] = [
  { name: 'a documentId with ".."', rel: 'content/articles/a..b.json', message: /file names are <documentId>/ },
  { name: 'an uppercase documentId', rel: 'content/articles/Shouting.json', message: /invalid documentId "Shouting"/ },
  { name: 'an unknown collection folder', rel: 'content/posts/hello.json', message: /no collection type with pluralName "posts"/ },
];
for (const row of badNames) {
  test(`a content file with an invalid name is reported and skipped while the rest is served: ${row.name}`, async () => {
    blog.project.write(row.rel, { title: 'Should not be served' });
    const warning = await untilLogged(blog, new RegExp(row.rel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.match(warning, row.message);
    assert.match(warning, /\(skipped\)$/);
    const list = await blog.get('/api/articles');
    assert.is(list.status, 200);
    assert.not.match(list.text, /Should not be served/);
    blog.project.remove(row.rel);
    await untilProblemGone(blog, row.rel);
  });
}

test('hidden and temporary files are not reported', async () => {
  blog.project.write('content/articles/.draft-in-editor.json', '{ not json');
  blog.project.write('content/articles/notes.txt', 'scratch');
  // A real edit after them: once it is served, the hidden files have been seen too.
  const data = readJson(blog, ARTICLE);
  blog.project.write(ARTICLE, { ...data, title: 'After hidden files' });
  await until(blog, '/api/articles/n0rkkhkmxloujb87i7huf7if', (r) => r.body?.data?.title === 'After hidden files');
  assert.equal(
    blog.logs.filter((line) => /draft-in-editor|notes\.txt/.test(line)),
    [],
  );
});

test('an upload added and removed shows in populated media', async () => {
  const data = readJson(blog, ARTICLE);
  blog.project.write(ARTICLE, { ...data, gallery: ['later/arrived.png'] });
  const url = '/api/articles/n0rkkhkmxloujb87i7huf7if?populate=gallery';
  await until(blog, url, (r) => Array.isArray(r.body?.data?.gallery) && r.body.data.gallery.length === 0);

  fs.mkdirSync(path.join(blog.project.dir, 'uploads/later'));
  fs.copyFileSync(path.join(blog.project.dir, 'uploads/red_pixel_3285557a91.png'), path.join(blog.project.dir, 'uploads/later/arrived.png'));
  const withMedia = await until(blog, url, (r) => r.body?.data?.gallery?.length === 1);
  assert.is(withMedia.body.data.gallery[0].url, '/uploads/later/arrived.png');
  assert.is(withMedia.body.data.gallery[0].name, 'arrived.png');

  blog.project.write('uploads/later/arrived.png.meta.json', { alternativeText: 'Arrived later' });
  const described = await until(blog, url, (r) => r.body?.data?.gallery?.[0]?.alternativeText === 'Arrived later');
  assert.is(described.body.data.gallery[0].alternativeText, 'Arrived later');

  blog.project.remove('uploads/later/arrived.png');
  const gone = await until(blog, url, (r) => r.body?.data?.gallery?.length === 0);
  assert.equal(gone.body.data.gallery, []);
});

test('an upload written twice in quick succession is read in its final form', async () => {
  const data = readJson(blog, ARTICLE);
  blog.project.write(ARTICLE, { ...data, gallery: ['quick.png'] });
  blog.project.write('uploads/quick.png', 'placeholder');
  const url = '/api/articles/n0rkkhkmxloujb87i7huf7if?populate=gallery';
  await until(blog, url, (r) => r.body?.data?.gallery?.[0]?.size === 0.01);
  // Two saves of an existing file, 15 ms apart: the second one is what must be served.
  blog.project.write('uploads/quick.png', 'placeholder, second save');
  await new Promise((resolve) => setTimeout(resolve, 15));
  fs.copyFileSync(path.join(blog.project.dir, 'uploads/red_pixel_3285557a91.png'), path.join(blog.project.dir, 'uploads/quick.png'));
  const response = await until(blog, url, (r) => r.body?.data?.gallery?.[0]?.width === 4);
  assert.equal([response.body.data.gallery[0].width, response.body.data.gallery[0].height, response.body.data.gallery[0].size], [4, 3, 0.14]);
});

test('a broken schema edit keeps the previous schemas and warns; a good one is applied', async () => {
  const rel = 'schemas/settings.json';
  const schema = JSON.parse(kitchen.project.read(rel));
  kitchen.project.write(rel, '{\n  "kind": "singleType",\n  "info": ,\n}\n');
  const warning = await untilLogged(kitchen, /schemas\/settings\.json/);
  assert.is(warning, "warn: schemas/settings.json:3:11: invalid JSON: Unexpected token ',' (keeping the previous schemas)");
  assert.is((await kitchen.get('/api/settings')).body.data.siteName, 'Kitchen sink');

  schema.attributes.tagline = { type: 'string', default: 'unused' };
  kitchen.project.write(rel, schema);
  kitchen.project.write('content/settings.json', { ...JSON.parse(kitchen.project.read('content/settings.json')), tagline: 'Everything and more' });
  const response = await until(kitchen, '/api/settings', (r) => r.body?.data?.tagline === 'Everything and more');
  assert.is(response.body.data.siteName, 'Kitchen sink');
});

test('a project started without content/ or uploads/ serves them once they appear', async () => {
  const server = await startTestServer('kitchen-sink', {
    watch: true,
    prepare: (p) => {
      p.remove('content');
      p.remove('uploads');
    },
  });
  try {
    assert.is((await server.get('/api/things')).body.data.length, 0);
    server.project.write('content/things/first.json', {
      title: 'First',
      picture: 'late.png',
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
    await until(server, '/api/things', (r) => r.body?.data?.[0]?.title === 'First');
    server.project.write('content/things/first.json', {
      title: 'First, edited',
      picture: 'late.png',
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
    await until(server, '/api/things', (r) => r.body?.data?.[0]?.title === 'First, edited');
    server.project.write('uploads/late.png', 'not really a picture');
    const populated = await until(
      server,
      '/api/things?populate=picture',
      (r) => r.body?.data?.[0]?.picture !== null && r.body?.data?.[0]?.picture !== undefined,
    );
    assert.is(populated.body.data[0].picture.url, '/uploads/late.png');

    // content/ removed and created again (a branch switch can do that): still followed.
    const saved = server.project.read('content/things/first.json');
    server.project.remove('content');
    await until(server, '/api/things', (r) => r.body?.data?.length === 0);
    server.project.write('content/things/first.json', saved);
    await until(server, '/api/things', (r) => r.body?.data?.length === 1);
    server.project.write('content/things/second.json', { title: 'Second' });
    await until(server, '/api/things', (r) => r.body?.data?.length === 2);
  } finally {
    await server.close();
  }
});

test.run();
