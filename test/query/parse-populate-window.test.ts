import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PopulateWindow } from '../../server/query/document-query.js';
import { parsePopulateWindow } from '../../server/query/parse-populate-window.js';
import { expectApiError } from '../helpers/expect-api-error.js';

// What qs hands over: text values.
const CASES: [name: string, options: Record<string, unknown>, expected: PopulateWindow | undefined][] = [
  ['nothing asked: no window', {}, undefined],
  ['start and limit', { start: '2', limit: '3' }, { start: 2, limit: 3 }],
  ['start alone keeps the rest', { start: '1' }, { start: 1, limit: undefined }],
  ['limit alone starts at 0', { limit: '1' }, { start: 0, limit: 1 }],
  ['limit -1 is no limit', { limit: '-1' }, undefined],
  ['limit 0 is no limit (Strapi applies it only when truthy)', { limit: '0' }, undefined],
  ['start 0 and no limit cut nothing', { start: '0' }, undefined],
  ['page and pageSize are checked but never applied', { page: '2', pageSize: '1' }, undefined],
  ['count drops start and limit', { start: '1', limit: '1', count: 'true' }, undefined],
];

for (const [name, options, expected] of CASES) {
  test(name, () => {
    assert.equal(parsePopulateWindow(options), expected);
  });
}

const ERRORS: [name: string, options: Record<string, unknown>, error: { name: string; message: string }][] = [
  ['page 0', { page: '0' }, { name: 'PaginationError', message: "Invalid 'page' parameter. Expected an integer > 0, received: 0" }],
  ['a fractional pageSize', { pageSize: '1.5' }, { name: 'PaginationError', message: "Invalid 'pageSize' parameter. Expected an integer > 0, received: 1.5" }],
  [
    'page with limit',
    { page: '1', limit: '2' },
    { name: 'PaginationError', message: 'Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object' },
  ],
  ['a negative start', { start: '-1' }, { name: 'ValidationError', message: 'convertStartQueryParams expected a positive integer got -1' }],
  ['a start that is an object', { start: { a: '1' } }, { name: 'ValidationError', message: 'convertStartQueryParams expected a positive integer got NaN' }],
  ['a limit below -1', { limit: '-3' }, { name: 'ValidationError', message: 'convertLimitQueryParams expected a positive integer got -3' }],
];

for (const [name, options, error] of ERRORS) {
  test(`400: ${name}`, () => {
    expectApiError(() => parsePopulateWindow(options), { status: 400, ...error });
  });
}

test.run();
