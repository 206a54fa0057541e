import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CmsConfig } from '../../server/config/cms-config.js';
import type { ReadContext } from '../../server/engine/read-context.js';
import { selectEntries, sortedListMade } from '../../server/engine/select-entries.js';
import type { DocumentQuery } from '../../server/query/document-query.js';
import { parseDocumentQuery } from '../../server/query/parse-document-query.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import type { ProjectState } from '../../server/runtime/project-state.js';
import { syncContent } from '../../server/runtime/sync-content.js';
import { loadConfig } from '../../server/store/load-config.js';
import { seededRandom } from '../helpers/blog-article-entries.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

// A list of more than a few thousand entries whose filter's matches (or, unfiltered, whose sort
// order) are not kept is answered after they are found between requests (sortedListMade): sorted
// alone when few, taken from the whole sort when many, from a sort kept already when there is one;
// unsorted filters and sorts through a relation too. Edits made while that runs are in the answer:
// it equals what the project, loaded anew from its files, answers at once.

/** Articles added to the blog fixture's: past SORTED_AT_ONCE (4,096). */
const ADDED = 4_200;
/** The blog fixture's authors: Alan Turing, and two others. */
const AUTHORS = ['qlbzjy8ymwitxmczph8a7en0', 'sjlq8hgxw8ame5jqieu9qb6m', 'uqx84vzsfx8n4s3jmqvmxv37'];

let project: TempProject;
let config: CmsConfig;
let state: ProjectState;

test.before(() => {
  project = createTempProject('blog');
  const next = seededRandom(23);
  for (let i = 0; i < ADDED; i++) {
    const title = `${Array.from({ length: 5 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(next() * 26)]).join('')} ${i}`;
    const time = new Date(Date.UTC(2023, 0, 1) + i * 60_000).toISOString();
    project.write(`content/articles/made${String(i).padStart(5, '0')}x.json`, {
      title,
      slug: `made-${i}`,
      views: i % 1000,
      // Every seventh without an author (nulls sort first).
      author: i % 7 === 0 ? null : AUTHORS[i % 3],
      seo: { metaTitle: `${title} meta`, metaDescription: null, shareImage: null },
      createdAt: time,
      updatedAt: time,
      publishedAt: time,
    });
  }
  config = loadConfig(project.dir, { watch: false });
  state = loadTestProject(project.dir);
});
test.after(() => project.cleanup());

function parsed(of: ProjectState, query: string): DocumentQuery {
  const type = of.index.registry.byRouteName.get('articles')!;
  return parseDocumentQuery(parseQueryString(query, config.limits), { type, registry: of.index.registry, config, action: 'find' });
}

function contextOf(of: ProjectState, query: DocumentQuery): ReadContext {
  return { index: of.index, status: query.status, locale: query.locale, defaultLocale: config.i18n.defaultLocale, warn: () => {}, compiled: new Map() };
}

/** Starts finding a list between requests: the promise it waits on (undefined when answered now). */
function startMade(query: string): Promise<void> | undefined {
  const type = state.index.registry.byRouteName.get('articles')!;
  const asked = parsed(state, query);
  return sortedListMade(contextOf(state, asked), type, asked);
}

/** A page's documentIds and the total, from `of`. */
function answer(of: ProjectState, query: string): { ids: string[]; total: number } {
  const type = of.index.registry.byRouteName.get('articles')!;
  const asked = parsed(of, query);
  const { page, total } = selectEntries(contextOf(of, asked), type, asked);
  return { ids: page.map((entry) => entry.documentId), total };
}

/** Rewrites one article's file and tells the index, as the watcher would. */
function rewrite(n: number, change: Record<string, unknown>): void {
  const rel = `content/articles/made${String(n).padStart(5, '0')}x.json`;
  project.write(rel, { ...(JSON.parse(project.read(rel)) as Record<string, unknown>), ...change });
  syncContent(state, rel);
}

/** The query's pages as the project loaded anew answers them at once. */
function freshAnswers(queries: readonly string[]): { ids: string[]; total: number }[] {
  const fresh = loadTestProject(project.dir);
  return queries.map((query) => answer(fresh, query));
}

for (const [name, filter, sort] of [
  ['many matches (taken from the whole sort)', 'filters[views][$lt]=700', 'title:desc'],
  ['few matches (sorted alone)', 'filters[views][$eq]=7', 'title:asc'],
] as const) {
  test(`${name}: edits while they are found are in the answer`, async () => {
    const query = `${filter}&sort=${sort}`;
    const made = startMade(query);
    assert.ok(made instanceof Promise, 'found between requests');
    // Before its first step: the run began with the type as it was.
    rewrite(7, { title: sort === 'title:desc' ? '~ now first' : 'A now first', views: 7 });
    rewrite(1007, { views: 999 });
    rewrite(2, { views: 7, title: 'aaaa' });
    await made;
    assert.is(startMade(query), undefined, 'then kept');
    const pages = [`${query}&pagination[pageSize]=20`, `${query}&pagination[page]=9&pagination[pageSize]=20`];
    assert.equal(
      pages.map((page) => answer(state, page)),
      freshAnswers(pages),
    );
    assert.ok(answer(state, `${query}&pagination[pageSize]=20`).ids.includes('made00007x'), 'the retitled article is near the top');
    // A whole sort the run made for its matches is held as of the list it sorted, so the edits are carried into it too.
    const whole = [`sort=${sort}&pagination[pageSize]=20`, `sort=${sort}&pagination[page]=50&pagination[pageSize]=20`];
    assert.equal(
      whole.map((page) => answer(state, page)),
      freshAnswers(whole),
    );
  });
}

for (const [name, query] of [
  ['an unsorted filter', 'filters[views][$lt]=700'],
  ['an unsorted filter on a component', 'filters[seo][metaTitle][$containsi]=ab'],
  ['a sort through a relation', 'sort=author.name:asc'],
  ['a filter with many matches sorted through a relation', 'filters[views][$lt]=700&sort[0]=author.name:desc&sort[1]=title:asc'],
  ['a filter with few matches sorted through a relation', 'filters[views][$eq]=7&sort=author.name:asc'],
] as const) {
  test(`${name}: found between requests, edits meanwhile in the answer`, async () => {
    const made = startMade(query);
    assert.ok(made instanceof Promise, 'found between requests');
    rewrite(15, { views: 3, title: 'ab ab', seo: { metaTitle: 'ab ab', metaDescription: null, shareImage: null } });
    rewrite(1016, { views: 998, author: null });
    await made;
    const pages = [`${query}&pagination[pageSize]=20`, `${query}&pagination[page]=7&pagination[pageSize]=20`];
    assert.equal(
      pages.map((page) => answer(state, page)),
      freshAnswers(pages),
    );
    assert.is(startMade(query), undefined, 'then kept');
  });
}

test('the table of slugs a page found by its slug needs is made between requests, edits meanwhile in it', async () => {
  const made = startMade('filters[slug][$eq]=made-40');
  assert.ok(made instanceof Promise, 'made between requests');
  rewrite(40, { slug: 'made-40-renamed' });
  rewrite(41, { slug: 'made-40' });
  await made;
  assert.is(startMade('filters[slug][$eq]=made-42'), undefined, 'then kept');
  const pages = ['filters[slug][$eq]=made-40', 'filters[slug][$eq]=made-40-renamed', 'filters[slug][$eq]=made-41'];
  assert.equal(
    pages.map((page) => answer(state, page)),
    freshAnswers(pages),
  );
  assert.equal(answer(state, 'filters[slug][$eq]=made-40').ids, ['made00041x']);
});

test('a sort through a relation is made between requests again after either type changes', async () => {
  const query = 'sort=author.name:desc';
  await startMade(query);
  assert.is(startMade(query), undefined, 'kept');
  rewrite(30, { views: 1 });
  const afterArticle = startMade(query);
  assert.ok(afterArticle instanceof Promise, 'an article changed');
  await afterArticle;
  assert.is(startMade(query), undefined);
  const author = `content/authors/${AUTHORS[0]}.json`;
  project.write(author, { ...(JSON.parse(project.read(author)) as Record<string, unknown>), name: 'Zed Last' });
  syncContent(state, author);
  const afterAuthor = startMade(query);
  assert.ok(afterAuthor instanceof Promise, 'an author changed');
  await afterAuthor;
  const pages = [`${query}&pagination[pageSize]=20`, `${query}&pagination[page]=100&pagination[pageSize]=20`];
  assert.equal(
    pages.map((page) => answer(state, page)),
    freshAnswers(pages),
  );
  assert.ok(
    answer(state, `${query}&pagination[pageSize]=5`).ids.every((id) => id.startsWith('made')),
    "the renamed author's articles first",
  );
});

test('a new filter in an order kept already is found between requests from that order', async () => {
  await startMade('sort=slug:asc');
  assert.is(startMade('sort=slug:asc'), undefined, 'the whole sort is kept');
  const query = 'filters[views][$gte]=300&sort=slug:asc';
  const made = startMade(query);
  assert.ok(made instanceof Promise);
  rewrite(301, { views: 5 });
  await made;
  const pages = [`${query}&pagination[page]=3&pagination[pageSize]=50`, `${query}&pagination[page]=40&pagination[pageSize]=50`];
  assert.equal(
    pages.map((page) => answer(state, page)),
    freshAnswers(pages),
  );
});

test('a list of a status never asked before is made between requests, and its type changing meanwhile is made by the read', async () => {
  const type = state.index.registry.byRouteName.get('articles')!;
  assert.not.ok(state.index.holdsView(type, 'draft', null), 'no list of drafts yet');
  const made = startMade('status=draft&pagination[pageSize]=20');
  assert.ok(made instanceof Promise, 'made between requests');
  await made;
  assert.ok(state.index.holdsView(type, 'draft', null));
  assert.is(startMade('status=draft&pagination[page]=3'), undefined, 'then held');
  // Another project's index, its type changed before the run's first step: the list is as the files are.
  const other = loadTestProject(project.dir);
  const asked = parsed(other, 'status=draft');
  const otherType = other.index.registry.byRouteName.get('articles')!;
  const changed = sortedListMade(contextOf(other, asked), otherType, asked);
  assert.ok(changed instanceof Promise);
  const rel = 'content/articles/made00050x.json';
  project.write(rel, { ...(JSON.parse(project.read(rel)) as Record<string, unknown>), title: 'Changed while listed' });
  syncContent(other, rel);
  syncContent(state, rel);
  await changed;
  const pages = ['status=draft&pagination[pageSize]=20', 'status=draft&pagination[page]=30&pagination[pageSize]=20'];
  assert.equal(
    pages.map((page) => answer(other, page)),
    freshAnswers(pages),
  );
  assert.equal(
    pages.map((page) => answer(state, page)),
    freshAnswers(pages),
  );
});

test('the reverse side of a relation a list reads is built between requests, with changes made before it ran', async () => {
  const sources = (of: ProjectState): string[][] => {
    const articles = of.index.registry.byRouteName.get('articles')!;
    return AUTHORS.map((author) => of.index.sourcesOf(articles, 'author', author).map((record) => record.documentId));
  };
  for (const changed of [false, true]) {
    const fresh = loadTestProject(project.dir);
    const articles = fresh.index.registry.byRouteName.get('articles')!;
    const type = fresh.index.registry.byRouteName.get('authors')!;
    const asked = parseDocumentQuery(parseQueryString('populate[articles][fields][0]=title', config.limits), {
      type,
      registry: fresh.index.registry,
      config,
      action: 'find',
    });
    assert.not.ok(fresh.index.holdsReverse(articles));
    const made = sortedListMade(contextOf(fresh, asked), type, asked);
    assert.ok(made instanceof Promise, 'built between requests');
    if (changed) {
      const rel = 'content/articles/made00070x.json';
      project.write(rel, { ...(JSON.parse(project.read(rel)) as Record<string, unknown>), author: AUTHORS[(Number(changed) + 70) % 3] });
      syncContent(fresh, rel);
      syncContent(state, rel);
    }
    await made;
    // Built from the records as they are when its first step runs (a change after that gives it up).
    assert.ok(fresh.index.holdsReverse(articles), 'built');
    assert.equal(sources(fresh), sources(loadTestProject(project.dir)));
  }
});

test.run();
