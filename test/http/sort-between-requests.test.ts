import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sortBeforeRead } from '../../server/documents/answer-read.js';
import { loadConfig } from '../../server/store/load-config.js';
import { AdminClient, BOSS } from '../admin/admin-server.js';
import { seededRandom } from '../helpers/blog-article-entries.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// An unfiltered list sorted by a key no request sorted it by before, past the size a sort takes a
// few milliseconds for, is sorted between requests while the request waits (select-entries.ts
// wholeSortMade): the pages are those a sort at once gives, for every request that waited.

/** Articles added to the blog fixture’s: past SORTED_AT_ONCE (4,096). */
const ADDED = 4_200;

let server: TestServer;
/** Every published article's title, by documentId. */
const titles = new Map<string, string>();
/** Every article's title (the editor lists drafts: every article has one), by documentId. */
const draftTitles = new Map<string, string>();

test.before(async () => {
  const next = seededRandom(17);
  server = await startTestServer('blog', {
    prepare(project) {
      const dir = path.join(project.dir, 'content/articles');
      for (const name of fs.readdirSync(dir)) {
        const data = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { title: string; publishedAt: string | null };
        if (data.publishedAt !== null) titles.set(name.slice(0, -5), data.title);
        draftTitles.set(name.slice(0, -5), data.title);
      }
      for (let i = 0; i < ADDED; i++) {
        const documentId = `sortbetween${String(i).padStart(5, '0')}${'abcdefgh'[i % 8]}`;
        const title = `${Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(next() * 26)]).join('')} ${i}`;
        const time = new Date(Date.UTC(2022, 0, 1) + i * 60_000).toISOString();
        const data = { title, slug: `sort-between-${i}`, views: i % 1000, createdAt: time, updatedAt: time, publishedAt: time };
        fs.writeFileSync(path.join(dir, `${documentId}.json`), `${JSON.stringify(data, null, 2)}\n`);
        titles.set(documentId, title);
        draftTitles.set(documentId, title);
      }
    },
  });
});
test.after(() => server.close());

/** documentIds ordered by their values, as Strapi orders them (code points; these values tie nowhere). */
function orderedBy(values: ReadonlyMap<string, string>, direction: 'asc' | 'desc'): string[] {
  const ids = [...values.keys()].sort((a, b) => (values.get(a)! < values.get(b)! ? -1 : values.get(a)! > values.get(b)! ? 1 : 0));
  return direction === 'asc' ? ids : ids.reverse();
}

const byTitle = (direction: 'asc' | 'desc'): string[] => orderedBy(titles, direction);

const pageOf = (ids: readonly string[], page: number, size: number): string[] => ids.slice((page - 1) * size, page * size);

test('requests waiting for a new sort of many articles all get the pages a sort at once gives', async () => {
  const snapshot = server.server.project.current;
  const type = snapshot.registry.byRouteName.get('articles')!;
  const options = { config: loadConfig(server.project.dir), warn: () => undefined };
  assert.ok(
    sortBeforeRead(snapshot, { type, documentId: undefined, querystring: 'sort=title:asc' }, options) instanceof Promise,
    'the list is sorted between requests',
  );
  assert.is(
    sortBeforeRead(snapshot, { type, documentId: undefined, querystring: 'filters[views][$gt]=5&sort=slug:asc' }, options),
    undefined,
    'a filter sorts its own way',
  );
  assert.is(
    sortBeforeRead(snapshot, { type, documentId: undefined, querystring: 'sort=nosuchfield:asc' }, options),
    undefined,
    'a refused query is answered (refused) at once',
  );

  const asked = [
    { query: 'sort=title:asc&pagination[pageSize]=25', ids: pageOf(byTitle('asc'), 1, 25) },
    { query: 'sort=title:asc&pagination[page]=60&pagination[pageSize]=40', ids: pageOf(byTitle('asc'), 60, 40) },
    { query: 'sort=title:desc&pagination[page]=2&pagination[pageSize]=30', ids: pageOf(byTitle('desc'), 2, 30) },
  ];
  const [one, ...answers] = await Promise.all([
    server.get('/api/articles/sortbetween00042c'),
    ...asked.map(({ query }) => server.get(`/api/articles?${query}`)),
  ]);
  assert.is(one!.body.data.title, titles.get('sortbetween00042c'));
  answers.forEach((answer, i) => {
    assert.is(answer.status, 200, asked[i]!.query);
    assert.equal(
      answer.body.data.map((row: { documentId: string }) => row.documentId),
      asked[i]!.ids,
      asked[i]!.query,
    );
    assert.is(answer.body.meta.pagination.total, titles.size);
  });
  // Made now: the next page is answered at once, from it.
  assert.is(sortBeforeRead(server.server.project.current, { type, documentId: undefined, querystring: 'sort=title:asc' }, options), undefined);
  const later = await server.get('/api/articles?sort=title:asc&pagination[page]=7&pagination[pageSize]=25');
  assert.equal(
    later.body.data.map((row: { documentId: string }) => row.documentId),
    pageOf(byTitle('asc'), 7, 25),
  );
});

test('the editor’s list view waits for a new sort the same way', async () => {
  const editor = new AdminClient(server.url);
  assert.is((await editor.request('POST', '/admin/register-admin', BOSS)).status, 200);
  const list = await editor.request(
    'GET',
    '/admin/content-manager/collection-types/api::article.article?sort=title:desc&pagination[page]=3&pagination[pageSize]=20',
  );
  assert.is(list.status, 200);
  assert.equal(
    list.body.data.results.map((row: { documentId: string }) => row.documentId),
    pageOf(orderedBy(draftTitles, 'desc'), 3, 20),
  );
});

test.run();
