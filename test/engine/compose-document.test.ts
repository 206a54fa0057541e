import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { answerRead, answerReadText, composeGetOne } from '../../server/documents/answer-read.js';
import type { ProjectSnapshot } from '../../server/documents/project-port.js';
import { composeDocument } from '../../server/engine/compose-document.js';
import type { ReadContext } from '../../server/engine/read-context.js';
import { serializeEntry } from '../../server/engine/serialize-entry.js';
import { EMPTY_POPULATE } from '../../server/query/document-query.js';
import { loadConfig } from '../../server/store/load-config.js';
import { articleEntry, blogArticle, randomText, seededRandom } from '../helpers/blog-article-entries.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

/** The text JSON.stringify gives for the object serializeEntry makes: what composeDocument must write. */
function stringified(entry: Parameters<typeof composeDocument>[1]): string {
  const context: ReadContext = { index: undefined as never, status: 'published', locale: undefined, defaultLocale: 'en', warn: () => undefined };
  return JSON.stringify({ data: serializeEntry(context, blogArticle, entry, { fields: undefined, populate: EMPTY_POPULATE }), meta: {} });
}

const WORDS = [
  'plain',
  'Ünï',
  '"quoted"',
  'back\\slash',
  'line\nbreak',
  'tab\there',
  '\u0000nul',
  '\u001f',
  '𝒳',
  '\u2028',
  'é',
  '</script>',
  '\ud800',
  '\udc00x',
];

test('composeDocument writes the text JSON.stringify gives for every kind of stored value', () => {
  const next = seededRandom(18);
  const text = (words: number): string => randomText(next, words, WORDS);
  const values: Record<string, unknown>[] = [
    {},
    { title: null, body: null, summary: null, tags: null },
    { title: 'Hello', summary: 'A summary without escapes', body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi "there"' }] }] },
    // A number or a string where a text or json attribute is: stored as its JSON or as text.
    { summary: 42, tags: 'a string in json', body: 'text in blocks' },
    { tags: { nested: ['a', 1, true, null, { deep: 'ü\n' }] }, views: 7, rating: 1.5, featured: false, publishedDate: '2025-01-02', category: 'news' },
    { summary: '', tags: [], body: [] },
  ];
  for (let i = 0; i < 300; i++) {
    values.push({
      title: text(3),
      summary: text(1 + Math.floor(next() * 40)),
      body: [{ type: 'paragraph', children: [{ type: 'text', text: text(20) }] }],
      tags: next() < 0.5 ? [text(2), text(1)] : { note: text(5) },
      views: Math.floor(next() * 1000),
      featured: next() < 0.5,
    });
  }
  for (const data of values) {
    const entry = articleEntry(data);
    assert.is(composeDocument(blogArticle, entry), stringified(entry), JSON.stringify(data));
  }
});

test('composeDocument writes a long value as valid JSON whatever it holds', () => {
  const entry = articleEntry({ summary: 'a "b" \\ c\n\u0001 𝒳', tags: { 'k"ey': 'v\\al' } });
  const parsed = JSON.parse(composeDocument(blogArticle, entry));
  assert.is(parsed.data.summary, 'a "b" \\ c\n\u0001 𝒳');
  assert.equal(parsed.data.tags, { 'k"ey': 'v\\al' });
});

/** Every fixture project with content. */
const projects = fs
  .readdirSync(FIXTURES_DIR)
  .map((name) => path.join(FIXTURES_DIR, name))
  .filter((dir) => fs.existsSync(path.join(dir, 'schemas')) && fs.existsSync(path.join(dir, 'content')));

test('a get-one answers the same text composed as through answerRead, for every document of every fixture, status and locale', () => {
  let composed = 0;
  for (const dir of projects) {
    const config = loadConfig(dir, { watch: false });
    const state = loadTestProject(dir);
    const snapshot: ProjectSnapshot = state;
    const options = { config, warn: () => undefined };
    const locales = [undefined, ...config.i18n.locales.map((locale) => locale.code)];
    for (const type of state.registry.contentTypes.values()) {
      const ids = new Set<string>();
      for (const status of ['published', 'draft'] as const) {
        for (const locale of [null, ...config.i18n.locales.map((l) => l.code)])
          for (const entry of state.index.entries(type, status, locale)) ids.add(entry.documentId);
      }
      const targets = type.kind === 'collectionType' ? [...ids] : [undefined];
      for (const documentId of targets) {
        for (const status of ['', 'status=draft', 'status=published']) {
          for (const locale of locales) {
            const querystring = [status, locale === undefined ? '' : `locale=${locale}`].filter(Boolean).join('&');
            const request = { type, documentId, querystring };
            const where = `${path.basename(dir)} ${type.pluralName}/${documentId ?? ''}?${querystring}`;
            let expected: string | undefined;
            try {
              expected = JSON.stringify(answerRead(snapshot, request, options));
            } catch {
              expected = undefined;
            }
            let text: string | undefined;
            try {
              text = answerReadText(snapshot, request, options);
            } catch {
              text = undefined;
            }
            assert.is(text, expected, where);
            if (querystring === '' && documentId !== undefined) {
              const text = composeGetOne(snapshot, type, documentId, options);
              assert.is(text, expected, `${where} (composeGetOne)`);
              if (text !== undefined) composed++;
            }
          }
        }
      }
    }
  }
  // The fixtures hold dozens of documents with a published version: the comparison above is not empty.
  assert.ok(composed > 50, `${composed} composed`);
});

/** A read's text both ways, or the error it throws, for comparing them. */
function bothWays(snapshot: ProjectSnapshot, request: Parameters<typeof answerRead>[1], options: Parameters<typeof answerRead>[2]): [string, string] {
  const attempt = (read: () => string): string => {
    try {
      return read();
    } catch (error) {
      return `throws ${(error as Error).message}`;
    }
  };
  return [attempt(() => answerReadText(snapshot, request, options)), attempt(() => JSON.stringify(answerRead(snapshot, request, options)))];
}

test('a list page answers the same text composed as through answerRead, for every type of every fixture', () => {
  let pages = 0;
  for (const dir of projects) {
    const config = loadConfig(dir, { watch: false });
    const state = loadTestProject(dir);
    const options = { config, warn: () => undefined };
    for (const type of state.registry.contentTypes.values()) {
      if (type.kind !== 'collectionType') continue;
      const queries = [
        '',
        'status=draft',
        'pagination[pageSize]=2&pagination[page]=2',
        'pagination[start]=1&pagination[limit]=3&pagination[withCount]=false',
        'sort=createdAt:desc',
        '_q=a',
        'filters[documentId][$ne]=nothing',
        ...config.i18n.locales.map((locale) => `locale=${locale.code}`),
        'locale=*',
        ...type.outputScalars.map((name) => `sort=${name}:desc&filters[${name}][$notNull]=true`),
      ];
      for (const querystring of queries) {
        const [text, expected] = bothWays(state, { type, documentId: undefined, querystring }, options);
        assert.is(text, expected, `${path.basename(dir)} ${type.pluralName}?${querystring}`);
        if (!text.startsWith('throws') && JSON.parse(text).data.length > 0) pages++;
      }
    }
  }
  assert.ok(pages > 100, `${pages} pages with documents compared`);
});

test('answerReadText composes only plain reads: fields, populate, filters and the v4 shape go through answerRead', () => {
  const dir = path.join(FIXTURES_DIR, 'blog');
  const config = loadConfig(dir, { watch: false });
  const state = loadTestProject(dir);
  const snapshot: ProjectSnapshot = state;
  const type = state.registry.byRouteName.get('articles')!;
  const documentId = state.index.entries(type, 'published', null)[0]!.documentId;
  for (const [querystring, format] of [
    ['fields[0]=title', 'v5'],
    ['populate=*', 'v5'],
    ['filters[title][$eq]=nothing-like-this', 'v5'],
    ['', 'v4'],
  ] as const) {
    const options = { config, warn: () => undefined, format };
    const request = { type, documentId, querystring };
    let expected: string;
    try {
      expected = JSON.stringify(answerRead(snapshot, request, options));
    } catch (error) {
      expected = `throws ${(error as Error).message}`;
    }
    let text: string;
    try {
      text = answerReadText(snapshot, request, options);
    } catch (error) {
      text = `throws ${(error as Error).message}`;
    }
    assert.is(text, expected, `${querystring} ${format}`);
  }
  assert.is(composeGetOne(snapshot, type, 'no-such-document', { config, warn: () => undefined }), undefined);
});

test.run();
