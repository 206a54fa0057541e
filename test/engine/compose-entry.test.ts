import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { answerRead, answerReadText } from '../../server/documents/answer-read.js';
import type { ProjectSnapshot } from '../../server/documents/project-port.js';
import { notFoundError } from '../../server/errors/api-error.js';
import type { ContentType } from '../../server/schema/content-type.js';
import { composeEntry } from '../../server/engine/compose-entry.js';
import type { ReadContext } from '../../server/engine/read-context.js';
import { serializeEntry } from '../../server/engine/serialize-entry.js';
import { EMPTY_POPULATE } from '../../server/query/document-query.js';
import { loadConfig } from '../../server/store/load-config.js';
import { articleEntry, blogArticle, randomText, seededRandom } from '../helpers/blog-article-entries.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

/** The text JSON.stringify gives for the object serializeEntry makes: what composeEntry must write. */
function stringified(entry: Parameters<typeof composeEntry>[1], fields?: readonly string[]): string {
  const context: ReadContext = { index: undefined as never, status: 'published', locale: undefined, defaultLocale: 'en', warn: () => undefined };
  return JSON.stringify(serializeEntry(context, blogArticle, entry, { fields, populate: EMPTY_POPULATE }));
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

test('composeEntry writes the text JSON.stringify gives for every kind of stored value, all fields or some', () => {
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
  const picks = [['summary', 'title'], ['tags', 'updatedAt', 'body', 'createdAt'], ['publishedAt'], []];
  for (const data of values) {
    const entry = articleEntry(data);
    assert.is(composeEntry(blogArticle, entry, undefined), stringified(entry), JSON.stringify(data));
    for (const fields of picks) assert.is(composeEntry(blogArticle, entry, fields), stringified(entry, fields), `${JSON.stringify(data)} ${fields}`);
  }
});

test('composeEntry writes a long value as valid JSON whatever it holds', () => {
  const entry = articleEntry({ summary: 'a "b" \\ c\n\u0001 𝒳', tags: { 'k"ey': 'v\\al' } });
  const parsed = JSON.parse(composeEntry(blogArticle, entry, undefined));
  assert.is(parsed.summary, 'a "b" \\ c\n\u0001 𝒳');
  assert.equal(parsed.tags, { 'k"ey': 'v\\al' });
});

/** Every fixture project with content, loaded once (the engine only reads them, in place). */
const fixtures = fs
  .readdirSync(FIXTURES_DIR)
  .map((name) => path.join(FIXTURES_DIR, name))
  .filter((dir) => fs.existsSync(path.join(dir, 'schemas')) && fs.existsSync(path.join(dir, 'content')))
  .map((dir) => {
    const config = loadConfig(dir, { watch: false });
    return { name: path.basename(dir), config, state: loadTestProject(dir), options: { config, warn: () => undefined } };
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

/**
 * Queries that pick fields or populate, for any type: its first scalars, everything populated, and
 * each relation populated two levels deep, with fields, a sort, a filter and a window.
 */
function shapeQueries(type: ContentType): string[] {
  const [first, second] = type.outputScalars;
  const queries = ['populate=*', 'fields[0]=createdAt&populate=*'];
  if (first !== undefined) queries.push(`fields[0]=${first}`, `fields[0]=${second ?? first}&fields[1]=${first}&fields[2]=updatedAt&fields[3]=locale`);
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind !== 'relation') continue;
    queries.push(
      `populate[${name}][populate]=*`,
      `populate[${name}][fields][0]=createdAt&populate[${name}][sort][0]=createdAt:desc&populate[${name}][filters][documentId][$ne]=nothing&populate[${name}][start]=1&populate[${name}][limit]=2`,
      `populate[${name}][populate][0]=${name}&populate[${name}][count]=false`,
    );
  }
  return queries;
}

test('a get-one answers the same text composed as through answerRead, for every document of every fixture, status, locale and shape', () => {
  let composed = 0;
  for (const { name, config, state, options } of fixtures) {
    const locales = [undefined, ...config.i18n.locales.map((locale) => locale.code)];
    for (const type of state.registry.contentTypes.values()) {
      const ids = new Set<string>();
      for (const status of ['published', 'draft'] as const) {
        for (const locale of [null, ...config.i18n.locales.map((l) => l.code)])
          for (const entry of state.index.entries(type, status, locale)) ids.add(entry.documentId);
      }
      const targets = type.kind === 'collectionType' ? [...ids] : [undefined];
      for (const documentId of targets) {
        for (const shape of ['', ...shapeQueries(type)]) {
          for (const status of ['', 'status=draft', 'status=published']) {
            for (const locale of locales) {
              const querystring = [shape, status, locale === undefined ? '' : `locale=${locale}`].filter(Boolean).join('&');
              const where = `${name} ${type.pluralName}/${documentId ?? ''}?${querystring}`;
              const [text, expected] = bothWays(state, { type, documentId, querystring }, options);
              assert.is(text, expected, where);
              if (!text.startsWith('throws')) composed++;
            }
          }
        }
      }
    }
  }
  // The fixtures hold dozens of documents in several shapes: the comparison above is not empty.
  assert.ok(composed > 500, `${composed} composed`);
});

test('a list page answers the same text composed as through answerRead, for every type of every fixture', () => {
  let pages = 0;
  for (const { name, config, state, options } of fixtures) {
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
        ...shapeQueries(type),
        ...shapeQueries(type).map((shape) => `${shape}&status=draft&locale=*`),
      ];
      for (const querystring of queries) {
        const [text, expected] = bothWays(state, { type, documentId: undefined, querystring }, options);
        assert.is(text, expected, `${name} ${type.pluralName}?${querystring}`);
        if (!text.startsWith('throws') && JSON.parse(text).data.length > 0) pages++;
      }
    }
  }
  assert.ok(pages > 200, `${pages} pages with documents compared`);
});

test('the v4 shape, and a query Strapi refuses, answer as through answerRead', () => {
  const { config, state } = fixtures.find((fixture) => fixture.name === 'blog')!;
  const type = state.registry.byRouteName.get('articles')!;
  const documentId = state.index.entries(type, 'published', null)[0]!.documentId;
  for (const [querystring, format] of [
    ['', 'v4'],
    ['populate=*', 'v4'],
    ['fields[0]=nothing-of-the-kind', 'v5'],
    ['filters[title][$eq]=nothing-like-this', 'v5'],
  ] as const) {
    const options = { config, warn: () => undefined, format };
    for (const id of [documentId, undefined]) {
      const [text, expected] = bothWays(state, { type, documentId: id, querystring }, options);
      assert.is(text, expected, `${id ?? 'list'} ${querystring} ${format}`);
    }
  }
  const [missing] = bothWays(state, { type, documentId: 'no-such-document', querystring: '' }, { config, warn: () => undefined });
  assert.is(missing, `throws ${notFoundError().message}`);
});

test.run();
