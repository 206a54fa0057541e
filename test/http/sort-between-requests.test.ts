import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sortBeforeRead } from '../../server/documents/answer-read.js';
import { loadConfig } from '../../server/store/load-config.js';
import { AdminClient, BOSS } from '../admin/admin-server.js';
import { seededRandom } from '../helpers/blog-article-entries.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// A list sorted by a key no request sorted it by before, past the size a sort takes a few
// milliseconds for, unfiltered or filtered to too many matches to sort them alone, is sorted between
// requests while the request waits (select-entries.ts sortedListMade): the pages are those a sort at
// once gives, for every request that waited.

/** Articles added to the blog fixture’s: past SORTED_AT_ONCE (4,096). */
const ADDED = 4_200;

let server: TestServer;
/** Every published article's title, by documentId. */
const titles = new Map<string, string>();
/** Every article's title (the editor lists drafts: every article has one), by documentId. */
const draftTitles = new Map<string, string>();
/** Every published article's slug and views, by documentId. */
const published = new Map<string, { slug: string | null; views: number | null }>();
/** Every published article's author's name (null without one), by documentId. */
const authorNames = new Map<string, string | null>();

test.before(async () => {
  const next = seededRandom(17);
  server = await startTestServer('blog', {
    prepare(project) {
      const dir = path.join(project.dir, 'content/articles');
      const names = new Map<string, string>();
      for (const name of fs.readdirSync(path.join(project.dir, 'content/authors'))) {
        const author = JSON.parse(fs.readFileSync(path.join(project.dir, 'content/authors', name), 'utf8')) as { name: string };
        names.set(name.slice(0, -5), author.name);
      }
      for (const name of fs.readdirSync(dir)) {
        const data = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
          title: string;
          slug?: string | null;
          views?: number | null;
          publishedAt: string | null;
          author?: string | null;
        };
        if (data.publishedAt !== null) authorNames.set(name.slice(0, -5), data.author ? (names.get(data.author) ?? null) : null);
        if (data.publishedAt !== null) titles.set(name.slice(0, -5), data.title);
        if (data.publishedAt !== null) published.set(name.slice(0, -5), { slug: data.slug ?? null, views: data.views ?? null });
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
        published.set(documentId, { slug: data.slug, views: data.views });
        authorNames.set(documentId, null);
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

/** Each answer is a 200 with the documentIds its query was asked for. */
function assertPages(answers: readonly { status: number; body: any }[], asked: readonly { query: string; ids: readonly string[] }[]): void {
  answers.forEach((answer, i) => {
    assert.is(answer.status, 200, asked[i]!.query);
    assert.equal(
      answer.body.data.map((row: { documentId: string }) => row.documentId),
      asked[i]!.ids,
      asked[i]!.query,
    );
  });
}

test('requests waiting for a new sort of many articles all get the pages a sort at once gives', async () => {
  const snapshot = server.server.project.current;
  const type = snapshot.registry.byRouteName.get('articles')!;
  const options = { config: loadConfig(server.project.dir), warn: () => undefined };
  assert.ok(
    sortBeforeRead(snapshot, { type, documentId: undefined, querystring: 'sort=title:asc' }, options) instanceof Promise,
    'the list is sorted between requests',
  );
  const sevens = sortBeforeRead(snapshot, { type, documentId: undefined, querystring: 'filters[views][$eq]=7&sort=slug:asc' }, options);
  assert.ok(sevens instanceof Promise, 'a filter’s matches are found between requests too');
  await sevens;
  assert.is(
    sortBeforeRead(snapshot, { type, documentId: undefined, querystring: 'filters[views][$eq]=7&sort=slug:asc&pagination[page]=2' }, options),
    undefined,
    'then kept: its other pages are answered at once',
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
  assertPages(answers, asked);
  for (const answer of answers) assert.is(answer.body.meta.pagination.total, titles.size);
  // Made now: the next page is answered at once, from it.
  assert.is(sortBeforeRead(server.server.project.current, { type, documentId: undefined, querystring: 'sort=title:asc' }, options), undefined);
  const later = await server.get('/api/articles?sort=title:asc&pagination[page]=7&pagination[pageSize]=25');
  assert.equal(
    later.body.data.map((row: { documentId: string }) => row.documentId),
    pageOf(byTitle('asc'), 7, 25),
  );
});

/** documentIds of the published articles with at least `views` views, in their slugs' order. */
function slugsWithViews(views: number, direction: 'asc' | 'desc'): string[] {
  const slugs = new Map<string, string>();
  for (const [documentId, values] of published) if (values.views !== null && values.views >= views && values.slug !== null) slugs.set(documentId, values.slug);
  return orderedBy(slugs, direction);
}

test('a filtered list waits the same way: its matches found, and sorted alone when few or from the whole sort when many', async () => {
  const snapshot = server.server.project.current;
  const type = snapshot.registry.byRouteName.get('articles')!;
  const options = { config: loadConfig(server.project.dir), warn: () => undefined };
  const many = 'filters[views][$gte]=10&sort=slug:desc';
  assert.ok(sortBeforeRead(snapshot, { type, documentId: undefined, querystring: many }, options) instanceof Promise);
  const matches = slugsWithViews(10, 'desc');
  assert.ok(matches.length * 4 > titles.size, 'most articles match');
  const asked = [
    { query: `${many}&pagination[pageSize]=25`, ids: pageOf(matches, 1, 25) },
    { query: `${many}&pagination[page]=90&pagination[pageSize]=40`, ids: pageOf(matches, 90, 40) },
    { query: 'filters[views][$gte]=500&sort=slug:desc&pagination[page]=3', ids: pageOf(slugsWithViews(500, 'desc'), 3, 25) },
  ];
  const answers = await Promise.all(asked.map(({ query }) => server.get(`/api/articles?${query}`)));
  assertPages(answers, asked);
  assert.is(answers[0]!.body.meta.pagination.total, matches.length);
  // Few matches, in an order not made: sorted alone.
  const few = await server.get('/api/articles?filters[views][$eq]=7&sort=slug:desc&pagination[pageSize]=100');
  const sevens = [...published].filter(([, values]) => values.views === 7).map(([documentId, values]) => [documentId, values.slug!] as const);
  assert.equal(
    few.body.data.map((row: { documentId: string }) => row.documentId),
    orderedBy(new Map(sevens), 'desc'),
  );
});

test('an unfiltered sort through a relation, a filter without a sort and the table of slugs wait the same way', async () => {
  const snapshot = server.server.project.current;
  const type = snapshot.registry.byRouteName.get('articles')!;
  const options = { config: loadConfig(server.project.dir), warn: () => undefined };
  const ask = (querystring: string): Promise<void> | undefined => sortBeforeRead(snapshot, { type, documentId: undefined, querystring }, options);
  assert.ok(ask('sort=author.name:desc') instanceof Promise, 'a sort through a relation');
  assert.ok(ask('filters[views][$lt]=100') instanceof Promise, 'a filter without a sort');
  const slugs = ask('filters[slug][$eq]=sort-between-5');
  assert.ok(slugs instanceof Promise, 'the table of slugs the first page found by its slug needs');
  await slugs;
  assert.is(ask('filters[slug][$eq]=sort-between-6'), undefined, 'then the next slugs are answered at once');
  const bySlug = await server.get('/api/articles?filters[slug][$eq]=sort-between-6');
  assert.equal(
    bySlug.body.data.map((row: { documentId: string }) => row.documentId),
    [...published].filter(([, values]) => values.slug === 'sort-between-6').map(([documentId]) => documentId),
  );
  // The published articles in default order, a page of 100 at a time (the list is never sorted).
  const inDefault: string[] = [];
  for (let page = 1; inDefault.length < published.size; page++) {
    const answer = await server.get(`/api/articles?pagination[pageSize]=100&pagination[page]=${page}`);
    inDefault.push(...answer.body.data.map((row: { documentId: string }) => row.documentId));
  }
  const fewViews = inDefault.filter((documentId) => (published.get(documentId)!.views ?? Infinity) < 100);
  // Strapi's SQLite puts nulls first ascending, last descending; ties in default order.
  const byAuthor = [...inDefault].sort((a, b) => {
    const [x, y] = [authorNames.get(a)!, authorNames.get(b)!];
    return x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? 1 : -1;
  });
  const asked = [
    { query: 'sort=author.name:desc&pagination[pageSize]=20', ids: pageOf(byAuthor, 1, 20) },
    { query: 'sort=author.name:desc&pagination[page]=150&pagination[pageSize]=20', ids: pageOf(byAuthor, 150, 20) },
    { query: 'filters[views][$lt]=100&pagination[pageSize]=30', ids: pageOf(fewViews, 1, 30) },
    { query: 'filters[views][$lt]=100&pagination[page]=5&pagination[pageSize]=30', ids: pageOf(fewViews, 5, 30) },
  ];
  const answers = await Promise.all(asked.map(({ query }) => server.get(`/api/articles?${query}`)));
  assertPages(answers, asked);
  assert.is(answers[2]!.body.meta.pagination.total, fewViews.length);
  assert.ok(
    byAuthor.slice(0, 3).every((documentId) => authorNames.get(documentId) !== null),
    'articles with an author first',
  );
});

test('a get-one populating through an inverse relation waits for its reverse side built between requests', async () => {
  const snapshot = server.server.project.current;
  const authors = snapshot.registry.byRouteName.get('authors')!;
  const articles = snapshot.registry.byRouteName.get('articles')!;
  const options = { config: loadConfig(server.project.dir), warn: () => undefined };
  const author = 'sjlq8hgxw8ame5jqieu9qb6m';
  const querystring = 'populate[articles][fields][0]=title';
  assert.not.ok(snapshot.index.holdsReverse(articles), 'not built yet');
  const waiting = sortBeforeRead(snapshot, { type: authors, documentId: author, querystring }, options);
  assert.ok(waiting instanceof Promise, 'built between requests');
  const [answer] = await Promise.all([server.get(`/api/authors/${author}?${querystring}`), waiting]);
  assert.ok(snapshot.index.holdsReverse(articles));
  assert.is(sortBeforeRead(snapshot, { type: authors, documentId: author, querystring }, options), undefined, 'then answered at once');
  const name = answer!.body.data.name as string;
  assert.ok(answer!.body.data.articles.length > 0, 'the author has articles');
  assert.equal(
    answer!.body.data.articles.map((row: { documentId: string }) => row.documentId).sort(),
    [...authorNames]
      .filter(([, of]) => of === name)
      .map(([documentId]) => documentId)
      .sort(),
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
