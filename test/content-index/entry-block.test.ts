import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CompactEntry, compactEntry } from '../../server/content-index/compact-entry.js';
import { decodeEntryBlock, encodeEntryBlock } from '../../server/content-index/entry-block.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
const article = registry.byRouteName.get('articles')!;

function entryOf(
  documentId: string,
  overrides: Partial<{ locale: string | null; path: string; updatedAt: string; publishedAt: string | null }>,
  data: Record<string, unknown>,
): CompactEntry {
  const head = {
    id: 0,
    documentId,
    locale: null,
    createdAt: '2025-01-02T03:04:05.006Z',
    updatedAt: '2025-01-03T03:04:05.006Z',
    publishedAt: '2025-01-04T03:04:05.006Z',
    path: `content/articles/${documentId}.json`,
    ...overrides,
  };
  return compactEntry(article, head, data, new Map());
}

const entries = [
  entryOf('aaaaaaaaaaaaaaaaaaaaaaaa', {}, { title: 'Plain', body: [{ type: 'text', text: 'Ünï ✓ 𝒳' }], createdAt: '2025-01-02T03:04:05.006Z', author: 'w1' }),
  entryOf(
    'bbbbbbbbbbbbbbbbbbbbbbbb',
    { locale: 'fr', path: 'content/articles/bbbbbbbbbbbbbbbbbbbbbbbb.fr.draft.json', publishedAt: null },
    { title: 'Sans', author: 'w1' },
  ),
  entryOf(
    'cccccccccccccccccccccccc',
    { updatedAt: '2025-01-03 03:04', path: 'content/odd/place.json' },
    { summary: 'A summary', title: 'Odd', views: 3, tags: ['x'] },
  ),
];

/** A file's version read back, with the size and mtime its file had. */
interface BlockVersion {
  readonly size: number;
  readonly mtimeMs: number;
  readonly entry: CompactEntry;
}

function readBack(text: string, bytes: Buffer): [string, BlockVersion][] | undefined {
  const out: [string, BlockVersion][] = [];
  return decodeEntryBlock(text, bytes, new Map(), (entry, size, mtimeMs) => out.push([entry.path, { entry, size, mtimeMs }])) ? out : undefined;
}

test('a block gives back each version: values, times, path, locale, size and mtime', () => {
  const block = encodeEntryBlock(entries.map((entry, i) => ({ entry, type: article, size: 100 + i, mtimeMs: 1_700_000_000_000.25 + i })));
  const back = readBack(block.text, Buffer.concat(block.bytes))!;
  assert.is(back.length, entries.length);
  back.forEach(([file, { entry, size, mtimeMs }], i) => {
    const before = entries[i]!;
    assert.is(file, before.path);
    assert.equal(
      [entry.documentId, entry.locale, entry.path, entry.createdAt, entry.updatedAt, entry.publishedAt],
      [before.documentId, before.locale, before.path, before.createdAt, before.updatedAt, before.publishedAt],
    );
    assert.equal(entry.data, before.data);
    assert.equal(Object.keys(entry.data), Object.keys(before.data));
    assert.equal([size, mtimeMs], [100 + i, 1_700_000_000_000.25 + i]);
    assert.ok(entry instanceof CompactEntry, 'an entry, methods and all');
    assert.equal(Object.keys(entry), Object.keys(before), 'with the fields of one made from the file, in their order');
  });
  // Relation targets are pooled: one string for every entry naming the same author.
  assert.is(back[0]![1].entry.field('author'), back[1]![1].entry.field('author'));
});

test('a block whose long records or text do not hold together is refused', () => {
  const block = encodeEntryBlock(entries.map((entry) => ({ entry, type: article, size: 1, mtimeMs: 1 })));
  const bytes = Buffer.concat(block.bytes);
  assert.is(readBack(block.text, bytes.subarray(0, bytes.length - 1)), undefined, 'a long record past the end of the bytes');
  const parsed = JSON.parse(block.text) as unknown[][];
  assert.ok(readBack(block.text, bytes), 'the block as written');
  assert.is(readBack(JSON.stringify([[[['title'], [70000]]], parsed[1], parsed[2], parsed[3]]), bytes), undefined, 'a placeholder out of range');
  assert.is(readBack(JSON.stringify([parsed[0], parsed[1], parsed[2]!.slice(0, -1), parsed[3]]), bytes), undefined, 'a row cut short');
  assert.is(readBack(JSON.stringify([parsed[0], parsed[1], parsed[2]]), bytes), undefined, 'no strings');
  assert.is(readBack(JSON.stringify([parsed[0], [], parsed[2], parsed[3]]), bytes), undefined, 'a shape that is not there');
  assert.is(readBack(JSON.stringify([parsed[0], parsed[1], parsed[2], []]), bytes), undefined, 'a pooled string that is not there');
  assert.is(readBack(JSON.stringify([parsed[0], parsed[1], parsed[2], [1, ...parsed[3]!.slice(1)]]), bytes), undefined, 'a pooled string that is no string');
  // A key no attribute has: its values would be copied as an own key named so, not read as before.
  const layouts = parsed[0] as [string[], unknown[]][];
  const proto = layouts.map(([keys, codes]) => [keys.map((key) => (key === 'title' ? '__proto__' : key)), codes]);
  assert.is(readBack(JSON.stringify([proto, parsed[1], parsed[2], parsed[3]]), bytes), undefined, 'a __proto__ key');
});

test('pooled strings are written once per block and named by index; arrays of them too, other values as they are', () => {
  const many = [
    entryOf('dddddddddddddddddddddddd', {}, { title: 'One', author: 'w1', categories: ['c1', 'c2'] }),
    entryOf('eeeeeeeeeeeeeeeeeeeeeeee', {}, { title: 'Two', author: 'w1', categories: ['c2'] }),
    entryOf('ffffffffffffffffffffffff', {}, { title: 'Three', author: null, categories: [] }),
  ];
  const block = encodeEntryBlock(many.map((entry) => ({ entry, type: article, size: 1, mtimeMs: 1 })));
  const parsed = JSON.parse(block.text) as unknown[][];
  assert.equal(parsed[3], ['w1', 'c1', 'c2']);
  assert.is(block.text.split('"w1"').length - 1, 1, 'w1 written once');
  const back = readBack(block.text, Buffer.concat(block.bytes))!;
  assert.equal(
    back.map(([, { entry }]) => entry.data),
    many.map((entry) => entry.data),
  );
  assert.is(back[0]![1].entry.field('author'), back[1]![1].entry.field('author'));
  const category = (at: number, item: number): unknown => (back[at]![1].entry.field('categories') as unknown[])[item];
  assert.is(category(0, 1), category(1, 0));
});

test.run();
