import os from 'node:os';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveConfig } from '../../server/config/resolve-config.js';

const resolve = (rest: unknown) => resolveConfig({ root: os.tmpdir(), text: JSON.stringify({ api: { rest } }), overrides: {}, env: {} });

const BAD: [name: string, rest: unknown, message: RegExp][] = [
  ['cacheControl not an object', { cacheControl: 'no-cache' }, /api\.rest\.cacheControl: expected an object/],
  ['a header value with a line break', { cacheControl: { articles: 'public\r\nX-Evil: 1' } }, /api\.rest\.cacheControl\.articles: expected a header value/],
  ['an empty header value', { cacheControl: { default: '' } }, /api\.rest\.cacheControl\.default: expected a header value/],
  ['populate not an object', { populate: '*' }, /api\.rest\.populate: expected an object/],
  [
    'a populate with other keys',
    { populate: { articles: 'populate=*&sort=title' } },
    /api\.rest\.populate\.articles: expected a query string of populate, pLevel or pIgnore/,
  ],
  ['a populate that is not a string', { populate: { articles: { author: true } } }, /api\.rest\.populate\.articles/],
];

for (const [name, rest, message] of BAD) {
  test(`refused: ${name}`, () => {
    assert.throws(() => resolve(rest), message);
  });
}

test('cacheControl splits the default from per-type values; populate keeps its query strings', () => {
  const config = resolve({
    cacheControl: { default: 'no-cache', articles: 'public, max-age=60' },
    populate: { articles: 'pLevel=3', 'api::homepage.homepage': 'populate[0]=hero&pIgnore=x' },
  });
  assert.equal(config.rest.cacheControl, { default: 'no-cache', types: { articles: 'public, max-age=60' } });
  assert.equal(config.rest.populate, { articles: 'pLevel=3', 'api::homepage.homepage': 'populate[0]=hero&pIgnore=x' });
  assert.equal(resolve({}).rest.cacheControl, { default: undefined, types: {} });
});

test.run();
