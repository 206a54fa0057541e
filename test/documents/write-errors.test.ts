import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { entityValidationError, invalidBodyKey } from '../../server/documents/write-errors.js';

test('an unknown top-level key names no parent path (recorded #123)', () => {
  const error = invalidBodyKey('nope', null);
  assert.is(error.message, 'Invalid key nope');
  assert.equal(error.details, { key: 'nope', path: null, source: 'body' });
});

test('an unknown key inside a component names its parent (recorded #132)', () => {
  const error = invalidBodyKey('nope', 'links');
  assert.is(error.message, 'Invalid key nope at links');
  assert.equal(error.details, { key: 'nope', path: 'links', source: 'body' });
});

test('a system key has no path in its details (recorded #130)', () => {
  const error = invalidBodyKey('id', null, false);
  assert.is(error.message, 'Invalid key id');
  assert.equal(error.details, { key: 'id', source: 'body' });
});

test('one entity error becomes the message', () => {
  const error = entityValidationError([{ path: ['title'], message: 'title must be at most 3 characters', value: 'long' }]);
  assert.is(error.status, 400);
  assert.is(error.errorName, 'ValidationError');
  assert.is(error.message, 'title must be at most 3 characters');
  assert.equal(error.details, { errors: [{ path: ['title'], message: 'title must be at most 3 characters', name: 'ValidationError', value: 'long' }] });
});

test('several entity errors are counted, each keeps its path, undefined values print as null', () => {
  const error = entityValidationError([
    { path: ['a'], message: 'a is bad', value: undefined },
    { path: ['b', '0', 'c'], message: 'b[0].c is bad' },
  ]);
  assert.is(error.message, '2 errors occurred');
  assert.equal(error.details, {
    errors: [
      { path: ['a'], message: 'a is bad', name: 'ValidationError', value: null },
      { path: ['b', '0', 'c'], message: 'b[0].c is bad', name: 'ValidationError' },
    ],
  });
});

test.run();
