import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let kitchen: TestServer;
let blog: TestServer;

test.before(async () => {
  [kitchen, blog] = await Promise.all([startTestServer('kitchen-sink'), startTestServer('blog')]);
});
test.after(async () => {
  await Promise.all([kitchen.close(), blog.close()]);
});

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

test('a list answers {data, meta} as JSON', async () => {
  const response = await kitchen.get('/api/things');
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(Object.keys(response.body), ['data', 'meta']);
  assert.equal(
    response.body.data.map((d: { documentId: string }) => d.documentId),
    ['sparse', 'full', 'notes'],
  );
  assert.equal(response.body.meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 3 } });
});

test('one document answers {data, meta: {}}', async () => {
  const response = await kitchen.get('/api/things/full');
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(response.body.meta, {});
  assert.is(response.body.data.documentId, 'full');
  assert.ok(Number.isSafeInteger(response.body.data.id));
});

test('every scalar type is serialized as Strapi does', async () => {
  const { body } = await kitchen.get('/api/things/full');
  assert.equal(body.data, {
    id: body.data.id,
    documentId: 'full',
    title: 'Everything',
    summary: 'A plain text\nover two lines.',
    content: '# Heading\n\nSome *rich* text.',
    body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }],
    size: 'large',
    contact: 'cook@example.com',
    slug: 'everything',
    day: '2024-02-29',
    opensAt: '09:30:00.000',
    happenedAt: '2024-02-29T08:00:00.000Z',
    stamp: '1704164645000',
    count: 42,
    big: '9007199254740993',
    ratio: 0.25,
    price: 19.99,
    active: true,
    meta: { nested: { list: [1, 'two', null] }, flag: false },
    color: '#ff8800',
    createdAt: '2024-03-01T08:00:00.000Z',
    updatedAt: '2024-03-02T08:00:00.000Z',
    publishedAt: '2024-03-02T08:00:00.000Z',
  });
});

test('keys come in Strapi order: id, documentId, attributes in schema order, then timestamps', async () => {
  const { body } = await kitchen.get('/api/things/full');
  const keys = Object.keys(body.data);
  assert.equal(keys.slice(0, 2), ['id', 'documentId']);
  assert.equal(keys.slice(-3), ['createdAt', 'updatedAt', 'publishedAt']);
  assert.equal(keys.slice(2, 6), ['title', 'summary', 'content', 'body']);
});

const stored: { name: string; id: string; key: string; value: unknown }[] = [
  { name: 'a biginteger stored as a number is a string', id: 'sparse', key: 'big', value: '12' },
  { name: 'a time with one fraction digit gets three', id: 'sparse', key: 'opensAt', value: '23:59:59.500' },
  { name: 'a timestamp stored as epoch ms is a string', id: 'sparse', key: 'stamp', value: '1704164645000' },
  { name: 'an absent scalar is null', id: 'sparse', key: 'title', value: 'Sparse' },
  { name: 'an absent json is null', id: 'sparse', key: 'meta', value: null },
  { name: 'an absent boolean is null', id: 'sparse', key: 'active', value: null },
  { name: 'a Markdown body is the richtext attribute', id: 'notes', key: 'content', value: '# Notes\n\nWritten in *Markdown*.' },
  { name: 'an unquoted YAML date is a date', id: 'notes', key: 'day', value: '2024-03-05' },
  { name: 'an unquoted YAML time is a time', id: 'notes', key: 'opensAt', value: '10:30:00.000' },
];
for (const row of stored) {
  test(`scalar forms: ${row.name}`, async () => {
    const { body } = await kitchen.get(`/api/things/${row.id}`);
    assert.equal(body.data[row.key], row.value);
  });
}

test('password and private attributes are never in the output', async () => {
  for (const path of ['/api/things', '/api/things/full', '/api/things/full?populate=*', '/api/things?fields[0]=title']) {
    const { text } = await kitchen.get(path);
    assert.not.match(text, /hunter2|do not show|"pin"|"secret"/, path);
  }
});

test('relations, media, components and dynamic zones are absent unless populated', async () => {
  const plain = (await kitchen.get('/api/things/full')).body.data;
  for (const key of ['parent', 'picture', 'details', 'sections']) assert.not.ok(key in plain, key);

  const populated = (await kitchen.get('/api/things/full?populate=*')).body.data;
  assert.is(populated.parent.documentId, 'sparse');
  assert.equal(populated.details, { id: 1, label: 'Inline', note: 'A component' });
  assert.equal(populated.sections, [{ id: 1, label: 'In a zone', note: null, __component: 'kitchen.detail' }]);
  assert.is(populated.picture.url, '/uploads/photo.png');
  assert.equal([populated.picture.width, populated.picture.height, populated.picture.mime], [4, 3, 'image/png']);
  assert.not.ok('path' in populated.picture, 'the internal media path is not output');
});

test('a single type answers its document', async () => {
  const response = await kitchen.get('/api/settings');
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(response.body.meta, {});
  assert.is(response.body.data.siteName, 'Kitchen sink');
  assert.match(response.body.data.documentId, /^[a-z][a-z0-9]{23}$/);
  assert.not.ok('logo' in response.body.data);
  assert.is((await kitchen.get('/api/settings?populate=logo')).body.data.logo.url, '/uploads/photo.png');
  assert.is((await kitchen.get('/api/settings')).body.data.documentId, response.body.data.documentId, 'the documentId is stable');
});

const notFound: { name: string; path: string }[] = [
  { name: 'an unknown content type', path: '/api/nothings' },
  { name: 'an unknown document', path: '/api/articles/doesnotexist' },
  { name: 'a draft-only document without status', path: '/api/articles/evk8tg6571mbjyyajra4d0ca' },
  { name: 'a path outside the API', path: '/nowhere' },
  { name: 'the singular name of a collection type', path: '/api/article' },
];
for (const row of notFound) {
  test(`404 comes in Strapi's envelope: ${row.name}`, async () => {
    const response = await blog.get(row.path);
    assert.is(response.status, 404);
    assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(response.body, NOT_FOUND);
  });
}

test('a missing single type document is a 404', async () => {
  const server = await startTestServer('kitchen-sink', { prepare: (p) => p.remove('content/settings.json') });
  try {
    const response = await server.get('/api/settings');
    assert.is(response.status, 404);
    assert.equal(response.body, NOT_FOUND);
  } finally {
    await server.close();
  }
});

test('GET and HEAD /_health answer 204 with no body', async () => {
  const get = await blog.get('/_health');
  assert.is(get.status, 204);
  assert.is(get.text, '');
  assert.is((await blog.request('HEAD', '/_health')).status, 204);
});

test('a CORS preflight answers 204 allowing the origin, credentials and every method', async () => {
  const response = await blog.request('OPTIONS', '/api/articles', {
    headers: { origin: 'http://front.test:3000', 'access-control-request-method': 'POST' },
  });
  assert.is(response.status, 204);
  assert.is(response.headers.get('access-control-allow-origin'), 'http://front.test:3000');
  assert.is(response.headers.get('access-control-allow-credentials'), 'true');
  assert.is(response.headers.get('access-control-allow-methods'), 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS');
  assert.is(response.headers.get('access-control-allow-headers'), 'Content-Type,Authorization,Origin,Accept');
  assert.is(response.text, '');
});

test('a cross-origin GET echoes the origin and allows credentials', async () => {
  const response = await blog.get('/api/articles', { origin: 'http://front.test' });
  assert.is(response.status, 200);
  assert.is(response.headers.get('access-control-allow-origin'), 'http://front.test');
  assert.is(response.headers.get('access-control-allow-credentials'), 'true');
  assert.match(response.headers.get('vary') ?? '', /Origin/);
});

test('an error response keeps the CORS headers', async () => {
  const response = await blog.get('/api/articles/doesnotexist', { origin: 'http://front.test' });
  assert.is(response.status, 404);
  assert.is(response.headers.get('access-control-allow-origin'), 'http://front.test');
});

test('a bad query is a 400 ValidationError in the envelope', async () => {
  const response = await blog.get('/api/articles?filters[nope][$eq]=1');
  assert.is(response.status, 400);
  assert.is(response.body.data, null);
  assert.is(response.body.error.status, 400);
  assert.is(response.body.error.name, 'ValidationError');
});

test.run();
