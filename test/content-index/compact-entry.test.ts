import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compactEntry, entryFromParts, entryParts, readStoredField } from '../../server/content-index/compact-entry.js';
import { topLevelSpans } from '../../server/content-index/json-spans.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import path from 'node:path';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
const article = registry.byRouteName.get('articles')!;

const head = {
  id: 0,
  documentId: 'abc123abc123abc123abc123',
  locale: null,
  createdAt: '2025-01-02T03:04:05.006Z',
  updatedAt: '2025-01-02 03:04', // not canonical: kept as written
  publishedAt: null,
  path: 'content/articles/abc123abc123abc123abc123.json',
};

const data = {
  title: 'Hé "quoted" \\ title',
  slug: 'a-slug',
  body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Ünïcode ✓ and 𝒳, "quotes" and \\ slashes' }] }],
  createdAt: '2025-01-02T03:04:05.006Z',
  extra: { kept: true },
};

test('a compact entry gives back every value, field by field and whole, in the file order', () => {
  const source = JSON.stringify(data, null, 2);
  for (const entry of [compactEntry(article, head, data, new Map(), source), compactEntry(article, head, data, new Map())]) {
    assert.equal(entry.data, data);
    assert.equal(Object.keys(entry.data), Object.keys(data));
    assert.equal(readStoredField(entry, 'body'), data.body);
    assert.is(readStoredField(entry, 'title'), data.title);
    assert.is(entry.createdAt, head.createdAt);
    assert.is(entry.updatedAt, head.updatedAt);
    assert.is(entry.path, head.path);
    assert.is(entry.asDraft().publishedAt, null);
    assert.is(entry.withId(7).id, 7);
    assert.equal(entry.withId(7).data, data);
  }
});

test('an entry taken apart for the cache comes back the same', () => {
  const entry = compactEntry(article, head, data, new Map(), JSON.stringify(data));
  const { head: parts, short, placeholders, long } = entryParts(entry);
  const back = entryFromParts(parts, JSON.parse(JSON.stringify(short)), JSON.parse(JSON.stringify(placeholders)), long && Buffer.from(long), new Map());
  assert.equal(back.data, entry.data);
  assert.is(back.path, entry.path);
  assert.is(back.updatedAt, entry.updatedAt);
});

test('top-level spans are where JSON.parse found each value', () => {
  const texts = ['{}', ' { "a" : [1,{"b":"}]\\""}] , "a\\u0062": -1.5e3 ,"c":null, "d": {"e": "[{"}, "f": "x\\\\"}', JSON.stringify(data, null, 2)];
  for (const text of texts) {
    const parsed = JSON.parse(text);
    const spans = topLevelSpans(text)!;
    assert.equal([...spans.keys()], Object.keys(parsed));
    for (const [key, [start, end]] of spans) assert.equal(JSON.parse(text.slice(start, end)), parsed[key]);
  }
  assert.is(topLevelSpans('{"a":1,"a":2}'), undefined);
});

test.run();
