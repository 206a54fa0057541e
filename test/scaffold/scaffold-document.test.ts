import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject } from '../../server/check/check-project.js';
import { NEW_DOCUMENT_CHECK } from '../../server/check/check-new-document.js';
import { scaffoldDocument } from '../../server/scaffold/scaffold-document.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';

const NOW = '2026-03-01T10:00:00.000Z';

function scaffoldIn(fixture: string, options: Parameters<typeof scaffoldDocument>[1]): { path: string; data: Record<string, unknown> } | { error: string } {
  const project = createTempProject(fixture);
  try {
    const rel = scaffoldDocument(project.dir, { now: NOW, ...options }, NEW_DOCUMENT_CHECK);
    return { path: rel, data: JSON.parse(project.read(rel)) };
  } catch (error) {
    return { error: (error as Error).message };
  } finally {
    project.cleanup();
  }
}

/** What `cms new` writes for the check-mistakes fixture (article: D&P and localized; author: unique email). */
const CREATED: [name: string, options: Parameters<typeof scaffoldDocument>[1], path: string, expected: Record<string, unknown>][] = [
  [
    'a published article with its required title stubbed to fit minLength, and every attribute listed',
    { type: 'article', id: 'new-one' },
    'content/articles/new-one.json',
    {
      title: 'Article title',
      slug: null,
      views: null,
      format: null,
      contact: null,
      body: null,
      cover: null,
      author: null,
      related: [],
      seo: null,
      blocks: [],
      createdAt: NOW,
      updatedAt: NOW,
      publishedAt: NOW,
    },
  ],
  [
    'values from --set, cast like API writes cast them',
    {
      type: 'articles',
      id: 'set-values',
      set: ['title=Hello there', 'views=42', 'format=news', 'author=ada', 'related=good,also-good', 'seo.metaTitle=Hi', 'cover=pixel.png'],
    },
    'content/articles/set-values.json',
    {
      title: 'Hello there',
      slug: null,
      views: 42,
      format: 'news',
      contact: null,
      body: null,
      cover: 'pixel.png',
      author: 'ada',
      related: ['good', 'also-good'],
      seo: { metaTitle: 'Hi' },
      blocks: [],
      createdAt: NOW,
      updatedAt: NOW,
      publishedAt: NOW,
    },
  ],
  [
    'a draft in another locale',
    { type: 'article', id: 'brouillon', locale: 'fr', draft: true },
    'content/articles/brouillon.fr.json',
    { title: 'Article title', publishedAt: null },
  ],
  [
    'an author: its required name stubbed, what is not required left empty',
    { type: 'author', id: 'grace' },
    'content/authors/grace.json',
    { name: 'Author name', email: null, createdAt: NOW, updatedAt: NOW, publishedAt: NOW },
  ],
  [
    'a new locale of an existing document, with its shared attributes',
    { type: 'article', id: 'also-good', locale: 'fr', set: ['title=Aussi bien'] },
    'content/articles/also-good.fr.json',
    { title: 'Aussi bien', author: 'ada', cover: null },
  ],
];

for (const [name, options, path, expected] of CREATED) {
  test(`cms new writes ${name}`, () => {
    const result = scaffoldIn('check-mistakes', options);
    assert.ok('path' in result, 'error' in result ? result.error : '');
    assert.is(result.path, path);
    for (const [key, value] of Object.entries(expected)) assert.equal(result.data[key], value, key);
    if (Object.keys(expected).includes('blocks')) assert.equal(Object.keys(result.data), Object.keys(expected), 'schema key order, then timestamps');
  });
}

const REFUSED: [name: string, options: Parameters<typeof scaffoldDocument>[1], message: string][] = [
  ['an id that exists', { type: 'article', id: 'good' }, 'content/articles/good.json exists already: pick another id'],
  ['an id that exists as Markdown', { type: 'article', id: 'both' }, 'content/articles/both.json exists already: pick another id'],
  [
    'an invalid id',
    { type: 'article', id: '../escape' },
    'invalid documentId "../escape": use 1-64 characters a-z, 0-9, "-" or "_", starting with a letter or digit',
  ],
  ['an unknown type', { type: 'widget' }, 'no content type named "widget": use one of articles, authors'],
  ['a locale that is not configured', { type: 'article', locale: 'de' }, 'locale "de" is not configured: add it to i18n.locales in cms.config.json'],
  ['a locale on a type that is not localized', { type: 'author', locale: 'fr' }, 'author is not localized (pluginOptions.i18n.localized): drop --locale'],
  ['a draft of a type without Draft & Publish', { type: 'author', draft: true }, 'author has no Draft & Publish (options.draftAndPublish): drop --draft'],
  ['an unknown attribute in --set', { type: 'article', set: ['subtitle=x'] }, '--set subtitle: unknown attribute "subtitle"'],
  [
    'a derived relation in --set',
    { type: 'author', set: ['articles=good'] },
    '--set articles: "articles" is the derived side of api::article.article.author: set it there',
  ],
  ['a --set without =', { type: 'article', set: ['title'] }, '--set title: expected key=value'],
  [
    'a number that is not one',
    { type: 'article', set: ['views=many'] },
    '--set views: views must be a `number` type, but the final value was: `NaN` (cast from the value `"many"`).',
  ],
];

for (const [name, options, message] of REFUSED) {
  test(`cms new refuses ${name}`, () => {
    const result = scaffoldIn('check-mistakes', options);
    assert.ok('error' in result, 'a file was written');
    assert.is(result.error, message);
  });
}

test("cms new refuses values that would not pass cms check, with the check's messages", () => {
  const result = scaffoldIn('check-mistakes', { type: 'author', id: 'copy', set: ['email=ada@example.com', 'name=Ada'] });
  assert.ok('error' in result);
  assert.is(
    result.error,
    'content/authors/copy.json would not pass cms check:\n  email: This attribute must be unique ("ada@example.com" is also used by content/authors/ada.json): pass --set email=<value>',
  );
  const dangling = scaffoldIn('check-mistakes', { type: 'article', id: 'x', set: ['author=nobody', 'title=ab'] });
  assert.ok('error' in dangling);
  assert.is(
    dangling.error,
    'content/articles/x.json would not pass cms check:\n  title must be at least 3 characters\n  author: relation to authors/nobody, which does not exist',
  );
});

test('a required relation cannot be stubbed: cms new asks for it', () => {
  const project = createTempProject('check-mistakes');
  try {
    project.write('schemas/author.json', {
      kind: 'collectionType',
      info: { singularName: 'author', pluralName: 'authors' },
      attributes: {
        name: { type: 'string', required: true, minLength: 30 },
        email: { type: 'email', required: true, unique: true },
        mentor: { type: 'relation', relation: 'oneToOne', target: 'api::author.author', required: true },
        articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' },
      },
    });
    assert.throws(
      () => scaffoldDocument(project.dir, { type: 'author' }, NEW_DOCUMENT_CHECK),
      /^mentor is a required relation: pass --set mentor=<documentId of authors>$/,
    );
    const rel = scaffoldDocument(project.dir, { type: 'author', id: 'bob', set: ['mentor=ada'] }, NEW_DOCUMENT_CHECK);
    const data = JSON.parse(project.read(rel));
    assert.is(data['name'], 'author name...................', 'padded to minLength');
    assert.is(data['email'], 'bob@example.com', 'a unique email made from the documentId');
  } finally {
    project.cleanup();
  }
});

test('documents written by cms new pass cms check, in every kind of type of the sample site', async () => {
  const project = createTempProject();
  try {
    for (const name of ['schemas', 'content', 'uploads', 'cms.config.json'])
      fs.cpSync(path.join(REPO_ROOT, name), path.join(project.dir, name), { recursive: true });
    project.remove('content/global.json');
    const written = [
      scaffoldDocument(project.dir, { type: 'articles' }, NEW_DOCUMENT_CHECK),
      scaffoldDocument(project.dir, { type: 'article', set: ['title=Typed content from the command line'] }, NEW_DOCUMENT_CHECK),
      scaffoldDocument(project.dir, { type: 'authors' }, NEW_DOCUMENT_CHECK),
      scaffoldDocument(project.dir, { type: 'categories', id: 'new-category' }, NEW_DOCUMENT_CHECK),
      scaffoldDocument(project.dir, { type: 'tag' }, NEW_DOCUMENT_CHECK),
      scaffoldDocument(project.dir, { type: 'global' }, NEW_DOCUMENT_CHECK),
    ];
    assert.is(JSON.parse(project.read(written[1]!))['slug'], 'typed-content-from-the-command-line', 'a uid from its target field');
    const report = await checkProject(project.dir);
    assert.equal(report.problems, []);
  } finally {
    project.cleanup();
  }
});

test.run();
