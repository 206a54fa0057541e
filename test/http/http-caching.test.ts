import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

let server: TestServer;

test.before.each(async () => {
  server = await startTestServer('blog', {
    watch: true,
    prepare: (project) => {
      const config = JSON.parse(project.read('cms.config.json'));
      config.api.rest.cacheControl = { default: 'no-cache', articles: 'public, max-age=60' };
      project.write('cms.config.json', config);
    },
  });
});
test.after.each(async () => {
  await server.close();
});

const HELLO = '/api/articles/n0rkkhkmxloujb87i7huf7if';
const ADA = '/api/authors/uqx84vzsfx8n4s3jmqvmxv37';

test('a GET answer carries a strong ETag; the same If-None-Match gets a 304 with the same headers and no body', async () => {
  const first = await server.get(HELLO);
  const etag = first.headers.get('etag')!;
  assert.match(etag, /^"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
  assert.is(first.headers.get('cache-control'), 'public, max-age=60');
  assert.match(first.headers.get('vary') ?? '', /Authorization/);
  const again = await server.get(HELLO, { 'If-None-Match': etag });
  assert.is(again.status, 304);
  assert.is(again.text, '');
  assert.is(again.headers.get('etag'), etag);
  assert.is(again.headers.get('cache-control'), 'public, max-age=60');
  assert.match(again.headers.get('vary') ?? '', /Authorization/);
});

test('If-None-Match compares weakly, takes lists and *, and a different tag gets the full answer', async () => {
  const etag = (await server.get('/api/articles')).headers.get('etag')!;
  const cases: [string, number][] = [
    [`W/${etag}`, 304],
    [`"nope", ${etag}`, 304],
    [`"a,b" ,W/"x", ${etag}`, 304],
    ['*', 304],
    ['"nope"', 200],
    [etag.slice(0, -2) + '"', 200],
    ['garbage', 200],
  ];
  for (const [header, status] of cases) {
    const response = await server.get('/api/articles', { 'If-None-Match': header });
    assert.is(response.status, status, header);
    if (status === 200) assert.is(response.headers.get('etag'), etag, header);
  }
});

test('a changed document changes the ETag of every answer that shows it: itself, a list, a populate from another type', async () => {
  const paths = [HELLO, '/api/articles', `${ADA}?populate=articles`, '/api/authors?populate[articles][fields][0]=title'];
  const before = new Map<string, string>();
  for (const path of paths) before.set(path, (await server.get(path)).headers.get('etag')!);
  const file = 'content/articles/n0rkkhkmxloujb87i7huf7if.json';
  server.project.write(file, { ...JSON.parse(server.project.read(file)), title: 'Hello again' });
  await eventually(
    () => server.get(HELLO),
    (response) => response.body.data.title === 'Hello again',
  );
  for (const path of paths) {
    const stale = await server.get(path, { 'If-None-Match': before.get(path)! });
    assert.is(stale.status, 200, path);
    assert.ok(stale.text.includes('Hello again'), path);
    assert.is.not(stale.headers.get('etag'), before.get(path), path);
    const fresh = await server.get(path, { 'If-None-Match': stale.headers.get('etag')! });
    assert.is(fresh.status, 304, path);
  }
});

test('answers of other types take the default Cache-Control; an answer for other credentials is another answer', async () => {
  const authors = await server.get('/api/authors');
  assert.is(authors.headers.get('cache-control'), 'no-cache');
  const v4 = await server.get('/api/authors', { 'Strapi-Response-Format': 'v4', 'If-None-Match': authors.headers.get('etag')! });
  assert.is(v4.status, 200, 'the v4 shape is another representation');
  const denied = await server.get('/api/authors', { Authorization: 'Bearer nope', 'If-None-Match': authors.headers.get('etag')! });
  assert.is(denied.status, 401, 'credentials are checked before any 304');
});

test('the media library, users-permissions-free routes and locales are tagged too; only routes behind a permission vary by Authorization', async () => {
  for (const path of ['/api/upload/files', '/api/upload/files/page', '/api/i18n/locales']) {
    const first = await server.get(path);
    assert.is(first.status, 200, path);
    const etag = first.headers.get('etag');
    assert.ok(etag, path);
    assert.is((await server.get(path, { 'If-None-Match': etag! })).status, 304, path);
  }
  assert.match((await server.get('/api/upload/files')).headers.get('vary') ?? '', /Authorization/);
  assert.not.match((await server.get('/api/i18n/locales')).headers.get('vary') ?? '', /Authorization/);
});

test('writes and errors carry no ETag', async () => {
  const missing = await server.get('/api/articles/nope');
  assert.is(missing.status, 404);
  assert.is(missing.headers.get('etag'), null);
  const created = await server.request('POST', '/api/authors', { body: { data: { name: 'Grace' } } });
  assert.is(created.status, 201);
  assert.is(created.headers.get('etag'), null);
});

test.run();
