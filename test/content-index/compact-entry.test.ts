import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compactEntry, readStoredField } from '../../server/content-index/compact-entry.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { throughCacheBlock } from '../helpers/through-cache-block.js';
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
  for (const entry of [compactEntry(article, head, data, new Map())]) {
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

test('isPublished and publishedAtIsNull say whether publishedAt is set and whether it is null, for every way a time is held, through the index cache too', () => {
  const times: (string | null)[] = [
    null,
    '',
    '2025-01-02T03:04:05.006Z',
    // The same as updatedAt (held as 0 ms after it), before createdAt, not canonical, not a time at all.
    '2025-01-03T00:00:00.000Z',
    '2019-01-01T00:00:00.000Z',
    '2025-01-02 03:04',
    'soon',
  ];
  const heads = [
    { ...head, updatedAt: '2025-01-03T00:00:00.000Z' },
    { ...head, updatedAt: '2025-01-02 03:04' },
  ];
  for (const h of heads) {
    for (const publishedAt of times) {
      const entry = compactEntry(article, { ...h, publishedAt }, data, new Map());
      for (const version of [entry, entry.asDraft(), entry.withId(3), throughCacheBlock(entry, article)]) {
        assert.is(version.isPublished(), Boolean(version.publishedAt), `${h.updatedAt} ${JSON.stringify(publishedAt)}`);
        assert.is(version.publishedAtIsNull(), version.publishedAt === null, `null: ${h.updatedAt} ${JSON.stringify(publishedAt)}`);
      }
    }
  }
});

test('isAt tells the path of the entry from any other, made of its folder shape or held whole', () => {
  const shaped = compactEntry(article, head, data, new Map());
  const whole = compactEntry(article, { ...head, path: 'content/home.json' }, data, new Map());
  assert.ok(shaped.isAt(head.path));
  assert.ok(whole.isAt('content/home.json'));
  for (const other of [
    'content/articles/abc123abc123abc123abc124.json',
    'content/articles/abc123abc123abc123abc123.md',
    'content/articlez/abc123abc123abc123abc123.json',
    'content/articles/abc123abc123abc123abc123.json ',
    'content/articles/abc123abc123abc123abc123.fr.json',
    'content/articles/xabc123abc123abc123abc12.json',
    '',
  ]) {
    assert.not.ok(shaped.isAt(other), other);
    assert.is(shaped.isAt(other), shaped.path === other);
  }
  assert.not.ok(whole.isAt('content/home.jso'));
});

test('an entry taken apart for the cache comes back the same', () => {
  const entry = compactEntry(article, head, data, new Map());
  const back = throughCacheBlock(entry, article);
  assert.equal(back.data, entry.data);
  assert.is(back.path, entry.path);
  assert.is(back.updatedAt, entry.updatedAt);
});

test('long values of every width come back across many slabs', () => {
  const pieces = ['plain ', 'é', '✓', '𝒳', '"', '\\', '\n'];
  const entries: ReturnType<typeof compactEntry>[] = [];
  const bodies: { type: string; children: { type: string; text: string }[] }[][] = [];
  for (let i = 0; i < 400; i++) {
    let text = '';
    for (let j = 0; j < 300 + i * 7; j++) text += pieces[(i + j) % pieces.length];
    const body = [{ type: 'paragraph', children: [{ type: 'text', text }] }];
    bodies.push(body);
    entries.push(compactEntry(article, head, { title: text.slice(0, 40), summary: text, body }, new Map()));
  }
  entries.forEach((entry, i) => {
    assert.equal(readStoredField(entry, 'body'), bodies[i]);
    assert.is(readStoredField(entry, 'summary'), bodies[i]![0]!.children[0]!.text);
  });
});

test('timestamps come back as written, whatever their distance and form (held as differences where both are numbers)', () => {
  const cases: [string, string, string | null][] = [
    ['2025-01-02T03:04:05.006Z', '2025-02-20T10:00:00.000Z', '2025-02-20T11:00:00.001Z'], // 49 days, then an hour
    ['2025-01-02T03:04:05.006Z', '2025-01-02T03:04:05.006Z', '2025-01-02T03:04:05.006Z'],
    ['2025-01-02T03:04:05.006Z', '1990-01-01T00:00:00.000Z', '2090-01-01T00:00:00.000Z'], // backwards, then far ahead
    ['2025-01-02 03:04', '2025-02-20T10:00:00.000Z', '2025-02-20T11:00:00.001Z'], // created kept as text
    ['2025-01-02T03:04:05.006Z', '2025-02-20 10:00', '2025-02-20T11:00:00.001Z'], // updated kept as text
    ['2025-01-02T03:04:05.006Z', '2025-02-20T10:00:00.000Z', null],
  ];
  for (const [createdAt, updatedAt, publishedAt] of cases) {
    const entry = compactEntry(article, { ...head, createdAt, updatedAt, publishedAt }, { title: 't', createdAt, updatedAt, publishedAt }, new Map());
    for (const version of [entry, entry.withId(3)]) {
      assert.equal([version.createdAt, version.updatedAt, version.publishedAt], [createdAt, updatedAt, publishedAt]);
      assert.equal(version.data, { title: 't', createdAt, updatedAt, publishedAt });
    }
    assert.is(entry.asDraft().publishedAt, null);
    assert.is(entry.asDraft().filePublishedAt(), publishedAt);
  }
});

test.run();
