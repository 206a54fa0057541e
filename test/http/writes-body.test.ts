import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// The checks a write body goes through before validation: the {data} envelope, the JSON parser,
// the size limit, and the keys Strapi refuses.

let blog: TestServer;
let rules: TestServer;

test.before(async () => {
  [blog, rules] = await Promise.all([startTestServer('blog'), startTestServer('writes-rules')]);
});
test.after(async () => {
  await Promise.all([blog.close(), rules.close()]);
});

const MISSING_DATA = { data: null, error: { status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body', details: {} } };

const missing: { name: string; method: string; path: string; body: string; type?: string }[] = [
  { name: 'no data wrapper (recorded #128)', method: 'POST', path: '/api/articles', body: '{"title":"No wrapper"}' },
  { name: 'an empty body (recorded #136)', method: 'POST', path: '/api/articles', body: '' },
  { name: 'a text/plain body (recorded #137)', method: 'POST', path: '/api/articles', body: '{"data":{"title":"plain"}}', type: 'text/plain' },
  { name: 'a form body', method: 'POST', path: '/api/articles', body: 'data[title]=x', type: 'application/x-www-form-urlencoded' },
  { name: 'data null', method: 'POST', path: '/api/articles', body: '{"data":null}' },
  { name: 'data a string', method: 'POST', path: '/api/articles', body: '{"data":"x"}' },
  { name: 'a JSON array', method: 'POST', path: '/api/articles', body: '[{"data":{"title":"x"}}]' },
  { name: 'an update without the wrapper (recorded #150)', method: 'PUT', path: '/api/articles/z041qrnkdex5f4439ngy6wuh', body: '{"views":1}' },
  { name: 'a single type update without the wrapper', method: 'PUT', path: '/api/homepage', body: '{"heroTitle":"x"}' },
];

for (const row of missing) {
  test(`a body without {data: {...}} is refused: ${row.name}`, async () => {
    const response = await blog.request(row.method, row.path, { body: row.body, headers: { 'content-type': row.type ?? 'application/json' } });
    assert.is(response.status, 400);
    assert.equal(response.body, MISSING_DATA);
  });
}

test('data as an array answers the yup object error (recorded #129)', async () => {
  const response = await blog.request('POST', '/api/articles', { body: { data: [{ title: 'x' }] } });
  const message = 'this must be a `object` type, but the final value was: `null` (cast from the value `[\n  {\n    "title": "\\"x\\""\n  }\n]`).';
  assert.is(response.status, 400);
  assert.equal(response.body, {
    data: null,
    error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: [], message, name: 'ValidationError', value: null }] } },
  });
});

test('malformed JSON is a 400 SyntaxError without details (recorded #135)', async () => {
  const response = await blog.request('POST', '/api/articles', { body: '{"data": {"title": "oops",' });
  assert.is(response.status, 400);
  assert.equal(Object.keys(response.body.error), ['status', 'name', 'message']);
  assert.is(response.body.data, null);
  assert.is(response.body.error.status, 400);
  assert.is(response.body.error.name, 'SyntaxError');
  // Node 20 stops at "position 26"; later versions add the line and column.
  assert.ok(response.body.error.message.startsWith('Expected double-quoted property name in JSON at position 26'), response.body.error.message);
});

test('a body over limits.bodyBytes is a 413 and writes nothing', async () => {
  const before = (await rules.get('/api/gadgets')).body.meta.pagination.total;
  const response = await rules.request('POST', '/api/gadgets', { body: { data: { name: 'Big', meta: { text: 'x'.repeat(5000) } } } });
  assert.is(response.status, 413);
  assert.equal(response.body, { data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'request entity too large' } });
  assert.is((await rules.get('/api/gadgets')).body.meta.pagination.total, before);
});

test('a body just under limits.bodyBytes is accepted', async () => {
  const response = await rules.request('POST', '/api/gadgets', { body: { data: { name: 'Big', meta: { text: 'x'.repeat(3500) } } } });
  assert.is(response.status, 201, response.text);
});

const invalidKeys: { name: string; path: string; data: Record<string, unknown>; message: string; details: Record<string, unknown> }[] = [
  {
    name: 'an unknown attribute (recorded #123)',
    path: '/api/articles',
    data: { title: 'Unknown attr', nope: 1 },
    message: 'Invalid key nope',
    details: { key: 'nope', path: null, source: 'body' },
  },
  {
    name: 'id (recorded #130)',
    path: '/api/articles',
    data: { title: 'With ids', id: 999, documentId: 'abcdefabcdefabcdefabcdef' },
    message: 'Invalid key id',
    details: { key: 'id', source: 'body' },
  },
  {
    name: 'documentId',
    path: '/api/articles',
    data: { title: 'x', documentId: 'abcdefabcdefabcdefabcdef' },
    message: 'Invalid key documentId',
    details: { key: 'documentId', source: 'body' },
  },
  {
    name: 'createdAt',
    path: '/api/articles',
    data: { title: 'x', createdAt: '2020-01-01T00:00:00.000Z' },
    message: 'Invalid key createdAt',
    details: { key: 'createdAt', source: 'body' },
  },
  {
    name: 'updatedAt',
    path: '/api/authors',
    data: { name: 'x', updatedAt: '2020-01-01T00:00:00.000Z' },
    message: 'Invalid key updatedAt',
    details: { key: 'updatedAt', source: 'body' },
  },
  {
    name: 'a single type (recorded #154)',
    path: '/api/homepage',
    data: { nope: 1 },
    message: 'Invalid key nope',
    details: { key: 'nope', path: null, source: 'body' },
  },
  {
    name: 'inside a repeatable component (recorded #132)',
    path: '/api/articles',
    data: { title: 'Bad component', links: [{ label: 'x', nope: 1 }] },
    message: 'Invalid key nope at links',
    details: { key: 'nope', path: 'links', source: 'body' },
  },
  {
    name: 'inside a single component',
    path: '/api/articles',
    data: { title: 'x', seo: { metaTitle: 'm', nope: 1 } },
    message: 'Invalid key nope at seo',
    details: { key: 'nope', path: 'seo', source: 'body' },
  },
  {
    name: 'inside a dynamic zone item',
    path: '/api/articles',
    data: { title: 'x', blocks: [{ __component: 'shared.quote', nope: 1 }] },
    message: 'Invalid key nope at blocks',
    details: { key: 'nope', path: 'blocks', source: 'body' },
  },
  {
    name: 'a system key inside a component is an unknown key',
    path: '/api/articles',
    data: { title: 'x', seo: { createdAt: 'x' } },
    message: 'Invalid key createdAt at seo',
    details: { key: 'createdAt', path: 'seo', source: 'body' },
  },
  {
    name: 'next to connect in a relation',
    path: '/api/articles',
    data: { title: 'x', categories: { connect: [], foo: 1 } },
    message: 'Invalid key foo at categories',
    details: { key: 'foo', path: 'categories', source: 'body' },
  },
  {
    name: 'in relation options',
    path: '/api/articles',
    data: { title: 'x', categories: { options: { bad: true }, connect: [] } },
    message: 'Invalid key bad at categories',
    details: { key: 'bad', path: 'categories', source: 'body' },
  },
  {
    name: 'in a relation item',
    path: '/api/articles',
    data: { title: 'x', author: { documentId: 'sjlq8hgxw8ame5jqieu9qb6m', foo: 1 } },
    message: 'Invalid key foo at author',
    details: { key: 'foo', path: 'author', source: 'body' },
  },
  {
    name: 'the derived side of a relation is writable, its items are checked',
    path: '/api/authors',
    data: { name: 'x', articles: [{ id: 1, nope: 2 }] },
    message: 'Invalid key nope at articles',
    details: { key: 'nope', path: 'articles', source: 'body' },
  },
];

for (const row of invalidKeys) {
  test(`a key Strapi refuses is an Invalid key error: ${row.name}`, async () => {
    const method = row.path === '/api/homepage' ? 'PUT' : 'POST';
    const response = await blog.request(method, row.path, { body: { data: row.data } });
    assert.is(response.status, 400, response.text);
    assert.equal(response.body, { data: null, error: { status: 400, name: 'ValidationError', message: row.message, details: row.details } });
  });
}

test('a non-writable attribute is an Invalid key error', async () => {
  const response = await rules.request('POST', '/api/gadgets', { body: { data: { name: 'Valid', internal: 'x' } } });
  assert.is(response.status, 400);
  assert.equal(response.body.error, {
    status: 400,
    name: 'ValidationError',
    message: 'Invalid key internal',
    details: { key: 'internal', path: null, source: 'body' },
  });
});

test('publishedAt and locale in the body are accepted and ignored', async () => {
  const draft = await blog.request('POST', '/api/articles?status=draft', {
    body: { data: { title: 'Stays a draft', publishedAt: '2020-01-01T00:00:00.000Z', locale: 'fr' } },
  });
  assert.is(draft.status, 201, draft.text);
  assert.is(draft.body.data.publishedAt, null);
  assert.is((await blog.get(`/api/articles/${draft.body.data.documentId}`)).status, 404);
  const published = await blog.request('POST', '/api/articles', { body: { data: { title: 'Published anyway', publishedAt: null } } });
  assert.is(published.status, 201);
  assert.ok(published.body.data.publishedAt);
  assert.is(published.body.data.publishedAt, published.body.data.updatedAt);
});

test('a component may carry the id it was answered with', async () => {
  const response = await blog.request('PUT', '/api/articles/z041qrnkdex5f4439ngy6wuh', {
    body: { data: { links: [{ id: 7, label: 'a', url: 'https://a.example' }] } },
  });
  assert.is(response.status, 200, response.text);
  assert.equal(JSON.parse(blog.project.read('content/articles/z041qrnkdex5f4439ngy6wuh.json')).links, [{ label: 'a', url: 'https://a.example' }]);
});

test('PATCH is not a route (recorded #151), nor POST on a single type (recorded #155)', async () => {
  assert.is((await blog.request('PATCH', '/api/articles/z041qrnkdex5f4439ngy6wuh', { body: { data: { views: 44 } } })).status, 405);
  assert.is((await blog.request('POST', '/api/homepage', { body: { data: { heroTitle: 'x' } } })).status, 405);
});

test('a PUT on an unknown document is a 404 and creates nothing (recorded #147)', async () => {
  const response = await blog.request('PUT', '/api/articles/doesnotexist000000000000', { body: { data: { views: 1 } } });
  assert.is(response.status, 404);
  assert.equal(response.body, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  assert.not.ok(blog.project.exists('content/articles/doesnotexist000000000000.json'));
});

test('the query of a write is validated too (recorded #141)', async () => {
  const response = await blog.request('POST', '/api/categories?fields[0]=nope', { body: { data: { name: 'Q' } } });
  assert.is(response.status, 400);
  assert.equal(response.body.error, {
    status: 400,
    name: 'ValidationError',
    message: 'Invalid key nope',
    details: { key: 'nope', path: null, source: 'query', param: 'fields' },
  });
});

test.run();
