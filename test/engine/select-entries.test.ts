import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CmsConfig } from '../../server/config/cms-config.js';
import { loadConfig } from '../../server/store/load-config.js';
import type { ContentIndex } from '../../server/content-index/content-index.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { syncContent } from '../../server/runtime/sync-content.js';
import type { ProjectState } from '../../server/runtime/project-state.js';
import type { ReadContext } from '../../server/engine/read-context.js';
import { matchesQuery, selectEntries } from '../../server/engine/select-entries.js';
import { parseDocumentQuery } from '../../server/query/parse-document-query.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

let project: TempProject;
let config: CmsConfig;
let index: ContentIndex;
let state: ProjectState;

test.before.each(() => {
  project = createTempProject('query-types');
  config = loadConfig(project.dir, { watch: false });
  state = loadTestProject(project.dir, config.i18n);
  index = state.index;
});
test.after.each(() => project.cleanup());

function run(plural: string, query: string): { page: string[]; total: number } {
  const type = index.registry.byRouteName.get(plural)!;
  const parsed = parseDocumentQuery(parseQueryString(query, config.limits), { type, registry: index.registry, config, action: 'find' });
  const context: ReadContext = { index, status: parsed.status, locale: parsed.locale, defaultLocale: config.i18n.defaultLocale, warn: () => {} };
  const { page, total } = selectEntries(context, type, parsed);
  return { page: page.map((entry) => entry.documentId.replace(/^[sp]-/, '')), total };
}

/** Rewrites one content file in the temp project and tells the index, as the watcher would. */
function rewrite(rel: string, change: (data: Record<string, unknown>) => void): void {
  const data = JSON.parse(project.read(rel)) as Record<string, unknown>;
  change(data);
  project.write(rel, data);
  syncContent(state, rel);
}

const CASES: [name: string, query: string, page: string[], total: number][] = [
  ['no query: the first page in default order', '', ['hello', 'apple', 'zebra', 'emile', 'emile-lower', 'wild', 'empty', 'emoji', 'fullwidth'], 9],
  ['a page of the default order', 'pagination[page]=2&pagination[pageSize]=4', ['emile-lower', 'wild', 'empty', 'emoji'], 9],
  ['an offset window', 'pagination[start]=7&pagination[limit]=5', ['emoji', 'fullwidth'], 9],
  ['past the end: an empty page and the full total', 'pagination[start]=50', [], 9],
  ['the total counts every match, not the page', 'filters[count][$gt]=0&pagination[pageSize]=2', ['hello', 'apple'], 6],
  ['the second page of the matches', 'filters[count][$gt]=0&pagination[page]=2&pagination[pageSize]=2', ['emile-lower', 'wild'], 6],
  ['sorted, then paged', 'sort=count:desc&pagination[pageSize]=3', ['emoji', 'wild', 'apple'], 9],
  ['sorted and filtered, then paged', 'sort=count:desc&filters[flag]=true&pagination[start]=1&pagination[limit]=2', ['emile-lower', 'hello'], 4],
  ['search and filters must both hold', '_q=e&filters[flag]=false', ['apple', 'emile', 'emoji'], 3],
  ['an empty search keeps everything', '_q=&pagination[pageSize]=1', ['hello'], 9],
  ['a filter that matches nothing', 'filters[label][$eq]=nobody', [], 0],
];

for (const [name, query, page, total] of CASES) {
  test(`${name} (${query})`, () => {
    assert.equal(run('samples', query), { page, total });
  });
}

test('a sorted view follows a change of the type', () => {
  assert.equal(run('samples', 'sort=label&pagination[pageSize]=3').page, ['empty', 'wild', 'hello']);
  rewrite('content/samples/s-zebra.json', (data) => (data['label'] = '0 first'));
  assert.equal(run('samples', 'sort=label&pagination[pageSize]=3').page, ['empty', 'zebra', 'wild']);
});

test('a sort through a relation follows a change of the related type', () => {
  assert.equal(run('samples', 'sort=owner.name:desc&pagination[pageSize]=2').page, ['emile-lower', 'wild']);
  rewrite('content/people/p-ada.json', (data) => (data['name'] = 'Zora'));
  assert.equal(run('samples', 'sort=owner.name:desc&pagination[pageSize]=2').page, ['hello', 'zebra']);
});

test('a filter through a relation sees a change of the related type', () => {
  assert.equal(run('samples', 'filters[owner][name]=Zora').total, 0);
  rewrite('content/people/p-ada.json', (data) => (data['name'] = 'Zora'));
  assert.equal(run('samples', 'filters[owner][name]=Zora').page, ['hello', 'zebra']);
});

test('matchesQuery tests one entry against the filters', () => {
  const type = index.registry.byRouteName.get('samples')!;
  const parsed = parseDocumentQuery(parseQueryString('filters[count][$gt]=10', config.limits), { type, registry: index.registry, config, action: 'findOne' });
  const context: ReadContext = { index, status: 'published', locale: undefined, defaultLocale: config.i18n.defaultLocale, warn: () => {} };
  const entry = (documentId: string) => index.findEntry(type, documentId, 'published', null)!;
  assert.is(matchesQuery(context, type, parsed, entry('s-apple')), true);
  assert.is(matchesQuery(context, type, parsed, entry('s-hello')), false);
  assert.is(matchesQuery(context, type, parsed, entry('s-empty')), false);
});

test.run();
