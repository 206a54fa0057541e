import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TempProject } from '../helpers/temp-project.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// What writes leave on disk, read back from the files: generated ids, timestamps, key order and
// layout, Draft & Publish files, Markdown kept as Markdown, derived relations never written.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ARTICLE_KEYS = [
  'title',
  'slug',
  'body',
  'summary',
  'views',
  'rating',
  'featured',
  'publishedDate',
  'tags',
  'category',
  'cover',
  'gallery',
  'author',
  'categories',
  'seo',
  'links',
  'blocks',
];
const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'];
const HOPPER = 'sjlq8hgxw8ame5jqieu9qb6m';
const TECH = 'zltqvqf04d5e839ng102ihtk';
const APPLE = 'z041qrnkdex5f4439ngy6wuh';
const SCIENCE_WEEKLY = 'vbu1g17v4j38gcr3jzhybjnd';
const UPCOMING = 'evk8tg6571mbjyyajra4d0ca';
const EDITED = 'zuvut7z9xszedzzlwpit2luk';

let blog: TestServer;
let rules: TestServer;

test.before(async () => {
  const prepare = (project: TempProject): void => {
    // A hand-made file, keys in another order and no timestamps but createdAt; no homepage yet.
    project.write('content/authors/handmade.json', { bio: 'b', name: 'Hand Made', createdAt: '2024-01-01T00:00:00.000Z', email: null });
    project.remove('content/homepage.json');
  };
  [blog, rules] = await Promise.all([startTestServer('blog', { prepare }), startTestServer('writes-rules')]);
});
test.after(async () => {
  await Promise.all([blog.close(), rules.close()]);
});

const read = (server: TestServer, rel: string): Record<string, any> => JSON.parse(server.project.read(rel));

/** Every file of a content folder, temp files included. */
const folder = (server: TestServer, rel: string): string[] => fs.readdirSync(path.join(server.project.dir, rel)).sort();

test('a created document gets a Strapi-shaped documentId and a file named after it', async () => {
  const response = await blog.request('POST', '/api/articles', { body: { data: { title: 'Fresh', author: HOPPER, categories: [TECH] } } });
  assert.is(response.status, 201, response.text);
  const { documentId } = response.body.data;
  assert.match(documentId, /^[a-z][a-z0-9]{23}$/);
  assert.ok(blog.project.exists(`content/articles/${documentId}.json`));
  const other = await blog.request('POST', '/api/articles', { body: { data: { title: 'Fresh again' } } });
  assert.is.not(other.body.data.documentId, documentId);
});

test('a created file: schema key order, then timestamps; 2-space JSON with a trailing newline; no id', async () => {
  const response = await blog.request('POST', '/api/articles', {
    body: { data: { categories: [TECH], title: 'Ordered', views: '3', links: [{ url: 'https://x.example', label: 'x' }], seo: { metaTitle: 'm' } } },
  });
  assert.is(response.status, 201);
  const { documentId, createdAt } = response.body.data;
  const text = blog.project.read(`content/articles/${documentId}.json`);
  const stored = JSON.parse(text);
  assert.equal(Object.keys(stored), [...ARTICLE_KEYS, ...TIMESTAMPS]);
  assert.is(text, `${JSON.stringify(stored, null, 2)}\n`);
  assert.equal(stored, {
    title: 'Ordered',
    slug: null,
    body: null,
    summary: null,
    views: 3,
    rating: null,
    featured: null,
    publishedDate: null,
    tags: null,
    category: null,
    cover: null,
    gallery: [],
    author: null,
    categories: [TECH],
    seo: { metaTitle: 'm', metaDescription: null, shareImage: null },
    links: [{ label: 'x', url: 'https://x.example' }],
    blocks: [],
    createdAt,
    updatedAt: createdAt,
    publishedAt: createdAt,
  });
  assert.match(createdAt, ISO);
});

test('an update keeps createdAt, sets a new updatedAt and publishedAt, and the response matches the file', async () => {
  const before = read(blog, `content/articles/${APPLE}.json`);
  const response = await blog.request('PUT', `/api/articles/${APPLE}`, { body: { data: { views: 43 } } });
  assert.is(response.status, 200);
  const after = read(blog, `content/articles/${APPLE}.json`);
  assert.is(after.createdAt, before.createdAt);
  assert.is.not(after.updatedAt, before.updatedAt);
  assert.match(after.updatedAt, ISO);
  assert.is(after.publishedAt, after.updatedAt);
  assert.equal({ ...after, views: 42, updatedAt: before.updatedAt, publishedAt: before.publishedAt }, before);
  assert.is(response.body.data.createdAt, after.createdAt);
  assert.is(response.body.data.updatedAt, after.updatedAt);
  assert.is(response.body.data.publishedAt, after.publishedAt);
});

test('a hand-made file with its keys in another order is written back in the stable order', async () => {
  const rel = 'content/authors/handmade.json';
  const response = await blog.request('PUT', '/api/authors/handmade', { body: { data: { bio: 'c' } } });
  assert.is(response.status, 200, response.text);
  const stored = read(blog, rel);
  assert.equal(Object.keys(stored), ['name', 'email', 'bio', 'avatar', ...TIMESTAMPS]);
  assert.not.ok('articles' in stored);
  assert.is(stored.createdAt, '2024-01-01T00:00:00.000Z');
});

test('derived (mappedBy) relations are never written, even when set', async () => {
  const response = await blog.request('POST', '/api/authors', { body: { data: { name: 'Owner of nothing', articles: [APPLE] } } });
  assert.is(response.status, 201, response.text);
  const stored = read(blog, `content/authors/${response.body.data.documentId}.json`);
  assert.equal(Object.keys(stored), ['name', 'email', 'bio', 'avatar', ...TIMESTAMPS]);
  // Without D&P, publishedAt is the time of the write.
  assert.is(stored.publishedAt, stored.createdAt);
});

test('D&P: ?status=draft creates only a draft: the main file, publishedAt null', async () => {
  const response = await blog.request('POST', '/api/articles?status=draft', { body: { data: { title: 'Only a draft' } } });
  assert.is(response.status, 201);
  const { documentId } = response.body.data;
  assert.is(read(blog, `content/articles/${documentId}.json`).publishedAt, null);
  assert.not.ok(blog.project.exists(`content/articles/${documentId}.draft.json`));
  assert.is((await blog.get(`/api/articles/${documentId}`)).status, 404);
  assert.is((await blog.get(`/api/articles/${documentId}?status=draft`)).body.data.title, 'Only a draft');
});

test('D&P: a draft write on a published document goes beside it, the published file is untouched (recorded #145, #146)', async () => {
  const main = blog.project.read(`content/articles/${SCIENCE_WEEKLY}.json`);
  const response = await blog.request('PUT', `/api/articles/${SCIENCE_WEEKLY}?status=draft`, { body: { data: { title: 'Science weekly (draft edit)' } } });
  assert.is(response.status, 200);
  assert.is(response.body.data.publishedAt, null);
  assert.is(blog.project.read(`content/articles/${SCIENCE_WEEKLY}.json`), main);
  const draft = read(blog, `content/articles/${SCIENCE_WEEKLY}.draft.json`);
  assert.is(draft.title, 'Science weekly (draft edit)');
  assert.is(draft.publishedAt, null);
  assert.is(draft.createdAt, JSON.parse(main).createdAt);
  assert.equal(Object.keys(draft), [...ARTICLE_KEYS, ...TIMESTAMPS]);
  assert.is((await blog.get(`/api/articles/${SCIENCE_WEEKLY}?fields[0]=title`)).body.data.title, 'Science weekly');
  assert.is((await blog.get(`/api/articles/${SCIENCE_WEEKLY}?status=draft&fields[0]=title`)).body.data.title, 'Science weekly (draft edit)');

  // A second draft write updates the same draft file.
  assert.is((await blog.request('PUT', `/api/articles/${SCIENCE_WEEKLY}?status=draft`, { body: { data: { views: 8 } } })).status, 200);
  assert.equal(
    { title: read(blog, `content/articles/${SCIENCE_WEEKLY}.draft.json`).title, views: read(blog, `content/articles/${SCIENCE_WEEKLY}.draft.json`).views },
    { title: 'Science weekly (draft edit)', views: 8 },
  );
});

test('D&P: a published write publishes the draft with its changes and removes the .draft.json', async () => {
  const response = await blog.request('PUT', `/api/articles/${SCIENCE_WEEKLY}`, { body: { data: { summary: 'Published at last' } } });
  assert.is(response.status, 200);
  assert.not.ok(blog.project.exists(`content/articles/${SCIENCE_WEEKLY}.draft.json`));
  const main = read(blog, `content/articles/${SCIENCE_WEEKLY}.json`);
  assert.equal(
    { title: main.title, views: main.views, summary: main.summary },
    { title: 'Science weekly (draft edit)', views: 8, summary: 'Published at last' },
  );
  assert.match(main.publishedAt, ISO);
  assert.is((await blog.get(`/api/articles/${SCIENCE_WEEKLY}?fields[0]=title`)).body.data.title, 'Science weekly (draft edit)');
});

test('D&P: {data: {}} publishes the existing draft file as it is', async () => {
  const draft = read(blog, `content/articles/${EDITED}.draft.json`);
  const response = await blog.request('PUT', `/api/articles/${EDITED}`, { body: { data: {} } });
  assert.is(response.status, 200);
  assert.not.ok(blog.project.exists(`content/articles/${EDITED}.draft.json`));
  const main = read(blog, `content/articles/${EDITED}.json`);
  assert.equal({ ...main, updatedAt: draft.updatedAt, publishedAt: null }, draft);
});

test('D&P: a draft-only document is written in its main file, and published there', async () => {
  const draftWrite = await blog.request('PUT', `/api/articles/${UPCOMING}?status=draft`, { body: { data: { views: 1 } } });
  assert.is(draftWrite.status, 200);
  assert.is(read(blog, `content/articles/${UPCOMING}.json`).publishedAt, null);
  assert.is(read(blog, `content/articles/${UPCOMING}.json`).views, 1);
  assert.not.ok(blog.project.exists(`content/articles/${UPCOMING}.draft.json`));
  const publish = await blog.request('PUT', `/api/articles/${UPCOMING}`, { body: { data: {} } });
  assert.is(publish.status, 200);
  assert.match(read(blog, `content/articles/${UPCOMING}.json`).publishedAt, ISO);
  assert.is((await blog.get(`/api/articles/${UPCOMING}`)).status, 200);
});

test('single type: PUT creates the document (200), then updates the same file', async () => {
  assert.is((await blog.get('/api/homepage')).status, 404);
  const created = await blog.request('PUT', '/api/homepage', { body: { data: { heroTitle: 'Created' } } });
  assert.is(created.status, 200, created.text);
  const first = read(blog, 'content/homepage.json');
  assert.equal(first, { heroTitle: 'Created', featuredArticle: null, createdAt: first.createdAt, updatedAt: first.createdAt, publishedAt: first.createdAt });
  const updated = await blog.request('PUT', '/api/homepage?populate=featuredArticle', { body: { data: { featuredArticle: APPLE } } });
  assert.is(updated.status, 200);
  assert.is(updated.body.data.documentId, created.body.data.documentId);
  assert.is(updated.body.data.featuredArticle.documentId, APPLE);
  const second = read(blog, 'content/homepage.json');
  assert.equal(
    { heroTitle: second.heroTitle, featuredArticle: second.featuredArticle, createdAt: second.createdAt },
    { heroTitle: 'Created', featuredArticle: APPLE, createdAt: first.createdAt },
  );
  assert.equal(
    folder(blog, 'content').filter((name) => name.startsWith('homepage')),
    ['homepage.json'],
  );
});

test('writes leave no temp files behind', async () => {
  for (const rel of ['content/articles', 'content/authors', 'content/categories', 'content']) {
    assert.equal(
      folder(blog, rel).filter((name) => name.startsWith('.') || name.endsWith('.tmp')),
      [],
      rel,
    );
  }
});

test('Markdown: an update stays Markdown and changes only the lines it must', async () => {
  const before = rules.project.read('content/notes/in-markdown.md');
  const response = await rules.request('PUT', '/api/notes/in-markdown', { body: { data: { score: 4 } } });
  assert.is(response.status, 200, response.text);
  assert.not.ok(rules.project.exists('content/notes/in-markdown.json'));
  const { updatedAt } = response.body.data;
  const expected = before
    .replace('score: 2', 'score: 4')
    .replace('updatedAt: 2024-01-03T00:00:00.000Z', `updatedAt: '${updatedAt}'`)
    .replace('publishedAt: 2024-01-03T00:00:00.000Z', `publishedAt: '${updatedAt}'`);
  assert.is(rules.project.read('content/notes/in-markdown.md'), expected);
  assert.is(response.body.data.body, '# Heading\n\nSome *Markdown* body.');
});

test('Markdown: a draft write starts its .draft.md from the published file', async () => {
  const response = await rules.request('PUT', '/api/notes/in-markdown?status=draft', { body: { data: { body: 'Draft body.' } } });
  assert.is(response.status, 200, response.text);
  const main = rules.project.read('content/notes/in-markdown.md');
  const draft = rules.project.read('content/notes/in-markdown.draft.md');
  const updatedAt = response.body.data.updatedAt;
  const expected = main
    .replace(/^updatedAt: .*$/m, `updatedAt: '${updatedAt}'`)
    .replace(/^publishedAt: .*$/m, 'publishedAt: null')
    .replace('# Heading\n\nSome *Markdown* body.', 'Draft body.');
  assert.is(draft, expected);
  assert.is((await rules.get('/api/notes/in-markdown?status=draft')).body.data.body, 'Draft body.');
  assert.is((await rules.get('/api/notes/in-markdown')).body.data.body, '# Heading\n\nSome *Markdown* body.');
});

test('Markdown: changing the richtext attribute changes the body; publishing removes the .draft.md', async () => {
  const response = await rules.request('PUT', '/api/notes/in-markdown', { body: { data: { body: 'Final body.\n\nTwo paragraphs.', level: 'high' } } });
  assert.is(response.status, 200, response.text);
  assert.not.ok(rules.project.exists('content/notes/in-markdown.draft.md'));
  const text = rules.project.read('content/notes/in-markdown.md');
  assert.ok(text.startsWith("---\n# A hand-written note: comments and quoting survive writes.\ntitle: 'Markdown note'\n"), text);
  assert.match(text, /\nlevel: high\n/);
  assert.ok(text.endsWith('---\n\nFinal body.\n\nTwo paragraphs.\n'), text);
  const read = await rules.get('/api/notes/in-markdown');
  assert.is(read.body.data.body, 'Final body.\n\nTwo paragraphs.');
  assert.is(read.body.data.level, 'high');
});

test('Markdown: unset attributes the file never had are not added to its front matter', async () => {
  const response = await rules.request('PUT', '/api/notes/in-markdown', { body: { data: { contact: null, parts: [] } } });
  assert.is(response.status, 200, response.text);
  const text = rules.project.read('content/notes/in-markdown.md');
  assert.not.match(text, /^contact:/m);
  assert.not.match(text, /^parts:/m);
  assert.not.match(text, /^slug:/m);
});

test('created documents are JSON even for types with a richtext attribute', async () => {
  const response = await rules.request('POST', '/api/notes', { body: { data: { title: 'New note', body: 'Body text' } } });
  assert.is(response.status, 201);
  const stored = read(rules, `content/notes/${response.body.data.documentId}.json`);
  assert.is(stored.body, 'Body text');
  assert.equal(Object.keys(stored), ['title', 'code', 'score', 'contact', 'slug', 'level', 'due', 'body', 'parts', ...TIMESTAMPS]);
  // The schema default applies on create.
  assert.is(stored.due, '2024-01-01');
});

test.run();
