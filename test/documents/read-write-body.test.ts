import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readWriteBody } from '../../server/documents/read-write-body.js';
import { expectApiError } from '../helpers/expect-api-error.js';

const missing = 'Missing "data" payload in the request body';

const rows: { name: string; body: unknown; data?: Record<string, unknown>; message?: string; details?: unknown }[] = [
  { name: 'an object under data', body: { data: { title: 'x' } }, data: { title: 'x' } },
  { name: 'an empty data object (a PUT that republishes)', body: { data: {} }, data: {} },
  { name: 'no body (empty or not JSON)', body: undefined, message: missing, details: {} },
  { name: 'a text body', body: '{"data":{"title":"x"}}', message: missing, details: {} },
  { name: 'no data key', body: { title: 'x' }, message: missing, details: {} },
  { name: 'data null', body: { data: null }, message: missing, details: {} },
  { name: 'data a string', body: { data: 'x' }, message: missing, details: {} },
  { name: 'data a number', body: { data: 1 }, message: missing, details: {} },
  { name: 'a top-level array', body: [{ data: {} }], message: missing, details: {} },
  {
    name: 'data an array (recorded #129)',
    body: { data: [{ title: 'x' }] },
    message: 'this must be a `object` type, but the final value was: `null` (cast from the value `[\n  {\n    "title": "\\"x\\""\n  }\n]`).',
  },
];

for (const row of rows) {
  test(`readWriteBody: ${row.name}`, () => {
    if (row.data !== undefined) {
      assert.equal(readWriteBody(row.body), row.data);
      return;
    }
    expectApiError(() => readWriteBody(row.body), {
      status: 400,
      name: 'ValidationError',
      message: row.message ?? '',
      details: row.details ?? { errors: [{ path: [], message: row.message, name: 'ValidationError', value: null }] },
    });
  });
}

test('a body nested deeper than 64 levels is refused before it is walked', () => {
  let deep: unknown = 'x';
  for (let i = 0; i < 70; i++) deep = [deep];
  expectApiError(() => readWriteBody({ data: { tags: deep } }), { message: 'The request body is nested more than 64 levels deep' });
  let shallow: unknown = 'x';
  for (let i = 0; i < 60; i++) shallow = [shallow];
  assert.equal(readWriteBody({ data: { tags: shallow } }), { tags: shallow });
});

test.run();
