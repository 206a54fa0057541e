import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compactEntry, readStoredField } from '../../server/content-index/compact-entry.js';
import { compileFilter } from '../../server/engine/compile-filter.js';
import { compileLongContains } from '../../server/engine/compile-long-contains.js';
import { compileScalarTest } from '../../server/engine/compile-scalar-test.js';
import { compileSearch } from '../../server/engine/compile-search.js';
import type { ComparisonOperator } from '../../server/query/filter-node.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { throughCacheBlock } from '../helpers/through-cache-block.js';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
const article = registry.byRouteName.get('articles')!;

const head = {
  id: 3,
  documentId: 'abc123abc123abc123abc123',
  locale: null,
  createdAt: '2025-01-02T03:04:05.006Z',
  updatedAt: '2025-01-02T03:04:05.006Z',
  publishedAt: null,
  path: 'content/articles/abc123abc123abc123abc123.json',
};

const TEXTS = [
  'Plain ASCII Text with UPPER and lower',
  'Ünïcode É é ß ẞ İ ı Σ ς and 𝒳 (a surrogate pair) ✓',
  '100% of a_b, [brackets] .* $^ \\ backslash',
  'a lone surrogate \uD800 here',
  'line\nbreak\ttab "quoted"',
  'Latin-1 look-alikes: µ ÿ À à Ã ã × ÷ Þ þ',
  '',
];

const VALUES: [field: string, value: unknown][] = [
  ...TEXTS.map((text): [string, unknown] => ['summary', text]),
  ...TEXTS.map((text): [string, unknown] => ['body', [{ type: 'paragraph', children: [{ type: 'text', text }] }]]),
  ['body', 'a string in a blocks attribute'],
  ['tags', { 'Key"Q': 'Vàlue\n2', n: [1, -0, 1e21, true, null] }],
  ['tags', 42],
  ['tags', 'plain string in json'],
  ['summary', 17],
  ['summary', true],
  ['summary', { object: 'in a text attribute' }],
];

const NEEDLES = [
  'ascii',
  'à',
  'À',
  'ã À',
  'µ',
  'M',
  'UPPER AND',
  'É',
  'é',
  'ẞ',
  'i',
  'İ',
  'σ',
  'Σ',
  '𝒳',
  '\uD835',
  '\uDCB3',
  '\uD800',
  '\uFFFD',
  '%',
  '_',
  'a_b',
  '.*',
  '\\',
  '\\\\',
  '\\"',
  '\\n',
  'line\nbreak',
  'break\\tTAB',
  '"quoted\\"',
  'Key\\"q',
  '"type":"paragraph"',
  'TEXT":"PLAIN',
  '-0',
  '0,1e+21',
  'true',
  '1',
  '',
  ' ',
  'this needle is longer than some of the stored values are',
];

const OPERATORS: ComparisonOperator[] = ['$contains', '$containsi', '$notContains', '$notContainsi'];

test('$contains and its kin on the stored bytes answer as the decoded values do', () => {
  let fast = 0;
  for (const [field, value] of VALUES) {
    const entry = compactEntry(article, head, { title: 't', [field]: value }, new Map());
    const type = (article.attributes.get(field) as { type: 'text' | 'blocks' | 'json' }).type;
    for (const needle of NEEDLES) {
      const answer = compileLongContains(type, field, needle)?.(entry);
      const before = compileScalarTest(type, '$containsi', needle)(readStoredField(entry, field));
      if (answer !== undefined) {
        fast++;
        assert.is(answer, before, `${field} ${JSON.stringify(value)} contains ${JSON.stringify(needle)}`);
      }
      for (const operator of OPERATORS) {
        const expected = compileScalarTest(type, operator, needle)(readStoredField(entry, field)) === true;
        const filter = compileFilter({} as never, article, { kind: 'compare', field, operator, value: needle });
        assert.is(filter(entry), expected, `${field} ${JSON.stringify(value)} ${operator} ${JSON.stringify(needle)}`);
      }
    }
  }
  // Most of the cases are answered from the bytes (not all fall back).
  assert.ok(fast > VALUES.length * NEEDLES.length * 0.6, `${fast} answered from the bytes`);
});

test('a string in a blocks or json attribute, and a lone surrogate in the needle, are compared as before', () => {
  const entry = compactEntry(article, head, { body: 'say "hi"' }, new Map());
  assert.is(compileLongContains('blocks', 'body', 'say')?.(entry), undefined);
  assert.is(compileFilter({} as never, article, { kind: 'compare', field: 'body', operator: '$containsi', value: '"SAY \\"' })(entry), true);
  assert.is(compileLongContains('text', 'summary', '\uD800'), undefined);
  assert.is(compileLongContains('string', 'title', 'x'), undefined);
});

test('an entry read back from the index cache is searched in its bytes as well', () => {
  const entry = compactEntry(article, head, { summary: 'Cached SUMMARY', body: [{ type: 'text', text: 'Ünï "q"' }] }, new Map());
  const back = throughCacheBlock(entry, article).withId(3);
  assert.is(compileLongContains('text', 'summary', 'cached summary')?.(back), true);
  assert.is(compileLongContains('blocks', 'body', 'ünï \\"Q')?.(back), false);
  assert.is(compileLongContains('blocks', 'body', 'Ünï \\"Q')?.(back), true);
});

test('_q over a long text attribute matches as the decoded value does', () => {
  const entry = compactEntry(article, head, { title: 'Title', summary: 'Ünïcode SUMMARY 100%_x \uD800' }, new Map());
  const cases: [string, boolean][] = [
    ['summary', true],
    ['ÜnïCODE', true],
    ['ünïcode', false],
    ['ÜNÏ', false],
    ['%_X', true],
    ['\uD800', false],
    ['\uFFFD', true],
    ['title', true],
    ['absent', false],
    ['3', true],
  ];
  for (const [term, expected] of cases) assert.is(compileSearch(article, term)(entry), expected, term);
});

test.run();
