import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { entityValidationError } from '../../server/errors/entity-validation-error.js';

test('one entity error becomes the message', () => {
  const error = entityValidationError([{ path: ['title'], message: 'title must be at most 3 characters', value: 'long' }]);
  assert.is(error.status, 400);
  assert.is(error.name, 'ValidationError');
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
