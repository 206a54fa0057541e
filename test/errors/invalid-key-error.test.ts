import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type KeyPlace, invalidKeyError } from '../../server/errors/invalid-key-error.js';

const CASES: [name: string, key: string, path: string | null | undefined, place: KeyPlace, message: string, details: Record<string, unknown>][] = [
  ['an unknown top-level query key has no param (strictParams)', 'nope', null, 'query', 'Invalid key nope', { key: 'nope', path: null, source: 'query' }],
  ['a filter key at the root names its param', 'nope', null, 'filters', 'Invalid key nope', { key: 'nope', path: null, source: 'query', param: 'filters' }],
  [
    'a query path that is only the key adds no "at"',
    'secret',
    'secret',
    'sort',
    'Invalid key secret',
    { key: 'secret', path: 'secret', source: 'query', param: 'sort' },
  ],
  [
    'a deeper query path is named',
    'secret',
    'owner.secret',
    'populate',
    'Invalid key secret at owner.secret',
    { key: 'secret', path: 'owner.secret', source: 'query', param: 'populate' },
  ],
  ['an unknown top-level body key names no parent path (recorded #123)', 'nope', null, 'body', 'Invalid key nope', { key: 'nope', path: null, source: 'body' }],
  [
    'an unknown body key inside a component names its parent (recorded #132)',
    'nope',
    'links',
    'body',
    'Invalid key nope at links',
    { key: 'nope', path: 'links', source: 'body' },
  ],
  [
    'a body parent path equal to the key is still named',
    'author',
    'author',
    'body',
    'Invalid key author at author',
    { key: 'author', path: 'author', source: 'body' },
  ],
  ['a system body key has no path in its details (recorded #130)', 'id', undefined, 'body', 'Invalid key id', { key: 'id', source: 'body' }],
];

for (const [name, key, path, place, message, details] of CASES) {
  test(name, () => {
    const error = invalidKeyError(key, path, place);
    assert.equal([error.status, error.name, error.message, error.details], [400, 'ValidationError', message, details]);
  });
}

test.run();
