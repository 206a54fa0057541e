import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let blog: TestServer;
let types: TestServer;

test.before(async () => {
  [blog, types] = await Promise.all([startTestServer('blog'), startTestServer('query-types')]);
});
test.after(async () => {
  await Promise.all([blog.close(), types.close()]);
});

const ids = (body: { data: { documentId: string }[] }) => body.data.map((d) => d.documentId.replace(/^[sp]-/, ''));
const validation = (message: string, details: Record<string, unknown> = {}) => ({
  data: null,
  error: { status: 400, name: 'ValidationError', message, details },
});

// Every query error answers 400 in Strapi's envelope, with the details Strapi gives.
const ERRORS: [name: string, path: string, body: unknown][] = [
  ['an unknown top-level key', '/api/samples?foo=1', validation('Invalid key foo', { key: 'foo', path: null, source: 'query' })],
  [
    'an unknown filter key',
    '/api/samples?filters[nope][$eq]=x',
    validation('Invalid key nope', { key: 'nope', path: null, source: 'query', param: 'filters' }),
  ],
  [
    'a wrong-case operator',
    '/api/samples?filters[label][$STARTSWITH]=x',
    validation('Invalid key $STARTSWITH at label', { key: '$STARTSWITH', path: 'label', source: 'query', param: 'filters' }),
  ],
  ['a wrong-case id', '/api/samples?filters[ID]=1', validation('Invalid key ID', { key: 'ID', path: null, source: 'query', param: 'filters' })],
  [
    'a private filter',
    '/api/samples?filters[secret][$null]=true',
    validation('Invalid key secret', { key: 'secret', path: 'secret', source: 'query', param: 'filters' }),
  ],
  ['a password filter', '/api/samples?filters[pass]=x', validation('Invalid key pass', { key: 'pass', path: 'pass', source: 'query', param: 'filters' })],
  [
    'a private field through a relation',
    '/api/samples?filters[owner][secret]=x',
    validation('Invalid key secret at owner.secret', { key: 'secret', path: 'owner.secret', source: 'query', param: 'filters' }),
  ],
  ['an unknown sort field', '/api/samples?sort=nope', validation('Invalid key nope', { key: 'nope', path: null, source: 'query', param: 'sort' })],
  [
    'a private sort field',
    '/api/samples?sort=secret:desc',
    validation('Invalid key secret', { key: 'secret', path: 'secret', source: 'query', param: 'sort' }),
  ],
  ['a sort on a relation itself', '/api/samples?sort=owner', validation('Invalid key owner', { key: 'owner', path: 'owner', source: 'query', param: 'sort' })],
  ['an invalid sort order', '/api/samples?sort=label:sideways', validation('Invalid order. order can only be one of asc|desc|ASC|DESC')],
  ['an empty sort field', '/api/samples?sort=:desc', validation('Field cannot be empty')],
  ['an unknown field', '/api/samples?fields[0]=nope', validation('Invalid key nope', { key: 'nope', path: null, source: 'query', param: 'fields' })],
  ['a password field', '/api/samples?fields=label,pass', validation('Invalid key pass', { key: 'pass', path: 'pass', source: 'query', param: 'fields' })],
  [
    'mixed page and offset',
    '/api/samples?pagination[page]=2&pagination[limit]=3',
    { data: null, error: { status: 400, name: 'PaginationError', message: 'Cannot use both page & offset pagination in the same query', details: {} } },
  ],
  ['a page that is not a number', '/api/samples?pagination[page]=abc', validation("Invalid parameter at 'start'. Expected integer >= 0, received: NaN")],
  ['a bad withCount', '/api/samples?pagination[withCount]=maybe', validation('Invalid withCount parameter. Expected "t","1","true","false","0","f"')],
  ['a bad status', '/api/samples?status=bogus', validation("Invalid parameter at 'status'. Expected 'published' or 'draft', received: bogus")],
  [
    'an integer that is not one (deviation 58)',
    '/api/articles?filters[views][$gt]=abc&fields[0]=title',
    validation('Invalid value abc for views: expected an integer', { key: 'views', path: 'views', source: 'query', param: 'filters' }),
  ],
  [
    'a biginteger',
    '/api/samples?filters[big]=1.5',
    validation('Invalid value 1.5 for big: expected an integer', { key: 'big', path: 'big', source: 'query', param: 'filters' }),
  ],
  [
    'a float',
    '/api/samples?filters[ratio][$gt]=x',
    validation('Invalid value x for ratio: expected a number', { key: 'ratio', path: 'ratio', source: 'query', param: 'filters' }),
  ],
  [
    'a decimal',
    '/api/samples?filters[price][$lt]=1,5',
    validation('Invalid value 1,5 for price: expected a number', { key: 'price', path: 'price', source: 'query', param: 'filters' }),
  ],
  [
    'a boolean',
    '/api/samples?filters[flag]=yes',
    validation('Invalid value yes for flag: expected a boolean', { key: 'flag', path: 'flag', source: 'query', param: 'filters' }),
  ],
  [
    'a date',
    '/api/samples?filters[day]=2024-02-30',
    validation('Invalid value 2024-02-30 for day: expected a date', { key: 'day', path: 'day', source: 'query', param: 'filters' }),
  ],
  [
    'a time',
    '/api/samples?filters[clock]=25:00',
    validation('Invalid value 25:00 for clock: expected a time', { key: 'clock', path: 'clock', source: 'query', param: 'filters' }),
  ],
  [
    'a datetime',
    '/api/samples?filters[moment][$gt]=soon',
    validation('Invalid value soon for moment: expected a date-time', { key: 'moment', path: 'moment', source: 'query', param: 'filters' }),
  ],
  [
    'a datetime out of range',
    '/api/samples?filters[createdAt]=99999999999999999999',
    validation('Invalid value 99999999999999999999 for createdAt: expected a date-time', {
      key: 'createdAt',
      path: 'createdAt',
      source: 'query',
      param: 'filters',
    }),
  ],
  [
    'a timestamp',
    '/api/samples?filters[stamp]=later',
    validation('Invalid value later for stamp: expected a timestamp', { key: 'stamp', path: 'stamp', source: 'query', param: 'filters' }),
  ],
  ['an unknown key on get-one', '/api/samples/s-hello?_q=x', validation('Invalid key _q', { key: '_q', path: null, source: 'query' })],
  [
    'a bad filter on get-one',
    '/api/samples/s-hello?filters[count]=many',
    validation('Invalid value many for count: expected an integer', { key: 'count', path: 'count', source: 'query', param: 'filters' }),
  ],
];

for (const [name, path, body] of ERRORS) {
  test(`400: ${name}`, async () => {
    const server = path.startsWith('/api/articles') ? blog : types;
    const response = await server.get(path);
    assert.is(response.status, 400);
    assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(response.body, body);
  });
}

// Strapi does not cast ids: an id compared with text that is no number matches no row (SQLite), it is not an error.
test('an id compared with text matches nothing: 200 and an empty page', async () => {
  for (const path of ['/api/samples?filters[owner][id]=ada', '/api/samples?filters[owner][$eq]=ada', '/api/samples?filters[id][$eq]=ada']) {
    const response = await types.get(path);
    assert.is(response.status, 200, path);
    assert.equal(response.body.data, [], path);
  }
  const all = await types.get('/api/samples?filters[id][$ne]=ada');
  const total = await types.get('/api/samples');
  assert.is(all.body.meta.pagination.total, total.body.meta.pagination.total);
});

test('a list answers the page of matches and counts every match', async () => {
  const response = await types.get('/api/samples?filters[count][$gt]=0&sort=count:desc&pagination[pageSize]=2&fields[0]=count');
  assert.is(response.status, 200);
  assert.equal(
    response.body.data.map((d: { count: number }) => d.count),
    [1000, 100],
  );
  assert.equal(response.body.meta, { pagination: { page: 1, pageSize: 2, pageCount: 3, total: 6 } });
});

test('an empty result has the empty page meta', async () => {
  const response = await types.get('/api/samples?filters[label]=nobody');
  assert.equal(response.body, { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
});

const METAS: [name: string, query: string, meta: Record<string, number>][] = [
  ['page and pageSize', 'pagination[page]=2&pagination[pageSize]=4', { page: 2, pageSize: 4, pageCount: 3, total: 9 }],
  ['start and limit', 'pagination[start]=7&pagination[limit]=4', { start: 7, limit: 4, total: 9 }],
  ['withCount=false in page mode', 'pagination[pageSize]=2&pagination[withCount]=false', { page: 1, pageSize: 2 }],
  ['withCount=false in offset mode', 'pagination[limit]=2&pagination[withCount]=f', { start: 0, limit: 2 }],
  ['pageSize capped at maxLimit', 'pagination[pageSize]=1000', { page: 1, pageSize: 100, pageCount: 1, total: 9 }],
  ['limit=-1 is 1', 'pagination[limit]=-1', { start: 0, limit: 1, total: 9 }],
  ['page=0 is page 1', 'pagination[page]=0', { page: 1, pageSize: 25, pageCount: 1, total: 9 }],
  ['past the last page', 'pagination[page]=9&pagination[pageSize]=5', { page: 9, pageSize: 5, pageCount: 2, total: 9 }],
];

for (const [name, query, meta] of METAS) {
  test(`meta: ${name}`, async () => {
    const response = await types.get(`/api/samples?${query}`);
    assert.is(response.status, 200);
    assert.equal(response.body.meta, { pagination: meta });
  });
}

test('the limit applies to the page: limit=-1 answers one document', async () => {
  const response = await types.get('/api/samples?pagination[limit]=-1');
  assert.equal(ids(response.body), ['hello']);
});

test('filters, sort, search and fields over HTTP, with encoded values', async () => {
  const response = await types.get(`/api/samples?filters[label][$contains]=${encodeURIComponent('%')}&fields=label`);
  assert.equal(response.body.data, [{ id: response.body.data[0].id, documentId: 's-wild', label: '100% pure_joy' }]);
  const accents = await types.get(`/api/samples?filters[label][$eqi]=${encodeURIComponent('ÉMILE')}&fields=label`);
  assert.equal(ids(accents.body), ['emile']);
  const search = await types.get('/api/samples?_q=GAMMA&sort=label:desc&fields=label');
  assert.equal(ids(search.body), ['emoji', 'fullwidth', 'zebra']);
});

test('a filter with three-valued logic over HTTP: $not never matches NULL', async () => {
  const response = await types.get('/api/samples?filters[$not][flag]=true&fields=label');
  assert.equal(ids(response.body), ['apple', 'emile', 'emoji']);
});

test('deep filters on both sides of a relation', async () => {
  const owning = await types.get(`/api/samples?filters[owner][name]=${encodeURIComponent('Grace Hopper')}&fields=label`);
  assert.equal(ids(owning.body), ['emile-lower', 'wild']);
  const mapped = await types.get('/api/people?filters[samples][count][$gt]=50&fields=name');
  assert.equal(ids(mapped.body), ['grace']);
});

test('get-one with filters answers 404 when the document does not match', async () => {
  const match = await types.get('/api/samples/s-apple?filters[count][$gt]=10');
  assert.is(match.status, 200);
  const miss = await types.get('/api/samples/s-hello?filters[count][$gt]=10');
  assert.is(miss.status, 404);
  assert.equal(miss.body, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
});

test('status=draft lists the draft versions (recorded case 80)', async () => {
  const response = await blog.get('/api/articles?status=draft&fields[0]=title&sort=title&pagination[pageSize]=2');
  assert.equal(
    response.body.data.map((d: { title: string }) => d.title),
    ['100 Tips for Travel', 'Draft: secret project'],
  );
  assert.equal(response.body.meta, { pagination: { page: 1, pageSize: 2, pageCount: 6, total: 12 } });
});

test('sort by a relation field matches the recorded order (case 67)', async () => {
  const response = await blog.get('/api/articles?sort=author.name:asc&fields[0]=title');
  assert.equal(
    response.body.data.map((d: { title: string }) => d.title),
    [
      'Orphan article',
      'Minimal article',
      'Hello World',
      "Émile's Café",
      'Science weekly',
      'Published then edited',
      'Zebra facts',
      'Why tabs beat spaces',
      'apple pie guide',
      '100 Tips for Travel',
    ],
  );
});

test('a query string up to 16 KB is answered; a longer one is a 400 naming the limit, and the server goes on', async () => {
  const long = await types.get(`/api/samples?_q=${'x'.repeat(15 * 1024)}`);
  assert.is(long.status, 200);
  assert.equal(long.body.data, []);
  const tooLong = await types.get(`/api/samples?_q=${'x'.repeat(16 * 1024)}`);
  assert.equal(tooLong.body, validation('Query string too long: at most 16384 bytes'));
  assert.is((await types.get('/api/samples?pagination[pageSize]=1')).status, 200);
});

test.run();
