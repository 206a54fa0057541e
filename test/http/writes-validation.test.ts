import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// Strapi's entity validation over HTTP: each rule with its yup wording, D&P's two passes (the
// draft's rules first, then every rule on publish), and several errors in one answer.
// writes-rules: gadget (no D&P) and note (D&P) carry every rule; blog holds the recorded cases.

let rules: TestServer;
let blog: TestServer;

test.before(async () => {
  [rules, blog] = await Promise.all([startTestServer('writes-rules'), startTestServer('blog')]);
});
test.after(async () => {
  await Promise.all([rules.close(), blog.close()]);
});

interface Problem {
  readonly path: string[];
  readonly message: string;
  /** Omitted: the item has no value key (only the DZ __component case). */
  readonly value?: unknown;
}

type Row = {
  readonly name: string;
  readonly method?: 'POST' | 'PUT';
  readonly path: string;
  readonly data: Record<string, unknown>;
} & ({ readonly errors: Problem[] } | { readonly message: string } | { readonly status: 200 | 201 });

/** A value not compared (a list rule's value: the list as we stored it, not as the client sent it). */
const ANY = Symbol('any value');

/** The body Strapi answers for entity validation errors (`actual` fills in the values marked ANY). */
function validationBody(errors: Problem[], actual: any): unknown {
  return {
    data: null,
    error: {
      status: 400,
      name: 'ValidationError',
      message: errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`,
      details: {
        errors: errors.map((e, i) => ({
          path: e.path,
          message: e.message,
          name: 'ValidationError',
          ...('value' in e ? { value: e.value === ANY ? actual?.error?.details?.errors?.[i]?.value : e.value } : {}),
        })),
      },
    },
  };
}

const one = (path: string, message: string, value: unknown): Problem[] => [{ path: path.split('.'), message, value }];

const gadgetRows: Row[] = [
  { name: 'a valid gadget is created', path: '/api/gadgets', data: { name: 'Valid' }, status: 201 },
  { name: 'required, missing on create', path: '/api/gadgets', data: { code: 'ABC' }, errors: one('name', 'name must be defined.', null) },
  {
    name: 'required, null on create (a typed schema)',
    path: '/api/gadgets',
    data: { name: null },
    errors: one('name', 'name must be a `string` type, but the final value was: `null`.', null),
  },
  {
    name: 'required, null on create (an untyped json)',
    path: '/api/gadgets',
    data: { name: 'Valid', meta: null },
    errors: one('meta', 'meta must be defined.', null),
  },
  { name: 'minLength', path: '/api/gadgets', data: { name: 'ab' }, errors: one('name', 'name must be at least 3 characters', 'ab') },
  { name: 'maxLength', path: '/api/gadgets', data: { name: 'abcdefghijk' }, errors: one('name', 'name must be at most 10 characters', 'abcdefghijk') },
  { name: 'regex', path: '/api/gadgets', data: { name: 'Valid', code: 'abc' }, errors: one('code', 'code must match the following: "/^[A-Z]+$/"', 'abc') },
  { name: 'regex lets an empty optional string pass', path: '/api/gadgets', data: { name: 'Valid', code: '' }, status: 201 },
  {
    name: 'regex tests an empty required string',
    path: '/api/gadgets',
    data: { name: 'Valid', pin: '' },
    errors: one('pin', 'pin must match the following: "/^\\d{4}$/"', ''),
  },
  { name: 'integer from a numeric string', path: '/api/gadgets', data: { name: 'Valid', count: '3' }, status: 201 },
  { name: 'integer', path: '/api/gadgets', data: { name: 'Valid', count: 2.5 }, errors: one('count', 'count must be an integer', 2.5) },
  {
    name: 'integer from text',
    path: '/api/gadgets',
    data: { name: 'Valid', count: 'many' },
    errors: one('count', 'count must be a `number` type, but the final value was: `NaN` (cast from the value `"many"`).', null),
  },
  { name: 'min', path: '/api/gadgets', data: { name: 'Valid', count: 0 }, errors: one('count', 'count must be greater than or equal to 1', 0) },
  { name: 'max', path: '/api/gadgets', data: { name: 'Valid', count: 11 }, errors: one('count', 'count must be less than or equal to 10', 11) },
  { name: 'decimal min', path: '/api/gadgets', data: { name: 'Valid', price: -0.5 }, errors: one('price', 'price must be greater than or equal to 0', -0.5) },
  { name: 'decimal max', path: '/api/gadgets', data: { name: 'Valid', price: 100.5 }, errors: one('price', 'price must be less than or equal to 100', 100.5) },
  {
    name: 'float from text',
    path: '/api/gadgets',
    data: { name: 'Valid', ratio: 'x' },
    errors: one('ratio', 'ratio must be a `number` type, but the final value was: `NaN` (cast from the value `"x"`).', null),
  },
  {
    name: 'boolean from text',
    path: '/api/gadgets',
    data: { name: 'Valid', active: 'yes' },
    errors: one('active', 'active must be a `boolean` type, but the final value was: `"yes"`.', 'yes'),
  },
  {
    name: 'a number is not a string',
    path: '/api/gadgets',
    data: { name: 1234 },
    errors: one('name', 'name must be a `string` type, but the final value was: `1234`.', 1234),
  },
  {
    name: 'email',
    path: '/api/gadgets',
    data: { name: 'Valid', contact: 'not-an-email' },
    errors: one('contact', 'contact must be a valid email', 'not-an-email'),
  },
  { name: 'an empty email', path: '/api/gadgets', data: { name: 'Valid', contact: '' }, errors: one('contact', 'contact cannot be empty', '') },
  {
    name: 'uid characters',
    path: '/api/gadgets',
    data: { name: 'Valid', slug: 'a b' },
    errors: one('slug', 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"', 'a b'),
  },
  {
    name: 'a uid is unique without saying so',
    path: '/api/gadgets',
    data: { name: 'Valid', slug: 'existing' },
    errors: one('slug', 'This attribute must be unique', 'existing'),
  },
  { name: 'unique', path: '/api/gadgets', data: { name: 'Valid', serial: 'S-1' }, errors: one('serial', 'This attribute must be unique', 'S-1') },
  { name: 'unique skips the empty string', path: '/api/gadgets', data: { name: 'Valid', serial: '' }, status: 201 },
  {
    name: 'enumeration',
    path: '/api/gadgets',
    data: { name: 'Valid', size: 'medium' },
    errors: one('size', 'size must be one of the following values: small, large, ', 'medium'),
  },
  { name: 'a date that is not one', path: '/api/gadgets', data: { name: 'Valid', day: '2024-13-45' }, message: 'Invalid format, expected yyyy-MM-dd' },
  { name: 'a time that is not one', path: '/api/gadgets', data: { name: 'Valid', opensAt: '25:00' }, message: 'Invalid time format, expected HH:mm:ss.SSS' },
  {
    name: 'a datetime that is not one',
    path: '/api/gadgets',
    data: { name: 'Valid', happenedAt: 'soon' },
    message: 'Invalid format, expected an ISO compatible datetime',
  },
  { name: 'an empty repeatable component passes its min', path: '/api/gadgets', data: { name: 'Valid', parts: [] }, status: 201 },
  {
    name: 'repeatable max',
    path: '/api/gadgets',
    data: { name: 'Valid', parts: [{ label: 'a' }, { label: 'b' }, { label: 'c' }] },
    errors: one('parts', 'parts field must have at most 2 items', ANY),
  },
  {
    name: 'a required attribute inside a component',
    path: '/api/gadgets',
    data: { name: 'Valid', parts: [{ qty: 1 }] },
    errors: one('parts.0.label', 'parts[0].label must be defined.', null),
  },
  {
    name: 'a rule inside a component',
    path: '/api/gadgets',
    data: { name: 'Valid', parts: [{ label: 'a', qty: 9 }] },
    errors: one('parts.0.qty', 'parts[0].qty must be less than or equal to 5', 9),
  },
  {
    name: 'a type inside a component',
    path: '/api/gadgets',
    data: { name: 'Valid', parts: [{ label: 'a', qty: 'x' }] },
    errors: one('parts.0.qty', 'parts[0].qty must be a `number` type, but the final value was: `NaN` (cast from the value `"x"`).', null),
  },
  {
    name: 'dynamic zone max',
    path: '/api/gadgets',
    data: {
      name: 'Valid',
      zone: [
        { __component: 'kit.label', text: 'a' },
        { __component: 'kit.label', text: 'b' },
        { __component: 'kit.label', text: 'c' },
      ],
    },
    errors: one('zone', 'zone field must have at most 2 items', ANY),
  },
  {
    name: 'a rule inside a dynamic zone',
    path: '/api/gadgets',
    data: { name: 'Valid', zone: [{ __component: 'kit.label', text: 'too long!' }] },
    errors: one('zone.0.text', 'zone[0].text must be at most 8 characters', 'too long!'),
  },
  {
    name: 'a zone item without __component (deviation #133)',
    path: '/api/gadgets',
    data: { name: 'Valid', zone: [{ text: 'x' }] },
    errors: [{ path: ['zone', '0', '__component'], message: 'zone[0].__component is a required field' }],
  },
  {
    name: 'a zone item of a component the zone does not allow (deviation #134)',
    path: '/api/gadgets',
    data: { name: 'Valid', zone: [{ __component: 'kit.nope', text: 'x' }] },
    errors: one('zone.0.__component', 'zone[0].__component must be one of the following values: kit.part, kit.label', 'kit.nope'),
  },
  {
    name: 'several rule errors, in schema order',
    path: '/api/gadgets',
    data: { size: 'medium', count: 0, name: 'ab' },
    errors: [
      { path: ['name'], message: 'name must be at least 3 characters', value: 'ab' },
      { path: ['count'], message: 'count must be greater than or equal to 1', value: 0 },
      { path: ['size'], message: 'size must be one of the following values: small, large, ', value: 'medium' },
    ],
  },
  {
    name: 'type errors and rule errors together',
    path: '/api/gadgets',
    data: { name: 'ab', count: 'many' },
    errors: [
      { path: ['name'], message: 'name must be at least 3 characters', value: 'ab' },
      { path: ['count'], message: 'count must be a `number` type, but the final value was: `NaN` (cast from the value `"many"`).', value: null },
    ],
  },
  { name: 'an update may leave required attributes out', method: 'PUT', path: '/api/gadgets/existing', data: { count: 3 }, status: 200 },
  { name: 'an update with {} changes nothing and passes', method: 'PUT', path: '/api/gadgets/existing', data: {}, status: 200 },
  { name: 'an update keeps its own unique values', method: 'PUT', path: '/api/gadgets/existing', data: { serial: 'S-1', slug: 'existing' }, status: 200 },
  {
    name: 'required, null on update (a typed schema)',
    method: 'PUT',
    path: '/api/gadgets/existing',
    data: { name: null },
    errors: one('name', 'name must be a `string` type, but the final value was: `null`.', null),
  },
  {
    name: 'required, null on update (an untyped json)',
    method: 'PUT',
    path: '/api/gadgets/existing',
    data: { meta: null },
    errors: one('meta', 'meta cannot be null.', null),
  },
  {
    name: 'a rule on update',
    method: 'PUT',
    path: '/api/gadgets/existing',
    data: { count: 20 },
    errors: one('count', 'count must be less than or equal to 10', 20),
  },
];

const noteRows: Row[] = [
  { name: 'D&P: a valid note is published', path: '/api/notes', data: { title: 'Valid note' }, status: 201 },
  {
    name: 'D&P: required, missing on publish (the draft held null)',
    path: '/api/notes',
    data: { code: 'ABC' },
    errors: one('title', 'title must be a `string` type, but the final value was: `null`.', null),
  },
  {
    name: 'D&P: required untyped date, null on publish',
    path: '/api/notes',
    data: { title: 'Valid note', due: null },
    errors: one('due', 'due must be defined.', null),
  },
  {
    name: 'D&P: the draft rules fail first, publish errors wait',
    path: '/api/notes',
    data: { code: 'abc', level: 'mid' },
    errors: one('level', 'level must be one of the following values: low, high, ', 'mid'),
  },
  {
    name: 'D&P: every publish rule reports once the draft is valid',
    path: '/api/notes',
    data: { title: 'ab', code: 'abc', score: 0, contact: 'nope', slug: 'a b' },
    errors: [
      { path: ['title'], message: 'title must be at least 3 characters', value: 'ab' },
      { path: ['code'], message: 'code must match the following: "/^[A-Z]+$/"', value: 'abc' },
      { path: ['score'], message: 'score must be greater than or equal to 1', value: 0 },
      { path: ['contact'], message: 'contact must be a valid email', value: 'nope' },
      { path: ['slug'], message: 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"', value: 'a b' },
    ],
  },
  {
    name: 'D&P: unique against a published document',
    path: '/api/notes',
    data: { title: 'Valid note', slug: 'published-note' },
    errors: one('slug', 'This attribute must be unique', 'published-note'),
  },
  { name: 'D&P: unique ignores draft-only documents', path: '/api/notes', data: { title: 'Valid note', slug: 'draft-slug' }, status: 201 },
  {
    name: 'draft: required, minLength, min, regex, email and uid are skipped',
    path: '/api/notes?status=draft',
    data: { title: 'ab', code: 'abc', score: 0, contact: 'nope', slug: 'a b' },
    status: 201,
  },
  { name: 'draft: a missing required attribute is fine', path: '/api/notes?status=draft', data: { due: null }, status: 201 },
  { name: 'draft: unique is skipped', path: '/api/notes?status=draft', data: { slug: 'published-note' }, status: 201 },
  { name: 'draft: repeatable min is skipped', path: '/api/notes?status=draft', data: { parts: [] }, status: 201 },
  {
    name: 'draft: maxLength holds',
    path: '/api/notes?status=draft',
    data: { title: 'x'.repeat(21) },
    errors: one('title', 'title must be at most 20 characters', 'x'.repeat(21)),
  },
  { name: 'draft: max holds', path: '/api/notes?status=draft', data: { score: 6 }, errors: one('score', 'score must be less than or equal to 5', 6) },
  {
    name: 'draft: enumeration holds',
    path: '/api/notes?status=draft',
    data: { level: 'mid' },
    errors: one('level', 'level must be one of the following values: low, high, ', 'mid'),
  },
  {
    name: 'draft: types hold',
    path: '/api/notes?status=draft',
    data: { score: 'abc' },
    errors: one('score', 'score must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).', null),
  },
  {
    name: 'draft: repeatable max holds',
    path: '/api/notes?status=draft',
    data: { parts: [{ label: 'a' }, { label: 'b' }, { label: 'c' }] },
    errors: one('parts', 'parts field must have at most 2 items', ANY),
  },
  {
    name: 'D&P: publishing an update validates the whole draft',
    method: 'PUT',
    path: '/api/notes/published',
    data: { due: null },
    errors: one('due', 'due must be defined.', null),
  },
  { name: 'D&P: a draft update may clear a required attribute', method: 'PUT', path: '/api/notes/published?status=draft', data: { due: null }, status: 200 },
  {
    name: 'D&P: and the next publish of that draft fails on it',
    method: 'PUT',
    path: '/api/notes/published',
    data: {},
    errors: one('due', 'due must be defined.', null),
  },
];

for (const row of [...gadgetRows, ...noteRows]) {
  test(`validation: ${row.name}`, async () => {
    const response = await rules.request(row.method ?? 'POST', row.path, { body: { data: row.data } });
    if ('status' in row) {
      assert.is(response.status, row.status, response.text);
      return;
    }
    assert.is(response.status, 400, response.text);
    if ('message' in row) assert.equal(response.body, { data: null, error: { status: 400, name: 'ValidationError', message: row.message, details: {} } });
    else assert.equal(response.body, validationBody(row.errors, response.body));
  });
}

// Strapi 5's recorded answers for the blog (create/update groups), embedded so the test stands alone.
const recorded: Row[] = [
  {
    name: '#120 create missing required',
    path: '/api/articles',
    data: { summary: 'no title' },
    errors: one('title', 'title must be a `string` type, but the final value was: `null`.', null),
  },
  {
    name: '#121 create wrong type integer',
    path: '/api/articles',
    data: { title: 'Bad views', views: 'abc' },
    errors: one('views', 'views must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).', null),
  },
  {
    name: '#122 create wrong type boolean',
    path: '/api/articles',
    data: { title: 'Bad bool', featured: 'yes' },
    errors: one('featured', 'featured must be a `boolean` type, but the final value was: `"yes"`.', 'yes'),
  },
  {
    name: '#124 create invalid enum',
    path: '/api/articles',
    data: { title: 'Bad enum', category: 'bogus' },
    errors: one('category', 'category must be one of the following values: news, guide, opinion, ', 'bogus'),
  },
  {
    name: '#125 create invalid date',
    path: '/api/articles',
    data: { title: 'Bad date', publishedDate: 'not-a-date' },
    message: 'Invalid format, expected yyyy-MM-dd',
  },
  {
    name: '#126 create invalid uid',
    path: '/api/articles',
    data: { title: 'Bad uid', slug: 'has spaces!' },
    errors: one('slug', 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"', 'has spaces!'),
  },
  {
    name: '#127 create duplicate uid',
    path: '/api/articles',
    data: { title: 'Dup slug', slug: 'hello-world' },
    errors: one('slug', 'This attribute must be unique', 'hello-world'),
  },
  {
    name: '#133 create dz without __component (deviation)',
    path: '/api/articles',
    data: { title: 'Bad dz', blocks: [{ text: 'no component' }] },
    errors: [{ path: ['blocks', '0', '__component'], message: 'blocks[0].__component is a required field' }],
  },
  {
    name: '#134 create dz with unknown component (deviation)',
    path: '/api/articles',
    data: { title: 'Bad dz2', blocks: [{ __component: 'shared.nope', text: 'x' }] },
    errors: one(
      'blocks.0.__component',
      'blocks[0].__component must be one of the following values: shared.quote, shared.media-block, shared.rich-text',
      'shared.nope',
    ),
  },
  {
    name: '#139 create author invalid email',
    path: '/api/authors',
    data: { name: 'Bad email', email: 'not-an-email' },
    errors: one('email', 'email must be a valid email', 'not-an-email'),
  },
  {
    name: '#140 create category duplicate unique',
    path: '/api/categories',
    data: { name: 'Science' },
    errors: one('name', 'This attribute must be unique', 'Science'),
  },
  {
    name: '#148 update invalid type',
    method: 'PUT',
    path: '/api/articles/z041qrnkdex5f4439ngy6wuh',
    data: { views: 'many' },
    errors: one('views', 'views must be a `number` type, but the final value was: `NaN` (cast from the value `"many"`).', null),
  },
  {
    name: '#149 update required to null',
    method: 'PUT',
    path: '/api/articles/z041qrnkdex5f4439ngy6wuh',
    data: { title: null },
    errors: one('title', 'title must be a `string` type, but the final value was: `null`.', null),
  },
];

for (const row of recorded) {
  test(`validation answers as recorded from Strapi: ${row.name}`, async () => {
    const response = await blog.request(row.method ?? 'POST', row.path, { body: { data: row.data } });
    assert.is(response.status, 400, response.text);
    if ('message' in row) assert.equal(response.body, { data: null, error: { status: 400, name: 'ValidationError', message: row.message, details: {} } });
    else if ('errors' in row) assert.equal(response.body, validationBody(row.errors, response.body));
  });
}

test('a write refused by validation leaves no file behind', async () => {
  const before = rules.project.read('content/notes/published.json');
  const list = async () => (await rules.get('/api/gadgets?pagination[pageSize]=100&fields[0]=name')).body.data.length;
  const count = await list();
  assert.is((await rules.request('POST', '/api/gadgets', { body: { data: { name: 'ab' } } })).status, 400);
  assert.is((await rules.request('PUT', '/api/notes/published', { body: { data: { score: 9 } } })).status, 400);
  assert.is(await list(), count);
  assert.is(rules.project.read('content/notes/published.json'), before);
});

test.run();
