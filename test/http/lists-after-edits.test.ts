import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { prepareRead } from '../../server/documents/answer-read.js';
import { selectEntries } from '../../server/engine/select-entries.js';
import { loadConfig } from '../../server/store/load-config.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

// The server keeps a type's lists (views, sort orders, tables of values, filters' matches, text
// search's columns) and carries them over its edits (content-index/type-changes.ts, engine/kept-*.ts,
// column-answer.ts). After writes through the API and edits of the files, each list query must
// answer what a fresh load of the files gives.

let blog: TestServer;

test.before(async () => {
  blog = await startTestServer('blog', { watch: true });
});
test.after(async () => {
  await blog.close();
});

const QUERIES = [
  'sort=title:asc',
  'sort=title:desc',
  'sort=views:desc',
  'sort[0]=featured:desc&sort[1]=title:asc',
  'sort=publishedAt:desc&status=draft',
  'filters[views][$gt]=10&sort=title:asc',
  'filters[$or][0][views][$lt]=100&filters[$or][1][featured][$eq]=true&sort=createdAt:desc',
  'filters[slug][$eq]=100-tips-for-travel',
  'filters[title][$containsi]=e',
  '_q=the',
  'filters[body][$containsi]=the',
  'status=draft',
  'pagination[pageSize]=3&pagination[page]=2&sort=views:asc',
];

/**
 * The documentIds and total each query answers over HTTP, and what a fresh load of the files gives;
 * also searches of `needle` (a search asked again is carried with the other kept lists, a new one
 * reads text search's columns: the round's needle is one the edited document holds).
 */
async function compare(round: string, needle: string): Promise<void> {
  const searches = [`_q=${needle}`, `filters[body][$containsi]=${needle}`, `filters[summary][$notContainsi]=${needle}&sort=title:asc`];
  const fresh = loadTestProject(blog.project.dir);
  const type = fresh.registry.byRouteName.get('articles')!;
  const options = { config: loadConfig(blog.project.dir, { watch: false }), warn: () => undefined };
  for (const query of [...QUERIES, ...searches]) {
    const querystring = query.includes('pageSize') ? query : `${query}&pagination[pageSize]=100`;
    const answer = await blog.get(`/api/articles?${querystring}`);
    assert.is(answer.status, 200, `${round}: ${query}`);
    const { context, query: parsed } = prepareRead(fresh, { type, action: 'find', querystring }, options);
    const want = selectEntries(context, type, parsed);
    assert.equal(
      { ids: answer.body.data.map((article: { documentId: string }) => article.documentId), total: answer.body.meta.pagination.total },
      { ids: want.page.map((entry) => entry.documentId), total: want.total },
      `${round}: ${query}`,
    );
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

test('after writes through the API and edits of the files, every list answers as a fresh load of the files', async () => {
  await compare('at the start', 'the');
  await settle();
  await compare('again, columns made', 'an');
  const list = await blog.get('/api/articles?sort=createdAt:asc&pagination[pageSize]=100');
  const [first, second, third] = list.body.data.map((article: { documentId: string }) => article.documentId) as string[];

  const updated = await blog.request('PUT', `/api/articles/${first}`, { body: { data: { title: 'Aardvark at the top', views: 5000, featured: false } } });
  assert.is(updated.status, 200);
  await compare('after an update', 'top');

  const created = await blog.request('POST', '/api/articles', {
    body: {
      data: { title: 'The newest one', slug: 'the-newest-one', views: 11, body: [{ type: 'paragraph', children: [{ type: 'text', text: 'the zebra' }] }] },
    },
  });
  assert.is(created.status, 201);
  await compare('after a create', 'newest');

  assert.is((await blog.request('DELETE', `/api/articles/${second}`)).status, 204);
  await compare('after a delete', 'e');

  // A hand edit of the file, as an editor or a pull does: another title, views and creation time.
  const file = `content/articles/${third}.json`;
  const data = JSON.parse(blog.project.read(file));
  blog.project.write(file, {
    ...data,
    title: 'zzz last by title',
    views: 1,
    createdAt: '2001-01-01T00:00:00.000Z',
    body: [{ type: 'paragraph', children: [{ type: 'text', text: 'zzz and the last' }] }],
  });
  await eventually(
    () => blog.get(`/api/articles/${third}?fields[0]=title`),
    (answer) => answer.body.data?.title === 'zzz last by title',
  );
  await compare('after a hand edit', 'zzz');
  await settle();
  await compare('after a hand edit, later', 'last');
});

test.run();
