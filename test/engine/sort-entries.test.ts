import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { compareText, compareValues } from '../../server/engine/field-value.js';
import type { ReadContext } from '../../server/engine/read-context.js';
import type { Entry } from '../../server/content-index/entry.js';
import { plainKind, sortEntries } from '../../server/engine/sort-entries.js';
import { keptSort } from '../../server/engine/kept-sort.js';
import { type CompactEntry, compactEntry } from '../../server/content-index/compact-entry.js';
import { blogArticle } from '../helpers/blog-article-entries.js';
import { SORT_CHUNK, sortRowSteps } from '../../server/engine/sort-steps.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { parseSort } from '../../server/query/parse-sort.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

/** A fixture project read into an index (read-only: nothing is written, so no temp copy). */
function openFixture(name: string) {
  const dir = path.join(FIXTURES_DIR, name);
  const config = loadConfig(dir, { watch: false });
  const index = loadTestProject(dir, config.i18n).index;
  return { config, index };
}

const types = openFixture('query-types');
const blog = openFixture('blog');
type Fixture = typeof types;

function contextOf(fixture: Fixture): ReadContext {
  return { index: fixture.index, status: 'published', locale: undefined, defaultLocale: fixture.config.i18n.defaultLocale, warn: () => {} };
}

/** The documents of `plural` in the order a `sort=...` query string asks for. */
function order(fixture: Fixture, plural: string, query: string): string[] {
  const type = fixture.index.registry.byRouteName.get(plural)!;
  const raw = parseQueryString(query, fixture.config.limits);
  const keys = parseSort(raw['sort'], fixture.index.registry, type);
  const sorted = sortEntries(contextOf(fixture), type, fixture.index.entries(type, 'published', null), keys);
  return sorted.map((entry) => entry.documentId.replace(/^[sp]-/, ''));
}

// Default order (createdAt, then documentId; emile and emile-lower share a createdAt):
// hello apple zebra emile emile-lower wild empty emoji fullwidth. See compile-filter.test.ts for the values.
const CASES: [name: string, query: string, expected: string[]][] = [
  ['no keys keeps the default order', 'sort=', ['hello', 'apple', 'zebra', 'emile', 'emile-lower', 'wild', 'empty', 'emoji', 'fullwidth']],
  [
    'text by code point: NULL, digits, upper, lower, accented, fullwidth, astral',
    'sort=label',
    ['empty', 'wild', 'hello', 'zebra', 'apple', 'emile', 'emile-lower', 'fullwidth', 'emoji'],
  ],
  ['text descending puts NULL last', 'sort=label:desc', ['emoji', 'fullwidth', 'emile-lower', 'emile', 'apple', 'zebra', 'hello', 'wild', 'empty']],
  ['order is case-insensitive', 'sort=label:DESC', ['emoji', 'fullwidth', 'emile-lower', 'emile', 'apple', 'zebra', 'hello', 'wild', 'empty']],
  ['integers numerically', 'sort=count', ['empty', 'zebra', 'emile', 'hello', 'emile-lower', 'fullwidth', 'apple', 'wild', 'emoji']],
  ['integers descending', 'sort=count:desc', ['emoji', 'wild', 'apple', 'fullwidth', 'emile-lower', 'hello', 'emile', 'zebra', 'empty']],
  [
    'bigintegers stored as text sort as numbers, exactly',
    'sort=big',
    ['empty', 'zebra', 'emile', 'emile-lower', 'fullwidth', 'apple', 'wild', 'emoji', 'hello'],
  ],
  ['floats', 'sort=ratio', ['empty', 'emoji', 'apple', 'zebra', 'hello', 'emile', 'emile-lower', 'fullwidth', 'wild']],
  ['decimals descending', 'sort=price:desc', ['wild', 'emile', 'hello', 'fullwidth', 'emile-lower', 'apple', 'zebra', 'emoji', 'empty']],
  [
    'booleans: NULL, false, true; ties in default order',
    'sort=flag',
    ['wild', 'empty', 'apple', 'emile', 'emoji', 'hello', 'zebra', 'emile-lower', 'fullwidth'],
  ],
  [
    'booleans descending keep ties in default order',
    'sort=flag:desc',
    ['hello', 'zebra', 'emile-lower', 'fullwidth', 'apple', 'emile', 'emoji', 'wild', 'empty'],
  ],
  ['dates', 'sort=day', ['wild', 'empty', 'emoji', 'apple', 'hello', 'fullwidth', 'emile', 'emile-lower', 'zebra']],
  [
    'two keys: the second breaks ties of the first',
    'sort=day:desc,label:asc',
    ['zebra', 'emile-lower', 'emile', 'hello', 'fullwidth', 'apple', 'emoji', 'empty', 'wild'],
  ],
  ['times', 'sort=clock', ['wild', 'empty', 'zebra', 'emoji', 'hello', 'fullwidth', 'emile', 'emile-lower', 'apple']],
  ['datetimes descending, to the millisecond', 'sort=moment:desc', ['zebra', 'emile-lower', 'emile', 'fullwidth', 'hello', 'apple', 'emoji', 'wild', 'empty']],
  ['timestamps', 'sort=stamp', ['wild', 'empty', 'emoji', 'apple', 'hello', 'fullwidth', 'emile', 'emile-lower', 'zebra']],
  ['enumerations', 'sort=kind', ['emile-lower', 'empty', 'hello', 'emile', 'apple', 'wild', 'zebra', 'emoji', 'fullwidth']],
  ['json by its text', 'sort=meta', ['emile', 'empty', 'emoji', 'fullwidth', 'zebra', 'hello', 'emile-lower', 'apple', 'wild']],
  ['array form', 'sort[0]=kind:desc&sort[1]=count:desc', ['emoji', 'fullwidth', 'zebra', 'wild', 'apple', 'hello', 'emile', 'emile-lower', 'empty']],
  ['object form', 'sort[count]=desc', ['emoji', 'wild', 'apple', 'fullwidth', 'emile-lower', 'hello', 'emile', 'zebra', 'empty']],
  ['array of objects', 'sort[0][kind]=asc&sort[1][label]=desc', ['emile-lower', 'empty', 'emile', 'hello', 'apple', 'wild', 'emoji', 'fullwidth', 'zebra']],
  ['createdAt ties keep the default order', 'sort=createdAt', ['hello', 'apple', 'zebra', 'emile', 'emile-lower', 'wild', 'empty', 'emoji', 'fullwidth']],
  [
    'createdAt descending keeps ties in default order',
    'sort=createdAt:desc',
    ['fullwidth', 'emoji', 'empty', 'wild', 'emile', 'emile-lower', 'zebra', 'apple', 'hello'],
  ],
  ['documentId', 'sort=documentId', ['apple', 'emile', 'emile-lower', 'emoji', 'empty', 'fullwidth', 'hello', 'wild', 'zebra']],
  [
    'through a relation: missing related rows first',
    'sort=owner.name',
    ['emile', 'empty', 'emoji', 'fullwidth', 'hello', 'zebra', 'apple', 'emile-lower', 'wild'],
  ],
  [
    'through a relation, object form, descending',
    'sort[owner][name]=desc',
    ['emile-lower', 'wild', 'apple', 'hello', 'zebra', 'emile', 'empty', 'emoji', 'fullwidth'],
  ],
];

for (const [name, query, expected] of CASES) {
  test(`${name} (${query})`, () => {
    assert.equal(order(types, 'samples', query), expected);
  });
}

test('sort=id follows the derived ids', () => {
  const type = types.index.registry.byRouteName.get('samples')!;
  const byId = [...types.index.entries(type, 'published', null)].sort((a, b) => a.id - b.id).map((e) => e.documentId.replace(/^s-/, ''));
  assert.equal(order(types, 'samples', 'sort=id'), byId);
  assert.equal(order(types, 'samples', 'sort=id:desc'), [...byId].reverse());
});

test('the blog sorted by author name matches the recorded Strapi order (case 67)', () => {
  const type = blog.index.registry.byRouteName.get('articles')!;
  const keys = parseSort('author.name:asc', blog.index.registry, type);
  const sorted = sortEntries(contextOf(blog), type, blog.index.entries(type, 'published', null), keys);
  assert.equal(
    sorted.map((e) => e.documentId),
    [
      'frng3kwg77f1y4f8w2dv4xc9',
      'ym3ujlr8u31woavwnw3hg7qx',
      'n0rkkhkmxloujb87i7huf7if',
      'thpng03diq57e9mwj3bzgoos',
      'vbu1g17v4j38gcr3jzhybjnd',
      'zuvut7z9xszedzzlwpit2luk',
      'opniw21e4afikr4ltb3j5uzy',
      'eopqbk5pxdvx55xuuk2proo9',
      'z041qrnkdex5f4439ngy6wuh',
      'dwskr8keskm6eso8drwmjp4i',
    ],
  );
});

test('sortEntries leaves its input alone', () => {
  const type = types.index.registry.byRouteName.get('samples')!;
  const entries = types.index.entries(type, 'published', null);
  const before = entries.map((e) => e.documentId);
  sortEntries(contextOf(types), type, entries, [{ path: ['label'], order: 'desc' }]);
  assert.equal(
    entries.map((e) => e.documentId),
    before,
  );
});

const COMPARE_CASES: [name: string, a: unknown, b: unknown, sign: -1 | 0 | 1][] = [
  ['NULL first', null, 0, -1],
  ['undefined is NULL', undefined, 'a', -1],
  ['two NULLs tie', null, null, 0],
  ['numbers numerically', 9, 10, -1],
  ['numbers before text', 1000, '1', -1],
  ['bigints and numbers compare exactly', 9007199254740993n, 9007199254740992, 1],
  ['equal bigint and number tie', 12n, 12, 0],
  ['false before true', false, true, -1],
  ['uppercase before lowercase', 'Z', 'a', -1],
  ['lowercase before accented', 'z', 'é', -1],
  ['U+FFxx before astral characters', '\uff46', '😀', -1],
  ['astral characters after U+E000', '😀', '\ue000', 1],
  ['a prefix first', 'ab', 'abc', -1],
];

for (const [name, a, b, sign] of COMPARE_CASES) {
  test(`compareValues: ${name}`, () => {
    assert.is(Math.sign(compareValues(a, b)), sign);
    assert.is(Math.sign(compareValues(b, a)), a === b || sign === 0 ? 0 : -sign);
  });
}

test('compareText agrees with UTF-8 byte order', () => {
  const words = ['a', 'B', 'é', 'É', '\uff46', '😀', '\ue000', '\u07ff', '𝒜', 'z', '', 'ab'];
  const bytes = (s: string) => [...Buffer.from(s, 'utf8')];
  const byBytes = [...words].sort((x, y) => {
    const a = bytes(x);
    const b = bytes(y);
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  });
  assert.equal([...words].sort(compareText), byBytes);
});

test('a sort by one text, number or boolean key orders as compareValues does, on few values and many (the fast comparisons), and past two chunks (sorted in chunks, then merged)', () => {
  const type = types.index.registry.byRouteName.get('samples')!;
  // Short texts from a few letters (many ties), accented ones, NULLs; counts with ties and NULLs;
  // ratios with -0 and 0, fractions and negatives; booleans; mostly distinct longer texts; a few
  // distinct texts (ranked: see sortPlainly).
  const letters = ['a', 'B', 'b', 'é', 'Z', ' ', '1', '\u0000'];
  let seed = 7;
  const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const text = (length: number): string => Array.from({ length }, () => letters[random(letters.length)]).join('');
  const ratios = [-0, 0, 0.5, -1.25, 3, 1e21, -1e-7];
  const kinds = ['news', 'News', 'tech', 'é', 'a\u0000b', 'a'];
  const entries = Array.from({ length: 2 * SORT_CHUNK + 5_000 }, (_, i) => {
    const label = random(10) === 0 ? null : text(1 + random(3));
    const note = random(20) === 0 ? null : text(6 + random(6));
    const count = random(10) === 0 ? null : random(50);
    const ratio = random(10) === 0 ? null : ratios[random(ratios.length)];
    const flag = random(5) === 0 ? null : random(2) === 0;
    const kind = random(10) === 0 ? null : kinds[random(kinds.length)];
    return { id: i + 1, documentId: `d${i}`, locale: null, createdAt: '', updatedAt: '', publishedAt: '', data: { label, note, count, ratio, flag, kind } };
  }) as unknown as Entry[];
  for (const [field, order, count] of [
    ['label', 'asc', 3_000],
    ['label', 'desc', 3_000],
    ['note', 'asc', 3_000],
    ['note', 'desc', 3_000],
    ['count', 'asc', 3_000],
    ['count', 'desc', 3_000],
    ['ratio', 'asc', 3_000],
    ['ratio', 'desc', 3_000],
    ['flag', 'asc', 3_000],
    ['flag', 'desc', 3_000],
    ['kind', 'asc', 3_000],
    ['kind', 'desc', 3_000],
    ['label', 'asc', 200],
    ['ratio', 'desc', 200],
    ['note', 'asc', entries.length],
    ['note', 'desc', entries.length],
    ['label', 'asc', entries.length],
    ['count', 'desc', entries.length],
  ] as const) {
    const some = entries.slice(0, count);
    const direction = order === 'desc' ? -1 : 1;
    const value = (entry: Entry): unknown => (entry.data as Record<string, unknown>)[field] ?? null;
    const expected = some
      .map((entry, i) => ({ entry, i }))
      .sort((a, b) => compareValues(value(a.entry), value(b.entry)) * direction || a.i - b.i)
      .map(({ entry }) => entry.documentId);
    const sorted = sortEntries(contextOf(types), type, some, [{ path: [field], order }]).map((entry) => entry.documentId);
    assert.equal(sorted, expected, `${field}:${order} of ${count}`);
  }
});

test('a sort by two keys past two chunks orders as compareValues does, key by key, ties in input order', () => {
  const type = types.index.registry.byRouteName.get('samples')!;
  let seed = 11;
  const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const entries = Array.from({ length: 2 * SORT_CHUNK + 3_000 }, (_, i) => {
    const label = random(10) === 0 ? null : ['a', 'B', 'é', 'a b'][random(4)];
    const count = random(10) === 0 ? null : random(40);
    return { id: i + 1, documentId: `d${i}`, locale: null, createdAt: '', updatedAt: '', publishedAt: '', data: { label, count } };
  }) as unknown as Entry[];
  const value = (entry: Entry, field: string): unknown => (entry.data as Record<string, unknown>)[field] ?? null;
  const expected = entries
    .map((entry, i) => ({ entry, i }))
    .sort(
      (a, b) =>
        compareValues(value(a.entry, 'label'), value(b.entry, 'label')) || -compareValues(value(a.entry, 'count'), value(b.entry, 'count')) || a.i - b.i,
    )
    .map(({ entry }) => entry.documentId);
  const keys = [
    { path: ['label'], order: 'asc' },
    { path: ['count'], order: 'desc' },
  ] as const;
  assert.equal(
    sortEntries(contextOf(types), type, entries, keys).map((entry) => entry.documentId),
    expected,
  );
});

test('sortRowSteps sorts rows in steps, none past a chunk, as one stable sort does; rows in order or in reverse order are not sorted', () => {
  let seed = 3;
  const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const sizes = [0, 1, 2, 3, SORT_CHUNK - 1, SORT_CHUNK, SORT_CHUNK + 1, 5 * SORT_CHUNK + 17];
  const shapes: [string, (count: number) => number[]][] = [
    ['random', (count) => Array.from({ length: count }, () => random(1_000))],
    ['ascending with ties', (count) => Array.from({ length: count }, (_, i) => Math.floor(i / 3))],
    ['descending with ties', (count) => Array.from({ length: count }, (_, i) => -Math.floor(i / 4))],
    ['all equal', (count) => Array.from({ length: count }, () => 7)],
    ['ascending but the last', (count) => Array.from({ length: count }, (_, i) => (i === count - 1 ? -1 : i))],
  ];
  for (const [shape, make] of shapes) {
    for (const count of sizes) {
      const values = make(count);
      for (const direction of [1, -1]) {
        const compare = (a: number, b: number): number => (values[a]! - values[b]!) * direction;
        const steps = sortRowSteps(count, compare);
        let taken = 0;
        let next = steps.next();
        for (; next.done !== true; next = steps.next()) taken++;
        const expected = values.map((_, i) => i).sort((a, b) => compare(a, b) || a - b);
        assert.equal([...next.value], expected, `${shape}, ${count} rows, direction ${direction}`);
        if (shape === 'random' && count > 3) assert.ok(taken >= Math.ceil(count / SORT_CHUNK), `${count} rows: a step per chunk at least (${taken})`);
      }
    }
  }
});

test('a sort by createdAt, updatedAt or publishedAt of compact entries, read as they hold them (ms where packed), orders as their texts do', () => {
  let seed = 5;
  const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const base = Date.UTC(2020, 0, 1);
  const iso = (ms: number): string => new Date(ms).toISOString();
  const make = (count: number, texts: boolean): CompactEntry[] =>
    Array.from({ length: count }, (_, i) => {
      const created = base + random(50_000) * 1_000;
      const updated = created + random(3) * 60_000;
      // Texts toISOString would not write (no milliseconds, an offset) stay texts, and order as texts.
      const updatedAt = texts && random(50) === 0 ? iso(updated).replace('.000Z', 'Z') : iso(updated);
      const publishedAt = random(5) === 0 ? null : texts && random(40) === 0 ? iso(updated).replace('Z', '+00:00') : iso(updated + random(2) * 1_000);
      const documentId = `t${String(i).padStart(23, '0')}`;
      const entry = compactEntry(
        blogArticle,
        { id: i + 1, documentId, locale: null, createdAt: iso(created), updatedAt, publishedAt, path: `content/articles/${documentId}.json` },
        { title: 'x' },
        new Map(),
      );
      return random(6) === 0 ? entry.asDraft() : entry;
    });
  const context = contextOf(blog);
  for (const [count, texts] of [
    [3_000, false],
    [3_000, true],
    [SORT_CHUNK + 1_000, false],
  ] as const) {
    const entries = make(count, texts);
    // In createdAt order as a list is (ties in input order), and as it comes.
    const inCreatedOrder = entries
      .map((entry, i) => ({ entry, i }))
      .sort((a, b) => compareValues(a.entry.createdAt, b.entry.createdAt) || a.i - b.i)
      .map(({ entry }) => entry);
    for (const list of [entries, inCreatedOrder]) {
      for (const field of ['createdAt', 'updatedAt', 'publishedAt'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const direction = order === 'desc' ? -1 : 1;
          const expected = list
            .map((entry, i) => ({ entry, i }))
            .sort((a, b) => compareValues(a.entry[field], b.entry[field]) * direction || a.i - b.i)
            .map(({ entry }) => entry.documentId);
          const kept = keptSort(context, blogArticle, list, [{ path: [field], order }]);
          assert.equal(
            kept.entries.map((entry) => entry.documentId),
            expected,
            `${field}:${order} of ${count}${texts ? ' with texts' : ''}`,
          );
          const textKind = plainKind(list.map((entry) => entry[field]));
          assert.equal(kept.kinds, textKind === undefined ? undefined : [textKind], `${field}: the kind its texts have, for carrying it over edits`);
        }
      }
    }
  }
});

test.run();
