import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { checkStoredDocument, lineOfKey } from '../../server/store/check-document.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const kitchen = loadSchemas(path.join(FIXTURES_DIR, 'kitchen-sink'));
const blog = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
const thing = kitchen.byRouteName.get('things')!;
const article = blog.byRouteName.get('articles')!;
const author = blog.byRouteName.get('authors')!;

test('a document using every scalar type in its stored form has no problem', () => {
  const data = {
    title: 'A',
    summary: 'B',
    content: '# C',
    body: [{ type: 'paragraph', children: [] }],
    size: 'small',
    contact: 'a@example.com',
    pin: 'secret',
    slug: 'a',
    day: '2024-02-29',
    opensAt: '09:30',
    happenedAt: '2024-02-29T10:00:00+02:00',
    stamp: 1704164645000,
    count: -3,
    big: '9007199254740993',
    ratio: 0.5,
    price: 10,
    active: false,
    meta: { any: ['thing'] },
    color: '#fff',
    secret: 'x',
    parent: 'other-thing',
    picture: 'photos/a.png',
    details: { label: 'L' },
    sections: [{ __component: 'kitchen.detail', note: 'N' }],
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00Z',
    publishedAt: null,
  };
  assert.equal(checkStoredDocument(kitchen, thing, data), []);
});

test('null values are accepted for every attribute', () => {
  const data: Record<string, unknown> = {};
  for (const name of thing.attributes.keys()) data[name] = null;
  assert.equal(checkStoredDocument(kitchen, thing, data), []);
});

const scalarCases: { name: string; key: string; value: unknown; message: string }[] = [
  { name: 'string given a number', key: 'title', value: 5, message: 'expected a string, got 5' },
  { name: 'text given an array', key: 'summary', value: ['a'], message: 'expected a string, got ["a"]' },
  { name: 'richtext given an object', key: 'content', value: { md: 'x' }, message: 'expected a string, got {"md":"x"}' },
  { name: 'blocks given a string', key: 'body', value: 'text', message: 'expected an array of blocks, got "text"' },
  { name: 'enumeration given an unknown value', key: 'size', value: 'medium', message: 'expected one of small, large, got "medium"' },
  { name: 'email given a boolean', key: 'contact', value: true, message: 'expected a string, got true' },
  { name: 'password given a number', key: 'pin', value: 1234, message: 'expected a string, got 1234' },
  { name: 'uid given a number', key: 'slug', value: 1, message: 'expected a string, got 1' },
  { name: 'date given a bad day', key: 'day', value: '2024-13-45', message: 'expected a date (YYYY-MM-DD), got "2024-13-45"' },
  { name: 'date given a day that does not exist', key: 'day', value: '2023-02-29', message: 'expected a date (YYYY-MM-DD), got "2023-02-29"' },
  { name: 'date given words', key: 'day', value: 'yesterday', message: 'expected a date (YYYY-MM-DD), got "yesterday"' },
  { name: 'time given a number', key: 'opensAt', value: 630, message: 'expected a time (HH:mm:ss.SSS), got 630' },
  { name: 'time given hour 24', key: 'opensAt', value: '24:00', message: 'expected a time (HH:mm:ss.SSS), got "24:00"' },
  { name: 'time given minute 60', key: 'opensAt', value: '10:60:00', message: 'expected a time (HH:mm:ss.SSS), got "10:60:00"' },
  { name: 'time given a bad form', key: 'opensAt', value: '9h30', message: 'expected a time (HH:mm:ss.SSS), got "9h30"' },
  { name: 'datetime without a zone', key: 'happenedAt', value: '2024-01-01T10:00:00', message: 'expected an ISO 8601 date-time, got "2024-01-01T10:00:00"' },
  {
    name: 'datetime on a day that does not exist',
    key: 'happenedAt',
    value: '2024-02-30T10:00:00Z',
    message: 'expected an ISO 8601 date-time, got "2024-02-30T10:00:00Z"',
  },
  { name: 'datetime given a date only', key: 'happenedAt', value: '2024-01-01', message: 'expected an ISO 8601 date-time, got "2024-01-01"' },
  { name: 'timestamp given a boolean', key: 'stamp', value: true, message: 'expected a timestamp (epoch milliseconds or ISO date-time), got true' },
  { name: 'timestamp given words', key: 'stamp', value: 'soon', message: 'expected a timestamp (epoch milliseconds or ISO date-time), got "soon"' },
  { name: 'integer given a fraction', key: 'count', value: 1.5, message: 'expected an integer, got 1.5' },
  { name: 'integer given a numeric string', key: 'count', value: '3', message: 'expected an integer, got "3"' },
  { name: 'biginteger given a fraction', key: 'big', value: 2.5, message: 'expected an integer (or a string of digits), got 2.5' },
  { name: 'biginteger given a non-numeric string', key: 'big', value: '12a', message: 'expected an integer (or a string of digits), got "12a"' },
  { name: 'float given a string', key: 'ratio', value: '0.5', message: 'expected a number, got "0.5"' },
  { name: 'decimal given a boolean', key: 'price', value: false, message: 'expected a number, got false' },
  { name: 'boolean given a string', key: 'active', value: 'true', message: 'expected true or false, got "true"' },
  { name: 'customField (color, a string) given a number', key: 'color', value: 255, message: 'expected a string, got 255' },
];

for (const row of scalarCases) {
  test(`a scalar of the wrong kind is a problem: ${row.name}`, () => {
    assert.equal(checkStoredDocument(kitchen, thing, { [row.key]: row.value }), [{ path: row.key, message: row.message }]);
  });
}

const shapeCases: { name: string; data: Record<string, unknown>; problems: { path: string; message: RegExp }[] }[] = [
  { name: 'an unknown attribute', data: { titel: 'A' }, problems: [{ path: 'titel', message: /^unknown attribute "titel"$/ }] },
  { name: 'a stored id', data: { id: 3 }, problems: [{ path: 'id', message: /^ids are not stored in files/ }] },
  { name: 'a stored documentId', data: { documentId: 'x' }, problems: [{ path: 'documentId', message: /^ids are not stored in files/ }] },
  {
    name: 'a bad createdAt',
    data: { createdAt: 'yesterday' },
    problems: [{ path: 'createdAt', message: /^expected an ISO 8601 date-time, got "yesterday"$/ }],
  },
  { name: 'a null updatedAt', data: { updatedAt: null }, problems: [{ path: 'updatedAt', message: /^expected an ISO 8601 date-time, got null$/ }] },
  { name: 'a to-one relation given a list', data: { parent: ['a'] }, problems: [{ path: 'parent', message: /^expected a documentId, got \["a"\]$/ }] },
  { name: 'a relation given a path-like id', data: { parent: '../x' }, problems: [{ path: 'parent', message: /^expected a documentId, got "\.\.\/x"$/ }] },
  { name: 'media given a number', data: { picture: 3 }, problems: [{ path: 'picture', message: /^expected a path under uploads\/, got 3$/ }] },
  { name: 'media given an object', data: { picture: { url: '/uploads/a.png' } }, problems: [{ path: 'picture', message: /^expected a path under uploads\// }] },
  { name: 'media given an empty path', data: { picture: '' }, problems: [{ path: 'picture', message: /^expected a path under uploads\/, got ""$/ }] },
  {
    name: 'a component given a list',
    data: { details: [{ label: 'a' }] },
    problems: [{ path: 'details', message: /^expected a kitchen\.detail object, got \[/ }],
  },
  { name: 'a component given a string', data: { details: 'x' }, problems: [{ path: 'details', message: /^expected a kitchen\.detail object, got "x"$/ }] },
  {
    name: 'a component field of the wrong kind',
    data: { details: { label: 3 } },
    problems: [{ path: 'details.label', message: /^expected a string, got 3$/ }],
  },
  { name: 'an unknown component field', data: { details: { colour: 'red' } }, problems: [{ path: 'details.colour', message: /^unknown attribute "colour"$/ }] },
  {
    name: 'a dynamic zone given an object',
    data: { sections: { __component: 'kitchen.detail' } },
    problems: [{ path: 'sections', message: /^expected an array of components/ }],
  },
  {
    name: 'a dynamic zone item without __component',
    data: { sections: [{ label: 'a' }] },
    problems: [{ path: 'sections.0.__component', message: /^expected one of kitchen\.detail, got undefined$/ }],
  },
  {
    name: 'a dynamic zone item of a component not allowed',
    data: { sections: [{ __component: 'shared.seo' }] },
    problems: [{ path: 'sections.0.__component', message: /^expected one of kitchen\.detail, got "shared\.seo"$/ }],
  },
  {
    name: 'a dynamic zone item that is not an object',
    data: { sections: [{ __component: 'kitchen.detail' }, 'x'] },
    problems: [{ path: 'sections.1', message: /^expected a component object, got "x"$/ }],
  },
  {
    name: 'a field inside a zone item',
    data: { sections: [{ __component: 'kitchen.detail', note: 7 }] },
    problems: [{ path: 'sections.0.note', message: /^expected a string, got 7$/ }],
  },
  {
    name: 'several problems, each reported',
    data: { title: 1, count: 'x', nope: true },
    problems: [
      { path: 'title', message: /string/ },
      { path: 'count', message: /integer/ },
      { path: 'nope', message: /unknown/ },
    ],
  },
];

for (const row of shapeCases) {
  test(`a stored shape that breaks the schema is a problem: ${row.name}`, () => {
    const problems = checkStoredDocument(kitchen, thing, row.data);
    assert.equal(
      problems.map((p) => p.path),
      row.problems.map((p) => p.path),
    );
    problems.forEach((problem, i) => assert.match(problem.message, row.problems[i]!.message));
  });
}

const blogCases: { name: string; data: Record<string, unknown>; path: string; message: RegExp }[] = [
  {
    name: 'a relation stored on the mappedBy side',
    data: { articles: ['a'] },
    path: 'articles',
    message: /^"articles" is the derived side of api::article\.article\.author: store the relation there$/,
  },
];
for (const row of blogCases) {
  test(`a relation in the wrong place is a problem: ${row.name}`, () => {
    assert.equal(
      checkStoredDocument(blog, author, row.data).map((p) => p.path),
      [row.path],
    );
    assert.match(checkStoredDocument(blog, author, row.data)[0]!.message, row.message);
  });
}

test('a to-many relation must be a list of documentIds', () => {
  assert.equal(checkStoredDocument(blog, article, { categories: 'design' }), [
    { path: 'categories', message: 'expected an array of documentIds, got "design"' },
  ]);
  assert.equal(checkStoredDocument(blog, article, { categories: ['design', 5] }), [
    { path: 'categories', message: 'expected an array of documentIds, got ["design",5]' },
  ]);
  assert.equal(checkStoredDocument(blog, article, { categories: [] }), []);
});

test('multiple media must be a list of paths', () => {
  assert.equal(checkStoredDocument(blog, article, { gallery: 'a.png' }), [
    { path: 'gallery', message: 'expected an array of paths under uploads/, got "a.png"' },
  ]);
  assert.equal(checkStoredDocument(blog, article, { gallery: ['a.png', 'b/c.png'] }), []);
});

test('a repeatable component must be a list of objects', () => {
  assert.equal(checkStoredDocument(blog, article, { links: { label: 'a' } }), [
    { path: 'links', message: 'expected an array of shared.link objects, got {"label":"a"}' },
  ]);
  assert.equal(checkStoredDocument(blog, article, { links: [{ label: 'a' }, 3] }), [{ path: 'links.1', message: 'expected a shared.link object, got 3' }]);
});

test('a long value is shortened in the message', () => {
  const [problem] = checkStoredDocument(kitchen, thing, { count: 'x'.repeat(200) });
  assert.ok(problem!.message.length < 100, problem!.message);
  assert.match(problem!.message, /\.\.\.$/);
});

const lines: { name: string; text: string; path: string; line: number | undefined }[] = [
  { name: 'a top-level JSON key', text: '{\n  "title": "A",\n  "count": "x"\n}', path: 'count', line: 3 },
  { name: 'a nested JSON key', text: '{\n  "label": "top",\n  "details": {\n    "label": 3\n  }\n}', path: 'details.label', line: 4 },
  { name: 'a key inside a list item', text: '{\n  "sections": [\n    { "__component": "x" },\n    { "note": 7 }\n  ]\n}', path: 'sections.1.note', line: 4 },
  { name: 'a front-matter key', text: '---\ntitle: A\nopensAt: 630\n---\n', path: 'opensAt', line: 3 },
  { name: 'a key not written', text: '{}', path: 'title', line: undefined },
];
for (const row of lines) {
  test(`lineOfKey finds where an attribute is written: ${row.name}`, () => {
    assert.is(lineOfKey(row.text, row.path), row.line);
  });
}

test.run();
