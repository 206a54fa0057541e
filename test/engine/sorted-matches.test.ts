import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContentIndex } from '../../server/content-index/content-index.js';
import type { KeptSort } from '../../server/engine/kept-sort.js';
import { madeSortOrder } from '../../server/engine/list-columns.js';
import { syncContent } from '../../server/runtime/sync-content.js';
import type { ProjectState } from '../../server/runtime/project-state.js';
import { seededRandom } from '../helpers/blog-article-entries.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { WORDS, answers, editOnce } from '../helpers/random-edits.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

// A filtered list sorted by a key whose sort order the type does not keep yet has its few matches
// sorted alone (select-entries.ts findMatches) instead of the whole list being sorted first: the
// same pages either way, and the same after edits, carried over them.

const FOLDER = 'content/articles';
/** Articles added to the blog fixture's ten: enough for a filter matching a few to match several. */
const ADDED = 160;
const PLAIN_WORDS = WORDS.filter((word) => word !== '' && !/[\uD800-\uFFFF]/.test(word));

/** Filtered and sorted lists, most matching a few articles of many. */
const FILTERED = [
  'filters[views][$gt]=900&sort=title:asc',
  'filters[views][$gt]=900&sort=title:desc&pagination[pageSize]=4&pagination[page]=2',
  'filters[category][$eq]=guide&sort=views:desc',
  'filters[featured][$eq]=true&filters[views][$lt]=300&sort=title:desc',
  'filters[title][$containsi]=apple&sort=createdAt:desc',
  'filters[title][$containsi]=e&sort=views:asc',
  'filters[$or][0][views][$lt]=50&filters[$or][1][title][$startsWith]=z&sort[0]=featured:desc&sort[1]=title:asc',
  'filters[views][$gt]=800&sort=slug:asc&status=draft',
  '_q=cherry&sort=views:desc',
  'filters[views][$gt]=950&sort=updatedAt:asc',
].map((query) => (query.includes('pagination') ? query : `${query}&pagination[pageSize]=100`));

/** The unfiltered sorts of the same keys: asked first, they have the whole list sorted, and the filters read that order. */
const SORTS = [
  'sort=title:asc',
  'sort=title:desc',
  'sort=views:desc',
  'sort=createdAt:desc',
  'sort=views:asc',
  'sort[0]=featured:desc&sort[1]=title:asc',
  'sort=slug:asc&status=draft',
  'sort=updatedAt:asc',
];

function addArticles(project: TempProject, next: () => number): void {
  const dir = path.join(project.dir, FOLDER);
  const models = fs.readdirSync(dir).map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  for (let i = 0; i < ADDED; i++) {
    const documentId = `gen${String(i).padStart(4, '0')}${Array.from({ length: 17 }, () => pick([...'abcdefghijklmnopqrstuvwxyz0123456789'])).join('')}`;
    // Words `<` orders as Strapi does: the sorts by title are carried over edits (until an edit brings another).
    const words = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(PLAIN_WORDS));
    const title = `${words.join(' ')} ${i % 7}`;
    const createdAt = new Date(Date.UTC(2021, 0, 1) + Math.floor(next() * 4e10)).toISOString();
    const data = {
      ...pick(models),
      title,
      slug: `${title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${i}`,
      views: Math.floor(next() * 1000),
      featured: next() < 0.4,
      category: pick(['guide', 'news', 'opinion', null]),
      createdAt,
      updatedAt: createdAt,
      publishedAt: next() < 0.85 ? createdAt : null,
    };
    fs.writeFileSync(path.join(dir, `${documentId}.json`), JSON.stringify(data, null, 2));
  }
}

/** The key of the published list's order by title (select-entries.ts sortedViewKey). */
const TITLE_ORDER = 'sort|published||title:asc|';

/** Nine filters by bands of views `width` wide, 100 apart, sorted by title. */
function bandsOf(width: number): string[] {
  return Array.from({ length: 9 }, (_, i) => `filters[views][$gte]=${i * 100}&filters[views][$lt]=${i * 100 + width}&sort=title:asc&pagination[pageSize]=100`);
}

/** How many sort orders of whole lists an index makes while it answers (through its memos). */
function countWholeSorts(index: ContentIndex): () => number {
  let sorts = 0;
  const memo = index.memo.bind(index);
  index.memo = ((type, key, compute, carry) =>
    memo(
      type,
      key,
      () => {
        if (key.startsWith('sort|')) sorts++;
        return compute();
      },
      carry,
    )) as typeof index.memo;
  return () => sorts;
}

test('a filtered list sorted before its whole list is: the same pages as from the sorted list, fresh and after every edit', () => {
  const project = createTempProject('blog');
  try {
    const next = seededRandom(4242);
    addArticles(project, next);
    const state: ProjectState = loadTestProject(project.dir);
    assert.is(state.problems.size, 0, 'every article added loads');
    const type = state.registry.byRouteName.get('articles')!;
    const wholeSorts = countWholeSorts(state.index);
    const first = answers(state, project.dir, type, FILTERED);
    // Three of them match over a quarter of their list: those sort it whole, and filter it.
    assert.ok(FILTERED.length - wholeSorts() >= 6, `${wholeSorts()} whole lists sorted: most filters, matching few, sort their matches alone`);
    assert.ok(
      first.filter((line) => Number(line.split(': ')[1]!.split(' ')[0]) >= 3).length >= 6,
      'most filters match several articles (their order is tested)',
    );
    const sortedFirst = loadTestProject(project.dir);
    assert.equal(answers(sortedFirst, project.dir, type, [...SORTS, ...FILTERED]).slice(SORTS.length), first, 'the same pages as from the sorted lists');
    // Two matching titles `<` orders otherwise than Strapi's order (a surrogate pair, a code unit
    // above them): the kept lists cannot be carried over that edit, and are made again.
    const [one, two] = fs.readdirSync(path.join(project.dir, FOLDER)).filter((name) => name.startsWith('gen'));
    for (const [name, title] of [
      [one!, 'x😀 edited'],
      [two!, 'xｆｕｌｌ edited'],
    ] as const) {
      const file = path.join(project.dir, FOLDER, name);
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(file, JSON.stringify({ ...data, title, views: 999, publishedAt: data['createdAt'] }, null, 2));
      syncContent(state, `${FOLDER}/${name}`);
    }
    assert.equal(answers(state, project.dir, type, FILTERED), answers(loadTestProject(project.dir), project.dir, type, FILTERED), 'titles `<` misorders');
    for (let round = 0; round < 25; round++) {
      const edits = round % 5 === 4 ? 10 + Math.floor(next() * 15) : 1 + Math.floor(next() * 3);
      for (let i = 0; i < edits; i++) syncContent(state, editOnce(project.dir, FOLDER, type, next));
      const fresh = answers(loadTestProject(project.dir), project.dir, type, FILTERED);
      assert.equal(answers(state, project.dir, type, FILTERED), fresh, `round ${round}: carried as a fresh load answers`);
      const fromSorted = answers(loadTestProject(project.dir), project.dir, type, [...SORTS, ...FILTERED]).slice(SORTS.length);
      assert.equal(fresh, fromSorted, `round ${round}: as from the sorted lists`);
    }
  } finally {
    project.cleanup();
  }
});

test('many filters in one order sort their matches alone until those add up to the list, then the whole list is sorted once, between requests', async () => {
  const project = createTempProject('blog');
  try {
    addArticles(project, seededRandom(99));
    const state: ProjectState = loadTestProject(project.dir);
    const type = state.registry.byRouteName.get('articles')!;
    const list = state.index.entries(type, 'published', null);
    const wholeSorts = countWholeSorts(state.index);
    // Each matches about a seventh of the articles: six or so are sorted alone, then the list.
    const bands = bandsOf(150);
    const sortedFirst = loadTestProject(project.dir);
    const expected = answers(sortedFirst, project.dir, type, ['sort=title:asc', ...bands]).slice(1);
    const alone = answers(state, project.dir, type, bands);
    assert.equal(alone, expected, 'the same pages while the whole list is not sorted');
    assert.is(wholeSorts(), 0, 'no request sorted the whole list');
    assert.is(madeSortOrder(list, TITLE_ORDER), undefined, 'its sort is begun between requests, not made yet');
    for (let turn = 0; turn < 10 && madeSortOrder(list, TITLE_ORDER) === undefined; turn++) await new Promise((resolve) => setImmediate(resolve));
    const made = madeSortOrder<KeptSort>(list, TITLE_ORDER);
    assert.ok(made !== undefined, 'made between requests');
    assert.ok(state.index.holdsMemo(type, TITLE_ORDER), "held as the list's kept order");
    // New filters (the answers above are kept as they are).
    assert.equal(answers(state, project.dir, type, bandsOf(120)), answers(sortedFirst, project.dir, type, bandsOf(120)), 'the same pages from the sorted list');
    assert.is(wholeSorts(), 0, 'no request sorted the whole list');
    assert.is(
      state.index.memo(type, TITLE_ORDER, () => undefined),
      made,
      'that very order',
    );
  } finally {
    project.cleanup();
  }
});

test('a whole list sorted between requests while the type is edited is carried over the edits, not sorted again', async () => {
  const project = createTempProject('blog');
  try {
    const next = seededRandom(7);
    addArticles(project, next);
    const state: ProjectState = loadTestProject(project.dir);
    const type = state.registry.byRouteName.get('articles')!;
    const list = state.index.entries(type, 'published', null);
    const wholeSorts = countWholeSorts(state.index);
    answers(state, project.dir, type, bandsOf(150));
    assert.is(madeSortOrder(list, TITLE_ORDER), undefined, 'begun between requests');
    // Edits land before the sort's first step: it sorts the list it began with, to the end.
    for (let i = 0; i < 6; i++) syncContent(state, editOnce(project.dir, FOLDER, type, next));
    assert.is.not(state.index.entries(type, 'published', null), list, 'the edits made a new list');
    for (let turn = 0; turn < 10 && madeSortOrder(list, TITLE_ORDER) === undefined; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.ok(madeSortOrder(list, TITLE_ORDER) !== undefined, 'made for the list it began with');
    const fresh = loadTestProject(project.dir);
    assert.equal(
      answers(state, project.dir, type, bandsOf(120)),
      answers(fresh, project.dir, type, ['sort=title:asc', ...bandsOf(120)]).slice(1),
      'the pages a fresh load sorted first gives',
    );
    assert.is(wholeSorts(), 0, 'carried over the edits, not sorted again');
  } finally {
    project.cleanup();
  }
});

test.run();
