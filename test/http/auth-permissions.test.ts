import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TOKENS, USERS, bearer, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// Populate, filters and sort reach other content types only where the caller may `find` them:
// a populated relation to a type it may not find is left out silently; filtering or sorting
// through one is a 400 naming the key. Media are not relations here: they always populate.
// The public role reads articles only; the reader (authenticated) also authors; the custom token
// lists articles and categories; the read-only token reads everything.
const PERMISSIONS = {
  public: ['api::article.article.find', 'api::article.article.findOne'],
  authenticated: ['api::article.article.find', 'api::article.article.findOne', 'api::author.author.find'],
};
const HELLO = 'n0rkkhkmxloujb87i7huf7if';

ignoreAuthEnvironment();

let server: TestServer;
let callers: Record<'public' | 'read-only' | 'custom' | 'user', Record<string, string>>;

test.before(async () => {
  server = await startTestServer('blog', {
    prepare: (project) =>
      prepareAuthProject(project, { permissions: PERMISSIONS, customPermissions: ['api::article.article.find', 'api::category.category.find'] }),
  });
  const login = await server.request('POST', '/api/auth/local', { body: { identifier: 'reader', password: USERS.reader.password } });
  callers = { public: {}, 'read-only': bearer(TOKENS.readOnly), custom: bearer(TOKENS.custom), user: bearer(login.body.jwt) };
});
test.after(async () => {
  await server?.close();
});

const POPULATE: Array<[string, keyof typeof callers, string, string[], string[]]> = [
  // name, caller, path, keys present, keys absent
  [
    'populate=* without author or category access keeps media and components',
    'public',
    `/api/articles/${HELLO}?populate=*`,
    ['cover', 'gallery', 'seo', 'links', 'blocks'],
    ['author', 'categories'],
  ],
  ['populate=* with read access to everything', 'read-only', `/api/articles/${HELLO}?populate=*`, ['cover', 'author', 'categories', 'blocks'], []],
  [
    'a custom token sees the categories it may find, not the author',
    'custom',
    '/api/articles?populate[0]=author&populate[1]=categories&filters[documentId]=' + HELLO,
    ['categories'],
    ['author'],
  ],
  [
    'a user whose role finds authors but not categories',
    'user',
    `/api/articles/${HELLO}?populate[0]=author&populate[1]=categories`,
    ['author'],
    ['categories'],
  ],
  ['a relation left out even when counted', 'public', `/api/articles/${HELLO}?populate[categories][count]=true`, [], ['categories']],
];
for (const [name, caller, path, present, absent] of POPULATE) {
  test(`populate: ${name}`, async () => {
    const response = await server.get(path, callers[caller]);
    assert.is(response.status, 200, response.text);
    const data = Array.isArray(response.body.data) ? response.body.data[0] : response.body.data;
    for (const key of present) assert.ok(key in data, `${key} should be there`);
    for (const key of absent) assert.not.ok(key in data, `${key} should be left out`);
  });
}

test('populate: relations inside components and deeper levels are left out the same way', async () => {
  const path = `/api/articles/${HELLO}?populate[blocks][on][shared.quote][populate]=author&populate[blocks][on][shared.media-block][populate]=file`;
  const blocks = (who: keyof typeof callers) => server.get(path, callers[who]).then((r) => r.body.data.blocks);
  const [publicQuote, publicMedia] = await blocks('public');
  assert.not.ok('author' in publicQuote);
  assert.ok(publicMedia.file, 'media inside a component still populate');
  const [tokenQuote] = await blocks('read-only');
  assert.is(tokenQuote.author.documentId, 'qlbzjy8ymwitxmczph8a7en0');
  // The user may find authors and articles, but not the categories one more level down.
  const nested = await server.get(`/api/articles/${HELLO}?populate[author][populate][articles][populate]=categories`, callers.user);
  const article = nested.body.data.author.articles[0];
  assert.ok(article.documentId);
  assert.not.ok('categories' in article);
});

const REFUSED: Array<[string, keyof typeof callers, string, string, Record<string, unknown>]> = [
  [
    'a filter through a relation',
    'public',
    '/api/articles?filters[author][name][$eq]=Ada',
    'Invalid key author',
    { key: 'author', path: 'author', source: 'query', param: 'filters' },
  ],
  [
    'a filter on the relation’s id',
    'public',
    '/api/articles?filters[categories][id][$in][0]=1',
    'Invalid key categories',
    { key: 'categories', path: 'categories', source: 'query', param: 'filters' },
  ],
  [
    'a filter inside $or',
    'public',
    '/api/articles?filters[$or][0][title]=x&filters[$or][1][author][name]=Ada',
    'Invalid key author',
    { key: 'author', path: 'author', source: 'query', param: 'filters' },
  ],
  [
    'a filter two relations deep',
    'user',
    '/api/articles?filters[author][articles][categories][name]=x',
    'Invalid key categories at author.articles.categories',
    { key: 'categories', path: 'author.articles.categories', source: 'query', param: 'filters' },
  ],
  [
    'a sort through a relation',
    'public',
    '/api/articles?sort=author.name',
    'Invalid key author',
    { key: 'author', path: 'author', source: 'query', param: 'sort' },
  ],
  [
    'a sort object through a relation',
    'custom',
    '/api/articles?sort[author][name]=asc',
    'Invalid key author',
    { key: 'author', path: 'author', source: 'query', param: 'sort' },
  ],
  [
    'a filter on a single document',
    'public',
    `/api/articles/${HELLO}?filters[author][name]=x`,
    'Invalid key author',
    { key: 'author', path: 'author', source: 'query', param: 'filters' },
  ],
];
for (const [name, caller, path, message, details] of REFUSED) {
  test(`400 for ${name} the caller may not find`, async () => {
    const response = await server.get(path, callers[caller]);
    assert.equal(response.body, { data: null, error: { status: 400, name: 'ValidationError', message, details } });
  });
}

const ALLOWED: Array<[string, keyof typeof callers, string]> = [
  ['a filter through a relation the token may read', 'read-only', '/api/articles?filters[author][name][$eq]=Ada'],
  ['a sort through a relation the token may read', 'read-only', '/api/articles?sort=author.name'],
  ['a filter through categories for the custom token', 'custom', '/api/articles?filters[categories][name][$eq]=x'],
  ['a filter two relations deep the user may find', 'user', '/api/articles?filters[author][articles][title]=x'],
  ['a filter on media, which are not relations', 'public', '/api/articles?filters[cover][name][$eq]=x'],
];
for (const [name, caller, path] of ALLOWED) {
  test(`200 for ${name}`, async () => {
    const response = await server.get(path, callers[caller]);
    assert.is(response.status, 200, response.text);
  });
}

test('a write body may link only to types the caller may find: Invalid key <relation>, and nothing written', async () => {
  // Articles may be written and categories found, authors not.
  const public_ = [
    'api::article.article.create',
    'api::article.article.update',
    'api::article.article.find',
    'api::article.article.findOne',
    'api::category.category.find',
  ];
  const writer = await startTestServer('blog', { prepare: (project) => prepareAuthProject(project, { permissions: { public: public_ } }) });
  try {
    const articles = () => writer.project.read('content/articles/' + HELLO + '.json');
    const before = articles();
    const linked = await writer.request('POST', '/api/articles', { body: { data: { title: 'Linked', author: 'sjlq8hgxw8ame5jqieu9qb6m' } } });
    assert.is(linked.status, 400);
    assert.equal(linked.body.error, { status: 400, name: 'ValidationError', message: 'Invalid key author', details: { key: 'author', source: 'body' } });
    const unlinked = await writer.request('PUT', `/api/articles/${HELLO}`, { body: { data: { author: null } } });
    assert.is(unlinked.status, 400, 'even a disconnect names a type the caller may not find');
    assert.is(articles(), before);
    const allowed = await writer.request('POST', '/api/articles', { body: { data: { title: 'With a category', categories: ['kgij077343nt9lhyy1ycu5vb'] } } });
    assert.is(allowed.status, 201, allowed.text);
  } finally {
    await writer.close();
  }
});

test.run();
