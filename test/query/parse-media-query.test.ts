import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { parseMediaListQuery, parseMediaPageQuery } from '../../server/query/parse-media-query.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const dir = path.join(FIXTURES_DIR, 'blog');
const registry = loadSchemas(dir);
const config = loadConfig(dir, { watch: false });
const raw = (query: string) => parseQueryString(query, config.limits);

const SLICES: [name: string, query: string, start: number, limit: number | undefined][] = [
  ['no start or limit: every file', '', 0, undefined],
  ['start and limit', 'start=2&limit=3', 2, 3],
  ['limit -1 is no limit', 'limit=-1', 0, undefined],
  ['empty values are the defaults', 'start=&limit=', 0, undefined],
];
for (const [name, query, start, limit] of SLICES) {
  test(`the list slice: ${name}`, () => {
    const parsed = parseMediaListQuery(raw(query), registry);
    assert.equal([parsed.start, parsed.limit], [start, limit]);
  });
}

const BAD: [name: string, query: string, message: string][] = [
  ['a start that is not an integer', 'start=x', 'Invalid start parameter. Expected an integer >= 0'],
  ['a negative start', 'start=-1', 'Invalid start parameter. Expected an integer >= 0'],
  ['a limit below -1', 'limit=-2', 'Invalid limit parameter. Expected an integer >= -1'],
  ['a JSON column in filters', 'filters[formats][$null]=true', 'Invalid key formats'],
  ['an unknown field', 'fields[0]=nope', 'Invalid key nope'],
  ['an unknown sort', 'sort=nope', 'Invalid key nope'],
];
for (const [name, query, message] of BAD) {
  test(`the list refuses ${name}`, () => {
    expectApiError(() => parseMediaListQuery(raw(query), registry), { status: 400, message });
  });
}

test('fields, filters and sort read the upload type: its columns and system fields, JSON ones sortable', () => {
  const parsed = parseMediaListQuery(raw('fields[0]=url&fields[1]=createdAt&filters[width][$gt]=3&sort=formats:desc'), registry);
  assert.equal(parsed.fields, ['url', 'createdAt']);
  assert.equal(parsed.filters, { kind: 'compare', field: 'width', operator: '$gt', value: 3 });
  assert.equal(parsed.sort, [{ path: ['formats'], order: 'desc' }]);
});

test('the page reads pagination as documents do and ignores start and limit', () => {
  const parsed = parseMediaPageQuery(raw('pagination[page]=2&pagination[pageSize]=5&start=x'), registry, config.rest);
  assert.equal(parsed.pagination, { mode: 'page', start: 5, limit: 5, withCount: true });
});

test.run();
