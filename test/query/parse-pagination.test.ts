import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CmsConfig } from '../../server/config/cms-config.js';
import { ApiError } from '../../server/errors/api-error.js';
import type { Pagination } from '../../server/query/document-query.js';
import { paginationMeta, parsePagination } from '../../server/query/parse-pagination.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';

const REST: CmsConfig['rest'] = {
  prefix: '/api',
  defaultLimit: 25,
  maxLimit: 100,
  withCount: true,
  strictParams: true,
  cacheControl: { default: undefined, types: {} },
  populate: {},
};
const LIMITS = { queryBytes: 16 * 1024, queryDepth: 20, queryArrayLimit: 100, bodyBytes: 1024 * 1024, populateDepth: 10 } as const;

function parse(query: string, rest: CmsConfig['rest'] = REST): Pagination {
  return parsePagination(parseQueryString(query, LIMITS)['pagination'], rest);
}

const page = (start: number, limit: number, withCount = true): Pagination => ({ mode: 'page', start, limit, withCount });
const offset = (start: number, limit: number, withCount = true): Pagination => ({ mode: 'offset', start, limit, withCount });

const CASES: [name: string, query: string, expected: Pagination][] = [
  ['defaults: page 1 of defaultLimit', '', page(0, 25)],
  ['page and pageSize (recorded case 68)', 'pagination[page]=2&pagination[pageSize]=3', page(3, 3)],
  ['page alone uses the default size', 'pagination[page]=3', page(50, 25)],
  ['pageSize alone is page 1', 'pagination[pageSize]=10', page(0, 10)],
  ['start and limit (recorded case 69)', 'pagination[start]=2&pagination[limit]=3', offset(2, 3)],
  ['start alone uses the default limit', 'pagination[start]=5', offset(5, 25)],
  ['limit alone starts at 0', 'pagination[limit]=5', offset(0, 5)],
  ['pageSize above maxLimit is capped (recorded case 70)', 'pagination[pageSize]=1000', page(0, 100)],
  ['limit above maxLimit is capped', 'pagination[limit]=1000', offset(0, 100)],
  ['a capped pageSize moves the start with it', 'pagination[page]=2&pagination[pageSize]=200', page(200, 100)],
  ['limit=-1 is 1 (recorded case 71)', 'pagination[limit]=-1', offset(0, 1)],
  ['limit=0 is 1', 'pagination[limit]=0', offset(0, 1)],
  ['pageSize=0 is 1', 'pagination[pageSize]=0', page(0, 1)],
  ['page=0 is page 1 (recorded case 74)', 'pagination[page]=0', page(0, 25)],
  ['a negative page is page 1', 'pagination[page]=-3', page(0, 25)],
  ['a negative start is 0', 'pagination[start]=-5', offset(0, 25)],
  ['withCount=false', 'pagination[withCount]=false', page(0, 25, false)],
  ['withCount=f', 'pagination[withCount]=f', page(0, 25, false)],
  ['withCount=0', 'pagination[withCount]=0', page(0, 25, false)],
  ['withCount=t', 'pagination[withCount]=t', page(0, 25, true)],
  ['withCount=1 with offsets', 'pagination[withCount]=1&pagination[start]=1', offset(1, 25, true)],
  ['unknown pagination keys are ignored', 'pagination[foo]=1', page(0, 25)],
];

for (const [name, query, expected] of CASES) {
  test(`${name} (${query})`, () => {
    assert.equal(parse(query), expected);
  });
}

test('defaults and caps come from the config', () => {
  const rest = { ...REST, defaultLimit: 5, maxLimit: 7, withCount: false };
  assert.equal(parse('', rest), page(0, 5, false));
  assert.equal(parse('pagination[limit]=50', rest), offset(0, 7, false));
  assert.equal(parse('pagination[withCount]=true', rest), page(0, 5, true));
});

const ERRORS: [name: string, query: string, errorName: string, message: string][] = [
  [
    'page with limit (recorded case 77)',
    'pagination[page]=2&pagination[limit]=3',
    'PaginationError',
    'Cannot use both page & offset pagination in the same query',
  ],
  ['pageSize with start', 'pagination[pageSize]=2&pagination[start]=3', 'PaginationError', 'Cannot use both page & offset pagination in the same query'],
  [
    'a page that is not a number (recorded case 78)',
    'pagination[page]=abc',
    'ValidationError',
    "Invalid parameter at 'start'. Expected integer >= 0, received: NaN",
  ],
  ['an empty page', 'pagination[page]=', 'ValidationError', "Invalid parameter at 'start'. Expected integer >= 0, received: NaN"],
  ['a start that is not a number', 'pagination[start]=x', 'ValidationError', "Invalid parameter at 'start'. Expected integer >= 0, received: NaN"],
  ['a limit that is not a number', 'pagination[limit]=x', 'ValidationError', "Invalid parameter at 'limit'. Expected integer >= -1, received: NaN"],
  ['a withCount that is not a boolean', 'pagination[withCount]=yes', 'ValidationError', 'Invalid withCount parameter. Expected "t","1","true","false","0","f"'],
  ['pagination as text', 'pagination=5', 'ValidationError', 'Invalid pagination parameter. Expected an object'],
];

for (const [name, query, errorName, message] of ERRORS) {
  test(`400: ${name} (${query})`, () => {
    try {
      parse(query);
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, ApiError);
      const apiError = error as ApiError;
      assert.is(apiError.status, 400);
      assert.is(apiError.name, errorName);
      assert.is(apiError.message, message);
      assert.equal(apiError.details, {});
    }
  });
}

const METAS: [name: string, pagination: Pagination, total: number, expected: Record<string, number>][] = [
  ['page mode with a count', page(0, 25), 10, { page: 1, pageSize: 25, pageCount: 1, total: 10 }],
  ['an empty result', page(0, 25), 0, { page: 1, pageSize: 25, pageCount: 0, total: 0 }],
  ['page 2 of 4', page(3, 3), 10, { page: 2, pageSize: 3, pageCount: 4, total: 10 }],
  ['a capped pageSize reports the page it lands on', page(200, 100), 10, { page: 3, pageSize: 100, pageCount: 1, total: 10 }],
  ['page mode without a count', page(0, 2, false), 10, { page: 1, pageSize: 2 }],
  ['offset mode with a count', offset(2, 3), 10, { start: 2, limit: 3, total: 10 }],
  ['offset mode without a count', offset(0, 2, false), 10, { start: 0, limit: 2 }],
];

for (const [name, pagination, total, expected] of METAS) {
  test(`meta: ${name}`, () => {
    assert.equal(paginationMeta(pagination, total), expected);
  });
}

test.run();
